/// A task's value (`let n = await task.value`): what its closure returned, kept on the task (``Tasks/finish(_:returning:on:)``;
/// the runtime stores a future's result in the task, `AsyncTask::completeFuture`, and `swift_task_future_wait`
/// reads it once the task has finished).

/// `await task.value` into a place: waits as ``AwaitTaskStep`` does (a finished task does not suspend the waiter),
/// then stores the task's value into the calling frame's place, a copy: the task keeps its own for later awaits.
/// `try await task.value` of a task whose closure threw: its error into the error place and the value place left
/// as it was (stdlib Task.swift, `Task.value` where `Failure == Error`: `try await _taskFutureGetThrowing(_task)`,
/// which rethrows the error the future completed with, for every await).
final class TaskValueFrame: Frame {
    let task: ObjectID
    let caller: ProgramFrame
    let result: LValue?
    let error: LValue?
    private var waited = false

    init(task: ObjectID, caller: ProgramFrame, result: LValue?, error: LValue? = nil) {
        self.task = task
        self.caller = caller
        self.result = result
        self.error = error
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !kernel.tasks.isFinished(task), !waited {
            waited = true
            return .push(TaskSuspendFrame(.wait(task)))
        }
        do throws(RuntimeFault) {
            let thrown = kernel.tasks.thrown(by: task)
            if let error {
                try kernel.interpreter.store(thrown, owned: false, into: error, in: caller, on: thread, kernel)
            }
            if let result, thrown == .null || error == nil {
                try kernel.interpreter.store(
                    kernel.tasks.value(of: task), owned: false, into: result, in: caller, on: thread, kernel)
            }
        } catch {
            kernel.appCrashed(error.message, on: thread)
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
