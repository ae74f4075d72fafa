extension LeakAnalysis {
    /// Whether the end of a run may hold a finding at all, from a set of bits: which live objects the roots reach,
    /// a bit each by heap slot. ``LeakAnalysis/leaks()`` classifies objects only when it may (an object the app let
    /// go of that the system's roots reach first, or one that no root reaches); a run with a million live timers
    /// that nobody let go of needs no more (BENCHMARKS.md, memory per timer).
    ///
    /// The search takes the app's roots and deallocations under way first, then every other root in any order (a
    /// mode's timers read from its list, not sorted: ``Roots/append(timers:label:holder:edge:category:)``), without
    /// copying them: two bits an object, and a queue of the objects reached through references. It is conservative:
    /// where it says "may", the classification decides.
    struct ReachedObjects {
        private let bits: [UInt64]
        /// An object the app let go of, alive and able to leak, is reached first from a root that is not the app's,
        /// or a live object that could leak is reached by no root.
        let mayHoldFindings: Bool

        init(_ analysis: LeakAnalysis) {
            let heap = analysis.heap
            let roots = analysis.roots(ordered: false)
            let words = (heap.indexLimit + 63) / 64
            var reached = [UInt64](repeating: 0, count: words)
            var letGoReached = false
            // Heap slots of objects reached through a reference, not roots.
            var frontier: [UInt32] = []
            func search(from index: UInt32, system: Bool) {
                let o = heap.object(atIndex: Int(index))!
                if system, o.isAbandoned, o.state == .alive, o.canLeak { letGoReached = true }
                analysis.forEachEdge(of: o) { _, child in
                    let c = child.index
                    if reached[Int(c >> 6)] & (1 << (c & 63)) == 0 {
                        reached[Int(c >> 6)] |= 1 << (c & 63)
                        frontier.append(c)
                    }
                }
            }
            let phases: [(RootCategory) -> Bool] = [{ $0 <= .deallocating }, { $0 > .deallocating }]
            for (phase, isIncluded) in phases.enumerated() {
                // Roots whose objects were searched from already: a root's object may be another root's too.
                var searched = [UInt64](repeating: 0, count: words)
                roots.forEachSlot(where: isIncluded) { index in
                    let (w, bit) = (Int(index >> 6), UInt64(1) << (index & 63))
                    guard searched[w] & bit == 0 else { return }
                    searched[w] |= bit
                    let first = reached[w] & bit == 0
                    reached[w] |= bit
                    if first || phase == 0 { search(from: index, system: phase == 1) }
                }
                searched = []
                var head = 0
                while head < frontier.count {
                    search(from: frontier[head], system: phase == 1)
                    head += 1
                }
                frontier.removeAll(keepingCapacity: true)
            }
            bits = reached
            var unreached = false
            for index in 0..<heap.indexLimit where reached[index >> 6] & (1 << UInt64(index & 63)) == 0 {
                if let o = heap.object(atIndex: index), o.state == .alive, o.canLeak {
                    unreached = true
                    break
                }
            }
            mayHoldFindings = letGoReached || unreached
        }

        /// Whether the roots reach the object in heap slot `index`.
        func contains(_ index: Int) -> Bool { bits[index >> 6] & (1 << UInt64(index & 63)) != 0 }
    }
}
