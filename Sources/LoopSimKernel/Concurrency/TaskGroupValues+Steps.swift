/// A task group's children's values (SE-0304): `await group.next()`, `for await v in group`, run by ``Tasks`` on
/// the running task's innermost open group (``TaskGroupBodyStep``).

/// `await group.next()` in a group's body: the task takes the result of a child of the innermost open group not
/// collected yet. A child that has finished already is taken at once, without a suspension — the earliest to have
/// finished first; otherwise the task suspends until the next of its children finishes and takes that one. When
/// every child has been collected, `next()` returns nil at once. Swift's runtime (stdlib TaskGroup.cpp,
/// `swift_taskGroup_wait_next_throwing` and `offer`): a child that completes while no task waits is enqueued on the
/// group's ready queue (first in, first out) and `next()` dequeues its head; a child that completes while the
/// group's task waits resumes it with its own result; an empty group returns nil. A collected child's value is
/// stored in `result`, a copy (as ``TaskValueFrame`` does); `found` is set to whether a child was collected.
public struct TaskGroupNextStep: ExecutableStep {
    public var verb: String { "groupNext" }
    /// Where the child's value goes (`let v = await group.next()`); nil discards it (`await group.next()`).
    public var result: LValue?
    /// Where true goes when a child was collected, false when none was left (`while let v = …`, `for await`).
    public var found: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else { throw RuntimeFault("group.next() outside a task") }
        guard c.kernel.tasks.hasOpenGroup(task) else { throw RuntimeFault("group.next() outside a task group's body") }
        return StepOutcome(.push(TaskGroupNextFrame(task: task, caller: c.frame, result: result, found: found)))
    }
}

/// Runs one `await group.next()` (``TaskGroupNextStep``): takes a finished child, or suspends until one finishes
/// (a suspension takes the frame off the thread with the task's other frames; it goes on when the task resumes).
final class TaskGroupNextFrame: Frame {
    let task: ObjectID
    let caller: ProgramFrame
    let result: LValue?
    let found: LValue?

    init(task: ObjectID, caller: ProgramFrame, result: LValue?, found: LValue?) {
        self.task = task
        self.caller = caller
        self.result = result
        self.found = found
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let tasks = kernel.tasks
        guard let children = tasks.innermostGroup(of: task) else { return .pop(.null) }
        if children.isEmpty {
            store(.bool(false), into: found, kernel, thread)
            return .pop(.null)
        }
        // The earliest finished child not collected yet (finish order is a total order across tasks).
        let finished = children.filter { tasks.isFinished($0) }
        guard let child = finished.min(by: { tasks.finishOrder(of: $0) < tasks.finishOrder(of: $1) }) else {
            return .push(TaskSuspendFrame(.waitChild))
        }
        tasks.collect(child, fromGroupOf: task)
        store(tasks.value(of: child), into: result, kernel, thread)
        store(.bool(true), into: found, kernel, thread)
        kernel.release(child, on: thread)  // the group's handle of the child
        return .pop(.null)
    }

    private func store(_ value: Value, into place: LValue?, _ kernel: Kernel, _ thread: SimThread) {
        guard let place else { return }
        do throws(RuntimeFault) {
            try kernel.interpreter.store(value, owned: false, into: place, in: caller, on: thread, kernel)
        } catch {
            kernel.appCrashed(error.message, on: thread)
        }
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
