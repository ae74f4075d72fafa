/// Timer-fire latencies (callout start minus the slot the fire was due at) kept as counts, in memory that does
/// not grow with the number of fires: what a timer keeps of its fires, and what the reports pool over timers
/// and replications.
///
/// It has two forms, and which one it is in depends only on the latencies recorded (not on their order, nor
/// on how histograms were merged), so that merging equals recording everything into one:
///
/// - **Exact**, while there are at most ``exactLimit`` (1,024) distinct latencies: each distinct value and how
///   often it occurred, ascending. Quantiles, mean and maximum are those of the latencies themselves.
/// - **Log-linear**, beyond that, the buckets of an HdrHistogram-style histogram with ``subBucketBits``
///   k = 10: a latency below 2^(k+1) ns = 2,048 ns is a bucket of its own, and a latency in [2^e, 2^(e+1)) ns
///   (e > k) falls into one of 2^k buckets of 2^(e−k) ns that split that power of two. A bucket stands for its
///   latencies by its midpoint (within the smallest and largest latency recorded), which is at most
///   2^(e−k−1) ≤ v · 2^−(k+1) from each latency v in it, and the smallest and the largest latency, which are
///   kept, stand for themselves: a relative error of at most 2^−11 ≈ 0.049 % for every order statistic, hence
///   for every quantile (an interpolation between two of them) and the mean. Every non-negative `Int64` falls
///   into one of ``maximumBucketCount`` (55,296) buckets, and only the buckets that hold a latency are stored.
///
/// ``count``, ``min`` and ``max`` are exact in both forms, and so are `quantile(0)` and `quantile(1)`.
///
/// A histogram whose latencies are all zero — every fire of a timer storm's timers — stores only their count,
/// in 8 bytes and no allocation (as an empty array did); the others share a box of sorted (value or bucket,
/// count) pairs, copied on write.
///
/// Quantiles are R's type 7, as GSL's `gsl_stats_quantile_from_sorted_data` and so the reports compute them:
/// for the latencies sorted, `x[0..<n]`, and `h = (n − 1) q`, `x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋])`.
///
/// ```swift
/// var h = LatencyHistogram()
/// for ms: Int64 in [0, 0, 4, 16] { h.record(.milliseconds(ms)) }
/// h.count             // 4
/// h.quantile(0.5)     // 2ms
/// h.max               // 16ms
/// ```
///
/// - Complexity: ``record(_:)`` is O(1) for a zero latency kept as a count, O(log b) for a latency in one of
///   the b stored buckets, and O(b) for a new bucket (at most ``maximumBucketCount`` of those in all).
public struct LatencyHistogram: Sendable {
    /// Sub-bucket bits k of the log-linear form: 2^k buckets per power of two above 2^(k+1) ns.
    public static let subBucketBits = 10
    /// The most distinct latencies the exact form keeps; one more turns the histogram log-linear.
    public static let exactLimit = 1_024
    /// How many buckets the log-linear form can have: 2^(k+1) single values, then 2^k buckets for each
    /// power of two from 2^(k+1) to 2^62, (64 − k) · 2^k in all.
    public static let maximumBucketCount = (64 - subBucketBits) << subBucketBits
    /// The largest relative error of a bucket's value against a latency in it: 2^−(k+1).
    public static let relativeErrorBound = 1.0 / Double(1 << (subBucketBits + 1))

    /// Latencies below this are a bucket each, in the log-linear form too: 2^(k+1) ns.
    static let singleValuesBelow: Int64 = 1 << (subBucketBits + 1)

    /// The storage: a count of zero latencies, or the box of counts.
    private enum Storage {
        /// That many latencies, all zero (the count of an empty array's 8 bytes: an enum of a 32-bit count and a
        /// reference is no larger than the reference).
        case zeros(UInt32)
        case counted(Counts)
    }

    private var storage: Storage

    /// No latencies.
    public init() { storage = .zeros(0) }

    /// `count` latencies of zero.
    init(zeros count: UInt32) { storage = .zeros(count) }

