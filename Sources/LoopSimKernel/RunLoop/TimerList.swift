// One of the kernel's few files with unsafe code (with Objects/HeapObject.swift, Objects/Unretained.swift and
// Events/Fingerprint.swift): the heap's sifts and the sort of the due timers work on unsafe buffers of the entries
// and places, every index below the heap's count by construction. With Floyd's bottom-up sift-down they took 229
// instructions fewer per timer-storm fire (callgrind, BENCHMARKS.md's storm) than bounds- and uniqueness-checked
// subscripts with the classic sift.

/// A mode's timers ordered by `(fireTSR, insertion sequence)`: the order of CF's timer array, where a timer is
/// inserted after every timer with an equal deadline (`__CFRunLoopInsertionIndexInTimerArray`).
///
/// Stored as a binary min-heap that knows where each timer sits, instead of CF's sorted array: moving a fired
/// timer to its next slot is one sift, O(log n), rather than an O(n) array move. (A heap with lazy deletion
/// and a dictionary of live entries, before this one, cost about seven heap operations and three hash lookups
/// per fire: BENCHMARKS.md.)
struct TimerList {
    /// A timer's heap slot (``ObjectID/index``), what the list knows it by: a timer in a mode is alive (the mode
    /// retains it), so its slot names it for as long as it is in the list, and callers read the object with
    /// ``ObjectHeap/timer(at:)``.
    typealias Slot = UInt32

    /// 16 bytes: the deadline, a 32-bit insertion sequence (renumbered when it runs out) and the slot.
    private struct Entry {
        var fire: Int64
        var sequence: UInt32
        var slot: Slot

