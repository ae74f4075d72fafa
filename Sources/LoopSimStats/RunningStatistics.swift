import CGSL

/// A sample's count, mean and standard deviation, updated one value at a time in constant memory, with GSL's
/// running statistics (`gsl_rstat_add`, `gsl_rstat_mean`, `gsl_rstat_sd`; GSL manual, "Running Statistics"): what
/// ``Summary`` gives for the mean and sd, without keeping the values. Used for figures over any number of
/// replications, where keeping every value would grow with the count (issue 39).
///
/// The mean is the values' sum, kept with Neumaier's compensation (Neumaier 1974, "Rundungsfehleranalyse einiger
/// Verfahren zur Summation endlicher Summen"; the error does not grow with the count), divided by the count: a
/// figure of whole numbers (counts of fires, objects) has the mean that `gsl_stats_mean` of the values gives, not
/// GSL's running mean, which drifts in the last bits (50.14999999999998 for 50.15). The standard deviation is
/// GSL's. Both still depend on the order of the values in the last bits, so callers add them in a fixed order
/// (replication index), never in completion order.
///
/// A reference type (it owns a `gsl_rstat_workspace`); not safe for concurrent mutation: one writer at a time.
public final class RunningStatistics: @unchecked Sendable {
    private let workspace: UnsafeMutablePointer<gsl_rstat_workspace>
    /// A NaN was added: the sample has no mean (as ``Summary`` refuses it), ``confidenceInterval(level:)`` is nil.
    public private(set) var sawNaN = false
    /// The sum of the values and the compensation of its rounding errors (Neumaier).
    private var sum = 0.0, compensation = 0.0

    /// An empty sample.
    public init() {
        GSL.ensureReady()
        guard let workspace = gsl_rstat_alloc() else {
            // gsl_rstat_alloc fails only when malloc of a few hundred bytes fails: the process is out of memory.
            fatalError("gsl_rstat_alloc failed: out of memory")
        }
        self.workspace = workspace
    }

    deinit { gsl_rstat_free(workspace) }

    /// Adds one value (`gsl_rstat_add`); a NaN marks the sample as having no mean.
    public func add(_ x: Double) {
        if x.isNaN {
            sawNaN = true
            return
        }
        _ = gsl_rstat_add(x, workspace)
        let t = sum + x
        compensation += abs(sum) >= abs(x) ? (sum - t) + x : (x - t) + sum
        sum = t
    }

    /// The number of values added (NaN left out).
    public var count: Int { Int(gsl_rstat_n(workspace)) }

    /// The mean: the compensated sum over the count; 0 for an empty sample.
    public var mean: Double { count == 0 ? 0 : (sum + compensation) / Double(count) }

    /// The sample standard deviation, `n - 1` denominator (`gsl_rstat_sd`); 0 when fewer than two values.
    public var sd: Double { count < 2 ? 0 : gsl_rstat_sd(workspace) }

    /// The mean's Student-t confidence interval (``ConfidenceInterval``), or nil for an empty sample or one with
    /// a NaN (as `ConfidenceInterval(values:)`).
    public func confidenceInterval(level: Double = 0.95) -> ConfidenceInterval? {
        guard !sawNaN, count >= 1 else { return nil }
        return ConfidenceInterval(mean: mean, sd: sd, n: count, level: level)
    }
}
