import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim compare FILE --variants ios9,ios10`: the variants side by side, then where their traces part.
struct CompareCommand: ParsableCommand, ScenarioOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run a scenario under several variants with one seed: a table of figures, then the first divergence.",
        discussion: """
            The first variant is the reference: each other variant's trace is aligned with its trace event by \
            event, and the first event where they part is explained with what set it up and what follows \
            (exits, deallocs, parked threads, leaks).
            """)

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @OptionGroup(title: "Scenario")
    var scenarioOptions: ScenarioOptions

    @Option(help: "Output format: text or json.")
    var format: RunCommand.OutputFormat = .text

    @Option(
        help: "Compare N replications per variant instead of one run: each figure's paired difference with its 95% CI.")
    var replications: Int?

    @Option(help: "Threads for --replications (default: the machine's cores; the same results for any value).")
    var jobs: Int = Jobs.defaultCount

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    @OptionGroup(title: "Limits (a run that reaches one ends with a limit finding, and the command exits 3)")
    var limitOptions: RunLimitOptions

    func validate() throws {
        if let n = replications, n < 2 {
            throw ValidationError("--replications needs at least 2 (a paired CI needs pairs)")
        }
        if jobs < 1 { throw ValidationError("--jobs takes a positive number") }
        if outputOptions.path != nil && replications != nil {
            throw ValidationError("--output writes the comparison of one run; --replications prints to standard output")
        }
    }

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let n = replications { return try comparePaired(scenario, n: n) }
        if let path = outputOptions.path { try OutputFile.check(path, "the comparison", force: outputOptions.force) }
        let runs = try ScenarioFiles.runOrExit(
            scenario, variants: variants, seed: seed, settings: settings,
            limits: limitOptions.limits)
        if runs.count < 2 {
            StandardError.write("error: compare needs at least two variants (--variant ios9 --variant ios10)\n")
            throw Exit.invalid
        }
        let comparison = VariantComparison(scenario, runs)
        try OutputFile.emit(format == .text ? comparison.text : comparison.json.pretty + "\n", to: outputOptions.path)
        if let path = outputOptions.path { StandardError.write("wrote \(path) (the comparison)\n") }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
    }

    /// `--replications N`: each variant's N replications with the same seeds, and per figure the paired difference
    /// from the first variant (``PairedComparison``).
    func comparePaired(_ scenario: Scenario, n: Int) throws {
        let names = variants.isEmpty ? scenario.variants : variants
        if names.count < 2 {
            StandardError.write("error: compare needs at least two variants (--variant ios9 --variant ios10)\n")
            throw Exit.invalid
        }
        Interrupt.install()
        let runner = ReplicationRunner(n: n, jobs: jobs, seed: seed, overrides: ScenarioFiles.overrides(settings))
        let all = try runner.run(scenario, variants: names)
        let paired = PairedComparison(all)
        switch format {
        case .text: print("\(scenario.name)\n  \(n) replications per variant\n" + paired.text, terminator: "")
        case .json: print(paired.json.pretty)
        }
        try ReplicationRunner.exitIfCutShort(all, leftOutOf: "the pairs")
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
