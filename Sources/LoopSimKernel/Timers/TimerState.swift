/// The `__CFRunLoopTimer` fields an `NSTimer` object carries.
public struct TimerState: Sendable {
    public var isValid = true
    public var isFiring = false
    /// The run loop it belongs to (a timer is in at most one), and the modes it is in there.
    public var runLoop: Int?
    public var modes: [String] = []
    /// Next fire, on the monotonic clock (`_fireTSR`).
    public var fireTSR: SimInstant
    /// 0 = one-shot.
    public var interval: SimDuration
    /// Allowed lateness (0 = none).
    public var tolerance = SimDuration.zero
    /// The first slot on the wall clock (for countdown figures across device sleep).
    public var firstSlotWall = SimInstant.zero
    public var action: TimerSpec.Action
    /// Slot indices in the timer object: where target, userInfo and block live.
    static let targetSlot = 0, userInfoSlot = 1, blockSlot = 2
    static let slotNames = ["target", "userInfo", "block"]
    static let slotStrengths: [Strength] = [.strong, .strong, .strong]
    public var fires = 0
    /// Fires whose callout did nothing: a proxy swallowed the call because its target was gone.
    public var wastedFires = 0
    public var skippedSlots = 0
    /// Latency of every run-loop fire (callout start minus the slot it was due at).
    public var latencies: [SimDuration] = []

    var isRepeating: Bool { interval.nanoseconds > 0 }
}