    /// How many latencies it holds (a timer's run-loop fires).
    public var count: Int {
        switch storage {
        case .zeros(let n): Int(n)
        case .counted(let box): box.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// Whether it is in the exact form: every latency recorded is one of its buckets' values.
    public var isExact: Bool {
        switch storage {
        case .zeros: true
        case .counted(let box): box.isExact
        }
    }

    /// The count of its latencies when they are all zero and kept as a count, else nil.
    var zeroCount: UInt32? {
        if case .zeros(let n) = storage { n } else { nil }
    }

    /// The smallest latency, exact; nil when empty.
    public var min: SimDuration? {
        switch storage {
        case .zeros(let n): n == 0 ? nil : .zero
        case .counted(let box): SimDuration(nanoseconds: box.min)
        }
    }

    /// The largest latency, exact; nil when empty.
    public var max: SimDuration? {
        switch storage {
        case .zeros(let n): n == 0 ? nil : .zero
        case .counted(let box): SimDuration(nanoseconds: box.max)
        }
    }

    /// The mean latency in nanoseconds (of the buckets' values weighted by their counts: exact in the exact form,
    /// within ``relativeErrorBound`` in the log-linear one); nil when empty.
    public var mean: Double? {
        guard !isEmpty else { return nil }
        var sum = 0.0
        for b in buckets { sum += Double(b.value.nanoseconds) * Double(b.count) }
        return sum / Double(count)
    }

    /// Adds one latency.
    ///
    /// - Precondition: `latency >= .zero` (a timer never fires before its slot).
    @inline(__always)
    public mutating func record(_ latency: SimDuration) {
        if latency.nanoseconds == 0, case .zeros(let n) = storage, n < UInt32.max {
            storage = .zeros(n + 1)
        } else {
            record(latency.nanoseconds, times: 1)
        }
    }

    /// Adds `times` latencies of `value` nanoseconds to the box (made or copied first when needed).
    private mutating func record(_ value: Int64, times: Int) {
        precondition(value >= 0, "a negative latency (\(value) ns): a timer fired before its slot")
        let box = uniqueBox()
        box.add(value, times: times)
        storage = .counted(box)
    }

    /// Adds every latency of `other`, as if each had been recorded here.
    ///
    /// - Complexity: O(b + c) for b and c stored buckets; O(1) when both hold only zeros.
    public mutating func merge(_ other: LatencyHistogram) {
        switch (storage, other.storage) {
        case (_, .zeros(0)):
            return
        case (.zeros(0), _):
            self = other
        case (.zeros(let a), .zeros(let b)) where UInt64(a) + UInt64(b) <= UInt64(UInt32.max):
            storage = .zeros(a + b)
        case (_, .zeros(let b)):
            record(0, times: Int(b))
        case (_, .counted(let theirs)):
            let box = uniqueBox()
            box.merge(theirs)
            storage = .counted(box)
        }
    }

    /// The box, made from the zero count or copied if another histogram shares it, and no longer referenced by
    /// `storage` (so that changing it copies nothing).
    private mutating func uniqueBox() -> Counts {
        switch storage {
        case .zeros(let n):
            return Counts(zeros: Int(n))
        case .counted(var box):
            storage = .zeros(0)
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    // MARK: Buckets and quantiles

    /// A bucket with the latencies that fell into it.
    public struct Bucket: Hashable, Sendable {
        /// The smallest latency the bucket can hold.
        public var lowerBound: SimDuration
        /// The largest latency the bucket can hold (its lower bound in the exact form and below 2,048 ns).
        public var upperBound: SimDuration
        /// What stands for its latencies: the one latency it can hold, the histogram's ``LatencyHistogram/min`` or
        /// ``LatencyHistogram/max``, or its midpoint (within those two).
        public var value: SimDuration
        /// How many latencies fell into it (at least one).
        public var count: Int
    }

    /// The buckets that hold a latency, by ascending value: every distinct latency in the exact form.
    ///
    /// In the log-linear form the smallest and the largest latency, known exactly, are buckets of their own (of
    /// one latency, their bounds the bucket's they fell into), so that the values span exactly what was
    /// recorded; where one of them equals the midpoint of its bucket's other latencies, the two are one bucket.
    public var buckets: [Bucket] {
        switch storage {
        case .zeros(let n):
            return n == 0 ? [] : [Bucket(lowerBound: .zero, upperBound: .zero, value: .zero, count: Int(n))]
        case .counted(let box) where box.isExact:
            return box.entries.map { e in
                Bucket(
                    lowerBound: .nanoseconds(e.key), upperBound: .nanoseconds(e.key), value: .nanoseconds(e.key),
                    count: e.count)
            }
        case .counted(let box):
            var out: [Bucket] = []
            out.reserveCapacity(box.entries.count + 2)
            func append(_ value: Int64, _ count: Int, _ range: ClosedRange<Int64>) {
                guard count > 0 else { return }
                if let last = out.last, last.value.nanoseconds == value {
                    out[out.count - 1].count += count
                } else {
                    out.append(
                        Bucket(
                            lowerBound: .nanoseconds(range.lowerBound),
                            upperBound: .nanoseconds(range.upperBound), value: .nanoseconds(value),
                            count: count))
                }
            }
            for (i, e) in box.entries.enumerated() {
                let range = Self.bucketRange(e.key)
                var rest = e.count
                let hasMin = i == 0, hasMax = i == box.entries.count - 1
                if hasMin { append(box.min, 1, range); rest -= 1 }
                let maxToo = hasMax && rest > 0
                if maxToo { rest -= 1 }
                append(Swift.min(Swift.max(Self.midpoint(range), box.min), box.max), rest, range)
                if maxToo { append(box.max, 1, range) }
            }
            return out
        }
    }

    /// The latency of rank `rank` (0 = the smallest) as its bucket's value; nil out of range.
    public func value(atRank rank: Int) -> SimDuration? {
        guard rank >= 0, rank < count else { return nil }
        var below = 0
        for b in buckets {
            below += b.count
            if rank < below { return b.value }
        }
        return nil
    }

    /// The type-7 quantile at fraction `q` (see the type's documentation), rounded to the nanosecond; nil when
    /// empty.
    ///
    /// - Precondition: `0 <= q <= 1`.
    public func quantile(_ q: Double) -> SimDuration? {
        precondition(q >= 0 && q <= 1, "quantile fraction must be in 0...1, got \(q)")
        guard !isEmpty else { return nil }
        let h = q * Double(count - 1)
        let lower = Int(h)
        let delta = h - Double(lower)
        guard let a = value(atRank: lower) else { return nil }
        guard delta > 0, let b = value(atRank: lower + 1) else { return a }
        let step = (delta * Double(b.nanoseconds - a.nanoseconds)).rounded()
        return SimDuration(nanoseconds: a.nanoseconds + Int64(step))
    }

    /// The bucket of a latency of `value` ns in the log-linear form: the value itself below 2^(k+1); above,
    /// `shift · 2^k + (value >> shift)` with `shift = e − k` for `value` in [2^e, 2^(e+1)), where
    /// `value >> shift` is in [2^k, 2^(k+1)), so that the buckets of consecutive powers of two follow each other.
    static func bucketIndex(_ value: Int64) -> Int64 {
        if value < singleValuesBelow { return value }
        let shift = Int64(63 - value.leadingZeroBitCount - subBucketBits)
        return shift << subBucketBits + value >> shift
    }

    /// The latencies bucket `index` holds (the inverse of ``bucketIndex(_:)``).
    static func bucketRange(_ index: Int64) -> ClosedRange<Int64> {
        if index < singleValuesBelow { return index...index }
        let shift = index >> subBucketBits - 1
        let lower = (index - shift << subBucketBits) << shift
        return lower...(lower + (1 << shift - 1))
    }

    /// The middle of `range`, rounded down (for a range of 2^s values, s ≥ 1: at most 2^(s−1) from each).
    static func midpoint(_ range: ClosedRange<Int64>) -> Int64 {
        range.lowerBound + (range.upperBound - range.lowerBound + 1) / 2
    }
}

extension LatencyHistogram: Hashable {
    public static func == (lhs: LatencyHistogram, rhs: LatencyHistogram) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.zeros(let a), .zeros(let b)): a == b
        case (.counted(let a), .counted(let b)): a === b || a == b
        default: false  // a count of zeros and a box never hold the same latencies (see Counts.init(zeros:))
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .zeros(let n): hasher.combine(n)
        case .counted(let box): box.hash(into: &hasher)
        }
    }
}

extension LatencyHistogram {
    /// One stored bucket: a latency (exact form) or a bucket index (log-linear form), and its count.
    struct Entry: Hashable {
        var key: Int64
        var count: Int
    }

