@testable import LoopSimReport
import LoopSimKernel
import Testing

/// Paired comparisons over common random numbers: per figure, the mean of the per-replication differences and its
/// t interval, over the replications both variants completed.
@Suite struct PairedComparisonTests {
    static func replications(_ variant: String, _ fires: [Double?]) -> Replications {
        var r = Replications(variant: variant, profile: VariantProfile.builtIn(variant)!,
                             seeds: fires.indices.map { UInt64($0) }, values: [],
                             pooledLatency: LatencyHistogram(), limited: [])
        let j = Replications.figurePaths.firstIndex(of: "timers.fires")!
        r.byIndex = fires.map { value in
            value.map { v in (0..<Replications.figurePaths.count).map { $0 == j ? v : nil } }
        }
        return r
    }

    @Test func theDifferenceIsPairedAndLimitedReplicationsAreLeftOut() throws {
        // differences 2, 4, 3 (the third pair has a limited replication on one side and is left out)
        let a = Self.replications("ios9", [10, 20, nil, 30])
        let b = Self.replications("ios10", [12, 24, 99, 33])
        let row = try #require(PairedComparison([a, b]).rows.first { $0.figure == "timers.fires" })
        #expect(row.variant == "ios10")
        #expect(row.difference.n == 3)
        #expect(row.difference.mean == 3)
        // sd of (2, 4, 3) is 1; t(0.975, 2) = 4.302652729…: half-width 4.3027 / sqrt(3)
        #expect(abs(row.difference.halfWidth - 4.302652729749464 / 3.0.squareRoot()) < 1e-9)
        #expect(row.referenceMean == 20 && row.variantMean == 23)
    }
}
