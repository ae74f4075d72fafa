import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// Options shared by `why` and `graph`: the file, the instant, the scenario options (variants, seed, `--set`,
/// `--param`), the limits and the output file.
struct InstantOptions: ParsableArguments {
    @Argument(help: "The scenario file.", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @Option(help: "The instant, e.g. 3.5s (default: the end of the run).")
    var at: String?

    @OptionGroup(title: "Scenario (default variant: the scenario's first)")
    var scenarioOptions: ScenarioOptions

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    @OptionGroup(title: "Limits (a run that reaches one stops there, and the answer is as of that instant)")
    var limitOptions: RunLimitOptions

    /// Loads the scenario and runs it to the instant under each variant named (default: the scenario's first), in
    /// the order named.
    func stoppedKernels() throws -> (kernels: [(kernel: Kernel, variant: String)], scenario: Scenario) {
        let parameters = scenarioOptions.parameters
        let loaded = ScenarioFiles.load(file, parameters: parameters.pairs, case: parameters.caseName)
        ScenarioFiles.report(loaded)
        guard let scenario = loaded.scenario else { throw Exit.invalid }
        var instant: SimInstant?
        if let at {
            switch DurationParser.nanoseconds(at) {
            case .success(let ns): instant = SimInstant(nanoseconds: ns)
            case .failure(let e):
                StandardError.write("error: --at: \(e.message)\n")
                throw Exit.invalid
            }
        }
        if let path = outputOptions.path { try OutputFile.check(path, "the answer", force: outputOptions.force) }
        let named = scenarioOptions.variants
        let variants = named.isEmpty ? [scenario.variants.first ?? "ios10"] : named
        do {
            let kernels = try variants.map { variant throws(VariantError) in
                (
                    try LifetimeQuery.kernel(
                        scenario, variant: variant, at: instant, overrides: scenarioOptions.overrides,
                        seed: scenarioOptions.seed, limits: limitOptions.limits), variant
                )
            }
            return (kernels, scenario)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}

/// `loopsim why FILE --object NAME`: every root path keeping an object alive at an instant, or when it died.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Why is an object alive at an instant? Every root's shortest path to it, or when it died.",
        discussion: "With several variants (--variant a --variant b, or --variants a,b) each is answered in turn; "
            + "--format json then prints a list of the answers, one per variant.")

    @OptionGroup var instant: InstantOptions

    @Option(help: "The object: its name (button), printed name (TimerButton button) or #serial.")
    var object: String

    @Option(help: "Output format: text or json.")
    var format: RunCommand.OutputFormat = .text

    func run() throws {
        let (kernels, _) = try instant.stoppedKernels()
        var texts: [String] = [], documents: [JSONValue] = []
        var missing: [(Kernel, String)] = []
        for (kernel, variant) in kernels {
            let answer = LifetimeQuery.why(object, in: kernel, variant: variant)
            texts.append(answer.text)
            documents.append(answer.json)
            if case .object(let fields) = answer.json, case .array(let found)? = fields["objects"], found.isEmpty {
                missing.append((kernel, variant))
            }
        }
        let json = documents.count == 1 ? documents[0] : .array(documents)
        try OutputFile.emit(
            format == .json ? json.pretty + "\n" : texts.joined(separator: "\n"),
            to: instant.outputOptions.path)
        if let path = instant.outputOptions.path { StandardError.write("wrote \(path) (the answer)\n") }
        if missing.count == kernels.count, let (kernel, variant) = missing.first {
            // A name that matches nothing is most often a typo: say so, and fail like any other bad argument.
            StandardError.write(
                "error: no object named '\(object)' had been allocated by \(kernel.now) under \(variant); "
                    + "`loopsim graph` with the same file and --at lists the objects there are\n")
            throw Exit.invalid
        }
    }
}

/// `loopsim graph FILE --format dot|svg|json`: the object graph at an instant.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "The object graph at an instant (Graphviz DOT, SVG through `dot`, or JSON).",
        discussion: "With several variants each graph is a cluster of one DOT document (one SVG picture), or one "
            + "entry of the JSON document's graphs.")

    @OptionGroup var instant: InstantOptions

    @Option(help: "dot, svg (needs Graphviz's `dot` on PATH) or json.")
    var format: GraphFormat = .dot

    enum GraphFormat: String, ExpressibleByArgument, CaseIterable { case dot, svg, json }

    func run() throws {
        let (kernels, scenario) = try instant.stoppedKernels()
        let output = instant.outputOptions.path
        if format == .json {
            let graphs = kernels.map { kernel, variant in
                guard case .object(var fields) = LifetimeQuery.json(kernel.objectGraph()) else { return JSONValue.null }
                fields["variant"] = .string(variant)
                fields["at_ms"] = .double(kernel.now.milliseconds)
                return .object(fields)
            }
            let document = JSONValue.object([
                "scenario": .string(scenario.name), "file": .string(scenario.file),
                "graphs": .array(graphs),
            ])
            try OutputFile.emit(document.pretty + "\n", to: output)
            if let output { StandardError.write("wrote \(output) (the graph)\n") }
            return
        }
        let dot = LifetimeQuery.dot(
            kernels.map { kernel, variant in
                (title: "\(scenario.name) — \(variant) at \(kernel.now)", graph: kernel.objectGraph())
            }, title: scenario.name)
        guard format == .svg else {
            try OutputFile.emit(dot, to: output)
            if let output { StandardError.write("wrote \(output) (the graph)\n") }
            return
        }
        guard let dotPath = Self.which("dot") else {
            StandardError.write(
                "error: --format svg needs Graphviz's `dot`, which is not installed; "
                    + "install it (apt-get install graphviz, or run scripts/setup.sh) or use --format dot\n")
            throw Exit.invalid
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dotPath)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), pipe = Pipe()
        process.standardInput = input
        process.standardOutput = pipe
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let svg = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            StandardError.write("error: dot failed (status \(process.terminationStatus))\n")
            throw Exit.invalid
        }
        guard let output else {
            FileHandle.standardOutput.write(svg)
            return
        }
        try OutputFile.emit(String(decoding: svg, as: UTF8.self), to: output)
        StandardError.write("wrote \(output) (the graph)\n")
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
