/// The deterministic run-loop machine: one virtual clock, one event queue, threads that run frames.
///
/// A run is single-threaded on the host. Simulated threads run one at a time: a thread runs its top frame
/// step by step, without virtual time passing, until it sleeps in a run loop, starts `work`, goes idle in
/// the GCD pool or exits. Then the earliest queue entry is taken, `now` moves to its instant, and it is
/// handled (see ``EventQueue`` for the same-instant order). Nothing here reads a wall clock.
///
/// ```swift
/// let kernel = Kernel(program: program, configuration: .init(profile: .builtIn("ios10")!, until: .never))
/// let outcome = kernel.run()
/// ```
public final class Kernel {
    public let program: Program
    public let configuration: KernelConfiguration
    public var profile: VariantProfile { configuration.profile }

    /// The virtual clock and the event queue (the recorder's).
    let clock: Clock
    /// The clock and the event log, the service every part records with (docs/kernel.md, "Services").
    let recorder: Recorder
    /// The current instant.
    public var now: SimInstant { clock.now }
    /// The run's objects and their reference counts.
    let objects: Objects
    /// The heap, read in place: a `_read` accessor lends `objects.heap` without copying the struct (a copy would
    /// retain every array in it, on hot paths such as each step's limit check and each timer fire).
    public var heap: ObjectHeap {
        _read { yield objects.heap }
    }
    /// The threads and the frames they run.
    public let threads: Threads
    /// Runs the program's steps and evaluates their expressions.
    let interpreter: Interpreter
    /// The run loops, their modes, items and ports, and the pass.
    public let runLoops: RunLoops
    /// The run's events: folded into its fingerprint, kept when a view needs them, handed to a trace sink if any
    /// (the recorder's).
    public internal(set) var log: EventLog {
        _read { yield recorder.log }
        _modify { yield &recorder.log }
    }

    // MARK: GCD
    /// GCD's queues.
    let dispatch: DispatchQueues
    /// The scenario's `NSOperationQueue`s.
    let operations: OperationQueues
    /// Swift concurrency's tasks, run as jobs on the main queue and the cooperative pool.
    let tasks: Tasks

    // MARK: App
    /// The app's lifecycle: its state, background tasks, the device's sleep, and the app's own references.
    let app: AppLifecycle
    /// UIKit: its references per object, navigation and presentations, the scroll tracked, and its event source
    /// with the user actions that go through it.
    let uikit: UIKit

    // MARK: Foundation
    /// The default notification center.
    let notifications: NotificationCenter
    /// `NotificationQueue`s: the per-thread default queues, the app's, what each holds until it posts.
    let notificationQueues: NotificationQueues
    /// Key-value observing: who observes which field of which object.
    let keyValueObserving: KeyValueObserving
    /// Foundation's locks (`NSLock`, `NSRecursiveLock`, `NSCondition`, `NSConditionLock`).
    let locks: Locks

    // MARK: Bookkeeping
    /// What the run records for its outcome as it goes: logs, checks, samples, run-loop exits, deaths.
    public let records = RunRecords()
    /// How the run stopped early (a crash, a limit), and when the step loop next looks at the limits.
    let halt: Halt
    /// The modelled app's crash, if it crashed.
    public var crash: Crash? { halt.crash }
    /// The safety limit that stopped the run, if one did.
    public var limit: LimitStop? { halt.limit }
    /// Whether the run has stopped (a crash or a limit): the step loop asks before every step.
    var halted: Bool { halt.isHalted }

