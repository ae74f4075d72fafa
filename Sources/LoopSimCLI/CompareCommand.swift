import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim compare FILE --variants ios9,ios10`: the variants side by side, then where their traces part.
struct CompareCommand: ParsableCommand {
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

    @Option(name: .customLong("variant"),
            help: "A variant to compare (repeatable, as in the other commands); default: the scenario's variants.",
            completion: .list(VariantProfile.builtInNames))
    var variantOptions: [String] = []

    @Option(help: "Comma-separated variants to compare, the same as repeating --variant.")
    var variants: String?

    @Option(help: "The seed for every variant (default: the scenario's seed:).")
    var seed: UInt64?

    @Option(help: "Output format: text or json.")
    var format: RunCommand.OutputFormat = .text

    @Option(help: "Compare N replications per variant instead of one run: each figure's paired difference with its 95% CI.")
    var replications: Int?

    @Option(help: "Threads for --replications (default: the machine's cores; the same results for any value).")
    var jobs: Int = Jobs.defaultCount

    @OptionGroup var parameters: ParameterOptions

    @Option(name: .customLong("set"), help: "Override a variant flag in every variant: --set flag=value (repeatable).")
    var settings: [String] = []

    var variantList: [String] {
        (variantOptions + (variants ?? "").split(separator: ",").map(String.init)).map(\.trimmingSpaces)
            .filter { !$0.isEmpty }
    }

    func validate() throws {
        let list = variantList
        if Set(list).count != list.count { throw ValidationError("--variant/--variants name a variant twice") }
        if let n = replications, n < 2 { throw ValidationError("--replications needs at least 2 (a paired CI needs pairs)") }
        if jobs < 1 { throw ValidationError("--jobs takes a positive number") }
        for s in settings where !s.contains("=") { throw ValidationError("--set takes flag=value") }
    }

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let n = replications { return try comparePaired(scenario, n: n) }
        let runs = try ScenarioFiles.runOrExit(scenario, variants: variantList, seed: seed, settings: settings)
        if runs.count < 2 {
            StandardError.write("error: compare needs at least two variants (--variant ios9 --variant ios10)\n")
            throw Exit.invalid
        }
        let comparison = VariantComparison(scenario, runs)
        switch format {
        case .text: print(comparison.text, terminator: "")
        case .json: print(comparison.json.pretty)
        }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
    }

    /// `--replications N`: each variant's N replications with the same seeds, and per figure the paired difference
    /// from the first variant (``PairedComparison``).
    func comparePaired(_ scenario: Scenario, n: Int) throws {
        let names = variantList.isEmpty ? scenario.variants : variantList
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
