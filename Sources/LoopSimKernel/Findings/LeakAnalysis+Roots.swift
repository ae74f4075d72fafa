extension LeakAnalysis {
    /// A root as reports name it: what holds `object` (`label`, of kind `holder`) and through what (`edge`).
    struct Root {
        var label: String
        var holder: String
        var edge: String
        var object: ObjectID
        var category: RootCategory
    }

    /// What a root says about the objects it reaches (docs/scenario-format.md §10.1). The leak analysis searches
    /// from the roots of each category in this order, so that an object is classed by the first that reaches it.
    enum RootCategory: UInt8, Comparable {
        /// The app's own references (its `main:` names, declared singletons): what they reach is alive.
        case app
        /// An object whose deallocation is under way (a run stopped inside a dealloc): what it still holds is
        /// released when the dealloc ends, never a finding.
        case deallocating
        /// What keeps an object for as long as the system runs: a thread, a run loop's modes (repeating timers,
        /// sources, observers), the notification center, corelibs' timer contexts.
        case persistent
        /// Work that lets go when it runs: a pending block (run loop, queue, `dispatch_after`, operation), a
        /// one-shot timer not yet fired. Not work that never runs (a loop nobody runs, work whose only executor is
        /// stuck: ``LeakAnalysis/StuckWork``), which is persistent.
        case pending

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The roots in order, stored compactly: a mode holding a million timers is a million roots, which as
    /// ``Root``s (three strings each) took 56 bytes apiece, and as an object and a group's index 12. Roots appended
    /// together share one ``Group`` of strings and a category, which knows where its roots end, and a root is its
    /// object's heap slot: 4 bytes, part of the run's end-of-run peak (BENCHMARKS.md, memory per timer); or, where
    /// the order does not matter (``ReachedObjects``), a mode's timers are a group that reads the mode's list: no
    /// bytes a root. A root's object is alive, so its slot and the heap give back its id.
    struct Roots: RandomAccessCollection {
        private struct Group {
            var label: String
            var holder: String
            var edge: String
            var category: RootCategory
            /// One past the index of its last root.
            var end: Int
            /// Where its roots' slots begin in `slots`, unless it is a mode's timers read from the mode's list.
            var slotsStart: Int
            /// A mode's timers in their list's own order (``append(timers:label:holder:edge:category:)``).
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
            return Root(
                label: group.label, holder: group.holder, edge: group.edge,
                object: heap.object(atIndex: Int(slot(i, in: g)))!.id, category: group.category)
        }

        /// Root `i`'s object's heap slot, without building its ``Root``.
        func slot(_ i: Int) -> UInt32 { readsTimerLists ? slot(i, in: group(of: i)) : slots[i] }

        private func slot(_ i: Int, in g: Int) -> UInt32 {
            let start = g == 0 ? 0 : groups[g - 1].end
            if let timers = groups[g].timers { return timers.slot(atPosition: i - start) }
            return slots[groups[g].slotsStart + i - start]
        }

        /// Calls `body` with the index of each root of `category`, in order.
        func forEachIndex(of category: RootCategory, _ body: (Int) -> Void) {
            var start = 0
            for group in groups {
                if group.category == category { (start..<group.end).forEach(body) }
                start = group.end
            }
        }

        /// Calls `body` with the heap slot of every root of a category `isIncluded` accepts, in order.
        func forEachSlot(where isIncluded: (RootCategory) -> Bool, _ body: (UInt32) -> Void) {
            var start = 0
            for group in groups {
                if isIncluded(group.category) {
                    if let timers = group.timers {
                        timers.forEachSlot(body)
                    } else {
                        for k in group.slotsStart..<(group.slotsStart + group.end - start) { body(slots[k]) }
                    }
                }
                start = group.end
            }
        }

        /// Appends the objects `isIncluded` accepts as roots with the same label, holder, edge and category, in
        /// order.
        mutating func append(
            _ objects: some Sequence<ObjectID>, label: String, holder: String, edge: String,
            category: RootCategory, where isIncluded: (ObjectID) -> Bool
        ) {
            let start = slots.count
            // Room for the whole sequence at once where its size is known (a mode's timers), growing
            // geometrically still when many small groups come one after another.
            let needed = start + objects.underestimatedCount
            if needed > slots.capacity { slots.reserveCapacity(Swift.max(needed, 2 * slots.capacity)) }
            for id in objects where isIncluded(id) { slots.append(id.index) }
            if slots.count > start {
                groups.append(
                    Group(
                        label: label, holder: holder, edge: edge, category: category,
                        end: endIndex + slots.count - start, slotsStart: start))
            }
        }

        /// Appends a mode's timers as roots in the list's own order, not sorted: read from the list (which the
        /// group keeps) instead of copied, 4 bytes a timer less at the end of a run's peak, with ``ordered()``'s
        /// sorted positions (BENCHMARKS.md, memory per timer). A timer in a mode's list is alive.
        mutating func append(timers: TimerList, label: String, holder: String, edge: String, category: RootCategory) {
            guard !timers.isEmpty else { return }
            groups.append(
                Group(
                    label: label, holder: holder, edge: edge, category: category,
                    end: endIndex + timers.count, slotsStart: slots.count, timers: timers))
            readsTimerLists = true
        }
    }
}
