/// A `dispatch_source` of type timer (`dispatch_source_set_timer` + event handler), semantics §6.
public struct DispatchSourceState: Sendable {
    public var queue: QueueRef
    /// Interval between targets; nil for a one-shot (`DISPATCH_TIME_FOREVER`).
    public var interval: SimDuration?
    public var leeway: SimDuration
    /// Started with `dispatch_walltime` (wall clock) rather than `dispatch_time` (up time).
    public var wallClock: Bool
    /// Next target, on the source's clock.
    public var target: SimInstant
    /// `dispatch_suspend` count; a source is created suspended (1) and runs once resumed.
    public var suspendCount = 1
    public var isCancelled = false
    /// Fires not yet delivered to the handler (`dispatch_source_get_data`).
    public var pendingData = 0
    /// A handler invocation is queued or running.
    public var handlerInFlight = false
    var fireEntry: UInt64?
    public var fires = 0
    public var invocations = 0
    /// The largest count one invocation delivered.
    public var largestMerge = 0
    static let handlerSlot = 0
}

/// A `dispatch_semaphore`.
public struct SemaphoreState: Sendable {
    /// A semaphore's units; a group's count of enters not yet left.
    public var value: Int
    /// Threads waiting, first come first served (`dispatch_semaphore_wait`, `dispatch_group_wait`).
    var waiters: [Int] = []
    /// A `dispatch_group` (semaphore.c implements groups beside semaphores, and groups began as semaphores).
    var isGroup = false
    /// The value the semaphore was made with (`dsema_orig`): disposing of it below that value crashes.
    let original: Int

    public init(value: Int, isGroup: Bool = false) {
        self.value = value
        self.isGroup = isGroup
        self.original = value
    }
}
