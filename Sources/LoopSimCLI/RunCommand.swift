import ArgumentParser
import Foundation
import LoopSimReport
import LoopSimScenario

/// `loopsim run FILE`: replay one scenario under one or more variants.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a scenario and report leaks, parked threads, timers and run-loop exits.")

    @Argument(help: "The scenario file (YAML).")
    var file: String

    @Option(name: .customLong("variant"), help: "A variant to run (repeatable); default: the scenario's variants.")
    var variants: [String] = []

    @Option(help: "The seed (default: the scenario's seed:). Printed in every report.")
    var seed: UInt64?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(help: "Write the kernel trace as JSON Lines (one file per variant when several run).")
    var trace: String?

    @OptionGroup var visuals: RunVisualOptions

    @Option(name: .customLong("set"), help: "Override a variant flag: --set flag=value (repeatable).")
    var settings: [String] = []

    @Option(help: "Run N replications with derived seeds and report means with 95% confidence intervals.")
    var replications: Int?

    @Option(help: "Threads for --replications (results are identical for any value).")
    var jobs: Int = 1

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    func validate() throws {
        if let replications, replications < 1 { throw ValidationError("--replications takes a count of at least 1") }
        if jobs < 1 { throw ValidationError("--jobs takes a count of at least 1") }
        for s in settings where !s.contains("=") {
            throw ValidationError("--set takes flag=value, e.g. --set staleTimerPortWakeAfterLastTimerRemoved=false")
        }
    }

    func run() throws {
        let loaded = ScenarioFiles.load(file)
        ScenarioFiles.report(loaded)
        guard let scenario = loaded.scenario else { throw Exit.invalid }
        let overrides = settings.map { s -> (String, String) in
            let parts = s.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        if let replications {
            try ReplicationOutput.run(scenario, variants: variants, n: replications, jobs: jobs, seed: seed,
                                      overrides: overrides, json: format == .json)
            return
        }
        let runs: [VariantRun]
        do {
            runs = try ScenarioRunner.run(scenario, variants: variants, seed: seed, overrides: overrides,
                                          keepsTrace: trace != nil || visuals.needsTrace)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
        if let trace, visuals.traceFormat == .chrome {
            try visuals.writeChromeTraces(runs, scenario, to: trace)
        } else if let trace {
            try writeTraces(runs, to: trace)
        }
        if visuals.narrate { try visuals.printNarration(scenario, runs, json: format == .json) } else {
        switch format {
        case .text: print(TextReport.render(scenario, runs), terminator: "")
        case .json: print(ScenarioRunner.document(scenario, runs).pretty)
        }
        }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
        if runs.contains(where: { !$0.failedExpectations.isEmpty }) { throw Exit.failed }
    }

    private func writeTraces(_ runs: [VariantRun], to path: String) throws {
        for run in runs {
            var target = path
            if runs.count > 1 {
                let ns = path as NSString
                let ext = ns.pathExtension.isEmpty ? "jsonl" : ns.pathExtension
                target = ns.deletingPathExtension + ".\(run.variant).\(ext)"
            }
            do {
                try AtomicFile.write(run.outcome.traceLines.joined(separator: "\n") + "\n", to: target)
            } catch {
                StandardError.write("error: cannot write the trace to '\(target)': \(error.localizedDescription)\n")
                throw Exit.invalid
            }
        }
    }
}
