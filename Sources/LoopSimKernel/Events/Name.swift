/// A string of a run — a thread's, run loop's, mode's or object's name, a label, a message — as its index in the
/// run's ``NameTable``. Events carry names, never strings: recording one copies four bytes.
public struct Name: Sendable, Hashable, Comparable {
    public let index: UInt32

    public init(index: UInt32) { self.index = index }

    public static func < (a: Name, b: Name) -> Bool { a.index < b.index }

    /// `kernel`: the thread of the kernel's own events.
    public static let kernel = Name(index: 0)
}

/// The strings of one run, each once, in the order they were first interned; ``Name``s index them.
///
/// The table starts with the strings the kernel's events use over and over (``wellKnown``: the kernel's thread,
/// activities, ports, run-loop results), so the hot paths name them without a lookup. The order of a table says
/// nothing about a run's events: the fingerprint numbers strings by their first appearance in the event stream
/// (``Fingerprint``), so that a trace file read back gives the same numbers.
public struct NameTable: Sendable {
    private var strings: [String] = []
    private var indices: [String: UInt32] = [:]

    /// The strings every table starts with, in order: `Name(index: i)` is `wellKnown[i]`.
    public static let wellKnown: [String] = [
        "kernel", "block",
        // activities (RunLoopActivity.name)
        "Entry", "BeforeTimers", "BeforeSources", "BeforeWaiting", "AfterWaiting", "Exit",
        // ports (rl.wake)
        "none (poll)", "wake-up", "timer", "main-queue",
        // run-loop results (RunLoopResult.rawValue)
        "finished", "stopped", "timed-out", "handled-source",
    ]

    public init() {
        strings.reserveCapacity(Self.wellKnown.count)
        for s in Self.wellKnown { _ = intern(s) }
    }

    private init(empty: Void) {}

    /// A table without even the well-known strings: a placeholder to swap a table with, never to name through.
    public static var empty: NameTable { NameTable(empty: ()) }

    /// The name of `string`, added to the table the first time.
    /// - Complexity: one hash lookup.
    public mutating func intern(_ string: String) -> Name {
        if let i = indices[string] { return Name(index: i) }
        precondition(strings.count < UInt32.max, "more than 2^32 distinct names in one run")
        let i = UInt32(strings.count)
        strings.append(string)
        indices[string] = i
        return Name(index: i)
    }

    /// The name of `string` if the table has it.
    public func lookUp(_ string: String) -> Name? { indices[string].map { Name(index: $0) } }

    /// The string of `name`.
    public subscript(name: Name) -> String { strings[Int(name.index)] }

    /// How many strings the table holds.
    public var count: Int { strings.count }

    // MARK: Well-known names

    public static let block = Name(index: 1)
    /// The ports of `rl.wake`.
    public static let portNone = Name(index: 8), portWakeUp = Name(index: 9), portTimer = Name(index: 10),
        portMainQueue = Name(index: 11)

    /// A single activity's name (`Entry` … `Exit`); nil for a set of activities.
    public static func activity(_ a: RunLoopActivity) -> Name? {
        switch a.rawValue {
        case RunLoopActivity.entry.rawValue: Name(index: 2)
        case RunLoopActivity.beforeTimers.rawValue: Name(index: 3)
        case RunLoopActivity.beforeSources.rawValue: Name(index: 4)
        case RunLoopActivity.beforeWaiting.rawValue: Name(index: 5)
        case RunLoopActivity.afterWaiting.rawValue: Name(index: 6)
        case RunLoopActivity.exit.rawValue: Name(index: 7)
        default: nil
        }
    }

    /// A run-loop result's name.
    public static func result(_ r: RunLoopResult) -> Name {
        switch r {
        case .finished: Name(index: 12)
        case .stopped: Name(index: 13)
        case .timedOut: Name(index: 14)
        case .handledSource: Name(index: 15)
        }
    }
}
