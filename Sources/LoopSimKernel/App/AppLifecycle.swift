/// The app's lifecycle as the system drives it (semantics §6–§7): its state and the timeline of its changes,
/// `beginBackgroundTask` registrations and their budget, the device's sleep (the monotonic clock stands still:
/// entries on it wait, and move later at the wake), and the thread resumes and main-loop wake-ups a suspended app
/// defers until it returns to the foreground. It also keeps the app's own references (the main program's locals),
/// where the launch code, user actions and app-delegate callbacks run. It owns them; the kernel's services (the
/// clock, the queue, threads, run loops, events, the heap) are reached through the ``Kernel`` each call is given.
final class AppLifecycle {
    /// The app's own references (window, navigation stack) and the main program's locals: the launch code, user
    /// actions and app-delegate callbacks run in it, and the leak analysis takes its objects as the first roots.
    let environment: Environment
    /// The app's state, as UIKit reports it.
    private(set) var state = AppState.active
    /// Every change of state, in order (a wake records the state again, with the device awake).
    private(set) var timeline: [AppStateChange] = []
    /// The countdown figures at each return to the foreground.
    private(set) var foregroundReturns: [ForegroundReturn] = []
    /// Since when the device sleeps; nil while it is awake.
    private var deviceAsleepSince: SimInstant?
    /// The time the device has slept so far, over every sleep that ended.
    private var sleptTotal = SimDuration(nanoseconds: 0)
    /// Queue entries on the monotonic clock that came due while the device slept: back in the queue at the wake.
    private var frozenEntries: [EventQueue<KernelEvent>.Entry] = []
    /// Threads (by id, in order) whose resume came while the app was suspended.
    private var deferredResumes: [Int] = []
    /// A delegate callback came while the app was suspended: the main run loop is woken at the return.
    private var deferredWakeUps = false
    private var backgroundTasks: [BackgroundTask] = []
    /// When the app last entered the background (written, not yet read by any figure).
    private var backgroundEnteredAt: SimInstant?
    /// The queue entry of the background-task budget's expiry, while it runs.
    private var budgetEntry: UInt64?

    /// How many of ``environment``'s locals are the app's own names (`main:`'s); the slots after them are the
    /// locals of the user action or delegate callback running (``HandlerLocals``).
    let appNameCount: Int
    /// How many handlers with locals are running (more than one when one is delivered in another's nested run
    /// loop).
    var openHandlers = 0

    /// - Parameters:
    ///   - mainLocalNames: The app's own names (`main:`'s).
    ///   - handlerSlots: The most locals a handler body has, the app's names included (``Body/localNames``).
    /// The clock and the event log.
    private let recorder: Recorder
    /// Retain, release and the heap.
    let objects: Objects

    init(mainLocalNames: [String], handlerSlots: Int = 0, recorder: Recorder, objects: Objects) {
        self.recorder = recorder
        self.objects = objects
        appNameCount = mainLocalNames.count
        let padding = Array(repeating: "", count: max(0, handlerSlots - mainLocalNames.count))
        environment = Environment(names: mainLocalNames + padding, selfValue: .null, block: nil)
    }

    /// A suspended or killed app runs no thread: a thread stays frozen where it stands.
    @inline(__always)
    var isFrozen: Bool { state == .suspended || state == .killed }

    /// The `dispatch_after` deadlines (by index) set with `dispatch_walltime`: on the wall clock, they go on while
    /// the device sleeps (looked up only).
    var wallClockAfters: Set<Int> = []

    /// Whether the device sleeps (the monotonic clock stands still).
    @inline(__always)
    var isDeviceAsleep: Bool { deviceAsleepSince != nil }

    /// The monotonic clock's time since the start at `now`: the wall time less every sleep (it stands still while
    /// the device sleeps, as `mach_absolute_time` does).
    func monotonicNow(_ now: SimInstant) -> SimDuration {
        SimDuration(nanoseconds: (deviceAsleepSince ?? now).nanoseconds - sleptTotal.nanoseconds)
    }

    /// A frozen app could not resume thread `id`: a suspended one resumes it at the return to the foreground,
    /// a killed one never.
    func deferResume(_ id: Int) {
        if state == .suspended && !deferredResumes.contains(id) { deferredResumes.append(id) }
    }

    /// The system acts on the app (semantics §6–§7).
    func perform(_ action: AppAction, _ k: Kernel) {
        guard k.profile.backgroundTaskBudget != nil else {
            k.record(nil, .appIgnored(action: k.name(action.rawValue), why: k.name("no app lifecycle on this variant")))
            return
        }
        k.record(nil, .appAction(action: k.name(action.rawValue)))
        switch action {
        case .background:
            enterBackground(k)
        case .lock:
            enterBackground(k)
            deviceAsleepSince = k.now
            setState(state)
        case .unlock:
            wakeDevice(k)
        case .foreground:
            guard deviceAsleepSince == nil, state != .killed, state != .active else { return }
            resume(k)
            setState(.inactive)
            runDelegate("willEnterForeground", posting: Self.willEnterForegroundNotification, k)
            setState(.active)
            runDelegate("didBecomeActive", posting: Self.didBecomeActiveNotification, k)
            foregroundReturns.append(ForegroundReturn(at: k.now, countdowns: countdownFigures()))
        }
    }