    /// The counts of a histogram that is not only zeros, shared by copies of it until one changes.
    ///
    /// `@unchecked Sendable`: a box is changed only through a histogram that holds the one reference to it
    /// (``LatencyHistogram/uniqueBox()`` copies it otherwise), so a box another thread can see is never changed.
    final class Counts: Hashable, @unchecked Sendable {
        private(set) var count: Int
        private(set) var min: Int64
        private(set) var max: Int64
        private(set) var isExact = true
        /// Ascending by key.
        private(set) var entries: [Entry]

        /// `count` zero latencies. A histogram keeps zeros in a box only once it holds another latency too, or
        /// when there are more than 2^32 − 1 of them, so a box never equals a count of zeros.
        init(zeros count: Int) {
            self.count = count
            (min, max) = count == 0 ? (.max, .min) : (0, 0)
            entries = count == 0 ? [] : [Entry(key: 0, count: count)]
        }

        private init(copying other: Counts) {
            (count, min, max, isExact, entries) = (other.count, other.min, other.max, other.isExact, other.entries)
        }

        func copy() -> Counts { Counts(copying: self) }

        /// Adds `times` latencies of `value` nanoseconds.
        func add(_ value: Int64, times: Int) {
            count += times
            min = Swift.min(min, value)
            max = Swift.max(max, value)
            let key = isExact ? value : LatencyHistogram.bucketIndex(value)
            let i = position(of: key)
            if i < entries.count && entries[i].key == key {
                entries[i].count += times
            } else {
                entries.insert(Entry(key: key, count: times), at: i)
                if isExact && entries.count > LatencyHistogram.exactLimit { becomeLogLinear() }
            }
        }

