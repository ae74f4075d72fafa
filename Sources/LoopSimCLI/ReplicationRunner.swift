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

    /// Runs ``n`` replications of each of `variants` (the scenario's own when empty), replication `i` of every
    /// variant together, so later variants are paired with the first as they run (``Replications/paired``).
    /// - Throws: exit code 2 after printing the error, for an unknown variant or a bad override.
    func run(_ scenario: Scenario, variants: [String]) throws -> [Replications] {
        let names = variants.isEmpty ? scenario.variants : variants
        let bar = ProgressBar(title: names.joined(separator: ", "), total: n)
        var progress: (@Sendable (Int) -> Void)?
        if let bar { progress = { done in bar.update(done) } }
        defer { bar?.finish() }
        do {
            return try Replications.run(
                scenario, variants: names, n: n, jobs: jobs, seed: seed, overrides: overrides,
                limits: limits, isInterrupted: Interrupt.check, progress: progress)
        } catch {
            bar?.finish()
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }

    /// After the output: exits 130 or 143 when a signal cut replications short, 3 when a limit stopped some, with a
    /// line on stderr naming them (`leftOutOf` says what they are missing from; the notes end the lines).
    static func exitIfCutShort(
        _ results: [Replications], leftOutOf what: String, interruptedNote: String = "",
        limitNote: String = ""
    ) throws {
        func named(_ kinds: (String) -> Bool) -> (count: Int, text: String) {
            let items = results.flatMap { r in
                r.limited.filter { kinds($0.kind) }.map { "\(r.variant) replication \($0.index) (\($0.kind))" }
            }
            return (items.count, items.prefix(5).joined(separator: ", ") + (items.count > 5 ? ", …" : ""))
        }
        func count(_ k: Int) -> String { k == 1 ? "1 replication was" : "\(k) replications were" }
        let interrupted = named { $0 == "interrupted" }
        let notRun = results.reduce(0) { $0 + $1.notRun }
        if interrupted.count + notRun > 0 || Interrupt.isRequested {
            var parts: [String] = []
            if interrupted.count > 0 { parts.append("\(count(interrupted.count)) cut short") }
            if notRun > 0 { parts.append("\(notRun) not run") }
            let text =
                parts.isEmpty
                ? "every replication had ended"
                : parts.joined(separator: ", ") + " and left out of \(what)"
            StandardError.write("interrupted: " + text + interruptedNote + "\n")
            throw ExitCode(Interrupt.exitCode)
        }
        let limited = named { $0 != "interrupted" }
        let limitedCount = results.reduce(0) { $0 + $1.limitedCount }
        if limited.count > 0 {
            let were = limitedCount == 1 ? "1 replication" : "\(limitedCount) replications"
            StandardError.write(
                "limit: \(were) stopped at a limit and left out of \(what): \(limited.text)"
                    + limitNote + "\n")
            throw Exit.limit
        }
    }
}
