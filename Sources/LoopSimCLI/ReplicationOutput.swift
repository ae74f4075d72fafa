import ArgumentParser
import Foundation
import LoopSimReport
import LoopSimKernel
import LoopSimScenario

/// `loopsim run FILE --replications N [--jobs J]`: the replication tables, and a progress bar on a terminal.
enum ReplicationOutput {
    /// Prints the tables; exits 3 (after printing) when a limit stopped a replication: its figures are left out,
    /// and the report says which seeds. Ctrl-C or SIGTERM stops the replication under way and every later one
    /// the same way; the tables are printed, and the command exits 130 or 143.
    static func run(_ scenario: Scenario, variants: [String], n: Int, jobs: Int, seed: UInt64?,
                    overrides: [(String, String)], limits: RunLimits, json: Bool) throws {
        var results: [Replications] = []
        for variant in variants.isEmpty ? scenario.variants : variants {
            let bar = ProgressBar(title: variant, total: n)
            var progress: (@Sendable (Int) -> Void)?
            if let bar { progress = { done in bar.update(done) } }
            do {
                results.append(try Replications.run(scenario, variant: variant, n: n, jobs: jobs, seed: seed,
                                                    overrides: overrides, limits: limits, isInterrupted: Interrupt.check,
                                                    progress: progress))
            } catch {
                StandardError.write("error: \(error.message)\n")
                throw Exit.invalid
            }
            bar?.finish()
        }
        if json {
            let doc: JSONValue = .object([
                "scenario": .string(scenario.name), "file": .string(scenario.file),
                "runs": .array(results.map { .object(["variant": .string($0.variant), "replications": $0.json]) }),
            ])
            print(doc.pretty)
        } else {
            print(ReplicationText.render(scenario, results), terminator: "")
        }
        let interrupted = results.reduce(0) { $0 + $1.limited.filter { $0.kind == "interrupted" }.count }
        if interrupted > 0 {
            StandardError.write("interrupted: \(interrupted) replication\(interrupted == 1 ? " was" : "s were") cut short and "
                + "left out of the figures; the tables above are of the replications that ran to the end\n")
            throw ExitCode(Interrupt.exitCode)
        }
        let limited = results.reduce(0) { $0 + $1.limited.count }
        if limited > 0 {
            StandardError.write("limit: \(limited) replication\(limited == 1 ? "" : "s") stopped at a limit and "
                + "\(limited == 1 ? "is" : "are") left out of the figures (the report names the seeds); raise the limit "
                + "with --max-… if the scenario needs more\n")
            throw Exit.limit
        }
    }
}

/// A one-line progress bar on stderr, only when stderr is a terminal and the run is long enough to need one.
final class ProgressBar: @unchecked Sendable {
    let title: String
    let total: Int
    private let lock = NSLock()
    private var shown = -1

    init?(title: String, total: Int) {
        guard isatty(STDERR_FILENO) == 1, total >= 20 else { return nil }
        self.title = title
        self.total = total
    }

    func update(_ done: Int) {
        lock.lock()
        defer { lock.unlock() }
        let percent = done * 100 / total
        guard percent != shown else { return }
        shown = percent
        let width = 30
        let filled = width * done / total
        StandardError.write("\r\(title) [\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(done)/\(total)")
    }

    func finish() { StandardError.write("\n") }
}
