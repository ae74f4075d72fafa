import LoopSimStats
import Testing

@Suite("ConfidenceInterval")
struct ConfidenceIntervalTests {
    /// t quantiles cross-checked with SciPy `stats.t.ppf`.
    @Test func studentTQuantiles() {
        #expect(isClose(ConfidenceInterval.tQuantile(0.975, degreesOfFreedom: 4), 2.7764451051977934, tolerance: 1e-9))
        #expect(isClose(ConfidenceInterval.tQuantile(0.95, degreesOfFreedom: 9), 1.833112932656237, tolerance: 1e-9))
        #expect(isClose(ConfidenceInterval.tQuantile(0.5, degreesOfFreedom: 3), 0, tolerance: 1e-12))
    }

    /// 1...5: mean 3, sd sqrt(2.5); half width = t(0.975, 4) * sqrt(2.5 / 5).
    @Test func ninetyFivePercentForSmallSample() throws {
        let ci = try #require(ConfidenceInterval(values: [1, 2, 3, 4, 5]))
        let expectedHalf = 2.7764451051977934 * 0.5.squareRoot()  // 1.9632432...
        #expect(ci.n == 5 && ci.level == 0.95)
        #expect(isClose(ci.mean, 3))
        #expect(isClose(ci.halfWidth, expectedHalf, tolerance: 1e-9))
        #expect(isClose(ci.low, 3 - expectedHalf, tolerance: 1e-9))
        #expect(isClose(ci.high, 3 + expectedHalf, tolerance: 1e-9))
        #expect(ci.contains(3) && !ci.contains(5))
    }

    @Test func ninetyPercentFromSummary() throws {
        let summary = try Summary(of: (1...10).map(Double.init))
        let ci = try #require(ConfidenceInterval(summary: summary, level: 0.90))
        let expectedHalf = 1.833112932656237 * (55.0 / 6).squareRoot() / 10.0.squareRoot()
        #expect(isClose(ci.halfWidth, expectedHalf, tolerance: 1e-9))
        #expect(ci == ConfidenceInterval(values: (1...10).map(Double.init), level: 0.90))
    }

    @Test func singleObservationCollapsesToMean() throws {
        let ci = try #require(ConfidenceInterval(values: [4.5]))
        #expect(ci.n == 1 && ci.halfWidth == 0 && ci.low == 4.5 && ci.high == 4.5)
    }

    @Test func invalidInputGivesNil() {
        #expect(ConfidenceInterval(values: []) == nil)
        #expect(ConfidenceInterval(values: [1, .nan]) == nil)
        #expect(ConfidenceInterval(values: [1, 2], level: 1) == nil)
        #expect(ConfidenceInterval(values: [1, 2], level: 0) == nil)
        #expect(ConfidenceInterval(mean: 0, sd: -1, n: 3) == nil)
        #expect(ConfidenceInterval(mean: 0, sd: 1, n: 0) == nil)
    }
}
