import Testing
@testable import LoopSimKernel

/// `RunOutcome.TimerRecords` stores the records by column: what it hands back must be what was appended.
@Suite struct TimerRecordsTests {
    static func ns(_ values: [Int64]) -> [SimDuration] { values.map { SimDuration(nanoseconds: $0) } }

    @Test func givesBackEveryRecordAsAppended() {
        let records: [RunOutcome.TimerRecord] = [
            .init(label: "NSTimer#1", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0,
                  latencies: Self.ns([5, 7])),
            .init(label: "countdown", interval: .zero, skipped: 0, wasted: 0, latencies: []),
            .init(label: "NSTimer#3", interval: SimDuration(nanoseconds: 1_000), skipped: 4, wasted: 0,
                  latencies: Self.ns([9])),
            .init(label: "proxy timer", interval: SimDuration(nanoseconds: 50), skipped: 0, wasted: 2,
                  latencies: Self.ns([1, 2, 3])),
            .init(label: "NSTimer#5", interval: SimDuration(nanoseconds: 100), skipped: 0, wasted: 0, latencies: []),
        ]
        let stored = RunOutcome.TimerRecords(records)
        #expect(stored.count == records.count)
        #expect(Array(stored) == records)
        #expect(stored.map(\.fires) == [2, 0, 1, 3, 0])
        #expect(stored.allLatencies == Self.ns([5, 7, 9, 1, 2, 3]))
        #expect(stored.totalSkipped == 4 && stored.totalWasted == 2)
        #expect(stored == RunOutcome.TimerRecords(records))
        #expect(stored != RunOutcome.TimerRecords(records.reversed()))
    }

    @Test func anEmptyRunHasNoRecordsAndNoLatencies() {
        let stored = RunOutcome.TimerRecords()
        #expect(stored.isEmpty && stored.allLatencies.isEmpty && Array(stored).isEmpty)
        #expect(stored.totalSkipped == 0 && stored.totalWasted == 0)
    }
}
