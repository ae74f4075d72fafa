import ArgumentParser
import Foundation
import LoopSimFuzz

/// `loopsim fuzz`: generate and mutate scenarios and check every invariant on each (see FUZZING.md).
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract:
            "Check the loader and the kernel's invariants on random valid scenarios and on mutants of scenario files.",
        discussion: """
            Case i of a kind is derived from --seed and i alone, so `--first i --cases 1` replays it. Before each \
            case its text is written to DIR/current.yaml (with --save DIR), so a crash leaves its reproducer behind; \
            every case that breaks an invariant is written to DIR/KIND-I.yaml. Exit code 1 when any case fails.
            """)

    @Option(help: "Cases of each kind.")
    var cases = 200

    @Option(help: "The campaign's seed.")
    var seed: UInt64 = 1

    @Option(help: "The first case index (to resume or replay).")
    var first = 0

    @Option(help: "Kinds of cases: generated, mutated, or both.")
    var kind: KindChoice = .both

    @Option(help: "Scenario files or directories whose files are mutated.")
    var corpus: [String] = ["scenarios"]

    @Option(help: "Directory for current.yaml and failing cases.")
    var save: String?

    @Option(help: "Print a progress line every N cases (0: never).")
    var progress = 0

    enum KindChoice: String, ExpressibleByArgument, CaseIterable { case generated, mutated, both }

    func validate() throws {
        if cases < 0 || first < 0 { throw ValidationError("--cases and --first take counts of at least 0") }
    }

    func run() throws {
        let texts = ScenarioFiles.expand(corpus).compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        let campaign = FuzzCampaign(seed: seed, corpus: texts)
        let kinds: [FuzzCampaign.Kind] =
            kind == .both ? [.generated, .mutated] : kind == .generated ? [.generated] : [.mutated]
        if let save { try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true) }
        var done = 0
        let bar = ProgressBar(title: "fuzz", total: cases * kinds.count)
        defer { bar?.finish() }
        Interrupt.install()
        let summary = campaign.run(
            count: cases, kinds: kinds, first: first,
            before: { fuzzCase, text in
                guard let save else { return }
                try? (text + "\n# fuzz case \(fuzzCase.name), seed \(seed)\n")
                    .write(toFile: save + "/current.yaml", atomically: true, encoding: .utf8)
            },
            after: { fuzzCase, report in
                done += 1
                if !report.violations.isEmpty { bar?.clear() }
                for violation in report.violations { print("FAIL \(fuzzCase.name): \(violation)") }
                bar?.update(done)
                if progress > 0 && done % progress == 0 { print("… \(done) cases, up to \(fuzzCase.name)") }
            }, shouldStop: { Interrupt.isRequested })
        bar?.finish()
        if let save {
            for failure in summary.failures {
                try? failure.text.write(
                    toFile: save + "/\(failure.fuzzCase.name).yaml", atomically: true, encoding: .utf8)
            }
            try? FileManager.default.removeItem(atPath: save + "/current.yaml")
        }
        print(
            "seed \(seed), cases \(first)..<\(first + cases) of \(kinds.map(\.rawValue).joined(separator: " and ")): "
                + summary.line)
        if Interrupt.isRequested {
            StandardError.write(
                "interrupted after \(summary.cases) cases: the summary and the failing cases saved are of "
                    + "those; rerun the rest with --first\n")
            throw ExitCode(Interrupt.exitCode)
        }
        if !summary.failures.isEmpty { throw Exit.failed }
    }
}
