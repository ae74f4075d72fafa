/// The service every part records with: the virtual clock (``now``, scheduling) and the run's ``EventLog``.
///
/// Parts are handed the recorder when the kernel makes them, and record through it rather than through the whole
/// ``Kernel`` (docs/kernel.md, "Services"): a part that only records events and reads the time needs nothing else.
/// It holds no part, so handing it out makes no reference cycle.
final class Recorder {
    /// The virtual clock and the event queue.
    let clock: Clock
    /// The run's events: folded into its fingerprint, kept when a view needs them, handed to a trace sink if any.
    @exclusivity(unchecked) var log: EventLog

    init(clock: Clock, log: EventLog) {
        self.clock = clock
        self.log = log
    }

    /// The current instant.
    var now: SimInstant { clock.now }

    /// Records one event on `thread` (nil: the kernel itself) at the current instant.
    @inline(__always)
    func record(_ thread: SimThread?, _ body: SimEvent.Body) {
        log.record(instant: clock.now, thread: thread?.nameID ?? .kernel, body: body)
    }

    /// ``record(_:_:)`` on the thread named `threadName` (no thread object to look up and retain).
    @inline(__always)
    func record(threadNamed threadName: Name, _ body: SimEvent.Body) {
        log.record(instant: clock.now, thread: threadName, body: body)
    }

    /// The name of `string` in the run's table.
    func name(_ string: String) -> Name { log.names.intern(string) }

    /// The name of an object's ``HeapObject/displayName``, interned once per object (cached on the object).
    @inline(__always)
    func name(_ object: HeapObject) -> Name {
        let cached = object.eventName
        if cached != HeapObject.noEventName { return Name(index: cached) }
        let n = log.names.intern(object.displayName)
        object.eventName = n.index
        return n
    }

    /// The name of an object's ``HeapObject/label`` (a block's is its display name).
    func labelName(_ object: HeapObject) -> Name {
        object.labelIsDisplayName ? name(object) : name(object.label)
    }

    /// The name of a mode's short name (`default`, `tracking`, …), interned once per mode.
    @inline(__always)
    func name(_ mode: RunLoopMode) -> Name {
        if let n = mode.eventName { return n }
        let n = log.names.intern(mode.shortName)
        mode.noteEventName(n)
        return n
    }
}