    private func enterBackground(_ k: Kernel) {
        guard state == .active || state == .inactive else { return }
        let wasActive = state == .active
        setState(.inactive)
        if wasActive { runDelegate("willResignActive", posting: Self.willResignActiveNotification, k) }
        setState(.background)
        backgroundEnteredAt = k.now
        if let budget = k.profile.backgroundTaskBudget {
            budgetEntry = k.clock.schedule(.backgroundBudgetExpired, at: k.now + budget, phase: .input)
        }
        // UIKit calls applicationDidEnterBackground: on the main thread; the app is suspended when it returns,
        // unless a background task is running.
        runDelegate(
            "didEnterBackground", posting: Self.didEnterBackgroundNotification, then: [.suspendUnlessBackgroundTask], k)
    }

    // MARK: System notifications

    /// The four notifications UIKit posts to the default center on the main thread around the app's transitions,
    /// each right after calling the delegate callback of the same name (Apple, `applicationWillResignActive(_:)`,
    /// `applicationDidEnterBackground(_:)`, `applicationWillEnterForeground(_:)`, `applicationDidBecomeActive(_:)`:
    /// "After calling this method, the app also posts a … notification to give interested objects a chance to
    /// respond to the transition"). Their names are the raw values of `UIApplication.willResignActiveNotification`
    /// and the others. The sender, `UIApplication.shared`, is not modelled: they are posted with no object.
    static let willResignActiveNotification = "UIApplicationWillResignActiveNotification"
    static let didEnterBackgroundNotification = "UIApplicationDidEnterBackgroundNotification"
    static let willEnterForegroundNotification = "UIApplicationWillEnterForegroundNotification"
    static let didBecomeActiveNotification = "UIApplicationDidBecomeActiveNotification"

    /// Queues an app-delegate callback, then the post of the system notification UIKit posts after it (and kernel
    /// follow-ups), on the main thread, through UIKit's event source.
    private func runDelegate(
        _ name: String, posting notification: String, then followUps: [InternalStep] = [], _ k: Kernel
    ) {
        let steps = k.program.appDelegate.first { $0.name == name }?.body
        let post = Step.perform(PostNotificationStep(name: notification, object: nil))
        let body = Body(
            steps: (steps?.steps ?? []) + [post] + followUps.map { .internalStep($0) },
            localNames: steps?.localNames ?? [])
        guard !body.steps.isEmpty else { return }
        k.uikit.enqueue(UserAction(at: k.now, label: name, body: body), k)
        if state != .suspended { k.runLoops.wakeUp(k.runLoops[0], from: nil) } else { deferredWakeUps = true }
    }

    private func setState(_ state: AppState) {
        self.state = state
        timeline.append(AppStateChange(at: recorder.now, state: state, deviceAsleep: deviceAsleepSince != nil))
        recorder.record(nil, .appState(state: recorder.name(state.rawValue), deviceAsleep: deviceAsleepSince != nil))
    }

    /// No thread of a suspended app runs: their resumes wait (semantics §7).
    private func suspend() {
        guard state == .background else { return }
        setState(.suspended)
    }

    /// The deferred resumes and wake-up happen; the budget stops.
    private func resume(_ k: Kernel) {
        guard state == .suspended || state == .background else { return }
        let waiting = deferredResumes
        deferredResumes = []
        for id in waiting { k.threads.scheduleResume(k.threads[id]) }
        if deferredWakeUps {
            deferredWakeUps = false
            k.runLoops.wakeUp(k.runLoops[0], from: nil)
        }
        if let entry = budgetEntry { k.clock.cancel(entry) }
        budgetEntry = nil
    }

    // MARK: Background tasks

    /// The background-task budget ran out: expiration handlers run; a task still running gets the app killed.
    func backgroundBudgetExpired(_ k: Kernel) {
        budgetEntry = nil
        guard state == .background || state == .suspended else { return }
        let running = backgroundTasks.filter { !$0.ended }
        guard !running.isEmpty else { return }
        k.record(nil, .budgetExpired(tasks: Int64(running.count)))
        var steps: [Step] = []
        for task in running {
            if let handler = task.expiration { steps.append(.internalStep(.callBlock(handler))) }
        }
        if state == .suspended { resume(k); state = .background }
        let body = Body(steps: steps + [.internalStep(.killUnlessTasksEnded)], localNames: [])
        k.uikit.enqueue(UserAction(at: k.now, label: "background task expiration", body: body), k)
        k.runLoops.wakeUp(k.runLoops[0], from: nil)
    }