        /// Adds every latency of `other`.
        func merge(_ other: Counts) {
            count += other.count
            min = Swift.min(min, other.min)
            max = Swift.max(max, other.max)
            var theirs = other.entries
            if isExact && !other.isExact {
                becomeLogLinear()
            } else if !isExact && other.isExact {
                theirs = Self.logLinear(theirs)
            }
            entries = Self.merged(entries, theirs)
            if isExact && entries.count > LatencyHistogram.exactLimit { becomeLogLinear() }
        }

        /// Where `key` is or would go in `entries` (binary search).
        private func position(of key: Int64) -> Int {
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].key < key { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// Turns exact values into the log-linear form's buckets.
        private func becomeLogLinear() {
            entries = Self.logLinear(entries)
            isExact = false
        }

        /// The buckets of exact `entries` (ascending: the bucket index never decreases with the value).
        private static func logLinear(_ entries: [Entry]) -> [Entry] {
            var buckets: [Entry] = []
            buckets.reserveCapacity(entries.count)
            for e in entries {
                let key = LatencyHistogram.bucketIndex(e.key)
                if buckets.last?.key == key {
                    buckets[buckets.count - 1].count += e.count
                } else {
                    buckets.append(Entry(key: key, count: e.count))
                }
            }
            return buckets
        }

        /// The entries of `a` and `b`, both ascending and of one form, with the counts of equal keys summed.
        private static func merged(_ a: [Entry], _ b: [Entry]) -> [Entry] {
            var out: [Entry] = []
            out.reserveCapacity(a.count + b.count)
            var i = 0, j = 0
            while i < a.count && j < b.count {
                if a[i].key < b[j].key {
                    out.append(a[i])
                    i += 1
                } else if b[j].key < a[i].key {
                    out.append(b[j])
                    j += 1
                } else {
                    out.append(Entry(key: a[i].key, count: a[i].count + b[j].count))
                    i += 1
                    j += 1
                }
            }
            out += a[i...]
            out += b[j...]
            return out
        }

        static func == (lhs: Counts, rhs: Counts) -> Bool {
            lhs.count == rhs.count && lhs.min == rhs.min && lhs.max == rhs.max && lhs.isExact == rhs.isExact
                && lhs.entries == rhs.entries
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            hasher.combine(isExact)
            hasher.combine(entries)
        }
    }
}
