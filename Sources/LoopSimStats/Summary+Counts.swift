import CGSL

extension Summary {
    /// Summarises a sample given as its values, ascending, and how often each occurs — a histogram's buckets —
    /// without expanding it: memory in the number of distinct values, not of the sample's.
    ///
    /// Each quantile is GSL's type-7 interpolation (`gsl_stats_quantile_from_sorted_data`) between the two order
    /// statistics around rank `(n − 1) p`, found by walking the counts: the same value ``init(of:)`` gives for
    /// the expanded sample, bit for bit. The mean is `gsl_stats_wmean` with the counts as weights, and the
    /// standard deviation `gsl_stats_wvariance_with_fixed_mean` scaled by `n / (n − 1)`, the `n − 1` denominator
    /// of ``init(of:)`` for counts (frequency weights; GSL's own weighted scale is for reliability weights).
    /// They are GSL's weighted recurrences, not its plain ones, and may round the last bit differently from
    /// ``init(of:)``.
    ///
    /// ```swift
    /// let s = try Summary(values: [2, 4, 5, 7, 9], counts: [1, 3, 2, 1, 1])  // 9, 4, 2, 5, 4, 7, 4, 5
    /// s.p50  // 4.5
    /// ```
    ///
    /// - Parameters:
    ///   - values: the distinct values, ascending.
    ///   - counts: how often each value occurs, each at least 1.
    /// - Throws: `GSLError` with code `GSL_EDOM` if `values` is empty, the two arrays differ in length, a count
    ///   is below 1, a value is NaN or the values are not ascending (checked in Swift before any GSL call).
    public init(values: [Double], counts: [Int]) throws(GSLError) {
        GSL.ensureReady()
        guard !values.isEmpty else { throw GSLError.domain("cannot summarise an empty sample") }
        guard values.count == counts.count else { throw GSLError.domain("one count per value") }
        guard counts.allSatisfy({ $0 >= 1 }) else { throw GSLError.domain("counts must be at least 1") }
        guard !values.contains(where: \.isNaN) else { throw GSLError.domain("sample contains NaN") }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw GSLError.domain("values must be ascending")
        }
        let n = counts.reduce(0, +)
        let weights = counts.map(Double.init)
        count = n
        (mean, sd) = weights.withUnsafeBufferPointer { w in
            values.withUnsafeBufferPointer { x in
                let mean = gsl_stats_wmean(w.baseAddress!, 1, x.baseAddress!, 1, x.count)
                guard n >= 2 else { return (mean, 0) }
                let variance = gsl_stats_wvariance_with_fixed_mean(w.baseAddress!, 1, x.baseAddress!, 1, x.count, mean)
                return (mean, (variance * (Double(n) / Double(n - 1))).squareRoot())
            }
        }
        min = values[0]
        max = values[values.count - 1]
        p50 = Self.quantile(0.50, ofValues: values, counts: counts, total: n)
        p90 = Self.quantile(0.90, ofValues: values, counts: counts, total: n)
        p95 = Self.quantile(0.95, ofValues: values, counts: counts, total: n)
        p99 = Self.quantile(0.99, ofValues: values, counts: counts, total: n)
    }

    /// The type-7 quantile at fraction `p` of `total` values: `values[i]` occurring `counts[i]` times.
    ///
    /// GSL's `index = p (n − 1)`, `lhs = ⌊index⌋`, `delta = index − lhs`; the order statistics at ranks `lhs` and
    /// `lhs + 1` are looked up by their counts, and GSL interpolates between them as it would in the whole
    /// sorted sample (its quantile of the two at fraction `delta` is `(1 − delta) a + delta b`, the same
    /// expression).
    static func quantile(_ p: Double, ofValues values: [Double], counts: [Int], total n: Int) -> Double {
        let index = p * Double(n - 1)
        let lhs = Int(index)
        let delta = index - Double(lhs)
        let a = orderStatistic(lhs, values: values, counts: counts)
        // GSL's own branch for the last rank: the value itself, no interpolation.
        if lhs >= n - 1 { return a }
        let pair = [a, orderStatistic(lhs + 1, values: values, counts: counts)]
        return pair.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress!, 1, 2, delta) }
    }

    /// The value of rank `rank` (0 = the smallest) of the expanded sample.
    private static func orderStatistic(_ rank: Int, values: [Double], counts: [Int]) -> Double {
        var below = 0
        for (value, count) in zip(values, counts) {
            below += count
            if rank < below { return value }
        }
        return values[values.count - 1]
    }
}
