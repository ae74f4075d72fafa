import LoopSimScenario
import LoopSimStats

/// The replication report as text: per variant, each figure's mean and 95 % confidence interval.
public enum ReplicationText {
    public static func render(_ scenario: Scenario, _ results: [Replications]) -> String {
        var out = "\(scenario.name)\n  file \(scenario.file)\n"
        for r in results {
            let title = "── \(r.variant): \(r.seeds.count) replications "
            out += "\n" + title + String(repeating: "─", count: max(4, 72 - title.count)) + "\n"
            let width = r.values.map(\.figure.count).max() ?? 0
            out += "  " + "figure".padding(to: width) + "  " + "mean".padding(to: 12) + "95% CI\n"
            for (figure, values) in r.values where !values.isEmpty {
                guard let ci = ConfidenceInterval(values: values) else { continue }
                out += "  " + figure.padding(to: width) + "  " + number(ci.mean).padding(to: 12)
                    + "[\(number(ci.low)), \(number(ci.high))]\n"
            }
            if !r.limited.isEmpty {
                let kinds = Array(Set(r.limited.map(\.kind))).sorted().joined(separator: ", ")
                out += "  limited: \(r.limited.count) of \(r.seeds.count) replications stopped at a limit (\(kinds)), seeds "
                    + r.limited.prefix(5).map { String($0.seed) }.joined(separator: ", ")
                    + (r.limited.count > 5 ? ", …" : "") + "; the figures are of the other \(r.seeds.count - r.limited.count)\n"
            }
            if let s = r.pooledLatency.millisecondSummary {
                out += "  pooled latency (ms): n \(s.count) · p50 \(number(s.p50)) · p90 \(number(s.p90)) · "
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
