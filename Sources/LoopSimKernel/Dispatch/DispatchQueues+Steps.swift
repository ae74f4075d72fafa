/// The GCD verbs' steps (docs/scenario-format.md §7.6–§7.7): `dispatch_after`, timer sources and semaphores,
/// run by ``DispatchQueues`` and its ``DispatchSources``.

/// `dispatch_after(delay, queue, block)`.
public struct DispatchAfterStep: ExecutableStep {
    public var verb: String { "dispatch_after" }
    public var delay: DurationSpec
    public var queue: QueueRef
    public var block: Expr
    /// `dispatch_walltime` (Swift's `asyncAfter(wallDeadline:)`): the deadline is on the wall clock, which goes on
    /// while the device sleeps, rather than on the monotonic clock of `dispatch_time` (`asyncAfter(deadline:)`),
    /// which stands still (Apple, `dispatch_walltime`: "a dispatch_time_t using the wall clock"; `DispatchTime`:
    /// "does not advance while the system is asleep"; ``AppLifecycle/usesMonotonicClock(_:)``).
    public var wallClock: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        // Swift evaluates the deadline (`.now() + delay`) before the closure argument.
        let queue = try c.queue(queue)
        let delay = try c.duration(delay)
        guard let block = try c.retainedObject(block) else { return .next }
        let index = c.kernel.dispatch.after(block, delay: delay, to: queue, from: c.thread)
        if wallClock, let index { c.kernel.app.wallClockAfters.insert(index) }
        return .next
    }
}

/// A dispatch timer source (created, timer set, handler set, optionally resumed), bound to `into`.
public struct MakeDispatchTimerStep: ExecutableStep {
    public var verb: String { "dispatch_source_timer" }
    public var spec: DispatchTimerSpec
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let source = try c.kernel.dispatch.sources.makeTimer(spec, in: c.frame, on: c.thread, c.kernel)
        if c.kernel.crash != nil { return .next }
        try c.bind(source, into: into)
        return .next
    }
}

/// `dispatch_resume`, `dispatch_suspend` and `dispatch_source_cancel` on a dispatch source.
public struct DispatchSourceStep: ExecutableStep {
    public enum Call: Sendable { case resume, suspend, cancel }
    public var verb: String {
        switch call {
        case .resume: "dispatch_resume"
        case .suspend: "dispatch_suspend"
        case .cancel: "dispatch_source_cancel"
        }
    }
    public var call: Call
    public var source: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(source, expecting: "a dispatch source"), o.dispatchSource != nil else {
            return .next
        }
        let sources = c.kernel.dispatch.sources
        switch call {
        case .resume: sources.resume(o, on: c.thread)
        case .suspend: sources.suspend(o, on: c.thread)
        case .cancel: sources.cancel(o, on: c.thread)
        }
        return .next
    }
}

/// `dispatch_source_set_event_handler` on a source made before: the source holds `block` in place of its handler.
public struct DispatchSourceSetHandlerStep: ExecutableStep {
    public var verb: String { "dispatch_source_set_event_handler" }
    public var source: Expr
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(source, expecting: "a dispatch source"), o.dispatchSource != nil else {
            return .next
        }
        let handler = try c.retainedObject(block)
        c.kernel.dispatch.sources.setHandler(o, handler, on: c.thread)
        return .next
    }
}

/// `dispatch_semaphore_wait`; `result` receives 0 (taken) or 1 (timed out).
public struct SemaphoreWaitStep: ExecutableStep {
    public var verb: String { "dispatch_semaphore_wait" }
    public var semaphore: Expr
    /// nil: `DISPATCH_TIME_FOREVER`.
    public var timeout: SimDuration?
    public var result: LValue?
    /// The timeout computed when the step runs (`wait(timeout: .now() + t)`), in place of ``timeout``; a past
    /// deadline is `DISPATCH_TIME_NOW`: a wait that does not block.
    public var timeoutExpression: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let timeout =
            try timeoutExpression.map { e throws(RuntimeFault) in max(.zero, try c.duration(e, or: .zero)) }
            ?? timeout
        let o = try c.semaphore(semaphore, for: verb)
        return try c.waiting(into: result) { c.kernel.dispatch.semaphoreWait(o, timeout: timeout, on: c.thread) }
    }
}

/// `dispatch_semaphore_signal`.
public struct SemaphoreSignalStep: ExecutableStep {
    public var verb: String { "dispatch_semaphore_signal" }
    public var semaphore: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let o = try c.semaphore(semaphore, for: verb)
        c.kernel.dispatch.semaphoreSignal(o, from: c.thread)
        return .next
    }
}

/// `dispatch_async(queue, block)`.
public struct DispatchAsyncStep: ExecutableStep {
    public var verb: String { "dispatch_async" }
    public var queue: QueueRef
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let queue = try c.queue(queue)
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.dispatch.async(block, to: queue, from: c.thread)
        return .next
    }
}

extension StepContext {
    /// The semaphore `expr` names: `dispatch_semaphore_wait` and `_signal` on nil (or on anything else) crash,
    /// as libdispatch dereferences its argument.
    fileprivate func semaphore(_ expr: Expr, for verb: String) throws(RuntimeFault) -> HeapObject {
        guard let o = try object(expr, expecting: "a semaphore"), o.semaphore.map({ !$0.isGroup }) == true else {
            throw RuntimeFault("\(verb) on nil (EXC_BAD_ACCESS)")
        }
        return o
    }
}
