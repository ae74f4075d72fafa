/// One kernel event: when, on which thread, and what (``Body``), with typed fields.
///
/// The kernel records events as values; nothing is formatted while a run goes on. A run's events fold into its
/// ``Fingerprint`` as they happen, are kept in order when a trace or a view needs them (``EventLog``), and become
/// JSON lines only at the edge (``TraceEncoder``), byte for byte the trace format of docs/scenario-format.md.
/// An event's position in its run is its sequence number (`seq` in the trace line).
///
/// ```swift
/// let e = SimEvent(instant: .milliseconds(16), thread: names.intern("main"),
///                  body: .timerFire(timer: names.intern("NSTimer#3"), slot: .milliseconds(16), latency: .zero))
/// e.body.kind.name  // "timer.fire"
/// ```
public struct SimEvent: Sendable, Hashable {
    /// When it happened.
    public var instant: SimInstant
    /// The thread it happened on (``Name/kernel`` for the kernel's own events).
    public var thread: Name
    /// What happened.
    public var body: Body

    public init(instant: SimInstant, thread: Name, body: Body) {
        self.instant = instant
        self.thread = thread
        self.body = body
    }

    /// The event's kind.
    public var kind: EventKind { body.kind }
}

/// The wait set of `rl.sleep`: the ports a sleeping run-loop thread waits on. The wake-up port is always in it.
public struct WaitSet: Sendable, Hashable {
    /// The mode's timer port's deadline; ``SimInstant/never`` when it is disarmed.
    public var timerPort: SimInstant
    /// Whether the main queue's port is in the set (the main thread in a common mode).
    public var mainQueue: Bool
    /// The activation's deadline; ``SimInstant/never`` for none.
    public var timeout: SimInstant

    public init(timerPort: SimInstant, mainQueue: Bool, timeout: SimInstant) {
        self.timerPort = timerPort
        self.mainQueue = mainQueue
        self.timeout = timeout
    }

    /// The wait set as the trace's `ports` list writes it: `wake-up`, then `timer@T` (nanoseconds) or
    /// `timer(disarmed)`, then `main-queue` when the main queue's port is in the set, then `timeout@T` when the
    /// activation has a deadline.
    ///
    /// ```swift
    /// WaitSet(timerPort: .milliseconds(500), mainQueue: false, timeout: .never).traceStrings
    /// // ["wake-up", "timer@500000000"]
    /// ```
    public var traceStrings: [String] {
        var ports = ["wake-up", timerPort.isNever ? "timer(disarmed)" : "timer@\(timerPort.nanoseconds)"]
        if mainQueue { ports.append("main-queue") }
        if !timeout.isNever { ports.append("timeout@\(timeout.nanoseconds)") }
        return ports
    }

    /// The wait set a `ports` list names (``traceStrings`` read back); nil for a list that is not one.
    public init?(traceStrings ports: [String]) {
        func instant(after prefix: String, in port: String) -> SimInstant? {
            guard port.hasPrefix(prefix), let ns = Int64(port.dropFirst(prefix.count)) else { return nil }
            return SimInstant(nanoseconds: ns)
        }
        guard ports.first == "wake-up", ports.count >= 2 else { return nil }
        self.init(timerPort: .never, mainQueue: false, timeout: .never)
        if ports[1] != "timer(disarmed)" {
            guard let t = instant(after: "timer@", in: ports[1]) else { return nil }
            timerPort = t
        }
        for port in ports.dropFirst(2) {
            if port == "main-queue" {
                mainQueue = true
            } else if let t = instant(after: "timeout@", in: port) {
                timeout = t
            } else {
                return nil
            }
        }
    }
}

/// What walks an event's fields (``SimEvent/Body/visitFields(_:)``): the JSON encoder, the fingerprint, the views'
/// field lists. Each call names the field's JSON key.
public protocol EventFieldVisitor {
    mutating func name(_ key: StaticString, _ value: Name)
    mutating func int(_ key: StaticString, _ value: Int64)
    mutating func bool(_ key: StaticString, _ value: Bool)
    /// An instant; ``SimInstant/never`` is `null` in the trace.
    mutating func instant(_ key: StaticString, _ value: SimInstant)
    /// A duration, in integer nanoseconds.
    mutating func duration(_ key: StaticString, _ value: SimDuration)
    /// A duration or nothing (`null`).
    mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?)
    mutating func names(_ key: StaticString, _ value: [Name])
    mutating func waitSet(_ key: StaticString, _ value: WaitSet)
    /// `rl.exit`'s `entered`: the trace writes it only when false.
    mutating func entered(_ key: StaticString, _ value: Bool)
}

/// What reads an event's fields back from a parsed trace line (``SimEvent/Body/init(kind:reading:)``).
public protocol EventFieldReader {
    /// Whether the line has the key (`obj.alloc` of a block has `captures`).
    func has(_ key: String) -> Bool
    mutating func name(_ key: String) throws -> Name
    mutating func int(_ key: String) throws -> Int64
    mutating func bool(_ key: String) throws -> Bool
    mutating func instant(_ key: String) throws -> SimInstant
    mutating func duration(_ key: String) throws -> SimDuration
    mutating func optionalDuration(_ key: String) throws -> SimDuration?
    mutating func names(_ key: String) throws -> [Name]
    mutating func waitSet(_ key: String) throws -> WaitSet
    mutating func entered(_ key: String) throws -> Bool
}

/// A trace line that is not an event of the trace format.
public struct EventReadError: Error, Sendable, Hashable {
    public var message: String
    public init(message: String) { self.message = message }
}
