import LoopSimStats
import Testing

@Suite("Summary")
struct SummaryTests {
    /// Expected quantiles are R `quantile(x, type = 7)` / NumPy defaults,
    /// computed by hand: Q(p) = x[h] + frac(h)(x[h+1] - x[h]), h = (n-1)p.
    @Test func oneToTen() throws {
        let s = try Summary(of: (1...10).map(Double.init))
        #expect(s.count == 10)
        #expect(isClose(s.mean, 5.5))
        #expect(isClose(s.sd, (55.0 / 6).squareRoot()))  // 3.0276503540974917
        #expect(s.min == 1 && s.max == 10)
        #expect(isClose(s.p50, 5.5))
        #expect(isClose(s.p90, 9.1))
        #expect(isClose(s.p95, 9.55))
        #expect(isClose(s.p99, 9.91))
    }

    @Test func smallSampleWithTies() throws {
        let s = try Summary(of: [9, 4, 2, 5, 4, 7, 4, 5])
        #expect(isClose(s.mean, 5))
        #expect(isClose(s.sd, 2.138089935299395))  // sqrt(32 / 7)
        #expect(isClose([s.p50, s.p90, s.p95, s.p99], [4.5, 7.6, 8.3, 8.86]))
        #expect(s.min == 2 && s.max == 9)
    }

    @Test func orderDoesNotMatter() throws {
        let values = (0..<101).map { Double(($0 * 37) % 101) / 7 }
        #expect(try Summary(of: values) == Summary(of: values.sorted()))
        #expect(try Summary(of: values) == Summary(of: values.reversed()))
    }

    @Test func singleValueHasZeroSD() throws {
        let s = try Summary(of: [3.25])
        #expect(s.count == 1 && s.sd == 0 && s.mean == 3.25)
        #expect(s.p50 == 3.25 && s.p99 == 3.25 && s.min == 3.25 && s.max == 3.25)
    }

    @Test func emptyAndNaNInputAreRejected() {
        #expect(throws: GSLError.self) { try Summary(of: []) }
        #expect(throws: GSLError.self) { try Summary(of: [1, .nan]) }
        do {
            _ = try Summary(of: [])
            Issue.record("expected a throw")
        } catch {
            #expect(error.code == GSLError.domainCode)
        }
    }

    @Test func quantileOfSorted() {
        let sorted: [Double] = [10, 20, 30, 40]
        #expect(Summary.quantile(0, ofSorted: sorted) == 10)
        #expect(Summary.quantile(1, ofSorted: sorted) == 40)
        #expect(isClose(Summary.quantile(0.5, ofSorted: sorted), 25))
        #expect(isClose(Summary.quantile(0.25, ofSorted: sorted), 17.5))
        #expect(Summary.quantile(0.5, ofSorted: []).isNaN)
    }
}
