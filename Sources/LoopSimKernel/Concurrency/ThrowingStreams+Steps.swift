/// A stream's termination handler (`continuation.onTermination = { termination in … }`) and its call, run by
/// ``Streams`` (docs/scenario-format.md §7.13; swift stdlib/public/Concurrency/AsyncStreamBuffer.swift, `_Storage`
/// and `_ThrowingStorage`).

/// `continuation.onTermination = { termination in … }` (or `= nil`): the storage keeps the handler strongly in its
/// `onTermination` slot (what the closure captures stays as long as the stream does), letting go of the one it
/// replaces. The handler takes one parameter, the termination: the string `finished` or `cancelled`. Set on a
/// stream already terminated, it is called when the storage is freed (the storage's `deinit` calls
/// `onTermination?(.cancelled)`). Nil (an optional chain) does nothing.
public struct StreamOnTerminationStep: ExecutableStep {
    public var verb: String { "streamOnTermination" }
    public var stream: Expr
    /// The handler block; nil clears it.
    public var handler: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let (value, owned) = try c.ownedValue(handler)
        guard let o = try c.object(stream, expecting: "an AsyncStream continuation") else {
            c.drop(value, owned: owned)
            return .next
        }
        guard c.kernel.tasks.streams.isStream(o.id) else {
            c.drop(value, owned: owned)
            throw RuntimeFault("onTermination on a \(o.className), not an AsyncStream")
        }
        if case .object(let block) = value {
            switch c.kernel.heap.object(block)?.kind {
            case .block?, .boundBlock?: break
            default:
                c.drop(value, owned: owned)
                throw RuntimeFault("onTermination set to an object that is not a closure")
            }
        }
        c.kernel.objects.writeSlot(o.id, Streams.handlerSlot, value, owned: owned, on: c.thread, c.kernel)
        return .next
    }
}

/// Calls termination handlers on the current thread, each with its reason, and resumes each consumer after its
/// handler returns (`_Storage.finish()` and `cancel()` call the handler outside the lock, before resuming the
/// waiting continuation). The handler's reference, taken out of the storage, passes to the call's frame, which lets
/// it go when the handler returns (the swapped-out `handler` local of `finish()` / `cancel()`): what it captured
/// may die then.
enum StreamTerminationCall {
    /// A frame on this thread calling `terminations` in order, then running `then` (a step to run again once the
    /// handlers returned) when there is one.
    static func outcome(
        _ terminations: [Streams.Termination], then: (any ExecutableStep)? = nil, cancelHandlers: [ObjectID] = [],
        in c: StepContext
    ) -> StepOutcome {
        if terminations.isEmpty && cancelHandlers.isEmpty {
            return then == nil ? .next : StepOutcome(.push(frame([then!], c)))
        }
        // `withTaskCancellationHandler` handlers first: the runtime calls a cancelled task's records as it cancels
        // it, before the stream's own handler runs in the resumed `next()` (CancellationHandlers+Steps.swift).
        var steps: [any ExecutableStep] = cancelHandlers.map { CallCancelHandlerStep(handler: $0) }
        for t in terminations {
            steps.append(CallHandlerStep(handler: t.handler, reason: t.reason))
            if let task = t.resume { steps.append(ResumeConsumerStep(task: task)) }
        }
        if let then { steps.append(then) }
        return StepOutcome(.push(frame(steps, c)))
    }

    private static func frame(_ steps: [any ExecutableStep], _ c: StepContext) -> ProgramFrame {
        ProgramFrame(
            steps: steps.map { .perform($0) }, env: c.frame.env, ownsEnvironment: false, label: c.frame.label)
    }

    /// The terminations a task's cancellation made due (``Streams/taskCancelled(_:)``), called by the cancelling
    /// step on its own thread.
    static func due(in c: StepContext) -> StepOutcome {
        outcome(
            c.kernel.tasks.streams.takeDueTerminations(), cancelHandlers: c.kernel.tasks.takeDueCancelHandlers(), in: c)
    }

    /// Calls one `withTaskCancellationHandler` handler (its +1 passes to the call's frame).
    struct CallCancelHandlerStep: ExecutableStep {
        var verb: String { "onCancel" }
        let handler: ObjectID

        func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
            guard c.kernel.heap.object(handler) != nil else { return .next }
            return StepOutcome(.push(c.kernel.interpreter.blockFrame(handler, edge: "onCancel")))
        }
    }

    /// Calls one handler with its reason (the handler's +1 passes to the call's frame).
    struct CallHandlerStep: ExecutableStep {
        var verb: String { "streamOnTermination" }
        let handler: ObjectID
        let reason: String

        func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
            guard c.kernel.heap.object(handler) != nil else { return .next }
            return StepOutcome(
                .push(c.kernel.interpreter.blockFrame(handler, edge: "onTermination", arguments: [.string(reason)])))
        }
    }

    /// Resumes a consumer the termination handed the end to (its job is queued on its executor).
    struct ResumeConsumerStep: ExecutableStep {
        var verb: String { "streamFinish" }
        let task: ObjectID

        func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
            c.kernel.tasks.continuationResumed(task)
            return .next
        }
    }
}
