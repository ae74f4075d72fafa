/// The `DispatchWorkItem` and `concurrentPerform` verbs' steps (docs/scenario-format.md §7.6), run by
/// ``DispatchQueues`` (`DispatchQueues+WorkItems.swift`, `DispatchQueues+Apply.swift`).

/// `let item = DispatchWorkItem { … }`, bound to `into`.
public struct MakeWorkItemStep: ExecutableStep {
    public var verb: String { "workItem" }
    public var block: Expr
    public var into: LValue
    /// The item's label in reports: the place's name.
    public var label: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        let item = c.kernel.dispatch.makeWorkItem(block: block, label: label, on: c.thread)
        try c.bind(item, into: into)
        return .next
    }
}

/// What a step does with a work item: `perform()`, `queue.async(execute:)`, `cancel()`, `notify(queue:execute:)`,
/// `wait()` / `wait(timeout:)`.
public struct WorkItemStep: ExecutableStep {
    public enum Call: Sendable {
        case perform
        case async(QueueRef)
        /// `queue.asyncAfter(deadline: .now() + delay, execute: item)`: `dispatch_after` of the item's block.
        case asyncAfter(QueueRef, delay: DurationSpec)
        case cancel
        case notify(QueueRef, block: Expr)
        case wait(timeout: SimDuration?, result: LValue?)
    }
    public var verb: String {
        switch call {
        case .perform: "performWorkItem"
        case .async: "asyncWorkItem"
        case .asyncAfter: "asyncAfterWorkItem"
        case .cancel: "cancelWorkItem"
        case .notify: "notifyWorkItem"
        case .wait: "waitWorkItem"
        }
    }
    public var call: Call
    public var item: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(item, expecting: "a DispatchWorkItem") else { return .next }
        let dispatch = c.kernel.dispatch
        guard dispatch.workItemIsCancelled(o) != nil else {
            throw RuntimeFault(
                "unrecognized selector sent to \(o.displayName): it is not a DispatchWorkItem (make one with "
                    + "`workItem:`)")
        }
        switch call {
        case .perform:
            return StepOutcome(.push(WorkItemFrame(item: o.id, isQueued: false)))
        case .async(let queue):
            dispatch.asyncWorkItem(o, to: try c.queue(queue), from: c.thread)
        case .asyncAfter(let queue, let delay):
            let queue = try c.queue(queue)
            dispatch.asyncAfterWorkItem(o, delay: try c.duration(delay), to: queue, from: c.thread)
        case .cancel:
            dispatch.cancelWorkItem(o)
        case .notify(let queue, let block):
            let queue = try c.queue(queue)
            guard let block = try c.retainedObject(block) else { return .next }
            dispatch.notifyWorkItem(o, block: block, to: queue, from: c.thread)
        case .wait(let timeout, let result):
            return try c.waiting(into: result) { dispatch.waitWorkItem(o, timeout: timeout, on: c.thread) }
        }
        return .next
    }
}

/// `DispatchQueue.concurrentPerform(iterations:execute:)`: the caller runs iterations with the pool and returns
/// once every one has (``ApplyFrame``). Fewer than one iteration does nothing.
public struct ConcurrentPerformStep: ExecutableStep {
    public var verb: String { "concurrentPerform" }
    public var iterations: Expr
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard case .int(let n) = try c.value(iterations) else {
            throw RuntimeFault("concurrentPerform's iterations are an integer")
        }
        guard n > 0 else { return .next }  // dispatch_apply_f: `if (unlikely(iterations == 0)) return;`
        guard let block = try c.retainedObject(block) else { return .next }
        return StepOutcome(.push(c.kernel.dispatch.beginApply(block, iterations: n, on: c.thread)))
    }
}
