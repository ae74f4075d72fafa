/// A mode's timer port: the kernel timer (mk_timer / timerfd) whose expiry posts one message on a port in
/// the mode's port set, plus CF's arming bookkeeping (`_mkTimerArmed` / `_dispatchTimerArmed`).
public struct TimerPort: Sendable {
    /// The deadline the kernel timer is armed for, if armed.
    public var armedDeadline: SimInstant?
    /// The queue entry that expires it.
    var entry: UInt64?
    /// Whether CF recorded that it armed the port (never, on the mk_timer-only build).
    public var armTracked = false
    /// A message is queued on the port (collapses: the port queue holds one).
    public var pendingMessage = false
    /// Arrival order of the pending message, for "first ready port wins" in a wait.
    var messageSequence: UInt64 = 0
    /// The message was posted although no timer was due when it was armed-for (a stale wake).
    public var pendingIsStale = false
}
