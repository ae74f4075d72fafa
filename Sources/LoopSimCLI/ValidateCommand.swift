import ArgumentParser
import LoopSimScenario

/// `loopsim validate FILE…`: parse and check scenarios without running them.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check scenario files; every problem as file:line:column with a caret.")

    @Argument(help: "Scenario files or directories.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    func run() throws {
        var invalid = 0
        for file in ScenarioFiles.expand(paths) {
            for loaded in ScenarioFiles.loadAll(file) {
                ScenarioFiles.report(loaded)
                if let scenario = loaded.scenario {
                    print("ok \(file)" + (scenario.caseName.map { " [\($0)]" } ?? ""))
                } else {
                    invalid += 1
                }
            }
        }
        if invalid > 0 { throw Exit.invalid }
    }
}
