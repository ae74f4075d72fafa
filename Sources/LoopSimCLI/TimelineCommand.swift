import ArgumentParser
import LoopSimKernel
import Foundation
import LoopSimReport
import LoopSimScenario

/// `loopsim timeline FILE`: each variant's threads as lanes over virtual time, for a terminal, as SVG or JSON.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Draw a run as lanes per thread: running, busy, asleep in a mode, blocked, parked; fires, skips, exits.")

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @Option(name: .customLong("variant"), help: "A variant to draw (repeatable); default: the scenario's variants.",
            completion: .list(VariantProfile.builtInNames))
    var variants: [String] = []

    @Option(help: "The seed (default: the scenario's seed:).")
    var seed: UInt64?

    @Option(help: "Output format: text, svg or json.")
    var format: Format = .text

    @Option(help: "Text width in characters (default: the terminal's), or SVG width in pixels (default 960).")
    var width: Int?

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Replace an existing --output file.")
    var force = false

    @OptionGroup var window: TimeWindowOptions

    @OptionGroup var parameters: ParameterOptions

    @Option(name: .customLong("set"), help: "Override a variant flag: --set flag=value (repeatable).")
    var settings: [String] = []

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, svg, json }

    func validate() throws {
        if let width, width < 30 { throw ValidationError("--width must be at least 30") }
    }

    func run() throws {
        let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
        if let output { try OutputFile.check(output, "the timeline", force: force) }
        let runs = try ScenarioFiles.runOrExit(scenario, variants: variants, seed: seed, settings: settings)
        let (from, to) = try window.nanoseconds()
        let timelines = runs.map(ThreadTimeline.init)
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
            text = JSONValue.object(["scenario": .string(scenario.name), "file": .string(scenario.file),
                                     "timelines": .array(timelines.map(\.json))]).pretty + "\n"
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
            StandardError.write("error: " + ((error as? OutputTarget.WriteError)?.message
                ?? "cannot write '\(path)': \(error.localizedDescription)") + "\n")
            throw Exit.invalid
        }
    }
}