    public init(program: Program, configuration: KernelConfiguration) {
        self.program = program
        self.configuration = configuration
        self.clock = Clock()
        self.recorder = Recorder(
            clock: clock,
            log: EventLog(keepsEvents: configuration.keepsTrace, sink: configuration.traceSink))
        self.halt = Halt(maxEvents: configuration.limits.maxEvents, recorder: recorder)
        self.threads = Threads(recorder: recorder)
        self.objects = Objects(
            program, profile: configuration.profile, recorder: recorder, halt: halt,
            threads: threads, records: records)
        self.interpreter = Interpreter(
            program: program, objects: objects, recorder: recorder, samplers: configuration.samplers)
        self.runLoops = RunLoops(
            recorder: recorder, objects: objects, threads: threads, halt: halt, profile: configuration.profile,
            program: program, interpreter: interpreter, records: records)
        self.dispatch = DispatchQueues(
            serialQueueNames: program.serialQueues, widths: program.queueWidths, targets: program.queueTargets,
            recorder: recorder, objects: objects, threads: threads, halt: halt,
            profile: configuration.profile, runLoops: runLoops)
        self.operations = OperationQueues(
            program.operationQueues, recorder: recorder, objects: objects, halt: halt,
            threads: threads, profile: configuration.profile, dispatch: dispatch)
        self.tasks = Tasks(
            recorder: recorder, objects: objects, dispatch: dispatch, profile: configuration.profile, records: records)
        let handlerSlots =
            (program.userActions.map(\.body.localNames.count)
            + program.appDelegate.map { $0.body.localNames.count }).max() ?? 0
        self.app = AppLifecycle(
            mainLocalNames: program.main.localNames, handlerSlots: handlerSlots,
            recorder: recorder, objects: objects)
        self.uikit = UIKit(
            userActions: program.userActions, generated: configuration.generatedUserActions,
            recorder: recorder, objects: objects)
        self.notifications = NotificationCenter(recorder: recorder, objects: objects, profile: configuration.profile)
        self.notificationQueues = NotificationQueues(
            recorder: recorder, objects: objects, runLoops: runLoops, profile: configuration.profile)
        self.keyValueObserving = KeyValueObserving(
            recorder: recorder, objects: objects, halt: halt,
            profile: configuration.profile)
        self.locks = Locks(
            recorder: recorder, objects: objects, threads: threads, halt: halt, profile: configuration.profile)
        objects.liveLimit = configuration.limits.maxObjects
        prepareLimitChecks()
        dispatch.wakeMainRunLoop = { [unowned self] in
            self.runLoops.wakeIfWaiting(self.runLoops[0], on: .mainQueue)
        }
    }

    /// Runs the scenario to its horizon (or until nothing is left to happen, a crash or a limit) and
    /// returns what happened.
    public func run() -> RunOutcome {
        record(
            nil,
            .runStart(
                variant: name(profile.name), seed: Int64(bitPattern: configuration.seed),
                until: configuration.until))
        startMainThread()
        uikit.scheduleUserActions()
        var quiescent = false
        let horizon = min(configuration.until, configuration.limits.maxTime)
        while !halted {
            // The instant's drops are decided when it ends: before time moves on.
            if objects.hasPendingLetGos, clock.nextInstant().map({ $0 > now }) ?? true { objects.confirmLetGos(self) }
            let before = now
            guard let entry = clock.next(notAfter: horizon) else {
                quiescent = clock.isEmpty
                if !quiescent, horizon == configuration.limits.maxTime, horizon < configuration.until {
                    clock.advance(to: horizon)
                    stopForLimit("max-time", "virtual time reached --max-time \(horizon)")
                }
                break
            }
            if now > before { stepsWhenTimeMoved = interpreter.steps }
            countStep()
            if limit != nil { break }
            if app.isDeviceAsleep && app.usesMonotonicClock(entry.payload) {
                app.freeze(entry)  // the monotonic clock stands still while the device sleeps
                continue
            }
            handle(entry.payload)
        }
        objects.confirmLetGos(self)
        let end = crash == nil && limit == nil && !quiescent && !horizon.isNever ? horizon : now
        clock.advance(to: end)
        record(nil, .runEnd(quiescent: quiescent))
        return RunOutcome(kernel: self, quiescent: quiescent)
    }

    /// The main thread: the scenario's launch code, then `UIApplicationMain`'s endless main run loop.
    private func startMainThread() {
        let main = threads.makeThread(name: "main", kind: .main)
        let rl = runLoops.runLoop(for: main)
        if profile.uikitMainRunLoop {
            runLoops.addCommonMode(rl, RunLoopModeName.tracking, on: main)
        }
        uikit.addEventSource(to: rl, on: main, self)
        main.frames = [
            AppMainFrame(),
            ProgramFrame(
                steps: program.main.steps, env: app.environment, ownsEnvironment: false,
                label: "application:didFinishLaunching"),
        ]
        threads.scheduleResume(main)
    }

