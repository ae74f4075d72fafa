extension RunOutcome {
    /// The timers' records, in the order they were appended, stored by column.
    ///
    /// A run with a million live timers reports a million records. As ``TimerRecord`` values they took 48 bytes
    /// each, on top of the timers still alive in the kernel at the run's peak. By column a record is its interval
    /// and the count of its fires when their latencies are all zero: 2 bytes while the run has at most 256
    /// distinct intervals (a code into the distinct ones) and no count above 255 (each count as wide as the
    /// largest needs: ``PackedCounts``), 12 at most. Labels are stored once per
    /// stretch of equal labels in a row: the records come sorted by label, and the timers of one scheduling site
    /// share theirs, so a label per record (16 bytes) copied one name a million times. The latencies of the
    /// other timers, and skipped slots and wasted fires, are stored only for the timers that have some
    /// (BENCHMARKS.md, memory per timer).
    public struct TimerRecords: RandomAccessCollection, Sendable, Equatable {
        private struct SlotCounts: Sendable, Equatable {
            var skipped: Int
            var wasted: Int
        }

        /// The label of each stretch of records in a row with equal labels, and one past the stretch's last record.
        private var labelRuns: [String] = []
        private var labelRunEnds: [Int32] = []
        /// Each record's interval, as its index in `intervalPalette` while there are at most 256 distinct ones,
        /// then as it is (`plainIntervals`).
        private var intervalCodes: [UInt8] = []
        private var intervalPalette: [SimDuration] = []
        private var intervalCode: [SimDuration: UInt8] = [:]
        private var plainIntervals: [SimDuration]?
        private var recordCount = 0
        /// Per record, its fires when their latencies are all zero and kept as a count (``LatencyHistogram``),
        /// else 0.
        private var zeroLatencyFires = PackedCounts()
        /// The records whose latencies are not only a count of zeros, by ascending index, and their latencies.
        private var countedIndices: [Int32] = []
        private var countedLatencies: [LatencyHistogram] = []
        /// The records with skipped slots or wasted fires, by index.
        private var slotCounts: [Int: SlotCounts] = [:]

        public init() {}

        public init(_ records: some Sequence<TimerRecord>) {
            for record in records { append(record) }
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { recordCount }

        public subscript(i: Int) -> TimerRecord {
            let counts = slotCounts[i]
            return TimerRecord(
                label: label(i), interval: interval(i), skipped: counts?.skipped ?? 0,
                wasted: counts?.wasted ?? 0, latency: latency(i))
        }

        /// The interval of record `i`.
        private func interval(_ i: Int) -> SimDuration {
            if let plain = plainIntervals { return plain[i] }
            return intervalPalette[Int(intervalCodes[i])]
        }

        /// The label of record `i`: its stretch's, the first that ends after it.
        private func label(_ i: Int) -> String {
            precondition(i >= 0 && i < recordCount, "timer record \(i) of \(recordCount)")
            var low = 0, high = labelRunEnds.count
            while low < high {
                let mid = (low + high) / 2
                if labelRunEnds[mid] <= i { low = mid + 1 } else { high = mid }
            }
            return labelRuns[low]
        }

        /// The latencies of record `i`.
        private func latency(_ i: Int) -> LatencyHistogram {
            var low = 0, high = countedIndices.count
            while low < high {
                let mid = (low + high) / 2
                if countedIndices[mid] < i { low = mid + 1 } else { high = mid }
            }
            if low < countedIndices.count && countedIndices[low] == i { return countedLatencies[low] }
            return LatencyHistogram(zeros: zeroLatencyFires[i])
        }

        /// Every timer's latencies in one histogram: what the report's summary and histogram read.
        ///
        /// - Complexity: O(n) for n records, plus a merge per record whose latencies are not all zero.
        public var pooledLatency: LatencyHistogram {
            var pooled = LatencyHistogram()
            var zeros = zeroLatencyFires.sum
            while zeros > 0 {
                let part = Swift.min(zeros, UInt64(UInt32.max))
                pooled.merge(LatencyHistogram(zeros: UInt32(part)))
                zeros -= part
            }
            for latency in countedLatencies { pooled.merge(latency) }
            return pooled
        }

        /// Skipped slots over every record, read from the few that have some (a record built per timer to sum
        /// them would copy every timer's latencies). In 128 bits: one timer firing every nanosecond skips up to
        /// 3.2 × 10^18 slots in the 100 years a run may last, and three such timers overflow 64 bits.
        public var totalSkipped: Int128 { slotCounts.values.reduce(0) { $0 + Int128($1.skipped) } }
        /// Wasted fires over every record, read from the few that have some (128 bits, as ``totalSkipped``).
        public var totalWasted: Int128 { slotCounts.values.reduce(0) { $0 + Int128($1.wasted) } }

        mutating func reserveCapacity(_ n: Int) {
            if plainIntervals == nil { intervalCodes.reserveCapacity(n) } else { plainIntervals!.reserveCapacity(n) }
            zeroLatencyFires.reserveCapacity(n)
        }

        public mutating func append(_ record: TimerRecord) {
            if record.skipped != 0 || record.wasted != 0 {
                slotCounts[recordCount] = SlotCounts(skipped: record.skipped, wasted: record.wasted)
            }
            precondition(recordCount < Int32.max, "more than 2^31 timer records")
            let i = recordCount
            if let zeros = record.latency.zeroCount {
                zeroLatencyFires.append(zeros)
            } else {
                zeroLatencyFires.append(0)
                countedIndices.append(Int32(i))
                countedLatencies.append(record.latency)
            }
            if labelRuns.last == record.label {
                labelRunEnds[labelRunEnds.count - 1] += 1
            } else {
                labelRuns.append(record.label)
                labelRunEnds.append(Int32(i + 1))
            }
            appendInterval(record.interval)
            recordCount += 1
        }

        private mutating func appendInterval(_ interval: SimDuration) {
            if plainIntervals != nil {
                plainIntervals!.append(interval)
            } else if let code = intervalCode[interval] {
                intervalCodes.append(code)
            } else if intervalPalette.count <= Int(UInt8.max) {
                let code = UInt8(intervalPalette.count)
                intervalPalette.append(interval)
                intervalCode[interval] = code
                intervalCodes.append(code)
            } else {
                var plain = intervalCodes.map { intervalPalette[Int($0)] }
                plain.append(interval)
                plainIntervals = plain
                (intervalCodes, intervalPalette, intervalCode) = ([], [], [:])
            }
        }
    }
}

/// Unsigned counts below 2^32, each stored as wide as the largest so far needs: a byte each until one is above 255,
/// two bytes until one is above 65,535, then four (the widening copies them once).
struct PackedCounts: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        case bytes([UInt8])
        case halves([UInt16])
        case words([UInt32])
    }
    private var storage = Storage.bytes([])

    subscript(i: Int) -> UInt32 {
        switch storage {
        case .bytes(let a): UInt32(a[i])
        case .halves(let a): UInt32(a[i])
        case .words(let a): a[i]
        }
    }

    /// The sum of all of them.
    var sum: UInt64 {
        switch storage {
        case .bytes(let a): a.reduce(0) { $0 + UInt64($1) }
        case .halves(let a): a.reduce(0) { $0 + UInt64($1) }
        case .words(let a): a.reduce(0) { $0 + UInt64($1) }
        }
    }

    mutating func reserveCapacity(_ n: Int) {
        switch storage {
        case .bytes(var a): storage = .bytes([]); a.reserveCapacity(n); storage = .bytes(a)
        case .halves(var a): storage = .halves([]); a.reserveCapacity(n); storage = .halves(a)
        case .words(var a): storage = .words([]); a.reserveCapacity(n); storage = .words(a)
        }
    }

    mutating func append(_ count: UInt32) {
        switch storage {
        case .bytes(var a):
            storage = .bytes([])  // `a` is the only reference: appended in place
            if count <= UInt8.max {
                a.append(UInt8(count))
                storage = .bytes(a)
            } else {
                storage =
                    count <= UInt16.max
                    ? .halves(a.map(UInt16.init) + [UInt16(count)])
                    : .words(a.map(UInt32.init) + [count])
            }
        case .halves(var a):
            storage = .bytes([])
            if count <= UInt16.max {
                a.append(UInt16(count))
                storage = .halves(a)
            } else {
                storage = .words(a.map(UInt32.init) + [count])
            }
        case .words(var a):
            storage = .bytes([])
            a.append(count)
            storage = .words(a)
        }
    }
}
