import HeapModule

/// The kernel's single agenda: entries ordered by `(instant, phase, sequence)`, compared lexicographically.
///
/// `sequence` comes from one counter and is assigned whenever an entry is scheduled, so the order of
/// same-instant entries is total: by phase first (see ``EventPhase``), then first-scheduled-first. An entry
/// scheduled *for the current instant* while that instant is being processed gets a larger sequence and
/// so runs in a following batch at the same instant (as SwiftNIO's `EmbeddedEventLoop.advanceTime(to:)`).
/// Cancellation is lazy (dslab): a cancelled id is remembered and skipped when it reaches the top.
///
/// - Complexity: `schedule` and `popNext` are O(log n); `cancel` is O(1).
public struct EventQueue<Payload> {
    /// One scheduled entry.
    public struct Entry {
        public var instant: SimInstant
        public var phase: EventPhase
        public var sequence: UInt64
        public var payload: Payload
    }

    private struct Key: Comparable {
        var instant: Int64
        var phase: UInt8
        var sequence: UInt64
        var slot: Int32
        static func < (a: Key, b: Key) -> Bool {
            if a.instant != b.instant { return a.instant < b.instant }
            if a.phase != b.phase { return a.phase < b.phase }
            return a.sequence < b.sequence
        }
        static func == (a: Key, b: Key) -> Bool { a.sequence == b.sequence }
    }

    private var heap = Heap<Key>()
    private var payloads: [Payload?] = []
    private var freeSlots: [Int32] = []
    private var liveSequences = SequenceTable()
    private var nextSequence: UInt64 = 0

    public init() {}

    /// Number of live (not cancelled) entries.
    public var count: Int { liveSequences.count }
    public var isEmpty: Bool { liveSequences.isEmpty }

    /// Schedules `payload` at `instant` in `phase`; returns the entry's sequence number (its id for ``cancel(_:)``).
    @discardableResult
    public mutating func schedule(_ payload: Payload, at instant: SimInstant, phase: EventPhase) -> UInt64 {
        precondition(!instant.isNever, "cannot schedule an entry at SimInstant.never")
        let sequence = nextSequence
        nextSequence += 1
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            payloads[Int(slot)] = payload
        } else {
            slot = Int32(payloads.count)
            payloads.append(payload)
        }
        liveSequences.insert(sequence, slot)
        heap.insert(Key(instant: instant.nanoseconds, phase: phase.rawValue, sequence: sequence, slot: slot))
        return sequence
    }

    /// Cancels the entry with this sequence number; cancelling a consumed or cancelled entry does nothing.
    public mutating func cancel(_ sequence: UInt64) {
        guard let slot = liveSequences.remove(sequence) else { return }
        payloads[Int(slot)] = nil
        // The heap key stays until it surfaces; its slot is recycled only then.
    }

    /// Whether the entry with this sequence number is still scheduled.
    public func isScheduled(_ sequence: UInt64) -> Bool { liveSequences.contains(sequence) }

    /// The instant of the earliest live entry, if any.
    public mutating func nextInstant() -> SimInstant? {
        dropCancelledTop()
        return heap.min.map { SimInstant(nanoseconds: $0.instant) }
    }

    /// Puts back an entry taken by ``popNext(notAfter:)`` at a new instant, with its own sequence number
    /// (so ids held elsewhere stay valid and its order among equals is kept).
    public mutating func restore(_ entry: Entry, at instant: SimInstant) {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            payloads[Int(slot)] = entry.payload
        } else {
            slot = Int32(payloads.count)
            payloads.append(entry.payload)
        }
        liveSequences.insert(entry.sequence, slot)
        heap.insert(
            Key(instant: instant.nanoseconds, phase: entry.phase.rawValue, sequence: entry.sequence, slot: slot))
    }

    /// Moves every live entry the predicate selects `delta` later, keeping sequence numbers.
    /// - Complexity: O(n log n) in the number of entries; used once per device wake.
    public mutating func postpone(by delta: SimDuration, where shouldMove: (Payload) -> Bool) {
        var keys: [Key] = []
        while let key = heap.popMin() {
            guard liveSequences.contains(key.sequence) else {
                freeSlots.append(key.slot)
                continue
            }
            var k = key
            if let payload = payloads[Int(key.slot)], shouldMove(payload) { k.instant += delta.nanoseconds }
            keys.append(k)
        }
        heap = Heap(keys)
    }

    /// Removes and returns the earliest live entry if it is due at or before `limit`.
    public mutating func popNext(notAfter limit: SimInstant) -> Entry? {
        dropCancelledTop()
        guard let top = heap.min, top.instant <= limit.nanoseconds else { return nil }
        heap.removeMin()
        let payload = payloads[Int(top.slot)]!
        payloads[Int(top.slot)] = nil
        freeSlots.append(top.slot)
        _ = liveSequences.remove(top.sequence)
        return Entry(
            instant: SimInstant(nanoseconds: top.instant), phase: EventPhase(rawValue: top.phase)!,
            sequence: top.sequence, payload: payload)
    }

    private mutating func dropCancelledTop() {
        while let top = heap.min, !liveSequences.contains(top.sequence) {
            heap.removeMin()
            freeSlots.append(top.slot)
        }
    }
}

/// The second component of the queue key: what kind of thing happens first when several are due at one instant.
///
/// Kernel timers (timer ports, activation deadlines, GCD timers) expire before threads resume, and
/// threads resume before scripted user input is delivered. Within a phase, first scheduled runs first.
public enum EventPhase: UInt8, Sendable {
    /// A kernel timer expires: a mode's timer port, an activation's timeout, a GCD timer.
    case kernelTimer = 0
    /// A thread becomes runnable: its `work` ended, a port it sleeps on got a message, a block was queued.
    case threadResume = 1
    /// Scripted input arrives from outside the app (a user action).
    case input = 2
}