    private func handle(_ event: KernelEvent) {
        switch event {
        case .resume(let id), .workDone(let id):
            // Thread, run loop and mode read unretained: none is ever removed, and each lives as long as the run.
            threads.withUnretained(id) { thread in
                threads.resumeEntryFired(thread)
                if app.isFrozen {
                    // A suspended app runs no thread: the resume waits for the return to the foreground.
                    app.deferResume(id)
                    return
                }
                threads.resume(thread, self)
            }
        case .portExpiry(let id, let mode):
            runLoops.withUnretained(id) { rl in
                rl.withUnretainedMode(at: mode) { runLoops.timerPortExpired(rl, mode: $0) }
            }
        case .activationTimeout(let rl, let serial):
            runLoops.activationTimedOut(runLoops[rl], serial: serial)
        case .userAction(let index):
            uikit.deliverUserAction(index, self)
        case .dispatchSourceFire(let id):
            dispatch.sources.fired(id)
        case .dispatchAfter(let index):
            dispatch.afterFired(index)
        case .taskSleepEnd(let task, let generation):
            tasks.sleepEnded(task, generation: generation)
        case .semaphoreTimeout(let thread):
            // One wait timeout for every blocking wait: a lock's or a condition's, else a semaphore's.
            if !locks.waitTimedOut(thread) { dispatch.semaphoreTimedOut(thread) }
        case .backgroundBudgetExpired:
            app.backgroundBudgetExpired(self)
        case .portMessage(let id):
            runLoops.scheduledPortMessageArrived(id)
        }
    }

    /// Counts one interpreter step and checks the limits that can be exceeded between two steps.
    ///
    /// Inlined into the interpreter's loop, with one test for "a limit may be exceeded, or the 4096th step
    /// asks whether the run was interrupted": about 1 % of a timer fire less than the call (BENCHMARKS.md).
    /// The steps are compared with the precomputed ``Halt/nextCheck`` and the live objects read as the heap's
    /// flag, raised where an allocation goes over the limit: 37 fewer instructions per timer-storm fire than
    /// four comparisons with the limits read from the configuration (callgrind; a flag for the events too,
    /// raised by ``record``, saved only 17).
    @inline(__always)
    func countStep() {
        interpreter.steps &+= 1
        if interpreter.steps >= halt.nextCheck || log.count > halt.maxEvents || heap.isOverLiveLimit {
            checkLimits()
        }
    }

    /// Sets ``Halt/nextCheck`` after the current step and the flags from the counts as they are now.
    private func prepareLimitChecks() {
        halt.nextCheck = nextLimitCheckStep
        objects.updateOverLiveLimit()
    }

    /// The next step ``countStep()`` must look at: the next poll of the interrupt flag, or the first step over
    /// `--max-steps` if that comes sooner.
    private var nextLimitCheckStep: Int {
        let maxSteps = configuration.limits.maxSteps
        let nextPoll = (interpreter.steps | Self.pollMask) &+ 1
        return maxSteps == .max ? nextPoll : min(nextPoll, maxSteps + 1)
    }

    /// One less than the steps between two polls of ``KernelConfiguration/isInterrupted``: every 1024th step.
    /// A step costs from a microsecond to a leak analysis (a `check:` in a loop), and 4096 of them took up to
    /// 105 ms of a debug build in `loopsim fuzz`'s generated cases, where a signal must stop the command within
    /// 100 ms of CPU work (issues 38 and 39). The limits are still looked at every 4096th step.
    static let pollMask = 0x3FF

