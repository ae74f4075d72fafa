/// Runs one job of a task (``Tasks``): starts the task's closure, or puts back the frames it suspended in, and
/// when the closure returns (the task's last job) finishes the task. A job that suspends leaves this frame with
/// nothing above it (``TaskSuspendFrame`` took the frames), and it pops: the thread's queue goes on.
final class TaskJobFrame: Frame {
    let task: ObjectID
    let generation: Int
    /// The edge by which the frame running a task's closure holds it.
    static let closureEdge = "task closure"
    /// Whether the job started the task's code (its body, or the frames it resumed).
    private var ran = false

    init(task: ObjectID, generation: Int) {
        self.task = task
        self.generation = generation
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let tasks = kernel.tasks
        if ran {
            // Back on top: the task suspended (its frames are saved) or its closure returned.
            if let record = tasks.record(task), record.state == .running {
                let value = record.returned.returned
                record.returned.returned = .null
                tasks.finish(task, returning: value, on: thread)
            }
            tasks.jobEnded(task)
            return .pop(.null)
        }
        ran = true
        switch tasks.takeJob(task, generation: generation, on: thread) {
        case .stale:
            return .pop(.null)
        case .start:
            guard let closure = tasks.closure(of: task) else { return .pop(.null) }
            kernel.retain(closure)  // the frame's +1, released when the closure returns
            let body = kernel.interpreter.blockFrame(closure, edge: Self.closureEdge)
            body.returnTo = tasks.record(task)?.returned
            return .push(body)
        case .resume(let frames):
            guard let top = frames.last else { return .next }
            thread.frames.append(contentsOf: frames.dropLast())
            return .push(top)
        case .end(let frames):
            unwind(frames, on: thread, kernel)
            tasks.finish(task, on: thread)
            tasks.jobEnded(task)
            return .pop(.null)
        }
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// The frame a suspension point pushes (`Task.sleep`, a hop of `MainActor.run`, a thrown `CancellationError`):
/// it takes the task's frames off the thread — every frame above the task's ``TaskJobFrame`` — and hands them to
/// ``Tasks`` (or unwinds them when the task ends), then pops, leaving the job's frame on top.
final class TaskSuspendFrame: Frame {
    /// What the suspension does with the frames it takes.
    enum Action {
        case sleep(SimDuration, throwing: Bool)
        case hop(TaskExecutor)
        /// `await task.value`: until that task finishes.
        case wait(ObjectID)
        /// `await group.next()`: until one of the task's children finishes (TaskGroupValues+Steps.swift).
        case waitChild
        /// `withCheckedContinuation`: until its continuation is resumed (``Continuations``).
        case continuation
        /// The task ends: a thrown `CancellationError` leaves its closure.
        case end
    }
    let action: Action

    init(_ action: Action) { self.action = action }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let base = thread.frames.lastIndex(where: { $0 is TaskJobFrame }),
            let job = thread.frames[base] as? TaskJobFrame
        else { return .pop(.null) }
        // Every frame between the job's and this one (the last).
        let taken = Array(thread.frames[(base + 1)..<(thread.frames.count - 1)])
        thread.frames.removeSubrange((base + 1)..<(thread.frames.count - 1))
        switch action {
        case .sleep(let delay, let throwing):
            kernel.tasks.sleep(job.task, for: delay, throwing: throwing, frames: taken)
        case .hop(let executor):
            kernel.tasks.hop(job.task, to: executor, frames: taken)
        case .wait(let target):
            kernel.tasks.wait(job.task, for: target, frames: taken)
        case .waitChild:
            kernel.tasks.waitForChild(job.task, frames: taken)
        case .continuation:
            kernel.tasks.awaitContinuation(job.task, frames: taken)
        case .end:
            unwind(taken, on: thread, kernel)
            kernel.tasks.finish(job.task, on: thread)
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// Runs one `await` of a method (``AwaitCallStep``): hop to the callee's executor, the method, the hop back. The
/// frame holds the receiver and the arguments until the method has returned; a suspension takes it off the thread
/// with the task's other frames, and puts it back when the task resumes.
final class AwaitCallFrame: Frame {
    let task: ObjectID
    let receiver: ObjectID
    let classIndex: Int
    let method: Int
    let arguments: [Value]
    /// The +1 references the frame owns: the arguments' objects (the receiver's is released with them).
    let held: [ObjectID]
    let target: TaskExecutor
    /// The frame that awaits a returned value (``AwaitCallStep/result``): the method returns to it.
    let caller: ProgramFrame?
    /// Where the await is: 0 before the hop, 1 before the call, 2 after it, 3 after the hop back.
    private var stage = 0
    /// The receiver's error field (``carriedErrorField``) as the method left it, carried across the hop back:
    /// (the slot, its value).
    private var carriedError: (slot: Int, value: Value)?

    /// The hidden field a throwing method leaves its error in (the Swift front-end's `thrownError`,
    /// SwiftLowering+Throws.swift), read by the caller right after the call. Across an await it rides with the
    /// await: taken from the receiver when the method returns and put back when the caller resumes, just before
    /// the caller's next step reads it, so a second task that awaits the same object's method meanwhile — while
    /// this caller waits for its executor — neither reads this error nor has its own read by this caller.
    static let carriedErrorField = "thrownError"

    init(
        task: ObjectID, receiver: ObjectID, classIndex: Int, method: Int, arguments: [Value], held: [ObjectID],
        target: TaskExecutor, caller: ProgramFrame? = nil
    ) {
        self.caller = caller
        self.task = task
        self.receiver = receiver
        self.classIndex = classIndex
        self.method = method
        self.arguments = arguments
        self.held = held
        self.target = target
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let tasks = kernel.tasks
        switch stage {
        case 0:
            stage = 1
            tasks.pushReturn(task)
            if tasks.executor(of: task) != target { return .push(TaskSuspendFrame(.hop(target))) }
            return .next
        case 1:
            stage = 2
            guard let object = kernel.heap.object(receiver) else { return .next }
            let callee = kernel.interpreter.methodFrame(
                object, classIndex: classIndex, method: method, arguments: arguments)
            callee.returnTo = caller  // its value (+1 for an object) is the caller's, stored when the await ends
            return .push(callee)
        case 2:
            stage = 3
            if let object = kernel.heap.object(receiver),
                let slot = object.slotNames.firstIndex(of: Self.carriedErrorField)
            {
                carriedError = (slot, object[slot: slot])
                object[slot: slot] = .null
            }
            let back = tasks.popReturn(task)
            if tasks.executor(of: task) != back {
                kernel.release(receiver, on: thread)  // the error is put back on the object only if it lives
                for id in held { kernel.release(id, on: thread) }
                return .push(TaskSuspendFrame(.hop(back)))
            }
            restoreCarriedError(in: kernel.heap)
            kernel.release(receiver, on: thread)
            for id in held { kernel.release(id, on: thread) }
            return .pop(.null)
        default:
            restoreCarriedError(in: kernel.heap)
            return .pop(.null)
        }
    }

    /// Puts the carried error back on the receiver, for the caller's next step to read (``carriedErrorField``).
    private func restoreCarriedError(in heap: ObjectHeap) {
        guard let (slot, value) = carriedError else { return }
        carriedError = nil
        if let object = heap.object(receiver), slot < object.slotCount { object[slot: slot] = value }
    }

    /// The task ends inside the await (a thrown `CancellationError`): the frame lets go of what it holds.
    func abandon(on thread: SimThread, _ kernel: Kernel) {
        guard stage < 3 else { return }
        stage = 3
        kernel.release(receiver, on: thread)
        for id in held { kernel.release(id, on: thread) }
    }

    func heldObjects() -> [(String, ObjectID)] {
        stage >= 3 ? [] : [("await receiver", receiver)] + held.map { ("await argument", $0) }
    }
}

/// Runs one `Task.yield()` (``TaskYieldStep``) as the Swift runtime does: the hop to the global executor when the
/// task is elsewhere (swift_task_switch), the yield's continuation job and the task's job it enqueues on the pool
/// (NullaryContinuationJob::process), and the hop back to the executor the task yielded on.
final class YieldFrame: Frame {
    let task: ObjectID
    /// Where the yield is: 0 before the hop off, 1 before the continuation job, 2 before the task's job, 3 before
    /// the hop back, 4 done.
    private var stage = 0

    init(task: ObjectID) { self.task = task }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let tasks = kernel.tasks
        stage += 1
        switch stage {
        case 1:
            tasks.pushReturn(task)
            if tasks.executor(of: task) != .global { return .push(TaskSuspendFrame(.hop(.global))) }
            return .next
        case 2, 3:
            return .push(TaskSuspendFrame(.hop(.global)))
        case 4:
            let back = tasks.popReturn(task)
            if back != .global { return .push(TaskSuspendFrame(.hop(back))) }
            return .pop(.null)
        default:
            return .pop(.null)
        }
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// The end of a task group (``TaskGroupStep``): the task waits for each child still running, in the order they
/// were added, and then lets go of their handles. A suspension takes the frame off the thread with the task's
/// other frames; it goes on when the task resumes.
final class TaskGroupFrame: Frame {
    /// The children's handles (+1 each, the group's), in the order they were added.
    let children: [ObjectID]
    private var done = false

    init(children: [ObjectID]) { self.children = children }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if let running = children.first(where: { !kernel.tasks.isFinished($0) }) {
            return .push(TaskSuspendFrame(.wait(running)))
        }
        abandon(on: thread, kernel)
        return .pop(.null)
    }

    /// Lets go of the children's handles (once): at the group's end, or when the task ends inside it.
    func abandon(on thread: SimThread, _ kernel: Kernel) {
        guard !done else { return }
        done = true
        for child in children { kernel.release(child, on: thread) }
    }

    func heldObjects() -> [(String, ObjectID)] { done ? [] : children.map { ("child task", $0) } }
}

/// Ends `frames` (bottom first) as a thrown error leaves them: each frame's temporaries, locals and the object it
/// held for the call are released, innermost frame first, as Swift's unwinding releases a scope's values.
private func unwind(_ frames: [Frame], on thread: SimThread, _ kernel: Kernel) {
    for frame in frames.reversed() {
        if let a = frame as? AwaitCallFrame { a.abandon(on: thread, kernel) }
        if let g = frame as? TaskGroupFrame { g.abandon(on: thread, kernel) }
        guard let f = frame as? ProgramFrame else { continue }
        f.releaseTemporaries(on: thread, kernel)
        if f.ownsEnvironment {
            for i in f.env.locals.indices {
                let old = f.env.locals[i]
                f.env.locals[i] = .null
                if i >= f.env.parameterCount {
                    kernel.objects.endLifetime(of: old, on: thread)
                } else {
                    kernel.objects.endParameter(old, on: thread)
                }
            }
        }
        if let held = f.held { kernel.release(held, on: thread) }
    }
}

extension Kernel {
    /// The task whose job runs on `thread` now (the innermost ``TaskJobFrame``), nil outside a task.
    func runningTask(on thread: SimThread) -> ObjectID? {
        (thread.frames.last { $0 is TaskJobFrame } as? TaskJobFrame)?.task
    }
}
