/// A task group's children's values (SE-0304): `await group.next()`, `for await v in group`, run by ``Tasks`` on
/// the running task's innermost open group (``TaskGroupBodyStep``).

/// `await group.next()` in a group's body: the task takes the result of a child of the innermost open group not
/// collected yet. A child that has finished already is taken at once, without a suspension — the earliest to have
/// finished first; otherwise the task suspends until the next of its children finishes and takes that one. When
/// every child has been collected, `next()` returns nil at once. Swift's runtime (stdlib TaskGroup.cpp,
/// `swift_taskGroup_wait_next_throwing` and `offer`): a child that completes while no task waits is enqueued on the
/// group's ready queue (first in, first out) and `next()` dequeues its head; a child that completes while the
/// group's task waits resumes it with its own result; an empty group returns nil. A collected child's value is
/// stored in `result`, a copy (as ``TaskValueFrame`` does); `found` is set to whether a child was collected. The
/// compiler makes two steps of it, as of a stream's next (Streams+Steps.swift): the ask, which suspends the task
/// while children run and none has finished (a finishing child resumes it, ``Tasks``), then the take.
public struct TaskGroupNextStep: ExecutableStep {
    public var verb: String { "groupNext" }
    /// False: the ask (which may suspend the task); true: the take, storing the child's value.
    public var take: Bool
    /// Where the child's value goes (`let v = await group.next()`); nil discards it (`await group.next()`).
    public var result: LValue? = nil
    /// Where true goes when a child was collected, false when none was left (`while let v = …`, `for await`).
    public var found: LValue? = nil
    /// Where the child's error goes when its closure threw (`try await group.next()` rethrows it, SE-0304: "an
    /// individual task throws its error in the corresponding call to `next()`"), nil when it returned; its value is
    /// then left as it was. Nil discards it (a group whose children do not throw).
    public var error: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else { throw RuntimeFault("group.next() outside a task") }
        guard c.kernel.tasks.hasOpenGroup(task) else { throw RuntimeFault("group.next() outside a task group's body") }
        let tasks = c.kernel.tasks
        guard let children = tasks.innermostGroup(of: task) else { return .next }
        // The earliest finished child not collected yet (finish order is a total order across tasks).
        let finished = children.filter { tasks.isFinished($0) }
        let earliest = finished.min { tasks.finishOrder(of: $0) < tasks.finishOrder(of: $1) }
        guard take else {
            return children.isEmpty || earliest != nil ? .next : StepOutcome(.push(TaskSuspendFrame(.waitChild)))
        }
        guard let child = earliest else {
            if let found {
                try c.kernel.interpreter.store(
                    .bool(false), owned: false, into: found, in: c.frame, on: c.thread, c.kernel)
            }
            return .next
        }
        tasks.collect(child, fromGroupOf: task)
        let thrown = tasks.thrown(by: child)
        if let error {
            try c.kernel.interpreter.store(thrown, owned: false, into: error, in: c.frame, on: c.thread, c.kernel)
        }
        if let result, thrown == .null {
            try c.kernel.interpreter.store(
                tasks.value(of: child), owned: false, into: result, in: c.frame, on: c.thread, c.kernel)
        }
        if let found {
            try c.kernel.interpreter.store(.bool(true), owned: false, into: found, in: c.frame, on: c.thread, c.kernel)
        }
        c.kernel.release(child, on: c.thread)  // the group's handle of the child
        return .next
    }
}