    /// The limits ``countStep()`` found may be exceeded, in their order of precedence.
    private func checkLimits() {
        let limits = configuration.limits
        let steps = interpreter.steps
        // A 1024th step that is not a 4096th, with no count over its limit, only polls the signal: the limits
        // (the spin check, the frames) are looked at on the steps they were before the polls came more often, so
        // that no run stops at another step.
        if steps & 0xFFF != 0, steps <= limits.maxSteps, log.count <= halt.maxEvents, !heap.isOverLiveLimit {
            if configuration.isInterrupted() { stopForLimit("interrupted", "interrupted") }
            halt.nextCheck = nextLimitCheckStep
            return
        }
        // A limit reached inside a loop names it (`in the while at loops.yaml:12`): the loop that does not end.
        if steps > limits.maxSteps {
            stopForLimit("max-steps", "more than \(limits.maxSteps) interpreter steps" + loopNote)
        } else if limits.maxSteps != .max, steps &- stepsWhenTimeMoved > limits.maxSteps / 10,
            threads.runningLoopSite != nil
        {
            // A loop spinning at one instant cannot end by anything later in the run (nothing later happens):
            // it stops at a tenth of the step budget rather than spending the rest of it.
            stopForLimit(
                "max-steps",
                "more than \(limits.maxSteps / 10) interpreter steps at one instant (a tenth of "
                    + "--max-steps)" + loopNote)
        } else if log.count > limits.maxEvents {
            stopForLimit("max-events", "more than \(limits.maxEvents) trace events" + loopNote)
        } else if heap.liveCount > limits.maxObjects {
            stopForLimit("max-objects", "more than \(limits.maxObjects) live objects" + heap.liveCensusNote + loopNote)
        } else if steps & 0xFFF == 0 && threads.frameCount > limits.maxFrames {
            stopForLimit(
                "max-depth",
                "more than \(limits.maxFrames) frames on all threads' stacks together "
                    + "(64 × --max-depth)")
        } else if steps & 0xFFF == 0 && configuration.isInterrupted() {
            stopForLimit("interrupted", "interrupted")
        }
        prepareLimitChecks()
    }

    /// ` in the while at loops.yaml:12` when the running thread is in a loop, else empty.
    private var loopNote: String {
        guard let site = threads.runningLoopSite else { return "" }
        // A loop that never waits turns at one instant: steps take no virtual time (docs/fidelity.md).
        let stalled = interpreter.steps - stepsWhenTimeMoved
        guard stalled > min(Self.spinNoteSteps, configuration.limits.maxSteps / 10) else { return " in the \(site)" }
        let head =
            " in the \(site), with virtual time standing at \(now) for its last \(stalled) steps: steps take no "
            + "virtual time, so a loop that never waits, sleeps or does `work:` spins at one instant and nothing "
            + "later can happen"
        // A Swift file has no `work:` to write: what makes a turn of its loop wait is a sleep that is not skipped.
        guard site.contains(".swift:") else {
            return head + "; give each turn its cost with `work:` (a device spins at full CPU instead)"
        }
        // A cancelled task's loop: `Task.sleep` throws `CancellationError` at once in a cancelled task (swift
        // stdlib/public/Concurrency/TaskSleep.swift), and a `try?` around it swallows the error.
        let cancelled = threads.all.contains { t in
            t.state == .running && runningTask(on: t).map { tasks.isCancelled($0) } == true
        }
        guard cancelled else {
            return head + " (a device spins at full CPU instead); make each turn wait (a sleep, a timer, an await "
                + "that suspends) or leave the loop"
        }
        return head + " (a device spins at full CPU instead): the task running the loop was cancelled, so "
            + "`Task.sleep` throws `CancellationError` at once at every turn and a `try?` swallows it, and the loop "
            + "never sleeps again; test `Task.isCancelled` in the loop's condition (`while !Task.isCancelled`), or "
            + "write `try await Task.sleep` so that the error leaves the loop"
    }

    /// The interpreter's step count when the clock last moved on (for ``loopNote``).
    private var stepsWhenTimeMoved = 0
    /// Steps at one instant past which a limit reached in a loop is called a spin (or a tenth of `--max-steps`, the
    /// spin limit, when that is fewer).
    private static let spinNoteSteps = 10_000

    /// Ends the run here with a `limit` finding; everything so far is kept and reported.
    func stopForLimit(_ kind: String, _ message: String) {
        guard limit == nil else { return }
        halt.limit = LimitStop(kind: kind, message: message, at: now)
        // The run's last instant ends here: its drops are decided before the limit line, which is the trace's
        // last line before run.end.
        objects.confirmLetGos(self)
        record(nil, .limit(kind: name(kind), message: name(message)))
    }

    // MARK: Reference counts

    /// +1 on `id` (``Objects/retain(_:)``).
    func retain(_ id: ObjectID) { objects.retain(id) }

    /// -1 on `id`, released by `thread` (``Objects/release(_:on:)``).
    func release(_ id: ObjectID, on thread: SimThread) { objects.release(id, on: thread) }

    // MARK: Events

