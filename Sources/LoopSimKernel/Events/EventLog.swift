/// Where a run's events go: every event folds into the ``fingerprint``; the events themselves are kept, in order,
/// only when a trace file or a view will want them (``keepsEvents``).
public struct EventLog: Sendable {
    /// The run's strings.
    public internal(set) var names = NameTable()
    /// The fingerprint of every event recorded so far.
    public private(set) var fingerprint = Fingerprint()
    /// Whether events are kept (for `--trace FILE` and the views), or only folded.
    public let keepsEvents: Bool
    /// The events, when ``keepsEvents`` is true; an event's index is its sequence number.
    public private(set) var events: [SimEvent] = []

    public init(keepsEvents: Bool) { self.keepsEvents = keepsEvents }

    /// How many events were recorded.
    public var count: Int { fingerprint.count }

    /// Records one event.
    @inline(__always)
    public mutating func record(_ event: SimEvent) {
        fingerprint.fold(event, names: names)
        if keepsEvents { events.append(event) }
    }

    /// Records one event from its parts: the body is folded where it is, and copied only when kept.
    @inline(__always)
    mutating func record(instant: SimInstant, thread: Name, body: borrowing SimEvent.Body) {
        fingerprint.fold(instant: instant, thread: thread, body: body, names: names)
        if keepsEvents { events.append(SimEvent(instant: instant, thread: thread, body: copy body)) }
    }
}
