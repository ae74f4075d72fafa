import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// The replications behind `run --replications`, `compare --replications` and `report --replications`: N runs per
/// variant with the same derived seeds (common random numbers, ``Replications``), a progress bar per variant on a
/// terminal, and one way to end the command when some did not run to the end.
///
/// Ctrl-C or SIGTERM stops the replication under way and every later one (the caller installs ``Interrupt``); a
/// replication a limit stopped is left out of the figures. Either way the command prints or writes what it has,
/// then calls ``exitIfCutShort(_:leftOutOf:interruptedNote:limitNote:)``.
struct ReplicationRunner {
    var n: Int
    var jobs: Int
    /// The base seed (default: the scenario's `seed:`).
    var seed: UInt64?
    /// `--set flag=value` overrides, applied to every variant.
    var overrides: [(String, String)]
    var limits = RunLimits()

    /// Runs ``n`` replications under each of `variants` (the scenario's own when empty), in order.
    /// - Throws: exit code 2 after printing the error, for an unknown variant or a bad override.
    func run(_ scenario: Scenario, variants: [String]) throws -> [Replications] {
        var results: [Replications] = []
        for variant in variants.isEmpty ? scenario.variants : variants {
            let bar = ProgressBar(title: variant, total: n)
            var progress: (@Sendable (Int) -> Void)?
            if let bar { progress = { done in bar.update(done) } }
            do {
                results.append(try Replications.run(scenario, variant: variant, n: n, jobs: jobs, seed: seed,
                                                    overrides: overrides, limits: limits,
                                                    isInterrupted: Interrupt.check, progress: progress))
            } catch {
                StandardError.write("error: \(error.message)\n")
                throw Exit.invalid
            }
            bar?.finish()
        }
        return results
    }

    /// After the output: exits 130 or 143 when a signal cut replications short, 3 when a limit stopped some, with a
    /// line on stderr naming them (`leftOutOf` says what they are missing from; the notes end the lines).
    static func exitIfCutShort(_ results: [Replications], leftOutOf what: String, interruptedNote: String = "",
                               limitNote: String = "") throws {
        func named(_ kinds: (String) -> Bool) -> (count: Int, text: String) {
            let items = results.flatMap { r in
                r.limited.filter { kinds($0.kind) }.map { "\(r.variant) replication \($0.index) (\($0.kind))" }
            }
            return (items.count, items.prefix(5).joined(separator: ", ") + (items.count > 5 ? ", …" : ""))
        }
        func count(_ k: Int) -> String { k == 1 ? "1 replication was" : "\(k) replications were" }
        let interrupted = named { $0 == "interrupted" }
        if interrupted.count > 0 {
            StandardError.write("interrupted: \(count(interrupted.count)) cut short and left out of \(what)"
                + interruptedNote + "\n")
            throw ExitCode(Interrupt.exitCode)
        }
        let limited = named { $0 != "interrupted" }
        if limited.count > 0 {
            let were = limited.count == 1 ? "1 replication" : "\(limited.count) replications"
            StandardError.write("limit: \(were) stopped at a limit and left out of \(what): \(limited.text)"
                + limitNote + "\n")
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
        StandardError.write("\r\(title) [\(String(repeating: "#", count: filled))"
            + "\(String(repeating: " ", count: width - filled))] \(done)/\(total)")
    }

    func finish() { StandardError.write("\n") }
}