    /// Records one event on `thread` (nil: the kernel itself) at the current instant (``Recorder/record(_:_:)``).
    @inline(__always)
    func record(_ thread: SimThread?, _ body: SimEvent.Body) { recorder.record(thread, body) }

    /// ``record(_:_:)`` on the thread named `threadName` (no thread object to look up and retain).
    @inline(__always)
    func record(threadNamed threadName: Name, _ body: SimEvent.Body) { recorder.record(threadNamed: threadName, body) }

    /// The name of `string` in the run's table.
    func name(_ string: String) -> Name { recorder.name(string) }

    /// The name of an object's ``HeapObject/displayName``, interned once per object.
    @inline(__always)
    func name(_ object: HeapObject) -> Name { recorder.name(object) }

    /// The name of an object's ``HeapObject/label`` (a block's is its display name).
    func labelName(_ object: HeapObject) -> Name { recorder.labelName(object) }

    /// The name of a mode's short name (`default`, `tracking`, …), interned once per mode.
    @inline(__always)
    func name(_ mode: RunLoopMode) -> Name { recorder.name(mode) }
}

/// Work waiting on a dispatch queue: a block, a dispatch source's handler invocation, or (on the global
/// queue) a serial queue's drain.
enum WorkItem {
    case block(ObjectID)
    case sourceHandler(ObjectID)
    case serialDrain(Int)
    /// A block whose poster waits: the semaphore is signalled once the block has run.
    case blockThenSignal(ObjectID, semaphore: ObjectID)
    /// An `NSOperationQueue` operation started on the pool.
    case operation(queue: Int, operation: Int)
    /// A cancelled dispatch source's cancellation callout (frees its handler).
    case sourceCancel(ObjectID)
    /// Without UIKit, the handler of the main-queue source input arrives through: runs the pending user actions
    /// (``UIKit/signalEventSource(waking:_:)``).
    case inputHandler
    /// `dispatch_sync` onto the main queue from another thread: the main thread runs the block (a thread-bound
    /// queue's blocks run on its thread, queue.c `__DISPATCH_WAIT_FOR_QUEUE__`), then the waiter resumes.
    case syncOnMain(ObjectID, waiter: Int)
    /// `dispatch_sync` onto a busy serial queue: when the drain reaches it, the queue passes to the waiting thread.
    case syncWaiter(Int)
    /// `dispatch_barrier_sync` onto a busy concurrent queue: when it reaches the front and nothing runs, the queue
    /// passes, alone, to the waiting thread.
    case barrierSyncWaiter(Int)
    /// `dispatch_group_async`: the block, then `dispatch_group_leave` on the same thread.
    case groupBlock(ObjectID, group: ObjectID)
    /// `dispatch_barrier_async` onto a concurrent queue: waits in the queue until it can run alone.
    case barrier(ObjectID)
    /// An item a concurrent queue started on the pool: when it returns, the queue may start more.
    indirect case concurrentItem(queue: Int, item: WorkItem, isBarrier: Bool)
    /// A job of a Swift concurrency task (``Tasks``) for its suspension `generation`; the runtime holds the task.
    case taskJob(ObjectID, generation: Int)
    /// `queue.async(execute: workItem)`: the queue holds the `DispatchWorkItem` until it has run.
    case workItem(ObjectID)
    /// A `concurrentPerform` participant on a pool thread (``ApplyFrame``).
    case applyWorker(Int)

    /// The group a `dispatch_group_async` item leaves once its block has run (it holds the group until then).
    var enteredGroup: ObjectID? {
        switch self {
        case .groupBlock(_, let group): group
        case .concurrentItem(_, let item, _): item.enteredGroup
        default: nil
        }
    }

    /// The object the queue keeps alive for this item.
    var heldObject: ObjectID? {
        switch self {
        case .block(let id), .sourceHandler(let id), .blockThenSignal(let id, _), .sourceCancel(let id),
            .syncOnMain(let id, _), .groupBlock(let id, _), .barrier(let id), .workItem(let id):
            id
        case .concurrentItem(_, let item, _): item.heldObject
        case .taskJob(let id, _): id
        case .serialDrain, .operation, .inputHandler, .syncWaiter, .barrierSyncWaiter, .applyWorker: nil
        }
    }
}
