import ArgumentParser
import Foundation
import LoopSimReport
import LoopSimScenario

/// The options of `loopsim run` that show a run rather than sum it up: `--narrate` (with `--brief`, `--thread`,
/// `--from`, `--to`) and `--trace-format chrome`.
struct RunVisualOptions: ParsableArguments {
    @Flag(help: "Tell each run-loop pass step by step in plain words (instead of the report).")
    var narrate = false

    @Flag(
        help: """
            With --narrate: only the decisive steps (timer ports armed, disarmed or left armed and by which thread, \
            stale wakes, mode switches, returns, deallocs, leaks), each with the variant flag behind it, then what the \
            run left behind.
            """)
    var brief = false

    @Option(help: "With --narrate: only this thread (e.g. worker-1).")
    var thread: String?

    @OptionGroup var window: TimeWindowOptions

    @Option(
        name: .customLong("trace-format"),
        help: "Format of --trace: jsonl (kernel events) or chrome (Perfetto, chrome://tracing).")
    var traceFormat: TraceFormat = .jsonl

    enum TraceFormat: String, ExpressibleByArgument, CaseIterable { case jsonl, chrome }

    /// Whether the runs must keep their events.
    var needsTrace: Bool { narrate || traceFormat == .chrome }

    func validate() throws {
        if !narrate && (brief || thread != nil || window.from != nil || window.to != nil) {
            throw ValidationError("--brief, --thread, --from and --to go with --narrate")
        }
    }

    /// Prints the narration of every run, as text or as `{scenario, file, runs: [{variant, seed, detail, narration}]}`
    /// (with `--brief`, each run also has `left_behind`).
    func printNarration(_ scenario: Scenario, _ runs: [VariantRun], json: Bool) throws {
        let (from, to) = try window.nanoseconds()
        var documents: [JSONValue] = []
        var text = ""
        for run in runs {
            if let thread, !run.outcome.threads.contains(where: { $0.name == thread }) {
                StandardError.write(
                    "warning: \(run.variant) has no thread named '\(thread)' (threads: "
                        + run.outcome.threads.map(\.name).joined(separator: ", ") + ")\n")
            }
            let narration = Narration(
                events: RunEvents(run.outcome), profile: run.profile,
                detail: brief ? .brief : .full, findings: run.outcome.findings,
                thread: thread, from: from, to: to)
            text += (text.isEmpty ? "" : "\n") + narration.text(title: "\(run.variant) (seed \(run.outcome.seed))")
            var document: [String: JSONValue] = [
                "variant": .string(run.variant), "seed": .int(Int64(bitPattern: run.outcome.seed)),
                "detail": .string(narration.detail.rawValue), "narration": narration.json,
            ]
            if brief { document["left_behind"] = .array(narration.leftBehind.map(JSONValue.string)) }
            documents.append(.object(document))
        }
        if json {
            print(
                JSONValue.object([
                    "scenario": .string(scenario.name), "file": .string(scenario.file),
                    "runs": .array(documents),
                ]).pretty)
        } else {
            print("\(scenario.name)\n  file \(scenario.file)\n\n" + text, terminator: "")
        }
    }
}
