import Testing

@testable import LoopSimKernel

/// `RunOutcome.TimerRecords` stores the records by column: what it hands back must be what was appended.
@Suite struct TimerRecordsTests {
    static func latency(_ values: [Int64]) -> LatencyHistogram {
        var h = LatencyHistogram()
        for v in values { h.record(SimDuration(nanoseconds: v)) }
        return h
    }

    @Test func givesBackEveryRecordAsAppended() {
        let records: [RunOutcome.TimerRecord] = [
            .init(
                label: "NSTimer#1", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0,
                latency: Self.latency([5, 7])),
            .init(label: "countdown", interval: .zero, skipped: 0, wasted: 0, latency: LatencyHistogram()),
            .init(
                label: "NSTimer#3", interval: SimDuration(nanoseconds: 1_000), skipped: 4, wasted: 0,
                latency: Self.latency([9])),
            .init(
                label: "proxy timer", interval: SimDuration(nanoseconds: 50), skipped: 0, wasted: 2,
                latency: Self.latency([1, 2, 3])),
            .init(
                label: "NSTimer#5", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0,
                latency: LatencyHistogram()),
        ]
        let stored = RunOutcome.TimerRecords(records)
        #expect(stored.count == records.count)
        #expect(Array(stored) == records)
        #expect(stored.map(\.fires) == [2, 0, 1, 3, 0])
        #expect(stored.pooledLatency == Self.latency([5, 7, 9, 1, 2, 3]))
        #expect(stored.totalSkipped == 4 && stored.totalWasted == 2)
        #expect(stored == RunOutcome.TimerRecords(records))
        #expect(stored != RunOutcome.TimerRecords(records.reversed()))
    }

    /// Labels are kept once per stretch of equal labels in a row: each record still gives back its own, whether
    /// its label repeats the one before it or comes back after others.
    @Test func givesBackEachLabelOfRepeatedStretches() {
        let labels = ["NSTimer timer", "NSTimer timer", "NSTimer timer", "countdown", "NSTimer timer", "a", "a"]
        let records = labels.enumerated().map { i, label in
            RunOutcome.TimerRecord(
                label: label, interval: SimDuration(nanoseconds: Int64(i)), skipped: 0, wasted: 0,
                latency: LatencyHistogram())
        }
        let stored = RunOutcome.TimerRecords(records)
        #expect(stored.map(\.label) == labels)
        #expect(stored.map(\.interval.nanoseconds) == Array(0..<7).map(Int64.init))
        #expect(stored != RunOutcome.TimerRecords(records.dropLast()))
    }

    /// Intervals are codes while there are at most 256 distinct ones and zero-latency counts as wide as the largest
    /// needs: past either limit every record still gives back its own.
    @Test func givesBackIntervalsAndCountsPastTheirNarrowForms() {
        let records = (0..<600).map { i in
            RunOutcome.TimerRecord(
                label: "NSTimer timer", interval: SimDuration(nanoseconds: Int64(i % 300) * 1_000),
                skipped: 0, wasted: 0,
                latency: LatencyHistogram(zeros: [3, 255, 256, 70_000, 0][i % 5] * UInt32(i < 400 ? 1 : 2)))
        }
        var stored = RunOutcome.TimerRecords()
        for (i, record) in records.enumerated() {
            stored.append(record)
            if i % 97 == 0 || i == 255 || i == 256 || i == 300 { #expect(Array(stored) == Array(records[...i])) }
        }
        #expect(Array(stored) == records && stored == RunOutcome.TimerRecords(records))
        #expect(stored.pooledLatency.count == records.reduce(0) { $0 + $1.fires })
        var counts = PackedCounts()
        let values: [UInt32] = [0, 255, 256, 65_535, 65_536, .max, 7]
        for (i, v) in values.enumerated() {
            counts.append(v)
            #expect((0...i).map { counts[$0] } == Array(values[...i]))
        }
        #expect(counts.sum == values.reduce(UInt64(0)) { $0 + UInt64($1) })
    }

    @Test func anEmptyRunHasNoRecordsAndNoLatencies() {
        let stored = RunOutcome.TimerRecords()
        #expect(stored.isEmpty && stored.pooledLatency.isEmpty && Array(stored).isEmpty)
        #expect(stored.totalSkipped == 0 && stored.totalWasted == 0)
    }

    /// A timer whose fires were all on time is a count in the zero-latency column; the others keep their
    /// histograms, and the pooled one adds both.
    @Test func keepsZeroLatencyFiresAsACount() {
        var late = Self.latency([0, 0, 4_000])
        late.merge(LatencyHistogram(zeros: 2))
        let records: [RunOutcome.TimerRecord] = [
            .init(
                label: "on time", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0,
                latency: LatencyHistogram(zeros: 40)),
            .init(label: "late", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0, latency: late),
            .init(label: "never", interval: .zero, skipped: 0, wasted: 0, latency: LatencyHistogram()),
        ]
        let stored = RunOutcome.TimerRecords(records)
        #expect(Array(stored) == records)
        #expect(stored[0].latency.zeroCount == 40 && stored[1].latency.zeroCount == nil)
        #expect(stored.pooledLatency.count == 45)
        #expect(stored.pooledLatency.buckets.map(\.count) == [44, 1])
    }
}
