/// The second layer of Swift concurrency's steps (docs/scenario-format.md §7.13): `await` of a method on its
/// executor, `Task.yield()` and `await task.value`, run by ``Tasks`` and its ``Actors``.

/// `await receiver.method(args)`: the call runs on the callee's executor (``CalleeIsolation``). The task hops there
/// when it is elsewhere, runs the method — whose own suspension points suspend the task —, and hops back to where
/// it was when the method returns (Swift resumes the caller on its own isolation). A nil receiver
/// (`await x?.m()`) does nothing and does not suspend.
public struct AwaitCallStep: ExecutableStep {
    public var verb: String { "await" }
    public var receiver: Expr
    public var classIndex: Int
    public var method: Int
    public var arguments: [Expr]
    /// Where the callee runs.
    public var isolation: CalleeIsolation
    /// Where the method's returned value goes (`let n = await counter.increment()`): taken by the calling frame
    /// when the await ends, back on the caller's executor, as a `call:`'s `result:` is.
    public var result: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("await outside a task")
        }
        // Arguments are evaluated before the call, as Swift evaluates them before the hop.
        var held: [ObjectID] = []
        var values: [Value] = []
        for e in arguments {
            let (value, owned) = try c.ownedValue(e)
            if let id = try c.reference(to: value, owned: owned) { held.append(id) }
            values.append(value)
        }
        guard let object = try c.object(receiver, expecting: "a receiver") else {
            for id in held { c.kernel.release(id, on: c.thread) }
            if let result {
                try c.kernel.interpreter.store(.null, owned: false, into: result, in: c.frame, on: c.thread, c.kernel)
            }
            return .next
        }
        c.kernel.retain(object.id)
        let target: TaskExecutor
        switch isolation {
        case .mainActor: target = .mainActor
        case .global: target = .global
        case .instanceActor: target = .actor(object.id)
        }
        let frame = AwaitCallFrame(
            task: task, receiver: object.id, classIndex: classIndex, method: method, arguments: values,
            held: held, target: target, caller: result == nil ? nil : c.frame)
        if let result {
            c.frame.awaitsReturn = true
            c.frame.returnPlace = result
        }
        return StepOutcome(.push(frame))
    }
}

/// `await Task.yield()`: `Task.yield` is a nonisolated async function, so a task on the main actor or an actor
/// first hops to the global executor (SE-0338); there it enqueues a continuation job on its current executor — the
/// global one — whose run resumes the task with one more job on the pool, and the task then hops back to where it
/// was (``YieldFrame``). Swift 6.3's `Task.yield()` (stdlib Task.swift: `_taskCreateNullaryContinuationJob`,
/// `Task.currentExecutor.enqueue`); on this machine gdb showed the jobs, main → pool → pool → pool → main, and
/// blocks queued on the main queue during the yield run before the task goes on (conformance c111).
public struct TaskYieldStep: ExecutableStep {
    public var verb: String { "taskYield" }

    public init() {}

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else { throw RuntimeFault("Task.yield outside a task") }
        return StepOutcome(.push(YieldFrame(task: task)))
    }
}

/// `await task.value` (`_ = await task.value`): the task suspends until TASK finishes, then resumes on its own
/// executor (`swift_task_future_wait`); a finished task's value is there at once, without a suspension. nil does
/// nothing. Waiting is not cancelled by `task.cancel()` of the waiter (an unstructured task's value ignores it).
public struct AwaitTaskStep: ExecutableStep {
    public var verb: String { "awaitTask" }
    public var task: Expr
    /// Where the task's value goes (`let n = await task.value`), stored when the await ends (TaskValues.swift).
    public var result: LValue? = nil
    /// Where the task's error goes (`try await task.value` of a task whose closure threw), a string place: what the
    /// task threw, nil when it returned (TaskValues.swift).
    public var error: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let waiter = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("await task.value outside a task")
        }
        guard let o = try c.object(task, expecting: "a task") else { return .next }
        guard c.kernel.tasks.isTask(o.id) else { throw RuntimeFault("awaitTask on a \(o.className), not a Task") }
        if o.id == waiter { throw RuntimeFault("a task awaits its own value: it would wait for ever") }
        if result != nil || error != nil {
            return StepOutcome(.push(TaskValueFrame(task: o.id, caller: c.frame, result: result, error: error)))
        }
        if c.kernel.tasks.isFinished(o.id) { return .next }
        return StepOutcome(.push(TaskSuspendFrame(.wait(o.id))))
    }
}

