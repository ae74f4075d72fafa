import CGSL

/// A one-dimensional histogram computed with GSL's `gsl_histogram`.
///
/// Bin `i` covers `[edges[i], edges[i + 1])`, except the last bin, which is
/// closed and also counts values equal to the top edge (GSL itself treats
/// the top edge as out of range). Values below the first edge or above the
/// last edge are tallied in `underflow` / `overflow` instead of a bin.
/// Counting is exact and deterministic.
public struct Histogram: Hashable, Sendable {
    /// Bin boundaries, strictly increasing; `edges.count == counts.count + 1`.
    public var edges: [Double]
    /// Number of values in each bin.
    public var counts: [Int]
    /// Number of values below `edges.first` (always 0 for `init(values:binCount:)`).
    public var underflow: Int
    /// Number of values above `edges.last` (always 0 for `init(values:binCount:)`).
    public var overflow: Int

    /// `binCount` equal-width bins spanning `values.min()...values.max()`
    /// (edges from `gsl_histogram_set_ranges_uniform`, so the last edge is
    /// exactly the maximum). If all values are equal to `v`, the range is
    /// widened to `v ± max(0.5, |v|·2⁻²⁰)`.
    ///
    /// - Throws: `GSLError` (`GSL_EDOM`) if `binCount < 1`, `values` is
    ///   empty, any value is not finite, or `max - min` overflows.
    public init(values: [Double], binCount: Int) throws(GSLError) {
        self = try Self.uniform(values: values, counts: nil, binCount: binCount)
    }

    /// `binCount` equal-width bins spanning `values.min()...values.max()`, as ``init(values:binCount:)``, for a
    /// sample given as its values and how often each occurs (a histogram's buckets): value `i` counts
    /// `counts[i]` times (`gsl_histogram_accumulate`), the same bins and counts as for the expanded sample.
    ///
    /// - Throws: `GSLError` (`GSL_EDOM`) as ``init(values:binCount:)``, and if the arrays differ in length or a
    ///   count is below 1.
    public init(values: [Double], counts: [Int], binCount: Int) throws(GSLError) {
        GSL.ensureReady()
        guard values.count == counts.count else { throw GSLError.domain("one count per value") }
        guard counts.allSatisfy({ $0 >= 1 }) else { throw GSLError.domain("counts must be at least 1") }
        self = try Self.uniform(values: values, counts: counts, binCount: binCount)
    }

    /// The equal-width bins of `values`, each counted once or `counts[i]` times.
    private static func uniform(values: [Double], counts: [Int]?, binCount: Int) throws(GSLError) -> Histogram {
        GSL.ensureReady()
        guard binCount >= 1 else { throw GSLError.domain("histogram needs at least one bin") }
        guard var lower = values.first else { throw GSLError.domain("cannot bin an empty sample") }
        guard values.allSatisfy(\.isFinite) else { throw GSLError.domain("values must be finite") }
        var upper = lower
        for value in values {
            lower = Swift.min(lower, value)
            upper = Swift.max(upper, value)
        }
        if lower == upper {
            let pad = Swift.max(0.5, lower.magnitude * 0x1p-20)
            (lower, upper) = (lower - pad, upper + pad)
        }
        // GSL's bin lookup divides by the span; keep it finite.
        guard (upper - lower).isFinite else { throw GSLError.domain("value range too large") }
        let h = try Self.allocate(bins: binCount)
        defer { gsl_histogram_free(h) }
        try GSL.call { gsl_histogram_set_ranges_uniform(h, lower, upper) }
        let edges = (0...binCount).map { i in h.pointee.range[i] }
        return try Self.fill(h, edges: edges, values: values, counts: counts)
    }

    /// Bins with explicit `edges`.
    ///
    /// - Throws: `GSLError` (`GSL_EDOM`) if there are fewer than two edges,
    ///   an edge or `last - first` is not finite, edges are not strictly
    ///   increasing, or a value is NaN. Infinite values are counted as
    ///   underflow/overflow.
    public init(values: [Double], edges: [Double]) throws(GSLError) {
        GSL.ensureReady()
        guard edges.count >= 2 else { throw GSLError.domain("histogram needs at least two edges") }
        guard (edges[edges.count - 1] - edges[0]).isFinite, edges.allSatisfy(\.isFinite) else {
            throw GSLError.domain("edges and their span must be finite")
        }
        guard zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw GSLError.domain("edges must be strictly increasing")
        }
        guard !values.contains(where: \.isNaN) else { throw GSLError.domain("values contain NaN") }
        let h = try Self.allocate(bins: edges.count - 1)
        defer { gsl_histogram_free(h) }
        try GSL.call {
            edges.withUnsafeBufferPointer { gsl_histogram_set_ranges(h, $0.baseAddress, $0.count) }
        }
        self = try Self.fill(h, edges: edges, values: values, counts: nil)
    }

    private init(edges: [Double], counts: [Int], underflow: Int, overflow: Int) {
        self.edges = edges
        self.counts = counts
        self.underflow = underflow
        self.overflow = overflow
    }

    /// Number of bins.
    public var binCount: Int { counts.count }

    /// Total number of values counted in bins (excluding underflow/overflow).
    public var total: Int { counts.reduce(0, +) }

    private static func allocate(bins: Int) throws(GSLError) -> UnsafeMutablePointer<gsl_histogram> {
        guard let h = gsl_histogram_alloc(bins) else { throw GSLError(code: Int32(GSL_ENOMEM)) }
        return h
    }

    /// Counts `values` into `h`, whose ranges must already equal `edges`: value `i` once, or `counts[i]` times.
    private static func fill(
        _ h: UnsafeMutablePointer<gsl_histogram>, edges: [Double], values: [Double], counts: [Int]?
    ) throws(GSLError) -> Histogram {
        let bins = edges.count - 1
        let first = edges[0], last = edges[bins]
        var underflow = 0, overflow = 0, atTop = 0
        for (i, value) in values.enumerated() {
            let times = counts?[i] ?? 1
            if value < first {
                underflow += times
            } else if value > last {
                overflow += times
            } else if value == last {
                atTop += times
            } else {
                // Whole counts add up exactly in GSL's doubles (below 2^53).
                try GSL.check(gsl_histogram_accumulate(h, value, Double(times)))
            }
        }
        var counts = (0..<bins).map { Int(gsl_histogram_get(h, $0)) }
        counts[bins - 1] += atTop
        return Histogram(edges: edges, counts: counts, underflow: underflow, overflow: overflow)
    }
}