    /// `beginBackgroundTaskWithExpirationHandler:`: the task object, +1 for the caller (UIApplication holds another).
    func beginBackgroundTask(expiration: ObjectID?, on thread: SimThread) -> ObjectID {
        let o = objects.allocate(
            kind: .backgroundTask, className: "UIBackgroundTask", label: nil,
            slotNames: ["expiration"], slotStrengths: [.strong],
            slots: [expiration.map { .object($0) } ?? .null], isDeclaredRoot: false,
            at: recorder.now, on: thread.name)
        objects.retain(o.id)  // UIApplication holds the task until it ends
        backgroundTasks.append(BackgroundTask(id: o.id, expiration: expiration))
        recorder.record(thread, .backgroundTaskBegin(task: recorder.name(o)))
        return o.id
    }

    /// The background tasks begun and not yet ended, which UIApplication holds (a leak analysis root).
    var runningBackgroundTasks: [ObjectID] { backgroundTasks.lazy.filter { !$0.ended }.map(\.id) }

    /// `endBackgroundTask:`: UIApplication lets the task go; a backgrounded app with no task left is suspended.
    func endBackgroundTask(_ o: HeapObject, on thread: SimThread) {
        guard let i = backgroundTasks.firstIndex(where: { $0.id == o.id && !$0.ended }) else { return }
        backgroundTasks[i].ended = true
        recorder.record(thread, .backgroundTaskEnd(task: recorder.name(o)))
        objects.release(o.id, on: thread)
        if state == .background && !backgroundTasks.contains(where: { !$0.ended }) { suspend() }
    }

    /// After `applicationDidEnterBackground:` returns: the app is suspended unless a background task runs.
    func suspendUnlessBackgroundTask() {
        if state == .background && !backgroundTasks.contains(where: { !$0.ended }) { suspend() }
    }

    /// After the expiration handlers: a task still running gets the app killed by the watchdog.
    func killUnlessTasksEnded(on thread: SimThread) {
        if backgroundTasks.contains(where: { !$0.ended }) {
            setState(.killed)
            recorder.record(thread, .appKilled(why: recorder.name("a background task outlived its budget")))
        } else if state == .background {
            suspend()
        }
    }

    // MARK: Device sleep

    /// Whether an event runs on the monotonic clock (stops while the device sleeps) rather than the wall clock.
    func usesMonotonicClock(_ event: KernelEvent) -> Bool {
        switch event {
        case .dispatchAfter(let index): !wallClockAfters.contains(index)
        case .workDone, .portExpiry, .activationTimeout, .semaphoreTimeout, .taskSleepEnd: true
        case .resume: false
        case .dispatchSourceFire(let id): !(objects.heap.object(id)?.dispatchSource?.wallClock ?? false)
        case .userAction, .backgroundBudgetExpired: false
        case .portMessage: false  // sent from outside the app (another process, the network): wall clock
        }
    }

    /// An entry on the monotonic clock came due while the device sleeps: it waits for the wake.
    func freeze(_ entry: EventQueue<KernelEvent>.Entry) {
        frozenEntries.append(entry)
    }

    /// The device wakes: everything on the monotonic clock moves later by the time it slept.
    private func wakeDevice(_ k: Kernel) {
        guard let since = deviceAsleepSince else { return }
        deviceAsleepSince = nil
        let slept = k.now - since
        sleptTotal = sleptTotal + slept
        k.record(nil, .deviceWake(slept: slept))
        k.clock.postpone(by: slept) { usesMonotonicClock($0) }
        for entry in frozenEntries { k.clock.restore(entry, at: entry.instant + slept) }
        frozenEntries = []
        let shift = { (t: SimInstant) -> SimInstant in t > since && !t.isNever ? t + slept : t }
        for o in k.heap.liveObjects {
            if o.isTimer { o.timer.fireTSR = shift(o.timer.fireTSR) }
            if let s = o.dispatchSource, !s.wallClock { o.dispatchSource!.target = shift(s.target) }
        }
        k.runLoops.deviceWoke(shift: shift)
        setState(state)
    }

    /// Ticks and wall-clock slots of every repeating timer, for the foreground-return figures.
    private func countdownFigures() -> [(timer: String, ticks: Int, wallSlots: Int, interval: SimDuration)] {
        let repeating = objects.heap.liveObjects.filter { $0.isTimer && $0.timer.isRepeating && !$0.isInternal }
        return repeating.sorted { $0.serial < $1.serial }.map { o in
            let t = o.timer
            let elapsed = recorder.now.nanoseconds - t.firstSlotWall.nanoseconds
            let slots = elapsed < 0 ? 0 : Int(elapsed / t.interval.nanoseconds) + 1
            return (o.displayName, t.fires, slots, t.interval)
        }
    }
}
