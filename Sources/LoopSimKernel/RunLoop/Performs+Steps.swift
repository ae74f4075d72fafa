/// The perform verbs' steps (docs/scenario-format.md §7.5): NSObject's selector performs, carried out by the run
/// loops (`RunLoop/RunLoops+Performs.swift`).

/// `-[NSObject performSelector:withObject:afterDelay:]` and `...afterDelay:inModes:` sent to `target`.
public struct PerformAfterDelayStep: ExecutableStep {
    public var verb: String { "performSelector" }
    public var target: Expr
    public var classIndex: Int
    public var method: Int
    public var argument: Expr?
    public var delay: SimDuration
    /// Canonical mode names (default: the default mode).
    public var modes: [String]
    /// The delay computed when the step runs (`afterDelay: interval`), in place of ``delay``; a negative one is as
    /// a negative literal's.
    public var delayExpression: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        try k.runLoops.requirePerformAPI("-[NSObject performSelector:withObject:afterDelay:]")
        guard let target = try c.retainedObject(target) else { return .next }  // a message to nil
        let delay = try c.duration(delayExpression, or: delay)
        let argument = try c.performArgument(argument)
        k.runLoops.performAfterDelay(
            target: target, classIndex: classIndex, method: method, argument: argument,
            delay: delay, modes: modes, on: c.thread)
        return .next
    }
}

/// `-[NSObject performSelector:onThread:withObject:waitUntilDone:]` and `...modes:` sent to `target`; the thread is
/// named by its run loop.
public struct PerformOnThreadStep: ExecutableStep {
    public var verb: String { "performSelectorOnThread" }
    public var target: Expr
    public var classIndex: Int
    public var method: Int
    public var argument: Expr?
    public var runLoop: Expr
    public var waitUntilDone: Bool
    /// Canonical mode names (default: the common modes).
    public var modes: [String]

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        try k.runLoops.requirePerformAPI("-[NSObject performSelector:onThread:withObject:waitUntilDone:]")
        guard let rl = try targetRunLoop(c), let target = try c.retainedObject(target) else { return .next }
        let argument = try c.performArgument(argument)
        return StepOutcome(
            k.runLoops.performOnThread(
                rl, target: target, classIndex: classIndex, method: method,
                argument: argument, waitUntilDone: waitUntilDone, modes: modes,
                from: c.thread, k))
    }
}

extension PerformOnThreadStep {
    /// The run loop the perform goes to: `onThread:` is a run loop, or an `NSThread` (what Objective-C passes), whose
    /// run loop is the one it has, or one made for it now: `_CFRunLoopGet0(t)` makes the loop of any thread that has
    /// none, the asking thread or not (CFRunLoop.c, `_CFRunLoopGet0`: `if (!loop) { CFRunLoopRef newLoop =
    /// __CFRunLoopCreate(t); … }`). Apple: the method "queues the message on the run loop of the target thread";
    /// a thread that has exited, or never runs its loop, never runs it: the request waits in a loop nobody runs.
    fileprivate func targetRunLoop(_ c: StepContext) throws(RuntimeFault) -> SimRunLoop? {
        let value = try c.value(runLoop)
        if case .thread(let id) = value { return c.kernel.runLoops.runLoop(for: c.kernel.threads[id]) }
        return try c.kernel.runLoops.runLoop(named: value)
    }
}

extension StepContext {
    /// A perform request's argument (`withObject:`), held by the request: an object with a +1 reference the
    /// request takes over, a collection with its object elements retained, and any other value (a Swift `String`,
    /// `Int`, `Bool` or `TimeInterval`) as it is. Swift bridges such a value to an object (`NSString`, `NSNumber`)
    /// when it passes it as the `Any?` argument, and the method receives it (the Swift overlay's
    /// `perform(_:with:afterDelay:)` takes `Any?`); the model keeps the value itself, which is what the method's
    /// parameter reads. `.null` when there is no argument.
    fileprivate func performArgument(_ expr: Expr?) throws(RuntimeFault) -> Value {
        guard let expr else { return .null }
        let (value, owned) = try ownedValue(expr)
        if case .object = value { return try reference(to: value, owned: owned).map { .object($0) } ?? .null }
        if !owned, let elements = value.heldElements {
            try kernel.objects.requireRetainable(value)
            kernel.objects.retainElements(elements)
        }
        return value
    }
}

/// `+[NSObject cancelPreviousPerformRequestsWithTarget:]` and `...WithTarget:selector:object:`.
public struct CancelPerformRequestsStep: ExecutableStep {
    public var verb: String { "cancelPreviousPerformRequests" }
    public var target: Expr
    /// With `selector:`: the method, and the argument the requests must have (nil: those without one).
    public var selector: (classIndex: Int, method: Int)?
    public var object: Expr?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        try k.runLoops.requirePerformAPI("+[NSObject cancelPreviousPerformRequestsWithTarget:]")
        guard case .object(let target) = try c.value(target) else { return .next }
        let match = try selector.map { s throws(RuntimeFault) in (s.classIndex, s.method, try c.value(object)) }
        k.runLoops.cancelPerformRequests(target: target, method: match, on: c.thread)
        return .next
    }
}
