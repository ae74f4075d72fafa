/// The timer verbs' steps (docs/scenario-format.md §7.3): `NSTimer`s and `CADisplayLink`s, made, scheduled,
/// invalidated and fired by the run loops' timer code (`Timers/RunLoops+Timers.swift`).

/// `+[CADisplayLink displayLinkWithTarget:selector:]` at `fps` frames per second (retains its target).
public struct MakeDisplayLinkStep: ExecutableStep {
    public var verb: String { "displayLink" }
    public var target: Expr
    public var classIndex: Int
    public var method: Int
    public var fps: Int
    public var label: String
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        let link = try k.runLoops.makeDisplayLink(
            target: target, classIndex: classIndex, method: method, fps: fps,
            label: label, in: c.frame, on: c.thread, k)
        try c.bindFactoryResult(link, into: into)
        return .next
    }
}

/// The `NSTimer` constructors (`scheduledTimer:`, `timer:`); binds the new timer to `into`.
public struct MakeTimerStep: ExecutableStep {
    public var spec: TimerSpec
    public var into: LValue?
    public var verb: String { spec.scheduleMode == nil ? "timer" : "scheduledTimer" }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        var spec = spec
        // Computed durations, in the order Swift evaluates the arguments (interval, then the fire date); a
        // negative one is as a literal's (RunLoops.makeTimer: interval clamped, past fire date due at once).
        spec.interval = try c.duration(spec.intervalExpression, or: spec.interval)
        if let e = spec.firstFireExpression { spec.firstFireAfter = try c.duration(e, or: .zero) }
        spec.tolerance = try c.duration(spec.toleranceExpression, or: spec.tolerance)
        let timer = try c.kernel.runLoops.makeTimer(spec, in: c.frame, on: c.thread, c.kernel)
        try c.bindFactoryResult(timer, into: into)
        return .next
    }
}

/// `[runLoop addTimer:timer forMode:mode]`.
public struct AddTimerStep: ExecutableStep {
    public var verb: String { "addTimer" }
    public var timer: Expr
    public var runLoop: Expr
    public var mode: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let timer = try c.object(timer, expecting: "a timer"), let rl = try c.runLoop(runLoop) else {
            return .next
        }
        c.kernel.runLoops.addTimer(timer.id, to: rl, mode: mode, on: c.thread)
        return .next
    }
}

/// `-[NSTimer invalidate]` and `-[NSTimer fire]`.
public struct InvalidateOrFireStep: ExecutableStep {
    public var timer: Expr
    /// `fire`; false: `invalidate`.
    public var fires: Bool
    public var verb: String { fires ? "fire" : "invalidate" }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let timer = try c.object(timer, expecting: "a timer") else { return .next }
        if fires { return StepOutcome(c.kernel.runLoops.fireManually(timer.id, on: c.thread)) }
        c.kernel.runLoops.invalidateTimer(timer.id, on: c.thread, reason: "invalidate")
        return .next
    }
}

/// `link.paused = YES/NO` (`-[CADisplayLink setPaused:]`). Apple, CADisplayLink `isPaused`: "When true, the display
/// link doesn't send notifications to the target"; the link stays in its run loop and keeps its target until it is
/// invalidated. Sent to an NSTimer it is an unrecognized selector; to nil, nothing.
public struct SetPausedStep: ExecutableStep {
    public var verb: String { "setPaused" }
    public var link: Expr
    public var paused: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(link, expecting: "a display link") else { return .next }
        guard o.isTimer, o.className == "CADisplayLink" else {
            throw RuntimeFault(
                "-[\(o.className) setPaused:]: unrecognized selector sent to \(o.displayName) (only a "
                    + "CADisplayLink can be paused)")
        }
        guard case .bool(let flag) = try c.value(paused) else { throw RuntimeFault("setPaused: takes true or false") }
        o.timerExtras.isPaused = flag
        return .next
    }
}

