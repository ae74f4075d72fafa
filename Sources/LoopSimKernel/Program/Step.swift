/// One statement of a body: the scenario language's own statements (locals, fields, `if`, calls, markers, `work`),
/// and every API call as a step that runs itself (``perform(_:)``), defined beside the part that models it.
public indirect enum Step: Sendable {
    /// `let x = value` (a strong local).
    case bind(local: Int, Expr)
    /// `x = value` / `obj.field = value`, honouring the field's strength.
    case assign(LValue, Expr)
    /// Drop a strong reference and mark its object as let go by the scenario (a pop, a dismiss).
    case release(LValue)
    /// `count += delta` on an integer place.
    case add(LValue, Int)
    case ifThen(Expr, then: [Step], else: [Step])
    /// `while:` / `for:`: a loop that runs in the frame that reaches it, never one frame per turn (``Loop``).
    case loop(Loop)
    /// `break` / `continue` in a loop's body, also from an `if` branch inside it (``ProgramFrame`` unwinds them).
    case loopControl(LoopControl)
    /// A marker in the trace and the report.
    case log(String)
    /// Running code that takes virtual time: the thread is busy for the duration.
    case work(DurationSpec)
    /// `[receiver method]`, or `[receiver method:arguments…]`: the arguments bind the method's parameters. What the
    /// method returns (``returnValue(_:)``) is +1 to the caller (Swift returns owned references, SE-0390 "Returns
    /// are owned"): stored into `result` when the call names one, else released when the call's statement ends;
    /// a message to nil (or one a proxy swallows) stores nil.
    case call(receiver: Expr, classIndex: Int, method: Int, arguments: [Expr] = [], result: LValue? = nil)
    /// `return` / `return EXPR`: ends the method or block that runs it, from any depth of `if` branches and loops in
    /// it; the value (retained, or moved out of a local of the body) goes to the `call:` that called the method.
    case returnValue(Expr?)
    /// Call a block value synchronously on this thread; the arguments bind the block's parameters (`block:` with
    /// `params:`), as many as it declares. What the block returns (`block:` with `returns:`, ``returnValue(_:)``) goes
    /// to `result` when the call names one, as a `call:`'s does: the calling frame takes it when the block's frame
    /// pops, so no other code runs between the block's `return` and the store; without `result` it is dropped.
    case callBlock(Expr, arguments: [Expr] = [], result: LValue? = nil)

    /// Take a findings snapshot now (leaks, parked threads) under `label`.
    case check(String)
    /// A step that runs itself (``ExecutableStep``), defined beside the part that runs it: every verb that models
    /// an API (timers, run loops, GCD, threads, UIKit, notifications, the app's lifecycle).
    case perform(any ExecutableStep)
    /// A step the kernel itself inserts (app lifecycle follow-ups).
    case internalStep(InternalStep)
    /// The next statement was written at ``Program/sites`` index `N` (docs/kernel.md, "Sites"). Not a step of its
    /// own: the frame that reaches it notes the site and goes on to the next step in the same turn, so it records
    /// no event, counts no step and changes no limit; the events the statement records carry the site.
    case site(Int32)
}

/// How a dispatch timer source is set up.
public struct DispatchTimerSpec: Sendable {
    public var queue: QueueRef
    /// First target, from now.
    public var start: DurationSpec
    /// nil: one-shot (`DISPATCH_TIME_FOREVER`).
    public var interval: SimDuration?
    public var leeway: SimDuration
    /// `dispatch_walltime` rather than `dispatch_time`.
    public var wallClock: Bool
    public var handler: Expr
    /// Call `dispatch_resume` at once (the usual idiom).
    public var resume: Bool
    public var label: String
    /// The interval computed when the step runs (a duration expression), in place of ``interval``.
    public var intervalExpression: Expr? = nil
    /// The leeway computed when the step runs, in place of ``leeway``.
    public var leewayExpression: Expr? = nil
}

