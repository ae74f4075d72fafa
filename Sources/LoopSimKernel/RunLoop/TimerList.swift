import HeapModule

/// A mode's timers ordered by `(fireTSR, insertion sequence)`: the order of CF's timer array, where a timer is
/// inserted after every timer with an equal deadline (`__CFRunLoopInsertionIndexInTimerArray`).
///
/// Stored as a min-heap with lazy deletion instead of CF's sorted array, so that moving a fired timer to its
/// next slot costs O(log n) rather than O(n).
struct TimerList {
    private struct Entry: Comparable {
        var fire: Int64
        var sequence: UInt64
        var id: ObjectID
        static func < (a: Entry, b: Entry) -> Bool { (a.fire, a.sequence) < (b.fire, b.sequence) }
        static func == (a: Entry, b: Entry) -> Bool { a.sequence == b.sequence }
    }

    private var heap = Heap<Entry>()
    /// The live entry's sequence per timer (looked up, never iterated).
    private var live: [ObjectID: UInt64] = [:]
    private var nextSequence: UInt64 = 0
    /// Timers with a non-zero tolerance (their arming needs the ordered walk).
    private(set) var tolerant = 0

    var count: Int { live.count }
    var isEmpty: Bool { live.isEmpty }

    func contains(_ id: ObjectID) -> Bool { live[id] != nil }

    /// Inserts after every timer with an earlier or equal deadline.
    mutating func insert(_ id: ObjectID, fire: SimInstant, tolerant isTolerant: Bool) {
        precondition(live[id] == nil, "timer already in this mode")
        nextSequence += 1
        live[id] = nextSequence
        heap.insert(Entry(fire: fire.nanoseconds, sequence: nextSequence, id: id))
        if isTolerant { tolerant += 1 }
    }

    mutating func remove(_ id: ObjectID, tolerant isTolerant: Bool) {
        guard live.removeValue(forKey: id) != nil else { return }
        if isTolerant { tolerant -= 1 }
        dropStale()
    }

    /// Moves a timer to its new deadline, after the timers already due then.
    mutating func reposition(_ id: ObjectID, fire: SimInstant, tolerant isTolerant: Bool) {
        remove(id, tolerant: isTolerant)
        insert(id, fire: fire, tolerant: isTolerant)
    }

    /// The earliest timer for which `skip` is false.
    mutating func first(skipping skip: (ObjectID) -> Bool) -> ObjectID? {
        dropStale()
        guard let top = heap.min else { return nil }
        if !skip(top.id) { return top.id }
        // Rare: the earliest timers are firing; set them aside, look, put them back.
        var aside: [Entry] = []
        var found: ObjectID?
        while let e = heap.popMin() {
            if live[e.id] != e.sequence { continue }
            aside.append(e)
            if !skip(e.id) { found = e.id; break }
        }
        for e in aside { heap.insert(e) }
        return found
    }

    /// Every timer due at `now` (deadline ≤ now), in order.
    mutating func due(at now: SimInstant) -> [ObjectID] {
        var taken: [Entry] = []
        while let e = heap.min, e.fire <= now.nanoseconds {
            heap.removeMin()
            if live[e.id] == e.sequence { taken.append(e) }
        }
        for e in taken { heap.insert(e) }
        return taken.map(\.id)
    }

    /// All timers in order.
    /// - Complexity: O(n log n); for reports, finalization and tolerant arming, not for every fire.
    func ordered() -> [ObjectID] {
        heap.unordered.filter { live[$0.id] == $0.sequence }.sorted().map(\.id)
    }

    /// Re-reads every deadline (after the device slept and all monotonic deadlines moved), keeping the
    /// insertion order among equals.
    mutating func refreshDeadlines(_ fire: (ObjectID) -> SimInstant) {
        heap = Heap(heap.unordered.filter { live[$0.id] == $0.sequence }.map { e in
            Entry(fire: fire(e.id).nanoseconds, sequence: e.sequence, id: e.id)
        })
    }

    private mutating func dropStale() {
        while let e = heap.min, live[e.id] != e.sequence { heap.removeMin() }
        // Keep the heap from filling with stale entries after many removals.
        if heap.count > 64 && heap.count > 4 * live.count {
            heap = Heap(heap.unordered.filter { live[$0.id] == $0.sequence })
        }
    }
}
