import LoopSimKernel
import LoopSimStats

/// Variants compared replication by replication: replication `i` of every variant runs with the same seed, so the
/// same gestures, work and network draws (common random numbers, ``Replications``), and the difference of a figure
/// between two variants in replication `i` removes the noise they share. Per figure, the mean of those differences
/// with its 95 % confidence interval (GSL's t quantile, ``ConfidenceInterval``), over the replications that both
/// completed and that both have the figure for.
public struct PairedComparison: Sendable {
    public struct Row: Sendable {
        public var figure: String
        public var variant: String
        /// The mean of `variant − reference` over the pairs.
        public var difference: ConfidenceInterval
        public var referenceMean: Double
        public var variantMean: Double
        /// The interval excludes 0: the variants differ in this figure.
        public var differs: Bool { difference.low > 0 || difference.high < 0 }
    }

    public var reference: String
    public var rows: [Row]
    /// The flags whose values differ between the variants, with their evidence.
    public var flags: FlagDifferences
    /// Replications per variant.
    public var n: Int
    /// The replications a limit or a signal cut short (`ios9 replication 3 (max-events)`), left out of the pairs.
    public var leftOut: [String]
    /// Replications per variant that never started because a signal (Ctrl-C, SIGTERM) arrived first.
    public var notRun: Int = 0

    /// The comparison of every other variant with the first, `replications[0]`: the pairs each later variant
    /// gathered with it when they ran together (``Replications/paired``), in memory independent of the count.
    /// Variants run apart (``Replications/run(_:variant:n:jobs:seed:overrides:limits:isInterrupted:progress:)``
    /// one at a time) have no pairs: run them with `variants:`.
    public init(_ replications: [Replications]) {
        reference = replications.first?.variant ?? ""
        rows = []
        flags = FlagDifferences(replications.map(\.profile))
        n = replications.first?.n ?? 0
        leftOut = replications.flatMap { r in r.limited.map { "\(r.variant) replication \($0.index) (\($0.kind))" } }
        notRun = replications.first?.notRun ?? 0
        for other in replications.dropFirst() {
            for pair in other.paired {
                guard let d = pair.difference.confidenceInterval() else { continue }
                rows.append(
                    Row(
                        figure: pair.figure, variant: other.variant, difference: d,
                        referenceMean: pair.reference.mean, variantMean: pair.variant.mean))
            }
        }
    }

    /// A table: figure, the reference's mean, the variant's, and their paired difference with its interval; then
    /// the flags that differ.
    public var text: String {
        var out =
            "paired over common random numbers (replication i of each variant has the same seed); "
            + "difference = variant − \(reference), 95 % CI\n"
        let width = max(24, (rows.map(\.figure.count).max() ?? 0) + 2)
        for row in rows {
            let d = row.difference
            out +=
                "  " + row.figure.padding(toWidth: width) + "\(reference) \(Self.number(row.referenceMean))  "
                + "\(row.variant) \(Self.number(row.variantMean))  difference \(Self.number(d.mean)) "
                + "[\(Self.number(d.low)), \(Self.number(d.high))]  n \(d.n)"
                + (row.differs ? "  ≠" : "") + "\n"
        }
        if notRun > 0 {
            out +=
                "  interrupted: \(notRun) of \(n) replications per variant not run (a signal arrived); "
                + "the pairs are of the others\n"
        }
        return out + "\n" + flags.text
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "reference": .string(reference),
            "flags": flags.json,
            "paired": .array(
                rows.map { row in
                    .object([
                        "figure": .string(row.figure), "variant": .string(row.variant),
                        "reference_mean": .double(row.referenceMean), "variant_mean": .double(row.variantMean),
                        "difference_mean": .double(row.difference.mean), "ci95_low": .double(row.difference.low),
                        "ci95_high": .double(row.difference.high), "n": .int(Int64(row.difference.n)),
                        "differs": .bool(row.differs),
                    ])
                }),
        ]
        if notRun > 0 { fields["not_run"] = .int(Int64(notRun)) }  // only when a signal stopped the replications
        return .object(fields)
    }

    /// `x` to three decimals, without a trailing `.0`.
    public static func number(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
}

extension String {
    fileprivate func padding(toWidth width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
