import CGSL

/// Descriptive statistics of a sample, computed with GSL.
///
/// Statistics are computed on a sorted copy of the input, so the result does
/// not depend on the order of the values (up to the sign of zero), which is
/// useful when replications finish in a nondeterministic order.
///
/// Percentiles use `gsl_stats_quantile_from_sorted_data`, i.e. linear
/// interpolation between closest ranks (R's default "type 7"): for sorted
/// data `x[0..<n]` and fraction `p`, with `h = (n - 1) p`,
/// `Q(p) = x[⌊h⌋] + (h - ⌊h⌋)(x[⌊h⌋ + 1] - x[⌊h⌋])`.
public struct Summary: Hashable, Sendable {
    /// Number of values.
    public var count: Int
    /// Arithmetic mean (`gsl_stats_mean`).
    public var mean: Double
    /// Sample standard deviation with `n - 1` denominator (`gsl_stats_sd`); 0 when `count < 2`.
    public var sd: Double
    /// Smallest value.
    public var min: Double
    /// Largest value.
    public var max: Double
    /// Median (type-7 quantile at 0.5).
    public var p50: Double
    /// 90th percentile (type-7 quantile at 0.9).
    public var p90: Double
    /// 95th percentile (type-7 quantile at 0.95).
    public var p95: Double
    /// 99th percentile (type-7 quantile at 0.99).
    public var p99: Double

    /// Summarises `values`.
    ///
    /// - Throws: `GSLError` with code `GSL_EDOM` if `values` is empty or
    ///   contains NaN (checked in Swift before any GSL call).
    public init(of values: [Double]) throws(GSLError) {
        GSL.ensureReady()
        guard !values.isEmpty else { throw GSLError.domain("cannot summarise an empty sample") }
        guard !values.contains(where: \.isNaN) else { throw GSLError.domain("sample contains NaN") }
        let sorted = Self.sortedCopy(values)
        let n = sorted.count
        count = n
        (mean, sd) = sorted.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let mean = gsl_stats_mean(base, 1, n)
            let sd = n < 2 ? 0 : gsl_stats_sd_m(base, 1, n, mean)
            return (mean, sd)
        }
        min = sorted[0]
        max = sorted[n - 1]
        p50 = Self.quantile(0.50, ofSorted: sorted)
        p90 = Self.quantile(0.90, ofSorted: sorted)
        p95 = Self.quantile(0.95, ofSorted: sorted)
        p99 = Self.quantile(0.99, ofSorted: sorted)
    }

    /// The type-7 quantile at fraction `p` of already ascending-sorted data
    /// (`gsl_stats_quantile_from_sorted_data`). Returns NaN for empty data.
    ///
    /// - Precondition: `0 <= p <= 1` (GSL would read out of bounds otherwise).
    ///   Sortedness is only checked in debug builds.
    public static func quantile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        precondition(p >= 0 && p <= 1, "quantile fraction must be in 0...1, got \(p)")
        GSL.ensureReady()
        assert(zip(sorted, sorted.dropFirst()).allSatisfy { $0 <= $1 }, "data must be sorted")
        guard !sorted.isEmpty else { return .nan }
        return sorted.withUnsafeBufferPointer { buffer in
            gsl_stats_quantile_from_sorted_data(buffer.baseAddress!, 1, buffer.count, p)
        }
    }

    /// An ascending copy of `values`, sorted by `gsl_sort`.
    static func sortedCopy(_ values: [Double]) -> [Double] {
        var sorted = values
        sorted.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                gsl_sort(base, 1, buffer.count)
            }
        }
        return sorted
    }
}
