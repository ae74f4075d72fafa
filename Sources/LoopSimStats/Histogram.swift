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
        self = try Self.fill(h, edges: edges, values: values)
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
        self = try Self.fill(h, edges: edges, values: values)
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

    /// Counts `values` into `h`, whose ranges must already equal `edges`.
    private static func fill(
        _ h: UnsafeMutablePointer<gsl_histogram>, edges: [Double], values: [Double]
    ) throws(GSLError) -> Histogram {
        let bins = edges.count - 1
        let first = edges[0], last = edges[bins]
        var underflow = 0, overflow = 0, atTop = 0
        for value in values {
            if value < first {
                underflow += 1
            } else if value > last {
                overflow += 1
            } else if value == last {
                atTop += 1
            } else {
                try GSL.check(gsl_histogram_increment(h, value))
            }
        }
        var counts = (0..<bins).map { Int(gsl_histogram_get(h, $0)) }
        counts[bins - 1] += atTop
        return Histogram(edges: edges, counts: counts, underflow: underflow, overflow: overflow)
    }
}
