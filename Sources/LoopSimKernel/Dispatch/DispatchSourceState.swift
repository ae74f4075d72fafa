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
    /// `dispatch_suspend` count; a source is created suspended (1) and runs once resumed. It counts the inactive
    /// state of a new source as one suspension, as `dispatch_resume` on a source consumes it (libdispatch queue.c
    /// `_dispatch_lane_resume`: "only dispatch sources can abuse dispatch_resume() to really mean
    /// dispatch_activate()").
    public var suspendCount = 1
    /// The first resume brought the count to 0: libdispatch cleared `DISPATCH_QUEUE_INACTIVE`. Until then a release
    /// crashes with "Release of an inactive object", after it with "Release of a suspended object".
    public var isActivated = false
    public var isCancelled = false
    /// Cancelled while suspended: libdispatch does not wake a suspended source (queue.c `_dispatch_queue_wakeup`
    /// enqueues only `!_dq_state_is_suspended`), so its cancellation callout waits for the resume.
    public var cancelCalloutPending = false
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
