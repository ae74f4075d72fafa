import LoopSimStats
import Testing

/// A sample given as values and counts is summarised and binned as the expanded sample is: quantiles, minimum,
/// maximum and bins exactly, mean and standard deviation to the last bits (GSL's weighted recurrences).
@Suite struct SummaryCountsTests {
    /// `values[i]` repeated `counts[i]` times.
    static func expanded(_ values: [Double], _ counts: [Int]) -> [Double] {
        zip(values, counts).flatMap { Array(repeating: $0, count: $1) }
    }

    /// The distinct values of `sample`, ascending, and how often each occurs.
    static func counted(_ sample: [Double]) -> (values: [Double], counts: [Int]) {
        var values: [Double] = [], counts: [Int] = []
        for v in sample.sorted() {
            if values.last == v { counts[counts.count - 1] += 1 } else { values.append(v); counts.append(1) }
        }
        return (values, counts)
    }

    /// `a` and `b` within `tolerance` of the larger of them.
    static func isRelativelyClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        (a - b).magnitude <= tolerance * Swift.max(a.magnitude, b.magnitude)
    }

    static func expectSame(_ a: Summary, _ b: Summary) {
        #expect(a.count == b.count && a.min == b.min && a.max == b.max)
        #expect([a.p50, a.p90, a.p95, a.p99] == [b.p50, b.p90, b.p95, b.p99])
        #expect(isRelativelyClose(a.mean, b.mean, 1e-14), "mean \(a.mean) against \(b.mean)")
        #expect(isRelativelyClose(a.sd, b.sd, 1e-12), "sd \(a.sd) against \(b.sd)")
    }

    @Test func smallSampleWithTies() throws {
        let s = try Summary(values: [2, 4, 5, 7, 9], counts: [1, 3, 2, 1, 1])  // 9, 4, 2, 5, 4, 7, 4, 5
        #expect(s.count == 8 && s.mean == 5 && s.min == 2 && s.max == 9)
        #expect(isClose(s.sd, 2.138089935299395))  // sqrt(32 / 7)
        #expect(isClose([s.p50, s.p90, s.p95, s.p99], [4.5, 7.6, 8.3, 8.86]))
        Self.expectSame(s, try Summary(of: [9, 4, 2, 5, 4, 7, 4, 5]))
    }

    @Test func oneValueManyTimes() throws {
        let s = try Summary(values: [3.25], counts: [1_000_000])
        #expect(s.count == 1_000_000 && s.mean == 3.25 && s.sd == 0)
        #expect(s.min == 3.25 && s.max == 3.25 && s.p50 == 3.25 && s.p99 == 3.25)
        let one = try Summary(values: [3.25], counts: [1])
        #expect(one.count == 1 && one.sd == 0 && one.p99 == 3.25)
    }

    /// Latency-like samples drawn from GSL's generator: few distinct values, many ties, a long tail.
    @Test(arguments: [1, 7, 2_024] as [UInt64])
    func randomSamplesSummariseAsExpanded(seed: UInt64) throws {
        let random = RandomSource(seed: seed)
        for size in [1, 2, 3, 10, 101, 5_000] {
            let sample = (0..<size).map { _ in
                Double(random.uniformInt(below: 40)) * Double(random.uniformInt(below: 3)) / 8
            }
            let (values, counts) = Self.counted(sample)
            Self.expectSame(try Summary(values: values, counts: counts), try Summary(of: sample))
            for bins in [1, 10, 20] {
                #expect(
                    try Histogram(values: values, counts: counts, binCount: bins)
                        == Histogram(values: sample, binCount: bins))
            }
        }
    }

    @Test func binsAsTheExpandedSample() throws {
        let values: [Double] = [0, 0.5, 2, 10]
        let counts = [5, 1, 3, 2]
        let h = try Histogram(values: values, counts: counts, binCount: 4)
        #expect(h == (try Histogram(values: Self.expanded(values, counts), binCount: 4)))
        #expect(h.counts == [9, 0, 0, 2] && h.total == 11)
        #expect(try Histogram(values: [7], counts: [3], binCount: 2).counts.reduce(0, +) == 3)
    }

    @Test func badInputIsRejected() {
        #expect(throws: GSLError.self) { try Summary(values: [], counts: []) }
        #expect(throws: GSLError.self) { try Summary(values: [1, 2], counts: [1]) }
        #expect(throws: GSLError.self) { try Summary(values: [1, 2], counts: [1, 0]) }
        #expect(throws: GSLError.self) { try Summary(values: [2, 1], counts: [1, 1]) }
        #expect(throws: GSLError.self) { try Summary(values: [1, .nan], counts: [1, 1]) }
        #expect(throws: GSLError.self) { try Histogram(values: [1, 2], counts: [1], binCount: 2) }
        #expect(throws: GSLError.self) { try Histogram(values: [1, 2], counts: [1, -1], binCount: 2) }
        #expect(throws: GSLError.self) { try Histogram(values: [], counts: [], binCount: 2) }
    }
}
