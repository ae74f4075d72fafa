/// A property of an `NSTimer` (or a `CADisplayLink`) read in an expression (`self.timer.isValid`): NSTimer's
/// accessors, in the scenario's units (durations and dates as whole milliseconds of virtual time).
public enum TimerProperty: String, Sendable, CaseIterable {
    /// `isValid`: false once invalidated (or a one-shot fired).
    case isValid
    /// `timeInterval` in milliseconds: 0 for a one-shot (Foundation returns 0 for a non-repeating timer).
    case timeInterval
    /// `fireDate` as milliseconds of virtual time: the next fire it is scheduled for. An invalid timer reads the
    /// last one (Apple's `fireDate`: "If the timer is no longer valid, the last date at which the timer fired"), or,
    /// under `invalidTimerFireDate` `referenceDate`, CF's 0 (`CFRunLoopTimerGetNextFireDate`, CFRunLoop.c lines
    /// 4575-4586 at 761b621): the reference date, before any run's start, read as ``referenceDateMs``.
    case fireDate
    /// `tolerance` in milliseconds: as set, at most half the interval of a repeating timer (CFRunLoop.c
    /// `CFRunLoopTimerSetTolerance`); 0 on swift-corelibs-foundation, whose CF sets nothing outside
    /// `TARGET_OS_MAC` (CFRunLoop.c lines 4750–4770 at 761b621; conformance c51).
    case tolerance
    /// `paused` of a `CADisplayLink` (`setPaused:`); false for an NSTimer, which has no such property.
    case paused
    /// `userInfo`: the value the timer was made with (`scheduledTimer(timeInterval:target:selector:userInfo:
    /// repeats:)`), which the timer retains until it is invalidated (Apple, NSTimer `userInfo`: "The receiver
    /// maintains a strong reference to this object until it (the timer) is invalidated"); nil for a block timer and
    /// once invalidated, as CF's `CFRunLoopTimerInvalidate` releases the context's info and clears it (CFRunLoop.c).
    /// Swift's `Any?`: the compiler lets a scenario read it only through `as?` or a nil check.
    case userInfo
    /// `timestamp` of a `CADisplayLink`, a duration on the monotonic clock (`CACurrentMediaTime()`'s, the
    /// language's `now_uptime`): the frame boundary at or before now on the link's grid — in its callout, the frame
    /// the callout is for, however late the callout runs (Apple, `timestamp`: "The time interval that represents
    /// when the last frame displayed"). An `NSTimer` has none.
    case timestamp
    /// `targetTimestamp` of a `CADisplayLink` (iOS 10): the next frame boundary, `timestamp` plus the period
    /// (Apple: "The time interval that represents when the next frame displays").
    case targetTimestamp
    /// `duration` of a `CADisplayLink`: the frame period, 1/fps (Apple: "The time interval between screen refresh
    /// updates").
    case duration

    /// `Date(timeIntervalSinceReferenceDate: 0)` (2001-01-01) in milliseconds of virtual time: a run has no wall
    /// clock, so the date before every start is the smallest integer (as `distantFuture` is the largest). The
    /// expression `referenceDate` reads it.
    public static let referenceDateMs = Int.min

    /// Whether the property is a boolean (else an integer or a duration).
    public var isBool: Bool { self == .isValid || self == .paused }

    /// Whether the property is a display link's frame time, a duration (``frameTime(of:now:app:)``).
    public var isFrameTime: Bool { self == .timestamp || self == .targetTimestamp || self == .duration }

    /// The value for `timer`, a timer object, under `profile`.
    func value(of timer: HeapObject, _ profile: VariantProfile) -> Value {
        switch self {
        case .isValid: .bool(timer.timer.isValid)
        case .timeInterval: .int(Int(timer.timer.interval.nanoseconds / 1_000_000))
        case .fireDate:
            !timer.timer.isValid && !profile.invalidTimerKeepsFireDate
                ? .int(Self.referenceDateMs) : .int(Int(timer.timer.fireTSR.nanoseconds / 1_000_000))
        case .tolerance:
            profile.timerPortBackend == .timerfd
                ? .int(0) : .int(Int(timer.timerExtras.tolerance.nanoseconds / 1_000_000))
        case .paused: .bool(timer.timerExtras.isPaused)
        case .userInfo: timer[slot: TimerState.userInfoSlot]
        case .timestamp, .targetTimestamp, .duration: .duration(timer.timer.interval)  // see frameTime(of:now:app:)
        }
    }

    /// A display link's frame time at `now`: the boundary at or before now on the link's own grid,
    /// the slots of its fire date and period (``RunLoops/makeDisplayLink``; a rate change keeps the grid's slots).
    /// In its callout the fire date is still the slot called out (CF reschedules after the callout), so a late
    /// callout reads the last slot passed, not the one it was due at; read on the monotonic clock
    /// (``AppLifecycle/monotonicNow(_:)``). An `NSTimer` has no such property: the read fails as
    /// `-[__NSCFTimer timestamp]` would (an unrecognized selector).
    func frameTime(of link: HeapObject, now: SimInstant, app: AppLifecycle) throws(RuntimeFault) -> Value {
        guard link.className == "CADisplayLink" else {
            throw RuntimeFault("'\(rawValue)' read from an NSTimer: it is a CADisplayLink's")
        }
        let period = link.timer.interval
        if self == .duration { return .duration(period) }
        let anchor = link.timer.fireTSR.nanoseconds, step = period.nanoseconds
        let offset = now.nanoseconds - anchor
        let slots = offset >= 0 ? offset / step : -((-offset + step - 1) / step)  // rounded toward -infinity
        let timestamp = app.monotonicNow(SimInstant(nanoseconds: anchor + slots * step))
        return .duration(self == .timestamp ? timestamp : timestamp + period)
    }
}
