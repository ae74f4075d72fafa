/// What is wrong at an instant: leaked objects and parked threads.
public struct Findings: Sendable, Hashable {
    public var leaks: [Leak]
    public var parkedThreads: [ParkedThread]
}

/// An object that should be dead and is not.
public struct Leak: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Unreachable from every root: kept alive only by a reference cycle.
        case cycle
        /// The scenario let it go, but a root still holds it.
        case retained
    }
    /// The object's label (`button`), class and kind.
    public var object: String
    public var className: String
    /// The object's allocation number (its `#serial` name in queries).
    public var serial: Int
    public var kind: Kind
    /// For `retained`: the shortest path from a root, root first (`thread worker-1 frame`, `block#2`,
    /// `TimerButton button`). For `cycle`: the cycle, starting and ending at the object.
    public var path: [String]
    /// The field or slot names along the path (one fewer than `path` for `retained`).
    public var edges: [String]
    /// The kind of root that holds it (`thread`, `runloop`, `queue`, `app`, `corelibs`), for `retained`.
    public var holder: String?
}

/// A thread asleep that nothing left in the simulation can wake.
public struct ParkedThread: Sendable, Hashable {
    public var name: String
    public var since: SimInstant?
    public var reason: String
}

/// When and where an object was deallocated.
public struct DeathRecord: Sendable, Hashable {
    public var object: String
    public var className: String
    public var serial: Int
    public var at: SimInstant
    public var thread: String
}

/// A `check:` step's findings.
public struct CheckSnapshot: Sendable, Hashable {
    public var label: String
    public var at: SimInstant
    public var findings: Findings
}
