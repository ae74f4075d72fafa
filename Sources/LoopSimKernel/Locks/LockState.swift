/// Which of Foundation's four lock classes a lock object is (swift-corelibs-foundation
/// `Sources/Foundation/NSLock.swift` at 761b621; Apple, "NSLock", "NSRecursiveLock", "NSCondition",
/// "NSConditionLock").
public enum LockKind: String, Sendable, CaseIterable {
    /// `NSLock`: a default pthread mutex (`pthread_mutex_init(mutex, nil)`, line 69): locking it twice on one thread
    /// deadlocks.
    case lock = "NSLock"
    /// `NSRecursiveLock`: a `PTHREAD_MUTEX_RECURSIVE` mutex (lines 295–305): its owner may lock it again; it is free
    /// once every lock is balanced by an unlock.
    case recursive = "NSRecursiveLock"
    /// `NSCondition`: a mutex and a condition variable (lines 402–503).
    case condition = "NSCondition"
    /// `NSConditionLock`: an owner flag and an integer condition, guarded by an internal `NSCondition` that every
    /// unlock broadcasts (lines 174–273).
    case conditionLock = "NSConditionLock"
}

/// A lock object's state, kept on its object (``HeapObject/lock``) and freed with it: who holds it, how often, and
/// who waits for it. Changed only by ``Locks``.
public struct LockState: Sendable {
    public let kind: LockKind
    /// The thread that holds the mutex (for `NSConditionLock`, corelibs' `_thread`), or nil when it is free.
    public internal(set) var owner: Int?
    /// How many times ``owner`` has locked it without unlocking (above 1 only for `NSRecursiveLock`).
    public internal(set) var depth = 0
    /// Threads blocked until the mutex is free (and, for `NSConditionLock`, its condition is theirs), in the order
    /// they began to wait (conformance c130: glibc's futex wakes them in that order).
    var waiters: [Int] = []
    /// `NSCondition`: threads in `wait` or `wait(until:)`, until a `signal` or `broadcast` takes them (first come,
    /// first served: a modelling choice, docs/fidelity.md).
    var conditionWaiters: [Int] = []
    /// `NSConditionLock`'s condition (`condition`, set by `unlock(withCondition:)`).
    public internal(set) var condition = 0
    /// The lock's `name` (corelibs `open var name: String?` on each of the four, nil until set): shown in the
    /// parked-thread chain beside the place that holds it.
    public internal(set) var name: String?

    init(kind: LockKind, condition: Int = 0) {
        self.kind = kind
        self.condition = condition
    }
}
