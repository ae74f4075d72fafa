import LoopSimKernel
import LoopSimStats
import Testing

@testable import LoopSimReport

/// The report's latency figures come from a timer's ``LatencyHistogram``: the same as GSL's on every latency
/// while it is exact, and within its error bound once it is not.
@Suite struct LatencySummaryTests {
    static func histogram(_ latencies: [Int64]) -> LatencyHistogram {
        var h = LatencyHistogram()
        for ns in latencies { h.record(SimDuration(nanoseconds: ns)) }
        return h
    }

    @Test func anExactHistogramGivesGSLsFigures() throws {
        let latencies: [Int64] = [0, 0, 0, 16_666_667, 4_000_000, 0, 2_500_000_000, 4_000_000, 1, 999_999]
        let ms = latencies.map { SimDuration(nanoseconds: $0).milliseconds }
        let s = try #require(Self.histogram(latencies).millisecondSummary)
        let expected = try Summary(of: ms)
        #expect(s.count == expected.count && s.min == expected.min && s.max == expected.max)
        #expect([s.p50, s.p90, s.p95, s.p99] == [expected.p50, expected.p90, expected.p95, expected.p99])
        // GSL's weighted recurrences may round the last bit otherwise; here, as in every scenario's report, they
        // do not.
        #expect(s.mean == expected.mean && s.sd == expected.sd)
        let bins = Self.histogram(latencies).millisecondHistogram(binCount: 10)
        #expect(bins == (try Histogram(values: ms, binCount: 10)))
        let none = LatencyHistogram()
        #expect(none.millisecondSummary == nil && none.millisecondHistogram(binCount: 10) == nil)
    }

    /// Latencies drawn from GSL's generator (lognormal around 2 ms, so that every one is distinct): each
    /// quantile and the mean within the bound of GSL's on the latencies themselves, the maximum exact.
    @Test(arguments: [1, 99] as [UInt64])
    func aLogLinearHistogramStaysWithinItsBound(seed: UInt64) throws {
        let random = RandomSource(seed: seed)
        let draw = Distribution.lognormal(mu: 14.5, sigma: 1.2)
        let latencies = (0..<50_000).map { _ in Int64(draw.sample(using: random)) }
        let h = Self.histogram(latencies)
        #expect(!h.isExact)
        let s = try #require(h.millisecondSummary)
        let expected = try Summary(of: latencies.map { SimDuration(nanoseconds: $0).milliseconds })
        let bound = LatencyHistogram.relativeErrorBound
        #expect(s.count == expected.count && s.min == expected.min && s.max == expected.max)
        let got = [s.p50, s.p90, s.p95, s.p99, s.mean]
        let want = [expected.p50, expected.p90, expected.p95, expected.p99, expected.mean]
        for (got, want) in zip(got, want) {
            #expect((got - want).magnitude <= bound * want * (1 + 1e-12), "\(got) against \(want)")
        }
    }
}
