/// What is wrong at an instant: leaked and abandoned objects, parked threads, tasks suspended for ever, and the
/// delayed releases so far.
public struct Findings: Sendable, Hashable {
    /// Leaked and abandoned objects, by serial.
    public var leaks: [Leak]
    /// Threads asleep or blocked for ever. Threads only: a suspended task holds none (``suspendedTasks``).
    public var parkedThreads: [ParkedThread]
    /// Threads asleep or blocked with nothing of their own to wake them, that something the app or the simulation
    /// still holds can wake (docs/scenario-format.md §10, "Parked threads").
    public var waitingThreads: [WaitingThread] = []
    /// Tasks suspended for ever: nothing can resume them (a continuation freed unresumed). A suspended task is
    /// its async frame on the heap, referenced by what would resume it; it holds no thread (SE-0296), so it is
    /// not a parked thread (docs/scenario-format.md §10, "Suspended tasks").
    public var suspendedTasks: [SuspendedTask] = []
    /// Tasks suspended on something still held that can resume them: a continuation not yet resumed, an
    /// `AsyncStream` not yet finished.
    public var waitingTasks: [SuspendedTask] = []
    /// Objects freed more than ``Objects/delayGrace`` after the app let go of them, in the order they died.
    public var delayed: [DelayedRelease] = []

    /// Objects of `kind`.
    public func count(_ kind: Leak.Kind) -> Int { leaks.count { $0.kind == kind } }
}

/// An object alive that should not be (docs/scenario-format.md §10.1, the leak taxonomy).
public struct Leak: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Unreachable from every root: kept alive by a reference cycle, an over-retain, or a leaked object.
        case leaked
        /// Reachable only through the system (a thread, a run loop, the notification center) after the app let
        /// it go, or still reachable after UIKit's lifecycle ended it (popped, dismissed).
        case abandoned
    }
    /// The object's label (`button`), class and kind.
    public var object: String
    public var className: String
    /// The object's allocation number (its `#serial` name in queries).
    public var serial: Int
    public var kind: Kind
    /// Why: for `leaked`, `cycle`, `over-retain` or `held by a leaked object`; for `abandoned`, how the app let
    /// it go (`released by the scenario`, `owner died`, `popped`…), `held through X` (only paths through an
    /// abandoned X reach it) or `its owners are abandoned`.
    public var cause: String
    /// For `abandoned`: the shortest path from a root, root first (`thread worker-1 frame`, `block#2`,
    /// `TimerButton button`). For `leaked`: the cycle, starting and ending at the object (just the object when it
    /// is not on one).
    public var path: [String]
    /// The field or slot names along the path (one fewer than `path` for `abandoned`; a singleton's first edge is
    /// its field that holds the next object).
    public var edges: [String]
    /// The kind of root that holds it (`thread`, `runloop`, `queue`, `app`, `corelibs`), for `abandoned`.
    public var holder: String?
    /// When and why the app let go of it, or UIKit ended its lifecycle, if either happened.
    public var letGo: LetGo?
}

/// A live object the scenario made that is not a finding at the end of a run (docs/scenario-format.md §10.1):
/// the app holds it, a system root holds it and the app did not let go of it, only pending work holds it (it is let
/// go when that work runs), or a deallocation under way does.
public struct AliveObject: Sendable, Hashable {
    /// What kind of root reaches it first, in the leak analysis's order (the app, a deallocation under way, the
    /// system, pending work): the words `loopsim why` uses for what holds an object.
    public enum HeldBy: String, Sendable, Hashable {
        case app
        case deallocation = "deallocation under way"
        case system
        case pendingWork = "pending work"
    }
    /// The object's label (`timer`), class and allocation number.
    public var object: String
    public var className: String
    public var serial: Int
    /// What holds it; nil when no root reaches it, which the analysis does not expect (an object that no root
    /// reaches is leaked, and a singleton is a root itself).
    public var heldBy: HeldBy?
    /// Its shortest path from the root that reaches it first, root first (`thread worker-1 frame`, `block#1`),
    /// as for an abandoned ``Leak``; just the object when no root reaches it.
    public var path: [String]
    /// The field or slot names along the path, the root's edge first (one fewer than `path`); a singleton's path
    /// starts at its root, named once, so its first edge is the singleton's field that holds the next object.
    public var edges: [String]
    /// The kind of that root (`app`, `singleton`, `thread`, `runloop`, `queue`…).
    public var holder: String?
    /// When and why the app let go of it, or UIKit ended its lifecycle, if either happened.
    public var letGo: LetGo?
}

/// The objects alive at the end of a run that are not findings: how many, and each with its path when they are
/// few.
public struct AliveObjects: Sendable, Hashable {
    /// How many live objects the scenario made are neither leaked nor abandoned.
    public var count: Int
    /// Each of them by serial when there are at most ``listLimit``; nil when there are more.
    public var listed: [AliveObject]?
    /// The most objects listed with their paths: a list a reader can take in (a run with a thousand live timers
    /// says how many).
    public static let listLimit = 20
}

/// An object freed later than it should have been: more than ``Objects/delayGrace`` after the app let go of it
/// (a `dispatch_after` or a pending block holding it).
public struct DelayedRelease: Sendable, Hashable {
    public var object: String
    public var className: String
    public var serial: Int
    public var letGoAt: SimInstant
    public var freedAt: SimInstant
    /// How the app let go of it.
    public var reason: String
    /// How much later than being let go it died.
    public var late: SimDuration { freedAt - letGoAt }
}

/// A thread asleep or blocked that nothing left in the simulation can wake: nothing the app holds, no pending work,
/// timer or other thread.
public struct ParkedThread: Sendable, Hashable {
    public var name: String
    public var since: SimInstant?
    public var reason: String
}

/// A thread asleep or blocked that only something the app (or other work in the simulation) holds can wake: its
/// run loop, its thread, a port it waits on, the semaphore it waits on. `reason` names that holder.
public struct WaitingThread: Sendable, Hashable {
    public var name: String
    public var since: SimInstant?
    public var reason: String
}

/// A Swift task suspended at an await with no thread of its own: `name` is the task's (`Task loader`), `reason`
/// what it awaits and, for one suspended for ever, why nothing can resume it.
public struct SuspendedTask: Sendable, Hashable {
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
    /// The id it had (a message to a freed object names it from here).
    var id: ObjectID? = nil
}

/// A `check:` step's findings.
public struct CheckSnapshot: Sendable, Hashable {
    public var label: String
    public var at: SimInstant
    public var findings: Findings
}
