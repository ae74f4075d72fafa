import LoopSimKernel
import LoopSimStats

extension LatencyHistogram {
    /// The latencies' summary in milliseconds, nil when there are none: GSL's over the buckets' values weighted by
    /// their counts (``Summary/init(values:counts:)``); the smallest and largest are exact.
    ///
    /// In the exact form (at most ``LatencyHistogram/exactLimit`` distinct latencies, every scenario's timers) its
    /// quantiles are those of every latency sorted, as the reports computed them when they kept each one; beyond,
    /// each is within ``LatencyHistogram/relativeErrorBound`` of it.
    var millisecondSummary: Summary? {
        let (values, counts) = millisecondBuckets
        return try? Summary(values: values, counts: counts)
    }

    /// The latencies in `binCount` equal bins of milliseconds from the smallest to the largest bucket value, nil
    /// when there are none (``Histogram/init(values:counts:binCount:)``).
    func millisecondHistogram(binCount: Int) -> Histogram? {
        let (values, counts) = millisecondBuckets
        return try? Histogram(values: values, counts: counts, binCount: binCount)
    }

    /// Each bucket's value in milliseconds, and its count.
    private var millisecondBuckets: (values: [Double], counts: [Int]) {
        let buckets = buckets
        return (buckets.map(\.value.milliseconds), buckets.map(\.count))
    }
}
