/// Swift concurrency's unstructured tasks and their two executors, as the Swift runtime runs them on GCD
/// (docs/fidelity.md, "Swift concurrency"): `Task { }`, `Task.detached`, `Task.sleep`, `task.cancel()`,
/// `Task.isCancelled`, `Task.checkCancellation()` and the hops of `MainActor.run`.
///
/// A task is an object (`Task`, one strong slot `closure`) whose body runs as a series of *jobs*, each a piece
/// between two suspension points. swift/stdlib/public/Concurrency/DispatchGlobalExecutor.cpp enqueues a job:
/// - on the **main actor** with `swift_dispatchEnqueueMain`: `dispatch_async_f(dispatch_get_main_queue(), …)`,
///   so a main-actor job is a main-queue block, drained by the main run loop (`_dispatch_main_queue_callback_4CF`)
///   and waiting behind a busy callout or a nested run loop exactly as one;
/// - on the **global executor** with `swift_dispatchEnqueueGlobal`: off Darwin, onto one concurrent queue,
///   "Swift global concurrent queue", whose width is the logical CPUs (`dispatch_queue_set_width(q, -3)`,
///   `DISPATCH_QUEUE_WIDTH_MAX_LOGICAL_CPUS`): the cooperative pool, `cooperativePoolWidth` jobs at once;
/// - after a delay (`Task.sleep`) with `swift_dispatchEnqueueWithDeadline(global: true, …)`: `dispatch_after_f`
///   onto the global executor's queue, whatever the task's actor; a main-actor task then hops to the main queue.
///
/// The task holds its closure until it finishes (the runtime frees the task's context when its last job
/// returns), and the runtime holds the task while it is scheduled, running or suspended: the leak analysis roots
/// it there ("Swift concurrency runtime"), so a closure that captures its owner strongly keeps it for as long as
/// the task runs. The part owns the tasks' records; the frames that run jobs take the ``Kernel``.
final class Tasks {
    /// Where a task is in its life.
    enum State: Equatable {
        /// A job is queued (to start it, or to resume it) for ``TaskRecord/generation``.
        case scheduled
        /// A job of the task is running on a thread.
        case running
        /// Suspended in `Task.sleep`, waiting for its deadline or its cancellation.
        case suspended
        /// Suspended in `await task.value`, waiting for that task to finish (a cancellation does not wake it).
        case waiting
        /// Suspended in `withCheckedContinuation` (``Continuations``) until its continuation is resumed; a
        /// cancellation does not wake it (the continuation APIs install no cancellation handler).
        case continuation
        /// Its closure returned or threw; the runtime let it go.
        case finished
    }

