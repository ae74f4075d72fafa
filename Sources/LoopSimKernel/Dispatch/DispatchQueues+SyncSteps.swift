/// The steps of `dispatch_sync`, dispatch groups, `dispatch_once` and `dispatch_barrier_async`
/// (docs/scenario-format.md §7.6), run by ``DispatchQueues`` (`DispatchQueues+Sync.swift`, `+Groups.swift`,
/// `+Once.swift`, `+Concurrent.swift`).

/// `dispatch_sync(queue, block)`: the caller waits for the queue, the block runs (on the caller's thread, or the
/// main thread for the main queue), then the caller goes on. `dispatch_barrier_sync` when `isBarrier`: on a
/// concurrent queue the block waits for the blocks before it and runs alone (`DispatchQueues+Concurrent.swift`).
public struct DispatchSyncStep: ExecutableStep {
    public var verb: String { isBarrier ? "dispatch_barrier_sync" : "dispatch_sync" }
    public var queue: QueueRef
    public var block: Expr
    public var isBarrier: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let queue = try c.queue(queue)
        guard let block = try c.retainedObject(block) else { return .next }
        return StepOutcome(.push(DispatchSyncFrame(queue: queue, block: block, isBarrier: isBarrier)))
    }
}

/// `dispatch_group_enter` and `dispatch_group_leave`.
public struct DispatchGroupStep: ExecutableStep {
    public enum Call: Sendable { case enter, leave }
    public var verb: String { call == .enter ? "dispatch_group_enter" : "dispatch_group_leave" }
    public var call: Call
    public var group: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let g = try c.group(group, for: verb)
        switch call {
        case .enter: c.kernel.dispatch.groupEnter(g, on: c.thread)
        case .leave: c.kernel.dispatch.groupLeave(g, on: c.thread)
        }
        return .next
    }
}

/// `dispatch_group_async(group, queue, block)` and `dispatch_group_notify(group, queue, block)`.
public struct DispatchGroupBlockStep: ExecutableStep {
    public enum Call: Sendable { case async, notify }
    public var verb: String { call == .async ? "dispatch_group_async" : "dispatch_group_notify" }
    public var call: Call
    public var group: Expr
    public var queue: QueueRef
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let g = try c.group(group, for: verb)
        let queue = try c.queue(queue)
        guard let block = try c.retainedObject(block) else { return .next }
        switch call {
        case .async: c.kernel.dispatch.groupAsync(g, block: block, to: queue, from: c.thread)
        case .notify: c.kernel.dispatch.groupNotify(g, block: block, to: queue, from: c.thread)
        }
        return .next
    }
}

/// `dispatch_group_wait`; `result` receives 0 (the group emptied) or 1 (timed out).
public struct DispatchGroupWaitStep: ExecutableStep {
    public var verb: String { "dispatch_group_wait" }
    public var group: Expr
    /// nil: `DISPATCH_TIME_FOREVER`.
    public var timeout: SimDuration?
    public var result: LValue?
    /// The timeout computed when the step runs, in place of ``timeout``; a past deadline does not block.
    public var timeoutExpression: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let timeout =
            try timeoutExpression.map { e throws(RuntimeFault) in max(.zero, try c.duration(e, or: .zero)) }
            ?? timeout
        let g = try c.group(group, for: verb)
        return try c.waiting(into: result) { c.kernel.dispatch.groupWait(g, timeout: timeout, on: c.thread) }
    }
}

/// `dispatch_once(&token, block)`: `token` is read, `place` is the same integer place written.
public struct DispatchOnceStep: ExecutableStep {
    public var verb: String { "dispatch_once" }
    public var token: Expr
    public var place: LValue
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        return StepOutcome(.push(DispatchOnceFrame(caller: c.frame, token: token, place: place, block: block)))
    }
}

extension StepContext {
    /// The group `expr` names: the group calls on nil (or on anything else) crash, as libdispatch dereferences
    /// its argument.
    fileprivate func group(_ expr: Expr, for verb: String) throws(RuntimeFault) -> HeapObject {
        guard let o = try object(expr, expecting: "a dispatch group"), o.semaphore?.isGroup == true else {
            throw RuntimeFault("\(verb) on nil or on something not a group (EXC_BAD_ACCESS)")
        }
        return o
    }
}

/// `dispatch_barrier_async(queue, block)`.
public struct DispatchBarrierAsyncStep: ExecutableStep {
    public var verb: String { "dispatch_barrier_async" }
    public var queue: QueueRef
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let queue = try c.queue(queue)
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.dispatch.barrierAsync(block, to: queue, from: c.thread)
        return .next
    }
}
