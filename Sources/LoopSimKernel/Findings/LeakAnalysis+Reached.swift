extension LeakAnalysis {
    /// Which live objects the roots reach, a bit each by heap slot, and the reached objects that are leak candidates
    /// (let go of, alive, able to leak): what ``LeakAnalysis/leaks()`` needs unless a candidate is reached, when it
    /// searches again for the paths.
    ///
    /// A search for the set alone takes the roots in any order (a mode's timers read from its list, not sorted:
    /// ``Roots/append(timers:label:holder:edge:)``) and starts from the roots without copying them: two bits an
    /// object, and a queue of the objects reached through references. The search for paths takes the roots in order
    /// and 8 bytes an object, and at the end of a run with a million live timers its tables (16 bytes a timer with
    /// the roots and the queue) were the process's peak (BENCHMARKS.md, memory per timer).
    struct ReachedObjects {
        private let bits: [UInt64]
        /// Reached objects let go of, alive and able to leak, in the order the search met them.
        let candidates: [HeapObject]

        init(_ analysis: LeakAnalysis) {
            let heap = analysis.heap
            let roots = analysis.roots(ordered: false)
            let words = (heap.indexLimit + 63) / 64
            var reached = [UInt64](repeating: 0, count: words)
            // Roots whose objects were searched from already: a root's object may be another root's too.
            var searched = [UInt64](repeating: 0, count: words)
            roots.forEachSlot { reached[Int($0 >> 6)] |= 1 << ($0 & 63) }
            var candidates: [HeapObject] = []
            // Heap slots of objects reached through a reference, not roots.
            var frontier: [UInt32] = []
            func search(from index: UInt32) {
                let o = heap.object(atIndex: Int(index))!
                if o.isAbandoned, o.state == .alive, o.canLeak { candidates.append(o) }
                analysis.forEachEdge(of: o) { _, child in
                    let c = child.index
                    if reached[Int(c >> 6)] & (1 << (c & 63)) == 0 {
                        reached[Int(c >> 6)] |= 1 << (c & 63)
                        frontier.append(c)
                    }
                }
            }
            roots.forEachSlot { index in
                guard searched[Int(index >> 6)] & (1 << (index & 63)) == 0 else { return }
                searched[Int(index >> 6)] |= 1 << (index & 63)
                search(from: index)
            }
            searched = []
            var head = 0
            while head < frontier.count {
                search(from: frontier[head])
                head += 1
            }
            bits = reached
            self.candidates = candidates
        }

        /// Whether the roots reach the object in heap slot `index`.
        func contains(_ index: Int) -> Bool { bits[index >> 6] & (1 << UInt64(index & 63)) != 0 }
    }
}
