/// Where a run's events go: every event folds into the ``fingerprint``; the events themselves are kept, in order,
/// only when a view will want them (``keepsEvents``), and handed to the ``sink`` when a trace is written as the run
/// goes on.
public struct EventLog {
    /// The run's strings.
    public internal(set) var names = NameTable()
    /// The fingerprint of every event recorded so far.
    public private(set) var fingerprint = Fingerprint()
    /// Whether events are kept (for the views that need them all in memory), or only folded.
    public let keepsEvents: Bool
    /// The events, when ``keepsEvents`` is true; an event's index is its sequence number.
    public private(set) var events: [SimEvent] = []
    /// The site of each kept event (``Program/sites`` index; 0: none), beside ``events``: where the statement that
    /// recorded it was written. Not part of the event, so not of the fingerprint or the trace (docs/kernel.md).
    public private(set) var sites: [Int32] = []
    /// The site of the statement running now (``Recorder/site``), given to the events recorded.
    public var site: Int32 = 0
    /// Where each event goes as it is recorded (a trace file written during the run), if anywhere.
    public let sink: (any TraceSink)?

    public init(keepsEvents: Bool, sink: (any TraceSink)? = nil) {
        self.keepsEvents = keepsEvents
        self.sink = sink
    }

    /// How many events were recorded.
    public var count: Int { fingerprint.count }

    /// Records one event.
    @inline(__always)
    public mutating func record(_ event: SimEvent) {
        let seq = fingerprint.count
        fingerprint.fold(event, names: names)
        if keepsEvents {
            events.append(event)
            sites.append(site)
        }
        sink?.record(event, seq: seq, names: names)
    }

    /// Records one event from its parts: the body is folded where it is, and copied only when kept or written.
    @inline(__always)
    mutating func record(instant: SimInstant, thread: Name, body: borrowing SimEvent.Body) {
        let seq = fingerprint.count
        fingerprint.fold(instant: instant, thread: thread, body: body, names: names)
        guard keepsEvents || sink != nil else { return }
        let event = SimEvent(instant: instant, thread: thread, body: copy body)
        if keepsEvents {
            events.append(event)
            sites.append(site)
        }
        sink?.record(event, seq: seq, names: names)
    }
}