/// `await withTaskGroup(of: Void.self) { group in group.addTask { … } … }`: each child closure becomes a child task
/// on the global executor (an `addTask` closure is nonisolated), queued in order; at the group's end the task
/// waits until every child has finished (`waitForAll`, swift `TaskGroup.cpp`), and a cancel of the task cancels
/// the children (SE-0304). Measured on this machine: three children that block 200, 100 and 100 ms on the 2-thread
/// pool ended at 100, 200 and 200 ms, and the main-actor parent went on at 200 ms on the main thread.
public struct TaskGroupStep: ExecutableStep {
    public var verb: String { "taskGroup" }
    /// The `addTask` closures, in order.
    public var children: [Expr]

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let parent = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("withTaskGroup outside a task")
        }
        var made: [ObjectID] = []
        for child in children {
            guard let closure = try c.retainedObject(child) else { continue }
            made.append(
                c.kernel.tasks.makeTask(
                    closure: closure, executor: .global, label: "child task", parent: parent, on: c.thread))
        }
        return StepOutcome(.push(TaskGroupFrame(children: made)))
    }
}

/// `await withTaskGroup(of: Void.self) { group in … }` whose body is ordinary statements (children added in a loop,
/// under an `if`): the step before the body opens a group in the running task, and the step after it closes the
/// group and waits, as ``TaskGroupStep``'s end does, until every child has finished (`waitAll`, swift
/// `TaskGroup.cpp`; SE-0304: "a task group's children are awaited when the group's body returns").
public struct TaskGroupBodyStep: ExecutableStep {
    public var verb: String { "withTaskGroup" }
    /// True before the body, false after it.
    public var open: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("withTaskGroup outside a task")
        }
        if open {
            c.kernel.tasks.openGroup(task)
            return .next
        }
        guard let children = c.kernel.tasks.closeGroup(task) else {
            throw RuntimeFault("the end of a task group that was not opened")
        }
        return StepOutcome(.push(TaskGroupFrame(children: children)))
    }
}

/// `group.addTask { … }` in a group's body (``TaskGroupBodyStep``): the closure, made now (so it captures a
/// loop constant's value at this turn), becomes a child task on the global executor (an `addTask` closure is
/// nonisolated), queued at once, and joins the innermost open group of the running task (SE-0304). A child
/// added by a cancelled task starts cancelled (`swift_taskGroup_addTask`).
public struct AddTaskStep: ExecutableStep {
    public var verb: String { "addTask" }
    /// The child's closure.
    public var closure: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let parent = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("addTask outside a task")
        }
        guard c.kernel.tasks.hasOpenGroup(parent) else { throw RuntimeFault("addTask outside a task group's body") }
        guard let made = try c.retainedObject(closure) else { return .next }
        let child = c.kernel.tasks.makeTask(
            closure: made, executor: .global, label: "child task", parent: parent, on: c.thread)
        c.kernel.tasks.addChild(child, toGroupOf: parent)
        return .next
    }
}

/// `await group.waitForAll()` in a group's body (``TaskGroupBodyStep``): the task waits until every child added
/// so far has finished, as at the group's end, and lets go of their handles; the group stays open for more
/// children (swift `TaskGroup.cpp` `waitAll`).
public struct TaskGroupWaitStep: ExecutableStep {
    public var verb: String { "waitForAll" }

    public init() {}

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("waitForAll outside a task")
        }
        guard let children = c.kernel.tasks.takeGroupChildren(task) else {
            throw RuntimeFault("waitForAll outside a task group's body")
        }
        return StepOutcome(.push(TaskGroupFrame(children: children)))
    }
}
