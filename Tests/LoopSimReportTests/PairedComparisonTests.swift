import LoopSimKernel
import Testing

@testable import LoopSimReport

/// Paired comparisons over common random numbers: per figure, the mean of the per-replication differences and its
/// t interval, over the replications both variants completed.
@Suite struct PairedComparisonTests {
    /// Two variants' replications folded as the runner folds them: `nil` for a replication a limit stopped.
    static func replications(_ a: [Double?], _ b: [Double?]) -> [Replications] {
        let variants = ["ios9", "ios10"]
        let fold = ReplicationFold(
            variants: variants, profiles: variants.map { VariantProfile.builtIn($0)! },
            n: a.count, baseSeed: 1, window: 4)
        let j = Replications.figurePaths.firstIndex(of: "timers.fires")!
        func result(_ value: Double?) -> ReplicationFold.Result {
            ReplicationFold.Result(
                figures: (0..<Replications.figurePaths.count).map { $0 == j ? value ?? 0 : nil },
                latency: LatencyHistogram(), kind: value == nil ? "max-events" : nil)
        }
        // finished out of order, folded in order
        for i in a.indices.reversed() { _ = fold.finish(i, [result(a[i]), result(b[i])]) }
        return fold.replications()
    }

    @Test func theDifferenceIsPairedAndLimitedReplicationsAreLeftOut() throws {
        // differences 2, 4, 3 (the third pair has a limited replication on one side and is left out)
        let both = Self.replications([10, 20, nil, 30], [12, 24, 99, 33])
        let row = try #require(PairedComparison(both).rows.first { $0.figure == "timers.fires" })
        #expect(row.variant == "ios10")
        #expect(row.difference.n == 3)
        #expect(row.difference.mean == 3)
        // sd of (2, 4, 3) is 1; t(0.975, 2) = 4.302652729…: half-width 4.3027 / sqrt(3)
        #expect(abs(row.difference.halfWidth - 4.302652729749464 / 3.0.squareRoot()) < 1e-9)
        #expect(row.referenceMean == 20 && row.variantMean == 23)
    }
}
