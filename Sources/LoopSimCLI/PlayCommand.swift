import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim play FILE`: one self-contained HTML page that plays the run step by step, forward and back.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Write a self-contained HTML player that steps through a run, forward and back, variants side by side.",
        discussion: "The page needs no server and makes no network request: open it from disk. Steps by event, pass "
            + "phase, callout or pass (← →, Shift for passes, Alt for phases, Home/End, Space plays); the URL "
            + "fragment keeps the variants and the step (#v=ios9,ios10&s=212), so a link points at one step.")

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @Option(name: .customLong("variant"), help: "A variant to play (repeatable); default: the scenario's variants.",
            completion: .list(VariantProfile.builtInNames))
    var variants: [String] = []

    @Option(help: "The seed (default: the scenario's seed:).")
    var seed: UInt64?

    @Option(name: [.short, .customLong("output")], help: "The page to write (default: standard output).")
    var output: String?

    @Flag(help: "Replace an existing --output file.")
    var force = false

    @OptionGroup var parameters: ParameterOptions

    @Option(name: .customLong("set"), help: "Override a variant flag: --set flag=value (repeatable).")
    var settings: [String] = []

    func validate() throws {
        for s in settings where !s.contains("=") { throw ValidationError("--set takes flag=value") }
    }

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let output { try OutputFile.check(output, "the player page", force: force) }
        let runs = try ScenarioFiles.runOrExit(scenario, variants: variants, seed: seed, settings: settings)
        try OutputFile.emit(PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs), to: output)
        if let output { StandardError.write("wrote \(output) (the player)\n") }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
    }
}