    /// One task.
    struct TaskRecord {
        let id: ObjectID
        /// Where its current piece runs (its actor, or where `MainActor.run` took it).
        var executor: TaskExecutor
        /// The executors to go back to when a `MainActor.run` body returns, innermost last.
        var returnExecutors: [TaskExecutor] = []
        var state = State.scheduled
        /// `task.cancel()` was called: `Task.isCancelled` reads true from then on.
        var isCancelled = false
        /// Bumped at every suspension: a job or a sleep deadline for an older generation is stale.
        var generation = 0
        /// The frames above the job's frame, taken off the thread at the suspension point.
        var saved: [Frame] = []
        /// The suspension is a throwing `try await Task.sleep`: a cancellation ends the task.
        var sleepThrows = false
        /// The next job ends the task (its sleep threw `CancellationError`) instead of resuming it.
        var throwsOnResume = false
        /// Whether the body was started (its first job ran).
        var started = false
        /// The actor whose executor the running job holds (``Actors``): given back when the job ends.
        var heldActor: ObjectID?
        /// The task this one waits for in `await task.value`.
        var waitingFor: ObjectID?
        /// The task whose task group made this one (a child task): its cancellation cancels this one.
        var parent: ObjectID?
        /// Where the closure's `return EXPR` puts its value (+1 for an object): the frame the closure's frame
        /// returns to, across its suspensions, which runs no step of its own (``TaskJobFrame``).
        let returned = ProgramFrame(
            steps: [], env: Environment(names: [], selfValue: .null, block: nil), ownsEnvironment: false,
            label: "task value")
        /// The task groups open in its body (``TaskGroupBodyStep``), innermost last: each one's children so far
        /// (+1 each, the group's handle), in the order `addTask` made them.
        var openGroups: [[ObjectID]] = []
        /// Suspended in `await group.next()` (``TaskGroupNextStep``): the next child of its own to finish wakes it.
        var waitsForChild = false
        /// When it finished, counted across every task (1 for the first to finish; 0 while it runs): a group's
        /// `next()` yields the children that finished before it was called earliest first (TaskGroupValues+Steps.swift).
        var finishOrder = 0
        /// What its closure threw (`taskThrow:`, ThrowingTaskGroups+Steps.swift), nil while it runs or when it
        /// returned: a child's error, which the group's `next()` rethrows.
        var thrown: Value = .null
        /// Whether each open group was cancelled (`group.cancelAll()`), innermost last, beside ``openGroups``.
        var cancelledGroups: [Bool] = []
        /// The `withTaskCancellationHandler` handlers installed in its body (+1 each), innermost last; nil once a
        /// cancellation called it (CancellationHandlers+Steps.swift).
        var cancelHandlers: [ObjectID?] = []
    }

    /// The tasks in creation order.
    private(set) var records: [TaskRecord] = []
    /// Cancellation handlers a cancellation made due (+1 each), in the order to call them: the cancelling step
    /// calls them on its thread (``takeDueCancelHandlers()``).
    private(set) var dueCancelHandlers: [ObjectID] = []
    /// How many tasks have finished (``TaskRecord/finishOrder``).
    private var finishedCount = 0
    /// Each task's record by object (a lookup table, never iterated).
    private var recordOf: [ObjectID: Int] = [:]
    /// The cooperative pool's queue (`Swift global concurrent queue`), made with the first task that needs it.
    private var poolQueue: Int?
    /// The clock and the event log.
    let recorder: Recorder
    /// Retain, release and the heap.
    let objects: Objects
    /// GCD, which runs the jobs.
    let dispatch: DispatchQueues
    /// The variant's flags (the cooperative pool's width).
    let profile: VariantProfile

    /// The actors' executors: which task holds each, and the jobs waiting for it.
    let actors = Actors()
    /// The continuations tasks made (`withCheckedContinuation`), and what each was resumed with.
    let continuations: Continuations
    /// The `AsyncStream`s (``Streams``): their buffers and the task waiting in each one's `next()`.
    let streams: Streams

    init(
        recorder: Recorder, objects: Objects, dispatch: DispatchQueues, profile: VariantProfile, records: RunRecords
    ) {
        self.recorder = recorder
        self.objects = objects
        continuations = Continuations(recorder: recorder, objects: objects, records: records)
        streams = Streams(recorder: recorder, objects: objects)
        self.dispatch = dispatch
        self.profile = profile
    }

    /// Whether `object` is a task this part made.
    func isTask(_ object: ObjectID) -> Bool { recordOf[object] != nil }

    /// The record of task `id`.
    func record(_ id: ObjectID) -> TaskRecord? { recordOf[id].map { records[$0] } }

    // MARK: Creating and running