        @inline(__always)
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            a.fire < b.fire || (a.fire == b.fire && a.sequence < b.sequence)
        }
    }

    private var heap: [Entry] = []
    /// Each timer's place in `heap`, indexed by its slot, plus one (0: not in this mode).
    private var places: [Int32] = []
    /// The last sequence handed out; at `sequenceLimit` every entry is renumbered.
    private var nextSequence: UInt32 = 0
    private let sequenceLimit: UInt32
    /// Timers with a non-zero tolerance (their arming needs the ordered walk).
    private(set) var tolerant = 0
    /// ``forEachDue(at:_:)``'s buffers, kept empty with their capacity.
    private var dueScratch: [Entry] = [], dueStack: [Int] = []

    /// A list whose insertion sequences are renumbered when they reach `sequenceLimit` (tests lower it).
    init(sequenceLimit: UInt32 = .max) {
        precondition(sequenceLimit > 0)
        self.sequenceLimit = sequenceLimit
    }

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }

    // The lookups a pass makes (`contains`, `earliest`, `first(skipping:)`) are `mutating` though they change
    // nothing: called on a mode's stored list they then work in place, where a non-mutating call copies the
    // list first (four buffer retains and releases per call, several calls per fire in the timer storm).
    mutating func contains(_ slot: Slot) -> Bool { place(of: slot) != nil }

    private func place(of slot: Slot) -> Int? {
        let i = Int(slot)
        guard i < places.count, places[i] > 0 else { return nil }
        return Int(places[i]) - 1
    }

    /// Inserts after every timer with an earlier or equal deadline.
    mutating func insert(_ slot: Slot, fire: SimInstant, tolerant isTolerant: Bool) {
        precondition(place(of: slot) == nil, "timer already in this mode")
        let i = Int(slot)
        if i >= places.count { places.append(contentsOf: repeatElement(0, count: i + 1 - places.count)) }
        heap.append(Entry(fire: fire.nanoseconds, sequence: takeSequence(), slot: slot))
        siftUp(heap.count - 1)
        if isTolerant { tolerant += 1 }
    }

    mutating func remove(_ slot: Slot, tolerant isTolerant: Bool) {
        guard let p = place(of: slot) else { return }
        if isTolerant { tolerant -= 1 }
        places[Int(slot)] = 0
        let last = heap.removeLast()
        guard p < heap.count else { return }
        heap[p] = last
        places[Int(last.slot)] = Int32(p + 1)
        restore(p)
    }

    /// Moves a timer to its new deadline, after the timers already due then.
    mutating func reposition(_ slot: Slot, fire: SimInstant, tolerant isTolerant: Bool) {
        guard let p = place(of: slot) else { return insert(slot, fire: fire, tolerant: isTolerant) }
        let sequence = takeSequence()
        heap[p].fire = fire.nanoseconds
        heap[p].sequence = sequence
        restore(p)
    }

    /// The next insertion sequence. When they run out, the entries are renumbered 1, 2, … in their order, which
    /// keeps every comparison between them (and so the heap) as it was: once every four billion inserts and
    /// moves, where 64-bit sequences took 8 bytes more per timer.
    private mutating func takeSequence() -> UInt32 {
        if nextSequence == sequenceLimit {
            nextSequence = 0
            for p in orderedPositions() {
                nextSequence += 1
                heap[Int(p)].sequence = nextSequence
            }
            precondition(nextSequence < sequenceLimit, "more timers in one mode than insertion sequences")
        }
        nextSequence += 1
        return nextSequence
    }

    /// The earliest timer for which `skip` is false, with its deadline (the `fireTSR` it was placed at).
    /// Inlined (the usual answers are the root or its earlier child), so `skip` needs no context of its own.
    @inline(__always)
    mutating func first(skipping skip: (Slot) -> Bool) -> (slot: Slot, fire: SimInstant)? {
        guard let top = heap.first else { return nil }
        if !skip(top.slot) { return (top.slot, SimInstant(nanoseconds: top.fire)) }
        // The earliest timer is firing (the usual case while a timer's callout runs): the earlier child heads
        // everything else, so if it is not skipped it is the answer.
        if heap.count > 1 {
            let c = heap.count > 2 && Entry.precedes(heap[2], heap[1]) ? 2 : 1
            if !skip(heap[c].slot) { return (heap[c].slot, SimInstant(nanoseconds: heap[c].fire)) }
        }
        return firstBeyondChildren(skipping: skip)
    }

    @inline(never)
    private mutating func firstBeyondChildren(skipping skip: (Slot) -> Bool) -> (slot: Slot, fire: SimInstant)? {
        // Rare: several of the earliest are firing. Best-first over the heap from the root.
        var frontier = [0]
        while !frontier.isEmpty {
            var best = 0
            for k in frontier.indices.dropFirst() where Entry.precedes(heap[frontier[k]], heap[frontier[best]]) {
                best = k
            }
            let p = frontier.remove(at: best)
            if !skip(heap[p].slot) { return (heap[p].slot, SimInstant(nanoseconds: heap[p].fire)) }
            if 2 * p + 1 < heap.count { frontier.append(2 * p + 1) }
            if 2 * p + 2 < heap.count { frontier.append(2 * p + 2) }
        }
        return nil
    }

    /// The earliest timer, if any, with its deadline.
    var earliest: (slot: Slot, fire: SimInstant)? {
        mutating get { heap.first.map { ($0.slot, SimInstant(nanoseconds: $0.fire)) } }
    }

    /// Calls `body` with every timer due at `now` (deadline ≤ now), in order. The search's buffers are kept
    /// between calls: a pass allocates nothing. `body` must not touch this list (it is being accessed).
    /// Inlined into its one caller, whose closure then captures nothing (passed as a closure, it retained and
    /// released the activation and the kernel it captures, callgrind).
    @inline(__always)
    mutating func forEachDue(at now: SimInstant, _ body: (Slot) -> Void) {
        guard let top = heap.first, top.fire <= now.nanoseconds else { return }
        guard heap.count > 1, heap[1].fire <= now.nanoseconds || (heap.count > 2 && heap[2].fire <= now.nanoseconds)
        else { return body(top.slot) }  // only the earliest is due
        var found: [Entry] = []
        var stack: [Int] = []
        swap(&found, &dueScratch)
        swap(&stack, &dueStack)
        // The due entries are a subtree at the root: depth first, a child pushed only when it is due (what is not
        // due has nothing due below it), then sorted by insertion (three or four in the timer storm), where the
        // generic sort and a push of every child cost about 60 instructions more per storm fire (callgrind).
        let limit = now.nanoseconds
        stack.append(0)
        while let p = stack.popLast() {
            found.append(heap[p])
            let c = 2 &* p &+ 1
            if c < heap.count && heap[c].fire <= limit { stack.append(c) }
            if c &+ 1 < heap.count && heap[c &+ 1].fire <= limit { stack.append(c &+ 1) }
        }
        found.withUnsafeMutableBufferPointer { f in
            for i in 1..<f.count {
                let e = f[i]
                var j = i
                while j > 0 && Entry.precedes(e, f[j &- 1]) {
                    f[j] = f[j &- 1]
                    j &-= 1
                }
                f[j] = e
            }
        }
        for e in found { body(e.slot) }
        found.removeAll(keepingCapacity: true)
        swap(&found, &dueScratch)
        swap(&stack, &dueStack)
    }

    /// All timers in order.
    ///
    /// Sorts the heap's positions, 4 bytes per timer, and reads the slots through them: the leak analysis asks
    /// this of a mode with a million timers, where a sorted copy of the entries (and an array of their ids)
    /// took 32 bytes per timer at the end of the run's peak (BENCHMARKS.md, memory per timer).
    /// - Complexity: O(n log n); for reports, finalization and tolerant arming, not for every fire.
    func ordered() -> LazyMapSequence<[UInt32], Slot> {
        let heap = self.heap
        return orderedPositions().lazy.map { heap[Int($0)].slot }
    }

    /// The timer at `position` of the heap (0 ..< ``count``): every timer once, in no particular order.
    func slot(atPosition position: Int) -> Slot { heap[position].slot }

    /// Calls `body` with every timer once, in no particular order (the heap's): what does not need the order
    /// reads the list in place, without ``ordered()``'s sorted positions.
    func forEachSlot(_ body: (Slot) -> Void) {
        heap.withUnsafeBufferPointer { for e in $0 { body(e.slot) } }
    }

    /// The heap's positions in the order of their entries.
    private func orderedPositions() -> [UInt32] {
        var positions = Array(0..<UInt32(heap.count))
        heap.withUnsafeBufferPointer { entries in
            positions.sort { Entry.precedes(entries[Int($0)], entries[Int($1)]) }
        }
        return positions
    }

    /// Re-reads every deadline (after the device slept and all monotonic deadlines moved), keeping the
    /// insertion order among equals.
    mutating func refreshDeadlines(_ fire: (Slot) -> SimInstant) {
        for p in heap.indices { heap[p].fire = fire(heap[p].slot).nanoseconds }
        heap.sort(by: Entry.precedes)  // a sorted array is a heap
        for (p, e) in heap.enumerated() { places[Int(e.slot)] = Int32(p + 1) }
    }

    // MARK: Heap order

    private mutating func restore(_ p: Int) {
        if p > 0 && Entry.precedes(heap[p], heap[(p - 1) / 2]) { siftUp(p) } else { siftDown(p) }
    }

    // The sifts work on unsafe buffers of `heap` and `places` (no bounds check or uniqueness check per level, every
    // index being below `heap.count` by construction), with Floyd's bottom-up sift-down: together 229 fewer
    // instructions per timer-storm fire (callgrind, BENCHMARKS.md's storm), with every trace unchanged.
    private mutating func siftUp(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { hb in
            places.withUnsafeMutableBufferPointer { pb in
                let h = hb.baseAddress!
                Self.climb(h[start], from: start, downTo: 0, h, pb.baseAddress!)
            }
        }
    }

    /// Floyd's bottom-up sift: the hole goes down to a leaf along the earlier children (one comparison a
    /// level), then the entry climbs back (a moved timer's next deadline is usually among the latest, so
    /// it climbs little). The heap's layout may differ from the classic sift; nothing reads the layout
    /// (every lookup answers in the total order of `(fire, sequence)`).
    private mutating func siftDown(_ start: Int) {
        let n = heap.count
        heap.withUnsafeMutableBufferPointer { hb in
            places.withUnsafeMutableBufferPointer { pb in
                let h = hb.baseAddress!, pl = pb.baseAddress!
                var p = start
                let e = h[p]
                while true {
                    var c = p &* 2 &+ 1
                    guard c < n else { break }
                    if c &+ 1 < n && Entry.precedes(h[c &+ 1], h[c]) { c &+= 1 }
                    h[p] = h[c]
                    pl[Int(h[p].slot)] = Int32(truncatingIfNeeded: p &+ 1)
                    p = c
                }
                Self.climb(e, from: p, downTo: start, h, pl)
            }
        }
    }

    /// Puts `e` in the hole at `hole`, or above it while it precedes its parent, no higher than `top`; every
    /// entry moved down (and `e`) gets its new place.
    @inline(__always)
    private static func climb(
        _ e: Entry, from hole: Int, downTo top: Int, _ h: UnsafeMutablePointer<Entry>,
        _ pl: UnsafeMutablePointer<Int32>
    ) {
        var p = hole
        while p > top {
            let parent = (p &- 1) >> 1
            guard Entry.precedes(e, h[parent]) else { break }
            h[p] = h[parent]
            pl[Int(h[p].slot)] = Int32(truncatingIfNeeded: p &+ 1)
            p = parent
        }
        h[p] = e
        pl[Int(e.slot)] = Int32(truncatingIfNeeded: p &+ 1)
    }
}
