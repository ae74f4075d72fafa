import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim timeline FILE`: each variant's threads as lanes over virtual time, for a terminal, as SVG or JSON.
struct TimelineCommand: ParsableCommand, ScenarioOptionsCommand, OutputOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract:
            "Draw a run as lanes per thread: running, busy, asleep in a mode, blocked, parked; fires, skips, exits.")

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @OptionGroup(title: "Scenario")
    var scenarioOptions: ScenarioOptions

    @Option(help: "Output format: text, svg or json.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp(
            "What the axis counts: time (virtual time, where a run-loop pass is a hairline) or "
                + "steps (kernel events, one each, so a pass has width)."))
    var axis: ThreadTimeline.Axis = .time

    @Option(help: "Text width in characters (default: the terminal's), or SVG width in pixels (default 960).")
    var width: Int?

    @OptionGroup var window: TimeWindowOptions

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    @OptionGroup(title: "Limits (a run that reaches one ends with a limit finding, and the command exits 3)")
    var limitOptions: RunLimitOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, svg, json }

    func validate() throws {
        if let width, width < 30 { throw ValidationError("--width must be at least 30") }
    }

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let output { try OutputFile.check(output, "the timeline", force: force) }
        let runs = try ScenarioFiles.runOrExit(
            scenario, variants: variants, seed: seed, settings: settings,
            limits: limitOptions.limits)
        var (from, to) = try window.nanoseconds()
        if axis == .steps {
            // --from/--to are times: on a steps axis they start and end at the first event at or after them.
            let steps = { (run: VariantRun, ns: Int64) in
                Int64(
                    run.outcome.eventLog.firstIndex { $0.instant.nanoseconds >= ns }
                        ?? max(run.outcome.eventLog.count - 1, 0))
            }
            if let f = from, let run = runs.first { from = steps(run, f) }
            if let t = to, let run = runs.first { to = steps(run, t) }
        }
        let timelines = runs.map { ThreadTimeline($0, axis: axis) }
        let text: String
        switch format {
        case .text:
            let w = width ?? TerminalWidth.current
            // Every variant on one axis: to the latest end among them unless --to says otherwise.
            let shared = to ?? timelines.map(\.end).max()
            text = timelines.map { TimelineText.render($0, width: w, from: from, to: shared) }.joined(separator: "\n")
        case .svg:
            text = TimelineSVG.render(timelines, title: scenario.name, width: width ?? 960, from: from, to: to)
        case .json:
            text =
                JSONValue.object([
                    "scenario": .string(scenario.name), "file": .string(scenario.file),
                    "timelines": .array(timelines.map(\.json)),
                ]).pretty + "\n"
        }
        try OutputFile.emit(text, to: output)
        if let output { StandardError.write("wrote \(output) (the timeline)\n") }
        if runs.contains(where: { $0.outcome.limit != nil }) { throw Exit.limit }
    }
}

/// Writes a command's output to a file, or prints it.
enum OutputFile {
    /// Checks, before the work, that `path` may be written (``OutputTarget/checkWritable(force:)``): an existing
    /// file is replaced only with `--force`, as `run --output` does. A problem is an error line and exit 2.
    static func check(_ path: String, _ what: String, force: Bool) throws {
        do {
            try OutputTarget(path: path, what: what).checkWritable(force: force)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }

    static func emit(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            StandardError.write(
                "error: "
                    + ((error as? OutputTarget.WriteError)?.message
                        ?? "cannot write '\(path)': \(error.localizedDescription)") + "\n")
            throw Exit.invalid
        }
    }
}

/// `timeline --axis time|steps`.
extension ThreadTimeline.Axis: ExpressibleByArgument {}
