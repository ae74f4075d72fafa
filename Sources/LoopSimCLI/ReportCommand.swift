import ArgumentParser
import LoopSimKernel
import Foundation
import LoopSimReport
import LoopSimScenario

/// `loopsim report FILE… -o OUT`: one self-contained HTML page per scenario.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML page per scenario: variant table, divergence, timeline, retain graph, latencies.",
        discussion: "With one file, -o names the page (default: standard output); with several, -o names a directory "
            + "that receives NAME.html for each.")

    @Argument(help: "Scenario files (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var files: [String]

    @Option(name: .customLong("variant"), help: "A variant to run (repeatable); default: the scenario's variants.",
            completion: .list(VariantProfile.builtInNames))
    var variants: [String] = []

    @Option(help: "The seed for every variant (default: the scenario's seed:).")
    var seed: UInt64?

    @Option(name: [.short, .customLong("output")], help: "The page to write (one file) or a directory (several files).")
    var output: String?

    @Flag(help: "Replace existing pages.")
    var force = false

    @OptionGroup var parameters: ParameterOptions

    @Option(name: .customLong("set"), help: "Override a variant flag: --set flag=value (repeatable).")
    var settings: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
        if files.count > 1 && output == nil { throw ValidationError("with several files, -o must name a directory") }
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
        for (file, target) in zip(files, targets) {
            let scenario = try ScenarioFiles.loadOrExit(file, parameters: parameters.pairs, case: parameters.caseName)
            let runs = try ScenarioFiles.runOrExit(scenario, variants: variants, seed: seed, settings: settings)
            limited = limited || runs.contains { $0.outcome.limit != nil }
            let page = HTMLReport.render(scenario, runs)
            try OutputFile.emit(page, to: target)
            if let target { StandardError.write("wrote \(target)\n") }
        }
        if limited { throw Exit.limit }
    }
}