    /// `Task { }` / `Task.detached { }` (`swift_task_create`): a new task (+1, the caller's handle) holding
    /// `closure` (+1 taken), with its first job queued on `executor`. The runtime keeps its own +1 until the task
    /// finishes.
    func makeTask(
        closure: ObjectID, executor: TaskExecutor, label: String, parent: ObjectID? = nil, on thread: SimThread
    ) -> ObjectID {
        let o = objects.allocate(
            kind: .task, className: "Task", label: label, slotNames: ["closure", "value"],
            slotStrengths: [.strong, .strong], slots: [.object(closure), .null], isDeclaredRoot: false,
            at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name("Task")))
        objects.retain(o.id)  // the runtime's: released when the task finishes
        recordOf[o.id] = records.count
        records.append(TaskRecord(id: o.id, executor: executor, parent: parent))
        // A child of a cancelled task starts cancelled (`swift_taskGroup_addTask` copies the parent's flag).
        if let parent, isCancelled(parent) { records[records.count - 1].isCancelled = true }
        enqueueJob(of: records.count - 1, on: executor)
        return o.id
    }

    /// Queues task `r`'s next job on `executor`: the main queue, or the cooperative pool's queue; on an actor, the
    /// pool's queue when the actor is free (its executor is scheduled on the global executor with the job,
    /// swift `Actor.cpp` `swift_defaultActor_enqueue`), else the actor's own queue, behind the jobs already there.
    private func enqueueJob(of r: Int, on executor: TaskExecutor) {
        records[r].state = .scheduled
        let item = WorkItem.taskJob(records[r].id, generation: records[r].generation)
        switch executor {
        case .mainActor: dispatch.enqueue(item, on: .main)
        case .global: dispatch.enqueue(item, on: .serial(cooperativeQueue()))
        case .actor(let a):
            if actors.reserve(a, for: records[r].id) {
                dispatch.enqueue(item, on: .serial(cooperativeQueue()))
            } else {
                actors.enqueue(a, records[r].id, generation: records[r].generation)
            }
        }
    }

    /// The cooperative pool's queue, made on first use: a concurrent queue of the pool's width.
    private func cooperativeQueue() -> Int {
        if let poolQueue { return poolQueue }
        let index = dispatch.addConcurrentQueue(
            named: "Swift global concurrent queue", width: profile.cooperativePoolWidth)
        poolQueue = index
        return index
    }

    /// What a job for `generation` of task `id` does when a thread takes it: run the task (start or resume it),
    /// hop to the task's executor when it came up elsewhere (a sleep ends on the pool), or nothing when it is stale.
    func takeJob(_ id: ObjectID, generation: Int, on thread: SimThread) -> JobStart {
        guard let r = recordOf[id], records[r].state == .scheduled, records[r].generation == generation else {
            return .stale
        }
        let wanted = records[r].executor
        let onWrongThread: Bool
        switch wanted {
        case .mainActor: onWrongThread = !thread.isMain
        case .global: onWrongThread = thread.isMain
        // An actor's job runs on the pool, and only while the actor is reserved for this task.
        case .actor(let a): onWrongThread = thread.isMain || actors.holder(of: a) != id
        }
        if onWrongThread {
            // The job came up on another executor (a sleep's deadline queues it on the pool): it hops.
            enqueueJob(of: r, on: wanted)
            return .stale
        }
        if case .actor(let a) = wanted { records[r].heldActor = a }
        records[r].state = .running
        if records[r].throwsOnResume {
            records[r].throwsOnResume = false
            records[r].thrown = Self.cancellationError
            return .end(records[r].saved)
        }
        if !records[r].started {
            records[r].started = true
            return .start
        }
        let frames = records[r].saved
        records[r].saved = []
        return .resume(frames)
    }

    /// How a job begins (``takeJob(_:generation:on:)``).
    enum JobStart {
        /// Nothing to do: a stale job, or one handed on to the task's executor.
        case stale
        /// The task's first job: run its closure.
        case start
        /// Put back the frames the task was suspended in.
        case resume([Frame])
        /// The task ends (a cancelled `try await Task.sleep` threw): unwind these frames.
        case end([Frame])
    }

    /// The closure `task` runs (nil once it let go of it).
    func closure(of task: ObjectID) -> ObjectID? {
        guard let o = objects.heap.object(task), case .object(let c) = o[slot: 0] else { return nil }
        return c
    }

    // MARK: Suspension points

    /// Task `id` suspends in `Task.sleep` for `delay` with `frames` taken off its thread: its deadline queues a
    /// job on the global executor (`dispatch_after_f`).
    func sleep(_ id: ObjectID, for delay: SimDuration, throwing: Bool, frames: [Frame]) {
        let r = recordOf[id]!
        records[r].generation += 1
        records[r].state = .suspended
        records[r].saved = frames
        records[r].sleepThrows = throwing
        recorder.clock.schedule(
            .taskSleepEnd(id, generation: records[r].generation), at: recorder.now + max(delay, .zero),
            phase: .kernelTimer)
    }

    /// A sleep's deadline came: the task resumes on the global executor, unless it woke already (cancelled).
    func sleepEnded(_ id: ObjectID, generation: Int) {
        guard let r = recordOf[id], records[r].state == .suspended, records[r].generation == generation else {
            return
        }
        enqueueJob(of: r, on: .global)
    }

    /// Task `id` hops to `executor` with `frames` taken off its thread (`MainActor.run`, its return, an `await` of
    /// an isolated method, `Task.yield()` to the pool and back).
    func hop(_ id: ObjectID, to executor: TaskExecutor, frames: [Frame]) {
        let r = recordOf[id]!
        records[r].generation += 1
        records[r].saved = frames
        records[r].executor = executor
        enqueueJob(of: r, on: executor)
    }

    /// The executor task `id` runs on now.
    func executor(of id: ObjectID) -> TaskExecutor { records[recordOf[id]!].executor }

    /// `MainActor.run` begins in task `id`: where to come back to is remembered.
    func pushReturn(_ id: ObjectID) {
        let r = recordOf[id]!
        records[r].returnExecutors.append(records[r].executor)
    }

    /// `MainActor.run`'s body returned in task `id`: the executor to go back to.
    func popReturn(_ id: ObjectID) -> TaskExecutor {
        let r = recordOf[id]!
        return records[r].returnExecutors.popLast() ?? records[r].executor
    }

    // MARK: Task groups written as statements

    /// `withTaskGroup`'s body begins in task `id`: a new, innermost group with no children yet.
    func openGroup(_ id: ObjectID) {
        records[recordOf[id]!].openGroups.append([])
        records[recordOf[id]!].cancelledGroups.append(false)
    }

    /// Whether task `id` is in a group's body.
    func hasOpenGroup(_ id: ObjectID) -> Bool { !records[recordOf[id]!].openGroups.isEmpty }

    /// `group.addTask` in task `id`, in a group's body: `child` (+1 taken, the group's handle) joins the innermost
    /// open group.
    func addChild(_ child: ObjectID, toGroupOf id: ObjectID) {
        let r = recordOf[id]!
        records[r].openGroups[records[r].openGroups.count - 1].append(child)
        // A child added to a cancelled group starts cancelled (TaskGroup.swift `cancelAll()`: "a task added to
        // the group after this method is called is also cancelled").
        if records[r].cancelledGroups.last == true, let c = recordOf[child] { records[c].isCancelled = true }
    }

    /// `withTaskGroup`'s body ends in task `id`: the innermost group's children (the caller takes their handles),
    /// nil when no group is open.
    func closeGroup(_ id: ObjectID) -> [ObjectID]? {
        _ = records[recordOf[id]!].cancelledGroups.popLast()
        return records[recordOf[id]!].openGroups.popLast()
    }

    /// `group.waitForAll()` in task `id`: the innermost group's children so far (the caller takes their handles),
    /// the group staying open, cancelled or not, for more; nil when no group is open.
    func takeGroupChildren(_ id: ObjectID) -> [ObjectID]? {
        let r = recordOf[id]!
        guard let children = records[r].openGroups.last else { return nil }
        records[r].openGroups[records[r].openGroups.count - 1] = []
        return children
    }

    /// `group.cancelAll()` in task `id`: every child of the innermost open group not collected yet is cancelled
    /// (as ``cancel(_:from:)`` cancels a task, in the order they were added), and so is each child added later.
    func cancelGroup(of id: ObjectID, from thread: SimThread) {
        let r = recordOf[id]!
        guard let children = records[r].openGroups.last else { return }
        records[r].cancelledGroups[records[r].cancelledGroups.count - 1] = true
        for child in children { cancel(child, from: thread) }
    }

    /// Whether task `id`'s innermost open group was cancelled (`group.cancelAll()`).
    func isGroupCancelled(of id: ObjectID) -> Bool { records[recordOf[id]!].cancelledGroups.last ?? false }

    /// The error a cancelled `try await Task.sleep` or `try Task.checkCancellation()` throws out of a task's
    /// closure, as the Swift front-end writes an error's text: `CancellationError()` (stdlib TaskCancellation.swift,
    /// `public struct CancellationError: Error { public init() {} }`). `try await task.value` rethrows it.
    static let cancellationError = Value.string("CancellationError()")

    /// Task `id`'s closure throws `error` (a child task's error, ``TaskRecord/thrown``).
    func setThrown(_ id: ObjectID, _ error: Value) {
        guard let r = recordOf[id] else { return }
        records[r].thrown = error
    }

    /// What finished task `id` threw, nil when it returned (or runs).
    func thrown(by id: ObjectID) -> Value {
        guard let r = recordOf[id], records[r].state == .finished else { return .null }
        return records[r].thrown
    }

    /// The children of task `id`'s innermost open group not collected yet, in the order they were added (nil when
    /// no group is open).
    func innermostGroup(of id: ObjectID) -> [ObjectID]? { records[recordOf[id]!].openGroups.last }

    /// `group.next()` in task `id` took `child`'s result: the child leaves the innermost open group, whose handle
    /// of it the caller takes.
    func collect(_ child: ObjectID, fromGroupOf id: ObjectID) {
        let r = recordOf[id]!
        guard var group = records[r].openGroups.popLast() else { return }
        group.removeAll { $0 == child }
        records[r].openGroups.append(group)
    }

    /// When task `id` finished, counted across every task (0 while it runs).
    func finishOrder(of id: ObjectID) -> Int { recordOf[id].map { records[$0].finishOrder } ?? 0 }

    /// Task `id` suspends in `await group.next()` with `frames` taken off its thread, until one of its children
    /// finishes (swift TaskGroup.cpp: the waiting task is stored in the group and resumed by the next completion).
    func waitForChild(_ id: ObjectID, frames: [Frame]) {
        let r = recordOf[id]!
        records[r].generation += 1
        records[r].saved = frames
        records[r].state = .waiting
        records[r].waitsForChild = true
    }

    // MARK: Cancellation and the end

    /// `task.cancel()`: marks the task cancelled; a task suspended in `Task.sleep` wakes at once on the global
    /// executor (the sleep's cancellation handler resumes its continuation), and a throwing sleep then ends it.
    /// A finished task ignores it.
    func cancel(_ id: ObjectID, from thread: SimThread) {
        guard let r = recordOf[id], records[r].state != .finished else { return }
        records[r].isCancelled = true
        // Its cancellation handlers are due, innermost first, called by the cancelling step on its own thread
        // (CancellationHandlers+Steps.swift).
        for i in records[r].cancelHandlers.indices.reversed() {
            guard let handler = records[r].cancelHandlers[i] else { continue }
            records[r].cancelHandlers[i] = nil
            dueCancelHandlers.append(handler)
        }
        if records[r].state == .suspended {
            records[r].throwsOnResume = records[r].sleepThrows
            enqueueJob(of: r, on: .global)
        }
        // A task waiting in an AsyncStream's `next()`: its cancellation handler finishes the stream, and the task
        // resumes on its executor with nil (AsyncStreamBuffer.swift `cancel()`).
        if records[r].state == .continuation, let waiter = streams.taskCancelled(id) { continuationResumed(waiter) }
        // Cancellation propagates to the task's child tasks (TaskGroup.cpp: a group's children are cancelled with
        // their parent, SE-0304 "Cancellation propagation"), in the order they were made.
        for c in records.indices where records[c].parent == id && records[c].state != .finished {
            cancel(records[c].id, from: thread)
        }
    }

    /// `withTaskCancellationHandler` in task `id` installs `handler` (+1, taken) until ``removeCancelHandler(_:)``.
    func addCancelHandler(_ id: ObjectID, _ handler: ObjectID) {
        records[recordOf[id]!].cancelHandlers.append(handler)
    }

    /// The operation of task `id`'s innermost `withTaskCancellationHandler` returned or threw: its handler is
    /// removed, returned to be let go (nil when a cancellation took it, or none is installed).
    func removeCancelHandler(_ id: ObjectID) -> ObjectID? {
        guard let r = recordOf[id] else { return nil }
        return records[r].cancelHandlers.popLast() ?? nil
    }

    /// The cancellation handlers due (``dueCancelHandlers``), handed to the step that calls them.
    func takeDueCancelHandlers() -> [ObjectID] {
        defer { dueCancelHandlers = [] }
        return dueCancelHandlers
    }

    /// Task `id` suspends in `await target.value` with `frames` taken off its thread, until `target` finishes
    /// (`swift_task_future_wait`: the waiter is queued on the future's wait list and resumed by its completion).
    func wait(_ id: ObjectID, for target: ObjectID, frames: [Frame]) {
        let r = recordOf[id]!
        records[r].generation += 1
        records[r].saved = frames
        guard let t = recordOf[target], records[t].state != .finished else {
            enqueueJob(of: r, on: records[r].executor)
            return
        }
        records[r].state = .waiting
        records[r].waitingFor = target
    }

    /// Task `id` suspends in `withCheckedContinuation` with `frames` taken off its thread, until its continuation
    /// is resumed (``Continuations``; swift_continuation_await).
    func awaitContinuation(_ id: ObjectID, frames: [Frame]) {
        let r = recordOf[id]!
        records[r].generation += 1
        records[r].saved = frames
        records[r].state = .continuation
    }

    /// The continuation task `id` is suspended on was resumed: its next job is queued on the task's executor
    /// (swift_continuation_resume enqueues the task on the executor it suspended on). A task not suspended yet
    /// (its continuation's body resumed it) goes on without suspending.
    func continuationResumed(_ id: ObjectID) {
        guard let r = recordOf[id], records[r].state == .continuation else { return }
        enqueueJob(of: r, on: records[r].executor)
    }

    /// What finished task `id` returned (nil while it runs, or when it returned nothing or threw).
    func value(of id: ObjectID) -> Value {
        guard let r = recordOf[id], records[r].state == .finished, let o = objects.heap.object(id), o.slotCount > 1
        else { return .null }
        return o[slot: 1]
    }

    /// Whether task `id` has finished (its closure returned or threw).
    func isFinished(_ id: ObjectID) -> Bool { recordOf[id].map { records[$0].state == .finished } ?? true }

    /// A job of task `id` ended on its thread (it suspended, hopped or finished): the actor it held is free, and
    /// the actor's next job (priority, then first in first out; every job here has the default priority) is
    /// scheduled on the pool (`Actor.cpp`: the drain gives up the actor when the job leaves it).
    func jobEnded(_ id: ObjectID) {
        guard let r = recordOf[id], let a = records[r].heldActor else { return }
        records[r].heldActor = nil
        while let (next, generation) = actors.release(a) {
            guard let n = recordOf[next], records[n].state == .scheduled, records[n].generation == generation
            else { continue }
            dispatch.enqueue(.taskJob(next, generation: generation), on: .serial(cooperativeQueue()))
            return
        }
    }

    /// Whether task `id` was cancelled (`Task.isCancelled` in its body).
    func isCancelled(_ id: ObjectID) -> Bool { recordOf[id].map { records[$0].isCancelled } ?? false }

    /// Task `id`'s closure returned or threw: the task lets go of its closure, and the runtime of the task. What
    /// the closure returned (+1 for an object, taken) is the task's value (``value(of:)``), kept in its `value`
    /// slot for as long as the task object lives (the runtime stores a future's result in the task:
    /// `AsyncTask::completeFuture`); a task that threw keeps nil.
    func finish(_ id: ObjectID, returning value: Value = .null, on thread: SimThread) {
        guard let r = recordOf[id], records[r].state != .finished else {
            if case .object(let o) = value { objects.release(o, on: thread) }
            return
        }
        if let o = objects.heap.object(id), o.slotCount > 1 { o[slot: 1] = value }
        records[r].state = .finished
        finishedCount += 1
        records[r].finishOrder = finishedCount
        records[r].saved = []
        // A task that ends inside a group's body lets go of the handles of the children added so far.
        let groups = records[r].openGroups
        records[r].openGroups = []
        records[r].cancelledGroups = []
        for child in groups.reversed().flatMap({ $0 }) { objects.release(child, on: thread) }
        // A handler its body did not remove (it cannot: the lowering removes it on every way out) is let go.
        let handlers = records[r].cancelHandlers.compactMap { $0 }
        records[r].cancelHandlers = []
        for handler in handlers.reversed() { objects.release(handler, on: thread) }
        // `await task.value` waiters resume on their executors, in the order the tasks were made (the runtime's
        // wait list order is not modelled: docs/fidelity.md).
        for w in records.indices where records[w].state == .waiting && records[w].waitingFor == id {
            records[w].waitingFor = nil
            enqueueJob(of: w, on: records[w].executor)
        }
        // A parent suspended in `await group.next()` resumes on its executor: the child's result is offered to the
        // waiting task (swift TaskGroup.cpp, `offer`: a waiting task is resumed with the completed child).
        if let p = records[r].parent, let w = recordOf[p], records[w].state == .waiting, records[w].waitsForChild {
            records[w].waitsForChild = false
            enqueueJob(of: w, on: records[w].executor)
        }
        if let o = objects.heap.object(id), case .object(let closure) = o[slot: 0] {
            o[slot: 0] = .null
            objects.release(closure, on: thread)
        }
        objects.release(id, on: thread)
    }

    // MARK: For the leak analysis

    /// The tasks the runtime holds (not finished), in creation order.
    var liveTasks: [ObjectID] { records.filter { $0.state != .finished }.map(\.id) }

    /// What each suspended task's saved frames hold, for the leak analysis: (task, edge, object). The closure its
    /// job's frame holds is left out: the task holds it too, and its path goes through the task.
    /// The handles of the children of a group whose body is still running are the task's too, and so are its
    /// installed cancellation handlers.
    var suspendedHolds: [(task: ObjectID, edge: String, object: ObjectID)] {
        records.flatMap { r in
            r.saved.flatMap { f in
                f.heldObjects().filter { $0.0 != TaskJobFrame.closureEdge }.map { (r.id, $0.0, $0.1) }
            } + (r.state == .finished ? [] : r.openGroups.flatMap { $0 }.map { (r.id, "child task", $0) })
                // A `withTaskCancellationHandler` handler installed and not yet called or removed: the task's record
                // holds it (TaskCancellation.swift's cancellation record), and what it captures with it.
                + (r.state == .finished ? [] : r.cancelHandlers.compactMap { $0 }.map { (r.id, "onCancel", $0) })
        } + continuations.resumedValues
    }
}

/// Where a task's piece of code runs: the main actor (the main queue), the global concurrent executor (the
/// cooperative pool), or an actor instance's default executor (one job at a time, on the pool).
public enum TaskExecutor: Sendable, Equatable {
    /// The main actor: `@MainActor` code, whose jobs are main-queue blocks.
    case mainActor
    /// The global concurrent executor: nonisolated and detached code, on the cooperative pool.
    case global
    /// The default-actor executor of the instance (of a class declared `actor: true`).
    case actor(ObjectID)
}