/// `link.preferredFramesPerSecond = N` (`-[CADisplayLink setPreferredFramesPerSecond:]`): the link's frame rate
/// becomes the factor of the display's 60 Hz nearest to N (Apple, `preferredFramesPerSecond`: "the actual frame
/// rate chosen is usually a factor of the maximum refresh rate"; 0, or N above the maximum, is the maximum), its
/// period that rate's, and its next frame the first boundary of the new grid after now (frames are anchored at
/// instant 0, as ``RunLoops/makeDisplayLink`` anchors them), repositioned in its modes as a new fire date is. An
/// `NSTimer` crashes the run (unrecognized selector); nil does nothing.
public struct SetFrameRateStep: ExecutableStep {
    public var verb: String { "setPreferredFramesPerSecond" }
    public var link: Expr
    public var fps: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(link, expecting: "a display link") else { return .next }
        guard o.isTimer, o.className == "CADisplayLink" else {
            throw RuntimeFault(
                "-[\(o.className) setPreferredFramesPerSecond:]: unrecognized selector sent to \(o.displayName) "
                    + "(only a CADisplayLink has a frame rate)")
        }
        guard case .int(let wanted) = try c.value(fps) else {
            throw RuntimeFault("setPreferredFramesPerSecond: takes an integer")
        }
        let rate = Self.frameRate(preferred: wanted)
        let period = Int64((1_000_000_000 + rate / 2) / rate)
        o.timer.interval = SimDuration(nanoseconds: period)
        guard o.timer.isValid else { return .next }
        let now = c.kernel.now.nanoseconds
        let next = SimInstant(nanoseconds: (now / period + 1) * period)
        c.kernel.record(c.thread, .displayLinkRate(link: c.kernel.name(o), fps: Int64(rate), next: next))
        c.kernel.runLoops.setNextFireDate(o, to: next, on: c.thread)
        return .next
    }

    /// The display's maximum refresh rate, as ``RunLoops/makeDisplayLink`` makes a link at by default.
    public static let maximumRate = 60

    /// The factor of ``maximumRate`` nearest to `preferred` (the larger one on a tie); the maximum for 0, a
    /// negative value or more than the maximum.
    public static func frameRate(preferred: Int) -> Int {
        guard preferred > 0, preferred < maximumRate else { return maximumRate }
        let factors = (1...maximumRate).filter { maximumRate % $0 == 0 }
        return factors.min { a, b in
            let (da, db) = (abs(a - preferred), abs(b - preferred))
            return da != db ? da < db : a > b
        }!
    }
}

/// `-[NSTimer setFireDate:]` (`CFRunLoopTimerSetNextFireDate`): the timer's next fire, `at` an instant (milliseconds
/// of virtual time, `distantFuture` included) or `after` a duration from now (`Date(timeIntervalSinceNow:)`). A nil
/// timer does nothing, as any message to nil.
public struct SetFireDateStep: ExecutableStep {
    public var verb: String { "setFireDate" }
    public var timer: Expr
    /// The new date in milliseconds of virtual time; nil: ``after``.
    public var at: Expr?
    /// The new date as a duration from now, when ``at`` is nil.
    public var after: SimDuration

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(timer, expecting: "a timer") else { return .next }
        guard o.isTimer else { throw RuntimeFault("setFireDate sent to a \(o.className), not a timer") }
        let k = c.kernel
        var date = k.now + after
        if let at {
            guard case .int(let ms) = try c.value(at) else { throw RuntimeFault("a fire date is milliseconds") }
            // Past `Int64.max` nanoseconds the date is beyond any limit: the kernel clamps it (16 years ahead).
            let (ns, overflow) = Int64(ms).multipliedReportingOverflow(by: 1_000_000)
            date = overflow ? (ms < 0 ? .zero : .never) : SimInstant(nanoseconds: ns)
        }
        k.runLoops.setNextFireDate(o, to: date, on: c.thread)
        return .next
    }
}
