/// A mode's timer port: the kernel timer (mk_timer / timerfd) whose expiry posts one message on a port in
/// the mode's port set, plus CF's arming bookkeeping (`_mkTimerArmed` / `_dispatchTimerArmed`).
public struct TimerPort: Sendable {
    /// The deadline the kernel timer is armed for, if armed.
    public var armedDeadline: SimInstant?
    /// The queue entry that expires it.
    var entry: UInt64?
    /// Whether CF recorded that it armed the port (never, on the mk_timer-only build).
    public var armTracked = false
    /// The port's message queue: expiry posts one message to it.
    var mailbox = Port()
    /// A message is queued on the port.
    public var pendingMessage: Bool { mailbox.hasMessage }
    /// The message was posted although no timer was due when it was armed-for (a stale wake).
    public var pendingIsStale = false
}
