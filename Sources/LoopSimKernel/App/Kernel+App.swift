extension Kernel {
    /// The system acts on the app (semantics §6–§7).
    func perform(_ action: AppAction) {
        guard profile.backgroundTaskBudget != nil else {
            record(nil, .appIgnored(action: name(action.rawValue), why: name("no app lifecycle on this variant")))
            return
        }
        record(nil, .appAction(action: name(action.rawValue)))
        switch action {
        case .background:
            enterBackground()
        case .lock:
            enterBackground()
            deviceAsleepSince = now
            setAppState(appState)
        case .unlock:
            wakeDevice()
        case .foreground:
            guard deviceAsleepSince == nil, appState != .killed, appState != .active else { return }
            resumeApp()
            setAppState(.inactive)
            runDelegate("willEnterForeground")
            setAppState(.active)
            runDelegate("didBecomeActive")
            foregroundReturns.append(ForegroundReturn(at: now, countdowns: countdownFigures()))
        }
    }

    private func enterBackground() {
        guard appState == .active || appState == .inactive else { return }
        setAppState(.inactive)
        setAppState(.background)
        backgroundEnteredAt = now
        if let budget = profile.backgroundTaskBudget {
            budgetEntry = queue.schedule(.backgroundBudgetExpired, at: now + budget, phase: .input)
        }
        // UIKit calls applicationDidEnterBackground: on the main thread; the app is suspended when it returns,
        // unless a background task is running.
        runDelegate("didEnterBackground", then: [.suspendUnlessBackgroundTask])
    }

    /// Queues an app-delegate callback (and kernel follow-ups) on the main thread, through UIKit's event source.
    func runDelegate(_ name: String, then followUps: [InternalStep] = []) {
        let steps = program.appDelegate.first { $0.name == name }?.body
        let body = Body(steps: (steps?.steps ?? []) + followUps.map { .internalStep($0) },
                        localNames: steps?.localNames ?? [])
        guard !body.steps.isEmpty else { return }
        userActions.append(UserAction(at: now, label: name, body: body))
        pendingUserActions.append(userActions.count - 1)
        if let source = userEventSource.flatMap({ heap.object($0) }) { runLoops.signal(source, self) }
        if appState != .suspended { runLoops.wakeUp(runLoops[0], from: nil, self) } else { deferredWakeUps = true }
    }

    func setAppState(_ state: AppState) {
        appState = state
        appStateTimeline.append(AppStateChange(at: now, state: state, deviceAsleep: deviceAsleepSince != nil))
        record(nil, .appState(state: name(state.rawValue), deviceAsleep: deviceAsleepSince != nil))
    }

    /// No thread of a suspended app runs: their resumes wait (semantics §7).
    func suspendApp() {
        guard appState == .background else { return }
        setAppState(.suspended)
    }

    private func resumeApp() {
        guard appState == .suspended || appState == .background else { return }
        let waiting = deferredResumes
        deferredResumes = []
        for id in waiting { threads.scheduleResume(threads[id], self) }
        if deferredWakeUps {
            deferredWakeUps = false
            runLoops.wakeUp(runLoops[0], from: nil, self)
        }
        if let entry = budgetEntry { queue.cancel(entry) }
        budgetEntry = nil
    }

    /// The background-task budget ran out: expiration handlers run; a task still running gets the app killed.
    func backgroundBudgetExpired() {
        budgetEntry = nil
        guard appState == .background || appState == .suspended else { return }
        let running = backgroundTasks.filter { !$0.ended }
        guard !running.isEmpty else { return }
        record(nil, .budgetExpired(tasks: Int64(running.count)))
        var steps: [Step] = []
        for task in running {
            if let handler = task.expiration { steps.append(.internalStep(.callBlock(handler))) }
        }
        if appState == .suspended { resumeApp(); appState = .background }
        let body = Body(steps: steps + [.internalStep(.killUnlessTasksEnded)], localNames: [])
        userActions.append(UserAction(at: now, label: "background task expiration", body: body))
        pendingUserActions.append(userActions.count - 1)
        if let source = userEventSource.flatMap({ heap.object($0) }) { runLoops.signal(source, self) }
        runLoops.wakeUp(runLoops[0], from: nil, self)
    }

    func beginBackgroundTask(expiration: ObjectID?, on thread: SimThread) -> ObjectID {
        let o = heap.allocate(kind: .backgroundTask, className: "UIBackgroundTask", label: nil, slotNames: ["expiration"],
                              slotStrengths: [.strong], slots: [expiration.map { .object($0) } ?? .null],
                              isDeclaredRoot: false, at: now, on: thread.name)
        retain(o.id)  // UIApplication holds the task until it ends
        backgroundTasks.append(BackgroundTask(id: o.id, expiration: expiration))
        record(thread, .backgroundTaskBegin(task: name(o)))
        return o.id
    }

    func endBackgroundTask(_ o: HeapObject, on thread: SimThread) {
        guard let i = backgroundTasks.firstIndex(where: { $0.id == o.id && !$0.ended }) else { return }
        backgroundTasks[i].ended = true
        record(thread, .backgroundTaskEnd(task: name(o)))
        release(o.id, on: thread)
        if appState == .background && !backgroundTasks.contains(where: { !$0.ended }) { suspendApp() }
    }

    // MARK: Device sleep

    /// Whether an event runs on the monotonic clock (stops while the device sleeps) rather than the wall clock.
    func usesMonotonicClock(_ event: KernelEvent) -> Bool {
        switch event {
        case .workDone, .portExpiry, .activationTimeout, .dispatchAfter, .semaphoreTimeout: true
        case .resume: false
        case .dispatchSourceFire(let id): !(heap.object(id)?.dispatchSource?.wallClock ?? false)
        case .userAction, .backgroundBudgetExpired: false
        }
    }

    /// The device wakes: everything on the monotonic clock moves later by the time it slept.
    private func wakeDevice() {
        guard let since = deviceAsleepSince else { return }
        deviceAsleepSince = nil
        let slept = now - since
        record(nil, .deviceWake(slept: slept))
        queue.postpone(by: slept) { usesMonotonicClock($0) }
        for entry in frozenEntries { queue.restore(entry, at: entry.instant + slept) }
        frozenEntries = []
        let shift = { (t: SimInstant) -> SimInstant in t > since && !t.isNever ? t + slept : t }
        for o in heap.liveObjects {
            if o.isTimer { o.timer.fireTSR = shift(o.timer.fireTSR) }
            if let s = o.dispatchSource, !s.wallClock { o.dispatchSource!.target = shift(s.target) }
        }
        for rl in runLoops.all {
            for mode in rl.modes.values {
                mode.timers.refreshDeadlines { heap.timer(at: $0).timer.fireTSR }
                mode.softDeadline = shift(mode.softDeadline)
                mode.hardDeadline = shift(mode.hardDeadline)
                mode.port.armedDeadline = mode.port.armedDeadline.map(shift)
            }
            for a in rl.activations { a.deadline = shift(a.deadline) }
        }
        setAppState(appState)
    }

    /// Ticks and wall-clock slots of every repeating timer, for the foreground-return figures.
    private func countdownFigures() -> [(timer: String, ticks: Int, wallSlots: Int, interval: SimDuration)] {
        let repeating = heap.liveObjects.filter { $0.isTimer && $0.timer.isRepeating && !$0.isInternal }
        return repeating.sorted { $0.serial < $1.serial }.map { o in
            let t = o.timer
            let elapsed = now.nanoseconds - t.firstSlotWall.nanoseconds
            let slots = elapsed < 0 ? 0 : Int(elapsed / t.interval.nanoseconds) + 1
            return (o.displayName, t.fires, slots, t.interval)
        }
    }
}

/// Kernel-made steps inside app callbacks.
public enum InternalStep: Sendable {
    /// After `applicationDidEnterBackground:`: suspend unless a background task runs.
    case suspendUnlessBackgroundTask
    /// After the expiration handlers: a task still running gets the app killed by the watchdog.
    case killUnlessTasksEnded
    /// Call a block held by the kernel (an expiration handler).
    case callBlock(ObjectID)
    /// Call a view-controller lifecycle method if its class defines it.
    case callHook(ObjectID, String)
    /// A dismissal's transition ended: the presenter forgets the controller.
    case endPresentation(presenter: ObjectID, presented: ObjectID)
    /// UIKit releases a dismissed controller after its viewDidDisappear.
    case releasePresented(ObjectID)
}
