/// Throwing task groups (SE-0304; swift stdlib/public/Concurrency/TaskGroup.swift, `withThrowingTaskGroup`): a
/// child task whose closure throws, and `group.cancelAll()`, run by ``Tasks`` on the running task's innermost open
/// group (``TaskGroupBodyStep``). The child's error is its result: `groupNext:` with `error:` hands it to the task
/// that takes it (TaskGroupValues+Steps.swift), and a child nobody takes is waited for and its error dropped at the
/// group's end ("nothing is canceled and the group doesn't throw an error", TaskGroup.swift's documentation).

/// `throw E.c` (or a `try` that fails) leaving a task's closure: the error, a string (an error is its case's text,
/// docs/swift-scenarios.md), is kept as the task's result and the task ends, its frames unwound as a thrown
/// `CancellationError` unwinds them (``TaskSuspendFrame``). A child task's error is what its group's `next()`
/// rethrows (the runtime stores a failed child's error in the task, `AsyncTask::completeFuture` with an error, and
/// `swift_taskGroup_wait_next_throwing` rethrows it).
public struct TaskThrowStep: ExecutableStep {
    public var verb: String { "taskThrow" }
    /// The error, a string.
    public var error: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else { throw RuntimeFault("taskThrow outside a task") }
        let value = try c.value(error)
        guard case .string = value else { throw RuntimeFault("taskThrow throws an error's text, not \(value)") }
        c.kernel.tasks.setThrown(task, value)
        return StepOutcome(.push(TaskSuspendFrame(.end)))
    }
}

/// `group.cancelAll()` in a group's body (``TaskGroupBodyStep``): every child of the innermost open group not
/// collected yet is cancelled, as `task.cancel()` cancels a task (a sleeping child wakes at once, its own children
/// are cancelled too), and a child added to the group later starts cancelled. The task itself is not cancelled.
/// swift TaskGroup.swift `cancelAll()` → `swift_taskGroup_cancelAll`, which cancels each child task; the same call
/// ends a throwing group whose body threw, before the group waits for its children (`withThrowingTaskGroup`'s
/// `catch`: `group.cancelAll(); await group.awaitAllRemainingTasks(); throw error`).
public struct TaskGroupCancelAllStep: ExecutableStep {
    public var verb: String { "groupCancelAll" }

    public init() {}

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("group.cancelAll() outside a task")
        }
        guard c.kernel.tasks.hasOpenGroup(task) else {
            throw RuntimeFault("group.cancelAll() outside a task group's body")
        }
        c.kernel.tasks.cancelGroup(of: task, from: c.thread)
        // A cancelled child waiting in a stream's next() with an onTermination handler: the handler runs here,
        // on the cancelling thread, before that child resumes (ThrowingStreams+Steps.swift).
        return StreamTerminationCall.due(in: c)
    }
}

/// `group.isCancelled` in a group's body: true into `into` once `group.cancelAll()` was called on the innermost
/// open group, or when the task running the group is cancelled ("if the task that's currently running this group
/// is canceled, the group is also implicitly canceled", TaskGroup.swift `isCancelled`), else false.
public struct TaskGroupIsCancelledStep: ExecutableStep {
    public var verb: String { "groupIsCancelled" }
    /// A bool place.
    public var into: LValue

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread), c.kernel.tasks.hasOpenGroup(task) else {
            throw RuntimeFault("group.isCancelled outside a task group's body")
        }
        let cancelled = c.kernel.tasks.isGroupCancelled(of: task) || c.kernel.tasks.isCancelled(task)
        try c.kernel.interpreter.store(.bool(cancelled), owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
        return .next
    }
}
