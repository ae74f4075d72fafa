import Testing

@testable import LoopSimKernel

/// `LatencyHistogram` against the latencies it stands for, kept sorted in an array: exact while there are few
/// distinct values, within its error bound beyond, the same whether recorded into one or merged, and bounded in
/// size however many latencies it holds.
@Suite struct LatencyHistogramTests {
    static func ns(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n) }

    static func histogram(_ values: some Sequence<Int64>) -> LatencyHistogram {
        var h = LatencyHistogram()
        for v in values { h.record(ns(v)) }
        return h
    }

    /// The type-7 quantile of `sorted`, as the reports define it, in real nanoseconds.
    static func type7(_ q: Double, _ sorted: [Int64]) -> Double {
        let (lower, upper, delta) = ranks(q, sorted.count)
        return Double(sorted[lower]) + delta * Double(sorted[upper] - sorted[lower])
    }

    /// The type-7 quantile of `sorted` rounded to the nanosecond, as `quantile(_:)` documents it.
    static func type7Rounded(_ q: Double, _ sorted: [Int64]) -> SimDuration {
        let (lower, upper, delta) = ranks(q, sorted.count)
        return ns(sorted[lower] + Int64((delta * Double(sorted[upper] - sorted[lower])).rounded()))
    }

    /// The ranks around `(n − 1) q` and the fraction between them.
    static func ranks(_ q: Double, _ n: Int) -> (lower: Int, upper: Int, delta: Double) {
        let h = q * Double(n - 1)
        let lower = Int(h)
        return (lower, Swift.min(lower + 1, n - 1), h - Double(lower))
    }

    /// A fixed sequence of latencies (SplitMix64 from a fixed state), spread over many powers of two: a value
    /// below 2^40 ns (18 minutes) with a random number of its low bits kept, so that every scale occurs.
    static func spread(_ count: Int, state: UInt64 = 0x5eed) -> [Int64] {
        var s = state
        return (0..<count).map { _ in
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Int64((z >> 24) >> (z % 40))
        }
    }

    static let fractions = [0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1]

    @Test func anEmptyHistogramHasNoFigures() {
        let h = LatencyHistogram()
        #expect(h.isEmpty && h.count == 0 && h.buckets.isEmpty)
        #expect(h.min == nil && h.max == nil && h.mean == nil && h.quantile(0.5) == nil && h.value(atRank: 0) == nil)
    }

    @Test func aFewLatenciesAreKeptExactly() throws {
        let h = Self.histogram([16_000_000, 0, 4_000_000, 0, 4_000_000, 2_500_000_123])
        #expect(h.isExact && h.count == 6)
        #expect(h.buckets.map(\.value) == [0, 4_000_000, 16_000_000, 2_500_000_123].map(Self.ns))
        #expect(h.buckets.map(\.count) == [2, 2, 1, 1])
        #expect(h.buckets.allSatisfy { $0.lowerBound == $0.value && $0.upperBound == $0.value })
        #expect(h.min == .zero && h.max == Self.ns(2_500_000_123))
        #expect(try #require(h.mean) == 2_524_000_123.0 / 6)
        // Sorted: 0 0 4ms 4ms 16ms 2.5s. h = 5q.
        #expect(h.quantile(0) == .zero && h.quantile(1) == Self.ns(2_500_000_123))
        #expect(h.quantile(0.5) == Self.ns(4_000_000))  // h = 2.5, between 4 ms and 4 ms
        #expect(h.quantile(0.3) == Self.ns(2_000_000))  // h = 1.5, between 0 and 4 ms
        #expect(h.quantile(0.9) == Self.ns(1_258_000_062))  // h = 4.5: 16 ms + 0.5 (2.5 s − 16 ms), rounded
        #expect(h.value(atRank: 3) == Self.ns(4_000_000) && h.value(atRank: 6) == nil)
    }

    @Test func everyQuantileOfAnExactHistogramIsTheSortedLatencies() {
        let values = Self.spread(3_000).map { $0 % 700 * 1_000_003 }  // 700 distinct values, many repeats
        let h = Self.histogram(values)
        let sorted = values.sorted()
        #expect(h.isExact && h.buckets.count == Set(values).count)
        for q in Self.fractions {
            #expect(h.quantile(q) == Self.type7Rounded(q, sorted), "q = \(q)")
        }
        for rank in [0, 1, 1_499, 2_999] { #expect(h.value(atRank: rank) == Self.ns(sorted[rank])) }
    }

    /// A timer storm's timers fire on time: their latencies are a count, no larger than the empty array was.
    @Test func zeroLatenciesAreOnlyACount() {
        let h = Self.histogram(repeatElement(0, count: 100_000))
        #expect(MemoryLayout<LatencyHistogram>.size == MemoryLayout<[SimDuration]>.size)
        #expect(h.zeroCount == 100_000 && h.count == 100_000 && h.isExact)
        #expect(h.buckets == [.init(lowerBound: .zero, upperBound: .zero, value: .zero, count: 100_000)])
        #expect(h.quantile(0.99) == .zero && h.max == .zero && h.mean == 0)
        var boxed = h
        boxed.record(Self.ns(1))
        #expect(boxed.zeroCount == nil && boxed.count == 100_001 && boxed.buckets.map(\.count) == [100_000, 1])
        #expect(h.zeroCount == 100_000)  // the copy is its own
    }

    /// Past 2^32 − 1 zeros the count moves into a box, with no fire lost.
    @Test func zerosPastThirtyTwoBitsAreBoxed() {
        var h = LatencyHistogram(zeros: UInt32.max)
        #expect(h.count == Int(UInt32.max))
        h.merge(LatencyHistogram(zeros: 2))
        #expect(h.zeroCount == nil && h.count == Int(UInt32.max) + 2 && h.buckets.map(\.count) == [Int(UInt32.max) + 2])
        var g = LatencyHistogram(zeros: UInt32.max)
        g.record(.zero)
        g.record(.zero)
        #expect(g == h)
    }

    @Test func theExactFormEndsPastItsLimit() {
        // 100 ns apart above 2^20 ns, where a bucket is 2^10 ns wide: about ten latencies a bucket.
        let limit = LatencyHistogram.exactLimit
        var h = Self.histogram((0..<Int64(limit)).map { 1 << 20 + $0 * 100 })
        #expect(h.isExact && h.buckets.count == limit)
        h.record(Self.ns(1 << 20 + Int64(limit) * 100))
        // 101 buckets, the smallest latency apart from the others of the first (the largest is alone in the last).
        #expect(!h.isExact && h.count == limit + 1 && h.buckets.count == 102)
        #expect(h.min == Self.ns(1 << 20) && h.max == Self.ns(1 << 20 + Int64(limit) * 100))
    }

    /// Bucket `i` holds the latencies whose index is `i`; the buckets follow each other without gaps, 2^k per
    /// power of two, and a bucket is at most 2^-k of its smallest value wide.
    @Test func bucketsTileTheNonNegativeIntegers() {
        let k = LatencyHistogram.subBucketBits
        var edges: [Int64] = [0, 1, 2_046, 2_047, 2_048, 2_049, 4_095, 4_096, 1_000_000, Int64.max - 1, Int64.max]
        for e in 11..<63 { edges += [(1 << e) - 1, 1 << e, (1 << e) + 1] }
        for v in edges {
            let i = LatencyHistogram.bucketIndex(v)
            let range = LatencyHistogram.bucketRange(i)
            #expect(range.contains(v), "\(v) in bucket \(i) = \(range)")
            #expect(i == 0 || LatencyHistogram.bucketRange(i - 1).upperBound == range.lowerBound - 1)
            #expect(range.count == 1 || Double(range.count) <= Double(range.lowerBound) / Double(1 << k))
        }
        #expect(LatencyHistogram.bucketIndex(2_047) == 2_047 && LatencyHistogram.bucketIndex(2_049) == 2_048)
        #expect(LatencyHistogram.bucketIndex(Int64.max) == Int64(LatencyHistogram.maximumBucketCount - 1))
        #expect(LatencyHistogram.relativeErrorBound < 0.001)
    }

    /// Every quantile of a histogram in the log-linear form is within the error bound of the latencies' own,
    /// and its mean too; count, min and max stay exact.
    @Test(arguments: [0x5eed, 42, 0xC0FFEE] as [UInt64])
    func quantilesStayWithinTheBound(state: UInt64) throws {
        let values = Self.spread(200_000, state: state)
        let h = Self.histogram(values)
        let sorted = values.sorted()
        let bound = LatencyHistogram.relativeErrorBound
        #expect(!h.isExact && h.count == values.count)
        #expect(h.min == Self.ns(sorted[0]) && h.max == Self.ns(sorted[sorted.count - 1]))
        #expect(h.quantile(0) == h.min && h.quantile(1) == h.max)
        let buckets = h.buckets
        #expect(buckets.first?.value == h.min && buckets.last?.value == h.max)
        #expect(buckets.map(\.count).reduce(0, +) == values.count)
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value < $1.value })
        #expect(buckets.allSatisfy { $0.lowerBound <= $0.value && $0.value <= $0.upperBound })
        for q in Self.fractions + (1...99).map({ Double($0) / 100 }) {
            let exact = Self.type7(q, sorted)
            let got = Double(try #require(h.quantile(q)).nanoseconds)
            // The bound, and half a nanosecond of rounding on each side.
            #expect(abs(got - exact) <= bound * exact + 1, "q = \(q): \(got) against \(exact)")
        }
        for rank in stride(from: 0, to: sorted.count, by: 997) {
            let got = Double(try #require(h.value(atRank: rank)).nanoseconds)
            #expect(abs(got - Double(sorted[rank])) <= bound * Double(sorted[rank]))
        }
        let mean = sorted.reduce(0.0) { $0 + Double($1) } / Double(sorted.count)
        #expect(abs(try #require(h.mean) - mean) <= bound * mean)
    }

    /// Merging gives what recording every latency into one gives, whatever the forms and the order.
    @Test func mergingEqualsRecordingEverythingIntoOne() {
        let parts: [[Int64]] = [
            Array(repeating: 0, count: 500),  // a count of zeros
            Self.spread(300).map { $0 % 50 },  // exact, with zeros
            Self.spread(900, state: 7).map { $0 % 900 * 1_001 },  // exact alone, not merged with the others
            Self.spread(5_000, state: 9),  // log-linear
            [],
        ]
        let whole = Self.histogram(parts.joined())
        let histograms = parts.map { Self.histogram($0) }
        for order in [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 0, 4, 3, 1], [1, 2, 0, 4, 3]] {
            var merged = LatencyHistogram()
            for i in order { merged.merge(histograms[i]) }
            #expect(merged == whole, "order \(order)")
            #expect(merged.buckets == whole.buckets && merged.hashValue == whole.hashValue)
        }
        // Two exact halves that stay exact together, and two that do not.
        let few = Self.spread(2_000, state: 3).map { $0 % 600 }
        var a = Self.histogram(few.prefix(1_000))
        a.merge(Self.histogram(few.suffix(1_000)))
        #expect(a.isExact && a == Self.histogram(few))
        let many = (0..<1_500).map { Int64($0) * 3_001 }
        var b = Self.histogram(many.prefix(800))
        b.merge(Self.histogram(many.suffix(700)))
        #expect(!b.isExact && b == Self.histogram(many))
    }

    @Test func aMergeLeavesItsArgumentAndCopiesAlone() {
        let other = Self.histogram([5, 6, 7])
        var h = Self.histogram([1, 2])
        let before = h
        h.merge(other)
        #expect(h.count == 5 && before.count == 2 && other.count == 3)
        #expect(before == Self.histogram([1, 2]) && other == Self.histogram([5, 6, 7]))
    }

    /// A million distinct latencies over the whole range take at most the fixed number of buckets, and a
    /// million within ten seconds far fewer: memory is bounded by the spread, not by the number of fires.
    @Test func aMillionDistinctLatenciesStayWithinTheBucketLimit() {
        var wide = LatencyHistogram()
        var narrow = LatencyHistogram()
        for i in 0..<Int64(1_000_000) {
            wide.record(Self.ns(i &* 9_223_372_036_854))
            narrow.record(Self.ns(i * 10_000 + i % 7))
        }
        #expect(wide.count == 1_000_000 && narrow.count == 1_000_000)
        #expect(wide.buckets.count <= LatencyHistogram.maximumBucketCount)
        // 10 s is below 2^34 ns: single values below 2^11, then 2^10 buckets for each power of two up to 2^34.
        #expect(narrow.buckets.count <= 2_048 + (34 - 11) * 1_024)
    }
}
