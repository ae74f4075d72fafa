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
        /// one-shot timer not yet fired.
        case pending

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The roots in order, stored compactly: a mode holding a million timers is a million roots, which as
    /// ``Root``s (three strings each) took 56 bytes apiece, and as an object and a group's index 12. Roots appended
    /// together share one ``Group`` of strings, which knows where its roots end, and a root is its object's heap
    /// slot: 4 bytes, part of the run's end-of-run peak (BENCHMARKS.md, memory per timer). A root's object is
    /// alive, so its slot and the heap give back its id.
    struct Roots: RandomAccessCollection {
        private struct Group {
            var label: String
            var holder: String
            var edge: String
            var category: RootCategory
            /// One past the index of its last root.
            var end: Int
        }
        private let heap: ObjectHeap
        private var groups: [Group] = []
        private var slots: [UInt32] = []

        /// Roots of objects alive in `heap`.
        init(heap: ObjectHeap) { self.heap = heap }

        var startIndex: Int { 0 }
        var endIndex: Int { slots.count }

        subscript(i: Int) -> Root {
            precondition(i >= 0 && i < slots.count, "root \(i) of \(slots.count)")
            var low = 0, high = groups.count
            while low < high {
                let mid = (low + high) / 2
                if groups[mid].end <= i { low = mid + 1 } else { high = mid }
            }
            let group = groups[low]
            return Root(label: group.label, holder: group.holder, edge: group.edge,
                        object: heap.object(atIndex: Int(slots[i]))!.id, category: group.category)
        }

        /// Root `i`'s object's heap slot, without building its ``Root``.
        func slot(_ i: Int) -> UInt32 { slots[i] }

        /// Calls `body` with the index of each root of `category`, in order.
        func forEachIndex(of category: RootCategory, _ body: (Int) -> Void) {
            var start = 0
            for group in groups {
                if group.category == category { (start..<group.end).forEach(body) }
                start = group.end
            }
        }

        /// Appends the objects `isIncluded` accepts as roots with the same label, holder and edge, in order.
        mutating func append(_ objects: some Sequence<ObjectID>, label: String, holder: String, edge: String,
                             category: RootCategory, where isIncluded: (ObjectID) -> Bool) {
            let start = slots.count
            // Room for the whole sequence at once where its size is known (a mode's timers), growing
            // geometrically still when many small groups come one after another.
            let needed = start + objects.underestimatedCount
            if needed > slots.capacity { slots.reserveCapacity(Swift.max(needed, 2 * slots.capacity)) }
            for id in objects where isIncluded(id) { slots.append(id.index) }
            if slots.count > start { groups.append(Group(label: label, holder: holder, edge: edge, category: category, end: slots.count)) }
        }
    }
}
