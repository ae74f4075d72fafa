import ArgumentParser
import LoopSimScenario

/// `loopsim validate FILE…`: parse and check scenarios without running them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check scenario files; every problem as file:line:column with a caret.")

    @Argument(help: "Scenario files or directories.")
    var paths: [String]

    func run() throws {
        var invalid = 0
        for file in ScenarioFiles.expand(paths) {
            let loaded = ScenarioFiles.load(file)
            ScenarioFiles.report(loaded)
            if loaded.scenario == nil {
                invalid += 1
            } else {
                print("ok \(file)")
            }
        }
        if invalid > 0 { throw Exit.invalid }
    }
}
