import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim play FILE`: one self-contained HTML page that plays the run step by step, forward and back.
struct PlayCommand: ParsableCommand, ScenarioOptionsCommand, OutputOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract:
            "Write a self-contained HTML player that steps through a run, forward and back, variants side by side.",
        discussion: "The page needs no server and makes no network request: open it from disk. Steps by event, pass "
            + "phase, callout or pass (← →, Shift for passes, Alt for phases, Home/End, Space plays); the URL "
            + "fragment keeps the variants and the step (#v=ios9,ios10&s=212), so a link points at one step.")

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @OptionGroup(title: "Scenario")
    var scenarioOptions: ScenarioOptions

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    @OptionGroup(title: "Limits (a run that reaches one ends with a limit finding, and the command exits 3)")
    var limitOptions: RunLimitOptions

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let output { try OutputFile.check(output, "the player page", force: force) }
        let (runs, graphs) = try ScenarioFiles.runWithGraphsOrExit(
            scenario, variants: variants, seed: seed, settings: settings,
            limits: limitOptions.limits)
        try OutputFile.emit(
            PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs, graphs: graphs), to: output)
        if let output { StandardError.write("wrote \(output) (the player)\n") }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
    }
}
