extension LeakAnalysis {
    /// A root as reports name it: what holds `object` (`label`, of kind `holder`) and through what (`edge`).
    struct Root {
        var label: String
        var holder: String
        var edge: String
        var object: ObjectID
    }

    /// The roots in order, stored compactly: a mode holding a million timers is a million roots, which as
    /// ``Root``s (three strings each) took 56 bytes apiece, and as an object and a group's index 12. Roots appended
    /// together share one ``Group`` of strings, which knows where its roots end, and a root is its object's heap
    /// slot: 4 bytes, part of the run's end-of-run peak (BENCHMARKS.md, memory per timer); or, where the order does
    /// not matter (``ReachedObjects``), a mode's timers are a group that reads the mode's list: no bytes a root. A
    /// root's object is alive, so its slot and the heap give back its id.
    struct Roots: RandomAccessCollection {
        private struct Group {
            var label: String
            var holder: String
            var edge: String
            /// One past the index of its last root.
            var end: Int
            /// Where its roots' slots begin in `slots`, unless it is a mode's timers read from the mode's list.
            var slotsStart: Int
            /// A mode's timers in their list's own order (``append(timers:label:holder:edge:)``).
            var timers: TimerList?
        }
        private let heap: ObjectHeap
        private var groups: [Group] = []
        private var slots: [UInt32] = []
        /// Whether a group reads a mode's list (roots in no particular order: the search for what the roots reach).
        private var readsTimerLists = false

        /// Roots of objects alive in `heap`.
        init(heap: ObjectHeap) { self.heap = heap }

        var startIndex: Int { 0 }
        var endIndex: Int { groups.last?.end ?? 0 }

        /// The group of root `i`.
        private func group(of i: Int) -> Int {
            precondition(i >= 0 && i < endIndex, "root \(i) of \(endIndex)")
            var low = 0, high = groups.count
            while low < high {
                let mid = (low + high) / 2
                if groups[mid].end <= i { low = mid + 1 } else { high = mid }
            }
            return low
        }

        subscript(i: Int) -> Root {
            let g = group(of: i)
            let group = groups[g]
            return Root(label: group.label, holder: group.holder, edge: group.edge,
                        object: heap.object(atIndex: Int(slot(i, in: g)))!.id)
        }

        /// Root `i`'s object's heap slot, without building its ``Root``.
        func slot(_ i: Int) -> UInt32 { readsTimerLists ? slot(i, in: group(of: i)) : slots[i] }

        private func slot(_ i: Int, in g: Int) -> UInt32 {
            let start = g == 0 ? 0 : groups[g - 1].end
            if let timers = groups[g].timers { return timers.slot(atPosition: i - start) }
            return slots[groups[g].slotsStart + i - start]
        }

        /// Calls `body` with every root's object's heap slot, in order.
        func forEachSlot(_ body: (UInt32) -> Void) {
            var start = 0
            for group in groups {
                if let timers = group.timers {
                    timers.forEachSlot(body)
                } else {
                    for k in group.slotsStart..<(group.slotsStart + group.end - start) { body(slots[k]) }
                }
                start = group.end
            }
        }

        /// Appends the objects `isIncluded` accepts as roots with the same label, holder and edge, in order.
        mutating func append(_ objects: some Sequence<ObjectID>, label: String, holder: String, edge: String,
                             where isIncluded: (ObjectID) -> Bool) {
            let start = slots.count
            // Room for the whole sequence at once where its size is known (a mode's timers), growing
            // geometrically still when many small groups come one after another.
            let needed = start + objects.underestimatedCount
            if needed > slots.capacity { slots.reserveCapacity(Swift.max(needed, 2 * slots.capacity)) }
            for id in objects where isIncluded(id) { slots.append(id.index) }
            if slots.count > start {
                groups.append(Group(label: label, holder: holder, edge: edge, end: endIndex + slots.count - start,
                                    slotsStart: start))
            }
        }

        /// Appends a mode's timers as roots in the list's own order, not sorted: read from the list (which the
        /// group keeps) instead of copied, 4 bytes a timer less at the end of a run's peak, with ``ordered()``'s
        /// sorted positions (BENCHMARKS.md, memory per timer). A timer in a mode's list is alive.
        mutating func append(timers: TimerList, label: String, holder: String, edge: String) {
            guard !timers.isEmpty else { return }
            groups.append(Group(label: label, holder: holder, edge: edge, end: endIndex + timers.count,
                                slotsStart: slots.count, timers: timers))
            readsTimerLists = true
        }
    }
}
