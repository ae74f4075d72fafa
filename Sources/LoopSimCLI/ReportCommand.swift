import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim report FILE… -o OUT`: one self-contained HTML page per scenario.
struct ReportCommand: ParsableCommand, ScenarioOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Write a self-contained HTML page per scenario: variant table, divergence, timeline, retain graph, latencies.",
        discussion: "With one file, -o names the page (default: standard output); with several, -o names a directory "
            + "that receives NAME.html for each. With --replications N each page adds, per figure, the paired "
            + "difference between the variants over N replications with the same seeds, with its 95% CI.")

    @Argument(help: "Scenario files (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var files: [String]

    @OptionGroup(title: "Scenario")
    var scenarioOptions: ScenarioOptions

    @Option(
        name: [.short, .customLong("output")],
        help: "The page to write (one file; '-' is standard output) or a directory (several files).")
    var outputOption: String?

    @Flag(help: "Replace existing pages.")
    var force = false

    @Flag(help: "Also write each page's player (loopsim play) beside it as NAME.player.html, linked from the page.")
    var player = false

    @Option(
        help: ArgumentHelp(
            "Add N replications per variant with the same seeds: each figure's paired difference "
                + "from the first variant with its 95% CI."))
    var replications: Int?

    @Option(help: "Threads for --replications (default: the machine's cores; the same results for any value).")
    var jobs: Int = Jobs.defaultCount

    @OptionGroup(title: "Limits (a run that reaches one ends with a limit finding, and the command exits 3)")
    var limitOptions: RunLimitOptions

    // `-o -` is standard output.
    var output: String? { outputOption == "-" ? nil : outputOption }

    func validate() throws {
        if files.count > 1 && outputOption == "-" {
            throw ValidationError("with several files, -o must name a directory, not standard output")
        }
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
        if files.count > 1 && output == nil { throw ValidationError("with several files, -o must name a directory") }
        if player && output == nil {
            throw ValidationError("--player writes a page beside the report: name it with -o")
        }
        if let n = replications, n < 2 {
            throw ValidationError("--replications needs at least 2 (a paired CI needs pairs)")
        }
        if jobs < 1 { throw ValidationError("--jobs takes a positive number") }
    }

    /// `out/s02.html` → `out/s02.player.html`.
    static func playerPath(besides page: String) -> String {
        let base = (page as NSString).deletingPathExtension
        return base + ".player.html"
    }

    func run() throws {
        var limited = false
        // Every page is checked before any run, as `run` checks its files.
        var targets: [String?] = files.map { _ in output }
        if files.count > 1, let dir = output {
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            targets = files.map { file in
                let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                return (dir as NSString).appendingPathComponent(base + ".html")
            }
        }
        for target in targets.compactMap({ $0 }) { try OutputFile.check(target, "the report page", force: force) }
        let players = targets.map { target in target.map { Self.playerPath(besides: $0) } }
        if player {
            for target in players.compactMap({ $0 }) { try OutputFile.check(target, "the player page", force: force) }
        }
        if replications != nil { Interrupt.install() }
        var replicated: [Replications] = []
        for (index, (file, target)) in zip(files, targets).enumerated() {
            let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
            if replications != nil && (variants.isEmpty ? scenario.variants : variants).count < 2 {
                StandardError.write(
                    "error: --replications compares variants: \(file) needs at least two "
                        + "(--variant ios9 --variant ios10)\n")
                throw Exit.invalid
            }
            // With --player, the retain graph is read at every event too, for the player's graph by step.
            let (runs, graphs) =
                player
                ? try ScenarioFiles.runWithGraphsOrExit(
                    scenario, variants: variants, seed: seed, settings: settings, limits: limitOptions.limits)
                : (
                    try ScenarioFiles.runOrExit(
                        scenario, variants: variants, seed: seed, settings: settings, limits: limitOptions.limits),
                    []
                )
            limited = limited || runs.contains { $0.outcome.limit != nil }
            var paired: PairedComparison?
            if let n = replications {
                let overrides = ScenarioFiles.overrides(settings)
                let runner = ReplicationRunner(n: n, jobs: jobs, seed: seed, overrides: overrides)
                let results = try runner.run(scenario, variants: variants)
                replicated += results
                paired = PairedComparison(results)
            }
            var link: String?
            if player, let path = players[index] {
                try OutputFile.emit(
                    PlayerPage.render(scenario: scenario.name, file: scenario.file, runs: runs, graphs: graphs),
                    to: path)
                StandardError.write("wrote \(path) (the player)\n")
                link = (path as NSString).lastPathComponent
            }
            let page = HTMLReport.render(scenario, runs, paired: paired, player: link)
            try OutputFile.emit(page, to: target)
            if let target { StandardError.write("wrote \(target)\n") }
            if Interrupt.isRequested { break }
        }
        try ReplicationRunner.exitIfCutShort(replicated, leftOutOf: "the paired differences")
        if Interrupt.isRequested { throw ExitCode(Interrupt.exitCode) }  // the later files were not written
        if limited { throw Exit.limit }
    }
}
