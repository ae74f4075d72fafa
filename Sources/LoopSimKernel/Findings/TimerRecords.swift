extension RunOutcome {
    /// The timers' records, in the order they were appended, stored by column.
    ///
    /// A run with a million live timers reports a million records. As ``TimerRecord`` values they took 48 bytes
    /// each, on top of the timers still alive in the kernel at the run's peak. By column a record is its label (16),
    /// interval (8) and where its latencies end in one shared array (4): 28 bytes. Skipped slots and wasted fires
    /// are stored only for the timers that have some (BENCHMARKS.md, memory per timer).
    public struct TimerRecords: RandomAccessCollection, Sendable, Equatable {
        private struct SlotCounts: Sendable, Equatable {
            var skipped: Int
            var wasted: Int
        }

        private var labels: [String] = []
        private var intervals: [SimDuration] = []
        /// Where each timer's latencies end in `latencies`; they start where the previous timer's end.
        private var latencyEnds: [UInt32] = []
        private var latencies: [SimDuration] = []
        /// The records with skipped slots or wasted fires, by index.
        private var slotCounts: [Int: SlotCounts] = [:]

        public init() {}

        public init(_ records: some Sequence<TimerRecord>) {
            for record in records { append(record) }
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { labels.count }

        public subscript(i: Int) -> TimerRecord {
            let counts = slotCounts[i]
            return TimerRecord(label: labels[i], interval: intervals[i], skipped: counts?.skipped ?? 0,
                               wasted: counts?.wasted ?? 0, latencies: Array(latencies[latencyRange(i)]))
        }

        /// Every latency, timer by timer in order: what the report's summary and histogram read.
        public var allLatencies: [SimDuration] { latencies }

        /// Skipped slots over every record, read from the few that have some (a record built per timer to sum
        /// them would copy every timer's latencies).
        public var totalSkipped: Int { slotCounts.values.reduce(0) { $0 + $1.skipped } }
        /// Wasted fires over every record, read from the few that have some.
        public var totalWasted: Int { slotCounts.values.reduce(0) { $0 + $1.wasted } }

        private func latencyRange(_ i: Int) -> Range<Int> {
            (i == 0 ? 0 : Int(latencyEnds[i - 1]))..<Int(latencyEnds[i])
        }

        mutating func reserveCapacity(_ n: Int) {
            labels.reserveCapacity(n)
            intervals.reserveCapacity(n)
            latencyEnds.reserveCapacity(n)
        }

        public mutating func append(_ record: TimerRecord) {
            if record.skipped != 0 || record.wasted != 0 {
                slotCounts[labels.count] = SlotCounts(skipped: record.skipped, wasted: record.wasted)
            }
            labels.append(record.label)
            intervals.append(record.interval)
            latencies.append(contentsOf: record.latencies)
            precondition(latencies.count <= UInt32.max, "more than 2^32 timer fires in one run")
            latencyEnds.append(UInt32(latencies.count))
        }
    }
}