/// A duration, fixed, drawn from a seeded distribution, or computed from an expression when the step runs.
public enum DurationSpec: Sendable {
    case fixed(SimDuration)
    /// Index into the run's samplers (see ``KernelConfiguration/samplers``).
    case sampled(Int)
    /// An expression of the language's duration values (``Value/duration(_:)``: `self.interval * 2`, `delay`),
    /// evaluated when the step runs (``Interpreter/duration(_:in:on:_:)``).
    case expression(Expr)
}

/// How an `NSTimer` is built.
public struct TimerSpec: Sendable {
    public enum Action: Sendable {
        /// `target:selector:` — the timer retains the target until invalidated.
        case targetSelector(target: Expr, classIndex: Int, method: Int)
        /// `...repeats:block:` — the timer retains the block (iOS 10+ API).
        case block(Expr)
        /// The pre-iOS 10 category idiom: target is the NSTimer class, the block rides in `userInfo`.
        case userInfoBlock(Expr)
        /// `timerWithTimeInterval:invocation:repeats:`: the timer retains an `NSInvocation` that retains its
        /// target (the timer asks it to retain its arguments).
        case invocation(target: Expr, classIndex: Int, method: Int)
    }
    public var interval: SimDuration
    public var repeats: Bool
    public var action: Action
    public var userInfo: Expr? = nil
    /// `scheduledTimer...` adds it to the current run loop in this mode; nil means `timerWith...` (unscheduled).
    public var scheduleMode: String?
    /// First fire relative to creation; nil means `interval`. May be negative (a past fire date).
    public var firstFireAfter: SimDuration? = nil
    /// The unscheduled block initialiser (`Timer(timeInterval:repeats:block:)`), whose first fire differs on Linux.
    public var isBlockInitializer: Bool = false
    /// `timer.tolerance`; clamped to half the interval for repeating timers.
    public var tolerance: SimDuration = .zero
    public var label: String
    /// The interval computed when the step runs (a duration expression: `self.interval`), in place of ``interval``.
    public var intervalExpression: Expr? = nil
    /// The first fire computed when the step runs, in place of ``firstFireAfter``.
    public var firstFireExpression: Expr? = nil
    /// The tolerance computed when the step runs, in place of ``tolerance``.
    public var toleranceExpression: Expr? = nil
}

/// The run-loop entry points.
public enum RunCall: Sendable {
    /// `-[NSRunLoop run]`: repeat `runMode:NSDefaultRunLoopMode beforeDate:distantFuture` until it returns NO.
    case run
    /// `-[NSRunLoop runUntilDate:]`, the date `after` from now.
    case runUntil(after: SimDuration)
    /// `-[NSRunLoop runMode:beforeDate:]`: one activation, returning after the first source; `before` nil = distantFuture.
    case runMode(String, before: SimDuration?)
    /// `CFRunLoopRun()`: default mode until stopped or finished.
    case cfRun
    /// `CFRunLoopRunInMode(mode, seconds, returnAfterSourceHandled)`; `seconds` nil = 1e10 (infinite).
    case cfRunInMode(String, seconds: SimDuration?, returnAfterSourceHandled: Bool)
}

/// Run-loop activities (the `CFRunLoopActivity` bits).
public struct RunLoopActivity: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let entry = RunLoopActivity(rawValue: 1)
    public static let beforeTimers = RunLoopActivity(rawValue: 2)
    public static let beforeSources = RunLoopActivity(rawValue: 4)
    public static let beforeWaiting = RunLoopActivity(rawValue: 32)
    public static let afterWaiting = RunLoopActivity(rawValue: 64)
    public static let exit = RunLoopActivity(rawValue: 128)
    public static let allActivities: RunLoopActivity = [
        .entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit,
    ]

    /// ``name`` of a single activity as a static string (the trace writes it as it is); nil for a set.
    var staticName: StaticString? {
        switch self {
        case .entry: "Entry"
        case .beforeTimers: "BeforeTimers"
        case .beforeSources: "BeforeSources"
        case .beforeWaiting: "BeforeWaiting"
        case .afterWaiting: "AfterWaiting"
        case .exit: "Exit"
        default: nil
        }
    }

    /// The activity's name as in `kCFRunLoop<Name>`.
    public var name: String { staticName.map { "\($0)" } ?? "Activities(\(rawValue))" }
}
