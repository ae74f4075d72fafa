import ArgumentParser
import Foundation
import LoopSimReport
import LoopSimScenario
import LoopSimSwift

/// `loopsim sweep FILE`: every grid point of the scenario's `sweep:` block, with replications.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario's sweep: grid (with replications); CSV or JSON, shardable for job arrays.",
        discussion: """
            Shard for a Slurm job array or GNU parallel, then merge:
              loopsim sweep FILE --shard 2/8 --format json > part-2.json
              loopsim merge part-*.json --format csv > sweep.csv
            """)

    @Argument(
        help: "The scenario file, with params: and sweep:.", completion: .file(extensions: ["yaml", "yml", "swift"]))
    var file: String

    @Option(help: "Replications per grid point and variant (default: the sweep's replications:).")
    var replications: Int?

    @Option(help: "Threads (default: the machine's cores; results are identical for any value).")
    var jobs: Int = Jobs.defaultCount

    @Option(help: "Run only slice K of N (K from 1), e.g. --shard 2/8.")
    var shard: String = "1/1"

    @Option(help: "Output format: csv or json.")
    var format: SweepFormat = .csv

    @OptionGroup(
        title:
            "Limits (a replication that reaches one is left out of its row's figures, counted in the row's limited, and the command exits 3)"
    )
    var limitOptions: RunLimitOptions

    func run() throws {
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
            throw ValidationError("--shard takes K/N with 1 <= K <= N, e.g. 2/8")
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
        else {
            StandardError.write("error: cannot read '\(file)'\n")
            throw Exit.invalid
        }
        Interrupt.install()
        do {
            // A Swift file, or a YAML one whose app code is in Swift files, through its front-end.
            let plan = try Sweep.Plan(
                text: text, file: file, replications: replications, shard: (parts[0], parts[1])
            ) { text, file, parameters in
                guard SwiftScenarioLoader.isSwiftScenario(file) || SwiftScenarioLoader.takesAppCodeFromSwift(yaml: text)
                else { return ScenarioLoader.load(text: text, file: file, parameters: parameters) }
                return ScenarioFiles.loadCases(text: text, file: file, parameters: parameters, only: nil)[0]
            }
            try SweepRun(plan: plan, format: format, jobs: jobs, limits: limitOptions.limits).run()
        } catch let error as Sweep.Failure {
            if !error.diagnostics.isEmpty {
                StandardError.write(
                    DiagnosticPrinter(color: false).render(error.diagnostics, source: error.source) + "\n")
            }
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}

enum SweepFormat: String, ExpressibleByArgument, CaseIterable { case csv, json }

/// `loopsim merge PART…`: join sweep shards (JSON) into the document an unsharded sweep prints.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Join `loopsim sweep --shard K/N --format json` outputs into one sweep.")

    @Argument(help: "Shard outputs (JSON).", completion: .file(extensions: ["json"]))
    var parts: [String]

    @Option(help: "Output format: csv or json.")
    var format: SweepFormat = .csv

    func run() throws {
        var docs: [JSONValue] = []
        for path in parts {
            // Read as the sweep document it is (JSONDecoder, typed): numbers come back as the integers and doubles
            // they were printed from, so merging is byte-exact.
            guard let data = FileManager.default.contents(atPath: path), let doc = try? Sweep.decode(data) else {
                StandardError.write("error: '\(path)' is not a readable JSON sweep shard\n")
                throw Exit.invalid
            }
            docs.append(doc)
        }
        do {
            let merged = try Sweep.merge(docs)
            print(format == .csv ? Sweep.csv(merged) : merged.pretty + "\n", terminator: "")
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}
