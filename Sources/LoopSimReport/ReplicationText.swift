import LoopSimScenario
import LoopSimStats

/// The replication report as text: per variant, each figure's mean and 95 % confidence interval.
public enum ReplicationText {
    public static func render(_ scenario: Scenario, _ results: [Replications]) -> String {
        var out = "\(scenario.name)\n  file \(scenario.file)\n"
        for r in results {
            let title = "── \(r.variant): \(r.n) replications "
            out += "\n" + title + String(repeating: "─", count: max(4, 72 - title.count)) + "\n"
            let width = r.figures.map(\.figure.count).max() ?? 0
            out += "  " + "figure".padding(to: width) + "  " + "mean".padding(to: 12) + "95% CI\n"
            for (figure, statistics) in r.figures {
                guard let ci = statistics.confidenceInterval() else { continue }
                out +=
                    "  " + figure.padding(to: width) + "  " + number(ci.mean).padding(to: 12)
                    + "[\(number(ci.low)), \(number(ci.high))]\n"
            }
            if !r.limited.isEmpty {
                let kinds = Array(Set(r.limited.map(\.kind))).sorted().joined(separator: ", ")
                out +=
                    "  limited: \(r.limitedCount) of \(r.n) replications stopped at a limit (\(kinds)), seeds "
                    + r.limited.prefix(5).map { String($0.seed) }.joined(separator: ", ")
                    + (r.limitedCount > 5 ? ", …" : "")
                    + (r.notRun == 0
                        ? "; the figures are of the other \(r.n - r.limitedCount)\n"
                        : "; the figures are of the \(r.completed) that ran to the end\n")
            }
            if r.notRun > 0 {
                out +=
                    "  interrupted: \(r.notRun) of \(r.n) replications not run (a signal arrived); "
                    + "the figures are of the \(r.completed) that ran to the end\n"
            }
            if let s = r.pooledLatency.millisecondSummary {
                out +=
                    "  pooled latency (ms): n \(s.count) · p50 \(number(s.p50)) · p90 \(number(s.p90)) · "
                    + "p99 \(number(s.p99)) · max \(number(s.max))\n"
            }
        }
        return out
    }

    static func number(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
