import CGSL

/// A two-sided Student-t confidence interval for a population mean:
/// `mean ± t(1 - (1 - level)/2, n - 1) · sd / √n`, with the t quantile from
/// GSL (`gsl_cdf_tdist_Pinv`) and `sd` the sample standard deviation.
///
/// With fewer than two observations the spread is unknown; the interval then
/// collapses to the mean (`low == high == mean`, `halfWidth == 0`) rather
/// than being infinite. Check `n` before treating such an interval as tight.
public struct ConfidenceInterval: Hashable, Sendable {
    /// Sample mean (centre of the interval).
    public var mean: Double
    /// Lower bound, `mean - halfWidth`.
    public var low: Double
    /// Upper bound, `mean + halfWidth`.
    public var high: Double
    /// Half the interval width (0 when `n < 2`).
    public var halfWidth: Double
    /// Number of observations.
    public var n: Int
    /// Confidence level in `(0, 1)`, e.g. 0.95.
    public var level: Double

    /// Builds the interval from raw observations.
    ///
    /// Returns `nil` if `values` is empty or contains NaN, or `level` is not
    /// strictly between 0 and 1.
    public init?(values: [Double], level: Double = 0.95) {
        guard let summary = try? Summary(of: values) else { return nil }
        self.init(summary: summary, level: level)
    }

    /// Builds the interval from a `Summary` (its `mean`, `sd` and `count`).
    ///
    /// Returns `nil` if `level` is not strictly between 0 and 1.
    public init?(summary: Summary, level: Double = 0.95) {
        self.init(mean: summary.mean, sd: summary.sd, n: summary.count, level: level)
    }

    /// Builds the interval from a sample mean, sample standard deviation and
    /// sample size.
    ///
    /// Returns `nil` if `n < 1`, `sd` is negative or NaN, or `level` is not
    /// strictly between 0 and 1.
    public init?(mean: Double, sd: Double, n: Int, level: Double = 0.95) {
        guard n >= 1, sd >= 0, level > 0, level < 1 else { return nil }
        GSL.ensureReady()
        let halfWidth: Double
        if n < 2 {
            halfWidth = 0
        } else {
            let t = Self.tQuantile(1 - (1 - level) / 2, degreesOfFreedom: Double(n - 1))
            halfWidth = t * sd / Double(n).squareRoot()
        }
        self.mean = mean
        self.halfWidth = halfWidth
        self.low = mean - halfWidth
        self.high = mean + halfWidth
        self.n = n
        self.level = level
    }

    /// The `p` quantile of Student's t distribution with `nu` degrees of
    /// freedom (`gsl_cdf_tdist_Pinv`).
    ///
    /// - Precondition: `0 < p < 1` and `nu > 0`.
    public static func tQuantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1 && nu > 0, "tQuantile needs 0 < p < 1 and nu > 0")
        GSL.ensureReady()
        return gsl_cdf_tdist_Pinv(p, nu)
    }

    /// Whether `value` lies in the closed interval `[low, high]`.
    public func contains(_ value: Double) -> Bool {
        low <= value && value <= high
    }
}
