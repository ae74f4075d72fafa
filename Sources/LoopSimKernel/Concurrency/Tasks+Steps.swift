/// The Swift concurrency verbs' steps (docs/scenario-format.md §7.13), run by ``Tasks``.

/// `Task { }`, `Task { @MainActor in }` or `Task.detached { }`: a new task running `closure`, bound to `into`.
public struct MakeTaskStep: ExecutableStep {
    public var verb: String { "task" }
    public var closure: Expr
    /// `Task.detached`: no actor inherited, the global executor.
    public var detached: Bool
    /// The closure's own isolation (`@MainActor in`); nil: inherited (``executor(in:)``).
    public var actor: TaskExecutor?
    public var into: LValue?
    /// The task's label in reports: the place's name, or `task`.
    public var label: String
    /// `async let` (SE-0317): the task is a child of the running task, so the parent's cancellation reaches it
    /// (swift stdlib/public/Concurrency/AsyncLet.cpp `asyncLet_addImpl` attaches the child's record to the
    /// parent; `swift_task_cancel` cancels every child record), and it starts cancelled in a cancelled parent.
    public var child: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let closure = try c.retainedObject(closure) else { return .next }
        let parent = child ? c.kernel.runningTask(on: c.thread) : nil
        let task = c.kernel.tasks.makeTask(
            closure: closure, executor: executor(in: c), label: label, parent: parent, on: c.thread)
        try c.bind(task, into: into)
        return .next
    }

    /// Where the task runs. `Task.detached` and a closure marked `@MainActor` say; `Task { }` inherits the actor
    /// context where it is made (SE-0304, "Unstructured tasks": "inherits the actor ... of the synchronous
    /// context"): inside a task, the task's executor; outside, the main thread's code is the main actor's (UIKit's
    /// `UIViewController` and `UIApplicationDelegate` are `@MainActor`; docs/fidelity.md), any other thread's
    /// is nonisolated.
    func executor(in c: StepContext) -> TaskExecutor {
        if let actor { return actor }
        if detached { return .global }
        if let task = c.kernel.runningTask(on: c.thread) { return c.kernel.tasks.executor(of: task) }
        return c.thread.isMain ? .mainActor : .global
    }
}

/// `try? await Task.sleep(nanoseconds:)` (or `try await`, `throwing`): the task suspends until the delay has
/// passed; a cancelled task does not sleep (the sleep throws `CancellationError` at once, swift
/// stdlib/public/Concurrency/TaskSleep.swift), and a cancellation wakes a sleeping one at once.
public struct TaskSleepStep: ExecutableStep {
    public var verb: String { "taskSleep" }
    public var delay: DurationSpec
    /// `try await`: the `CancellationError` a cancellation throws ends the task; `try?` goes on.
    public var throwing: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("Task.sleep outside a task")
        }
        if c.kernel.tasks.isCancelled(task) {
            guard throwing else { return .next }
            c.kernel.tasks.setThrown(task, Tasks.cancellationError)
            return StepOutcome(.push(TaskSuspendFrame(.end)))
        }
        let d = max(.zero, try c.duration(delay))
        return StepOutcome(.push(TaskSuspendFrame(.sleep(d, throwing: throwing))))
    }
}

/// `try Task.checkCancellation()`: in a cancelled task it throws `CancellationError`, which ends the task.
public struct CheckCancellationStep: ExecutableStep {
    public var verb: String { "checkCancellation" }

    public init() {}

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread), c.kernel.tasks.isCancelled(task) else { return .next }
        c.kernel.tasks.setThrown(task, Tasks.cancellationError)
        return StepOutcome(.push(TaskSuspendFrame(.end)))
    }
}

/// `task.cancel()` on a task handle; nil does nothing (an optional chain `self.task?.cancel()`).
public struct CancelTaskStep: ExecutableStep {
    public var verb: String { "cancelTask" }
    public var task: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(task, expecting: "a task") else { return .next }
        guard c.kernel.tasks.isTask(o.id) else {
            throw RuntimeFault("cancelTask on a \(o.className), not a Task")
        }
        c.kernel.tasks.cancel(o.id, from: c.thread)
        return StreamTerminationCall.due(in: c)  // the streams' termination handlers, called on this thread
    }
}

/// `await MainActor.run { }`: its body runs on the main actor. `enter` hops to the main queue unless the task is on
/// the main actor already; the step after the body (`enter` false) hops back to where the task was.
public struct MainActorRunStep: ExecutableStep {
    public var verb: String { "mainActorRun" }
    /// True before the body, false after it.
    public var enter: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("await MainActor.run outside a task")
        }
        let tasks = c.kernel.tasks
        let target: TaskExecutor
        if enter {
            tasks.pushReturn(task)
            target = .mainActor
        } else {
            target = tasks.popReturn(task)
        }
        guard tasks.executor(of: task) != target else { return .next }
        return StepOutcome(.push(TaskSuspendFrame(.hop(target))))
    }
}
