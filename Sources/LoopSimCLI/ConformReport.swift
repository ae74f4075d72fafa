import Foundation
import LoopSimConformance

/// The text `loopsim conform` prints: one line per scenario, the differences of a failure, the noise.
enum ConformReport {
    static func print(_ result: ConformanceResult, verbose: Bool) {
        switch result.verdict {
        case .agreed:
            let worst = result.comparisons.filter(\.agrees).map(\.maxDeviation).max() ?? 0
            let events = result.prediction?.events.count ?? 0
            let retried =
                result.retried == 0 ? "" : " (after \(result.retried) timing retr\(result.retried == 1 ? "y" : "ies"))"
            Swift.print(
                String(
                    format: "ok   %@  %d events, max |real - predicted| %.1f ms", result.file, events,
                    Double(worst) / 1e6) + retried)
            for comparison in result.comparisons where !comparison.agrees {
                for mismatch in comparison.mismatches { Swift.print("     retried: \(mismatch)") }
            }
        case .disagreed:
            Swift.print("FAIL \(result.file): the real run loop disagrees with linux-corelibs")
            for (i, comparison) in result.comparisons.enumerated() where !comparison.agrees {
                for mismatch in comparison.mismatches { Swift.print("     run \(i + 1): \(mismatch)") }
            }
        case .error(let message):
            Swift.print("FAIL \(result.file): \(message)")
        }
        if result.path == .swiftFile {
            Swift.print(
                "     ran: the Swift file itself (swiftc, support library), not a translation; compared: logs, "
                    + "user-action deliveries, main-loop returns, CF diagnostics; not observed: "
                    + SwiftFileConformance.notCompared)
        }
        if verbose || !result.passed, let prediction = result.prediction, let real = result.realRuns.last {
            Swift.print("     predicted (linux-corelibs):")
            for e in prediction.events {
                // A Swift file's log names the line that prints it, as the file's reader finds it.
                let line =
                    e.kind == "log"
                    ? SwiftFileConformance.printLine(of: e.detail, in: result.printLines).map {
                        "  (\(result.file):\($0))"
                    } : nil
                Swift.print("       \(e)" + (line ?? ""))
            }
            Swift.print("       alive: \(prediction.alive)")
            Swift.print("     real:")
            for e in real.events { Swift.print("       \(e)") }
            Swift.print("       alive: \(real.alive)")
        }
    }

    /// Quantiles of |real − predicted| (virtual and real milliseconds) and of the signed offset.
    static func printNoise(_ deltas: [Int64], settings: ConformanceSettings) {
        guard !deltas.isEmpty else { return }
        let magnitudes = deltas.map { Double(abs($0)) / 1e6 }.sorted()
        func quantile(_ q: Double) -> Double {
            magnitudes[min(magnitudes.count - 1, Int((Double(magnitudes.count - 1) * q).rounded()))]
        }
        let mean = deltas.map { Double($0) / 1e6 }.reduce(0, +) / Double(deltas.count)
        let real = settings.scale
        Swift.print(
            String(
                format: "noise over %d matched times: |real - predicted| p50 %.2f  p90 %.2f  p99 %.2f  max %.2f "
                    + "virtual ms (x%.3f = real ms); mean signed offset %+.2f virtual ms",
                deltas.count, quantile(0.5), quantile(0.9), quantile(0.99), magnitudes.last!, real, mean))
    }
}
