import Testing

@testable import LoopSimKernel

/// `TimerList` against the order it stands for: CF's sorted timer array, where a timer is inserted after every
/// timer with an equal or earlier deadline (`__CFRunLoopInsertionIndexInTimerArray`).
@Suite struct TimerListTests {
    /// The reference: an array kept sorted by deadline, insertion after equals.
    struct SortedArray {
        var entries: [(id: TimerList.Slot, fire: Int64)] = []

        mutating func insert(_ id: TimerList.Slot, _ fire: Int64) {
            let i = entries.firstIndex { $0.fire > fire } ?? entries.count
            entries.insert((id, fire), at: i)
        }
        mutating func remove(_ id: TimerList.Slot) { entries.removeAll { $0.id == id } }
        var ids: [TimerList.Slot] { entries.map(\.id) }
    }

    /// Timer `k`'s heap slot (spread out, so that the list's table of places grows unevenly).
    static func id(_ k: Int) -> TimerList.Slot { TimerList.Slot(k * 3 + k % 2) }

    /// Deadlines on a coarse grid, so that many timers share one and the FIFO rule among equals matters.
    static func fire(_ step: Int) -> Int64 { Int64((step &* 7919) % 13) * 1_000 }

    /// With 32-bit insertion sequences, and with a limit of 50 that renumbers them every few dozen inserts and
    /// moves (at most 40 timers are in the list at once).
    @Test(arguments: [UInt32.max, 50])
    func followsTheSortedArrayThroughInsertsRemovesAndRepositions(sequenceLimit: UInt32) {
        var list = TimerList(sequenceLimit: sequenceLimit)
        var model = SortedArray()
        var present: [Int] = []
        for step in 0..<2_000 {
            let k = (step &* 31) % 40
            let id = Self.id(k)
            let fire = Self.fire(step)
            switch step % 5 {
            case 0, 1:
                if present.contains(k) {
                    list.reposition(id, fire: SimInstant(nanoseconds: fire), tolerant: false)
                    model.remove(id)
                } else {
                    list.insert(id, fire: SimInstant(nanoseconds: fire), tolerant: false)
                    present.append(k)
                }
                model.insert(id, fire)
            case 2:
                list.remove(id, tolerant: false)
                model.remove(id)
                present.removeAll { $0 == k }
            default:
                // Reposition the earliest (a fired timer moving to its next slot).
                if let first = model.entries.first {
                    list.reposition(first.id, fire: SimInstant(nanoseconds: first.fire + fire), tolerant: false)
                    model.remove(first.id)
                    model.insert(first.id, first.fire + fire)
                }
            }
            #expect(Array(list.ordered()) == model.ids, "step \(step)")
            #expect(list.count == model.entries.count)
            let earliest = list.earliest
            #expect(earliest?.slot == model.ids.first)
            #expect(earliest?.fire.nanoseconds == model.entries.first?.fire)
            let now = SimInstant(nanoseconds: Self.fire(step &* 3))
            var due: [TimerList.Slot] = []
            list.forEachDue(at: now) { due.append($0) }
            #expect(due == model.entries.filter { $0.fire <= now.nanoseconds }.map(\.id), "step \(step)")
            for skipped in [1, 2, 5] {
                let skip = Set(model.ids.prefix(skipped))
                let expected = model.entries.first { !skip.contains($0.id) }
                let found = list.first(skipping: { skip.contains($0) })
                #expect(found?.slot == expected?.id && found?.fire.nanoseconds == expected?.fire, "step \(step)")
            }
        }
    }

    @Test func removingAnAbsentTimerChangesNothing() {
        var list = TimerList()
        list.insert(Self.id(1), fire: SimInstant(nanoseconds: 5), tolerant: false)
        list.remove(Self.id(2), tolerant: false)
        list.remove(Self.id(40), tolerant: false)  // past the table of places
        #expect(Array(list.ordered()) == [Self.id(1)])
        let absentFound = list.contains(Self.id(2)), presentFound = list.contains(Self.id(1))
        #expect(!absentFound && presentFound)
    }

    /// Renumbering keeps the order among equal deadlines: a list whose sequences run out on every third move
    /// still puts each moved timer behind its equals.
    @Test func renumberedSequencesKeepInsertionOrderAmongEquals() {
        var list = TimerList(sequenceLimit: 8)
        for k in 0..<6 { list.insert(Self.id(k), fire: SimInstant(nanoseconds: 7), tolerant: false) }
        var expected = (0..<6).map(Self.id)
        for round in 0..<20 {
            let moved = expected.removeFirst()
            list.reposition(moved, fire: SimInstant(nanoseconds: 7), tolerant: false)
            expected.append(moved)
            #expect(Array(list.ordered()) == expected, "round \(round)")
        }
    }

    @Test func refreshedDeadlinesKeepInsertionOrderAmongEquals() {
        var list = TimerList()
        for k in 0..<6 { list.insert(Self.id(k), fire: SimInstant(nanoseconds: Int64(10 - k)), tolerant: k == 2) }
        #expect(list.tolerant == 1)
        list.refreshDeadlines { _ in SimInstant(nanoseconds: 7) }  // all equal: insertion order decides
        #expect(Array(list.ordered()) == (0..<6).map(Self.id))
        list.reposition(Self.id(0), fire: SimInstant(nanoseconds: 7), tolerant: false)
        #expect(Array(list.ordered()) == (1..<6).map(Self.id) + [Self.id(0)])  // moved behind its equals
    }
}
