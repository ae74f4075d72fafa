import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim run FILE`: replay one scenario under one or more variants.
struct RunCommand: ParsableCommand, ScenarioOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a scenario and report leaks, parked threads, timers and run-loop exits.",
        discussion: """
            Exit codes: 0 success, 1 failed expectations, 2 invalid scenario, arguments or output file, 3 a run hit a \
            limit (--max-*), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). After a limit or a signal the report and trace so far are written.
            """)

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @OptionGroup(title: "Scenario")
    var scenarioOptions: ScenarioOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(
        help:
            "Write the kernel trace as JSON Lines (one file per variant when several run), or with --trace-format chrome one Chrome trace with a process per variant. Every file written is named on standard error."
    )
    var trace: String?

    @OptionGroup var visuals: RunVisualOptions

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    @OptionGroup(
        title: "Limits (a run that reaches one ends with a limit finding, its report and trace so far, and exit code 3)"
    )
    var limitOptions: RunLimitOptions

    @Option(help: "Run N replications with derived seeds and report means with 95% confidence intervals.")
    var replications: Int?

    @Option(help: "Threads for --replications (default: the machine's cores; the same results for any value).")
    var jobs: Int = Jobs.defaultCount

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        if let replications, replications < 1 { throw ValidationError("--replications takes a count of at least 1") }
        if jobs < 1 { throw ValidationError("--jobs takes a count of at least 1") }
        if outputOptions.path != nil && (visuals.narrate || replications != nil) {
            throw ValidationError(
                "--output writes the run report; --narrate and --replications print to standard output")
        }
    }

    func run() throws {
        let all = ScenarioFiles.loadAll(file, parameters: parameters.pairs, case: parameters.caseName)
        all.forEach(ScenarioFiles.report)
        let scenarios = all.compactMap(\.scenario)
        guard !scenarios.isEmpty, scenarios.count == all.count else { throw Exit.invalid }
        if scenarios.count == 1 { return try runOne(scenarios[0]) }
        // A file with cases: each case in turn, its report after the last; what writes files takes one case.
        let names = scenarios.compactMap(\.caseName).joined(separator: ", ")
        if trace != nil || outputOptions.path != nil || replications != nil || visuals.narrate {
            StandardError.write(
                "error: '\(file)' has \(scenarios.count) cases (\(names)); --trace, -o, --replications "
                    + "and --narrate run one: choose it with --case NAME\n")
            throw Exit.invalid
        }
        let overrides = ScenarioFiles.overrides(settings)
        Interrupt.install()
        var allRuns: [VariantRun] = []
        var documents: [String] = []
        for scenario in scenarios {
            let runs: [VariantRun]
            do {
                runs = try ScenarioRunner.run(
                    scenario, variants: variants, seed: seed, overrides: overrides,
                    keepsTrace: visuals.needsTrace, limits: limitOptions.limits,
                    isInterrupted: Interrupt.check)
            } catch {
                StandardError.write("error: \(error.message)\n")
                throw Exit.invalid
            }
            allRuns += runs
            if format == .text {
                print(
                    TextReport.render(scenario, runs),
                    terminator: scenario.caseName == scenarios.last?.caseName ? "" : "\n")
            } else {
                documents.append(ScenarioRunner.document(scenario, runs).pretty)
            }
        }
        if format == .json { print("[\n" + documents.joined(separator: ",\n") + "\n]") }
        try Self.exitForLimits(allRuns)
        if allRuns.contains(where: { !$0.failedExpectations.isEmpty }) { throw Exit.failed }
    }

    /// Runs one scenario (a file, or one of its cases) as the options say, and exits as its runs ended.
    func runOne(_ scenario: Scenario) throws {
        let overrides = ScenarioFiles.overrides(settings)
        if let replications {
            Interrupt.install()
            try ReplicationOutput.run(
                scenario, variants: variants, n: replications, jobs: jobs, seed: seed,
                overrides: overrides, limits: limitOptions.limits, json: format == .json)
            return
        }
        // Every file is checked before the run, so a long run never ends in "cannot write".
        let names = variants.isEmpty ? scenario.variants : variants
        // A JSON Lines trace per variant (`NAME.VARIANT.EXT` when several run); one Chrome document for all of them.
        let traceFiles =
            trace.map { path in
                visuals.traceFormat == .chrome
                    ? [OutputTarget(path: path, what: "the trace")]
                    : names.map { traceTarget(path, variant: $0, of: names.count) }
            } ?? []
        let reportFile = outputOptions.path.map { OutputTarget(path: $0, what: "the report") }
        do {
            let files = traceFiles + (reportFile.map { [$0] } ?? [])
            try OutputTarget.checkDistinct(files)
            for file in files { try file.checkWritable(force: outputOptions.force) }
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
        // A JSON Lines trace is written to its temporary file while its run goes on: memory never holds it.
        let chrome = visuals.traceFormat == .chrome
        var sinks: [TraceFileSink] = []
        do throws(OutputTarget.WriteError) {
            for file in chrome ? [] : traceFiles { sinks.append(try TraceFileSink(file)) }
        } catch {
            for sink in sinks { sink.file.discard() }
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
        let sinkOf = Dictionary(zip(names, sinks), uniquingKeysWith: { first, _ in first })
        Interrupt.install()
        let runs: [VariantRun]
        do {
            runs = try ScenarioRunner.run(
                scenario, variants: variants, seed: seed, overrides: overrides,
                keepsTrace: (trace != nil && chrome) || visuals.needsTrace,
                limits: limitOptions.limits, isInterrupted: Interrupt.check,
                traceSink: { sinkOf[$0] })
        } catch {
            for sink in sinks { sink.file.discard() }
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
        // The traces of the variants that ran (all of them unless a signal stopped the command) are kept.
        let streamed = sinks.prefix(runs.count).map(\.file)
        for sink in sinks.dropFirst(runs.count) { sink.file.discard() }
        do {
            // Every file of the command is replaced as one (OutputTarget.writeTogether): all of them, or none.
            var outputs: [(target: OutputTarget, chunks: AnySequence<String>)] = []
            if trace != nil, chrome, let file = traceFiles.first {
                outputs.append(
                    (
                        file,
                        AnySequence(
                            CollectionOfOne(
                                ChromeTrace.document(runs, scenario: scenario.name).compact
                                    + "\n"))
                    ))
            }
            var report: String?
            if !visuals.narrate {
                report =
                    format == .text
                    ? TextReport.render(scenario, runs) : ScenarioRunner.document(scenario, runs).pretty + "\n"
                if let reportFile, let report { outputs.append((reportFile, AnySequence(CollectionOfOne(report)))) }
            }
            try OutputTarget.writeTogether(outputs, streamed: streamed)
            // Every file written is named, with what it holds (a trace per variant has its own name).
            for file in streamed.map(\.target) + outputs.map(\.target) {
                StandardError.write("wrote \(file.path) (\(file.what))\n")
            }
            if visuals.narrate {
                try visuals.printNarration(scenario, runs, json: format == .json)
            } else if reportFile == nil, let report {
                print(report, terminator: "")
            }
        } catch let error as OutputTarget.WriteError {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
        try Self.exitForLimits(runs)
        if runs.contains(where: { !$0.failedExpectations.isEmpty }) { throw Exit.failed }
    }

    /// Exit code 130 after Ctrl-C (143 after SIGTERM), 3 after any other limit, with a line on standard error saying
    /// what was kept.
    static func exitForLimits(_ runs: [VariantRun]) throws {
        if let stop = runs.lazy.compactMap(\.outcome.limit).first(where: { $0.kind == "interrupted" }) {
            StandardError.write("interrupted at \(stop.at) (virtual time): the report and trace so far were written\n")
            throw ExitCode(Interrupt.exitCode)
        }
        if let stop = runs.lazy.compactMap(\.outcome.limit).first {
            StandardError.write(
                "limit: \(stop.message) at \(stop.at) (virtual time); the report and trace so far were "
                    + "written; raise it with --\(stop.kind) if the scenario needs more\n")
            throw Exit.limit
        }
    }

    /// Where the JSON Lines trace of `variant` goes: `PATH` itself for one variant, else `NAME.VARIANT.EXT`.
    private func traceTarget(_ path: String, variant: String, of count: Int) -> OutputTarget {
        guard count > 1 else { return OutputTarget(path: path, what: "the trace") }
        let ns = path as NSString
        let ext = ns.pathExtension.isEmpty ? "jsonl" : ns.pathExtension
        return OutputTarget(path: ns.deletingPathExtension + ".\(variant).\(ext)", what: "the \(variant) trace")
    }
}
