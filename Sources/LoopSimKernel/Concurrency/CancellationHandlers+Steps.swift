/// `withTaskCancellationHandler { operation } onCancel: { handler }` (SE-0304, "Cancellation handlers"), lowered as
/// the standard library writes it (stdlib/public/Concurrency/TaskCancellation.swift: `let record =
/// _taskAddCancellationHandler(handler: handler); defer { _taskRemoveCancellationHandler(record: record) }; return
/// try await operation()`): `addCancelHandler:` installs the handler on the running task, the operation's steps run
/// in place, and `removeCancelHandler:` takes it off on every way out. A task cancelled while a handler is installed
/// calls it at once on the cancelling thread, inside `task.cancel()` or `group.cancelAll()`, concurrently with the
/// operation (``Tasks/cancel(_:from:)`` makes it due, ``StreamTerminationCall/due(in:)`` calls it); a task already
/// cancelled calls it before the operation runs.

/// `addCancelHandler:` — installs `handler` (a block) on the running task, or calls it at once when the task is
/// cancelled already ("the cancellation handler will be executed immediately before the operation closure gets to
/// execute", TaskCancellation.swift).
public struct AddCancelHandlerStep: ExecutableStep {
    public var verb: String { "addCancelHandler" }
    public var handler: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("withTaskCancellationHandler outside a task")
        }
        guard let block = try c.retainedObject(handler) else { return .next }
        if c.kernel.tasks.isCancelled(task) {
            // The handler's +1 passes to the call's frame, which lets it go when it returns.
            return StepOutcome(.push(c.kernel.interpreter.blockFrame(block, edge: "onCancel")))
        }
        c.kernel.tasks.addCancelHandler(task, block)
        return .next
    }
}

/// `removeCancelHandler:` — the operation returned or threw: the innermost handler is removed and let go; one a
/// cancellation already called is gone.
public struct RemoveCancelHandlerStep: ExecutableStep {
    public var verb: String { "removeCancelHandler" }

    public init() {}

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("withTaskCancellationHandler outside a task")
        }
        if let handler = c.kernel.tasks.removeCancelHandler(task) { c.kernel.objects.release(handler, on: c.thread) }
        return .next
    }
}
