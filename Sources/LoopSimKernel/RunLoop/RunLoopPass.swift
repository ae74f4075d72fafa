// The pass of a run loop: `CFRunLoopRunSpecific` and one `__CFRunLoopRun` iteration after another, phase by
// phase in the order of CFRunLoop.c (observers, blocks, sources0, the main-queue peek, the wait, the woken port,
// the decision to go on), then the port set an activation waits on and the callouts each phase collects.

extension RunLoops {
    /// `CFRunLoopRunSpecific(rl, mode, seconds, returnAfterSourceHandled)`; `seconds` nil = 1e10 (infinite).
    func makeActivation(
        _ rl: SimRunLoop, mode rawMode: String, seconds: SimDuration?, returnAfterSourceHandled: Bool,
        on thread: SimThread
    ) -> Frame {
        let name = RunLoopModeName.canonical(rawMode)
        nextActivationSerial += 1
        // The mode is looked up, never created: a missing mode behaves as an empty one.
        let mode = rl.modes[name] ?? RunLoopMode(name: name)
        let timeoutLimit = RunLoops.timerIntervalLimit
        let isPoll = seconds.map { $0 <= .zero } ?? false
        let deadline: SimInstant
        if let seconds, seconds <= timeoutLimit {
            deadline = isPoll ? recorder.now : recorder.now + seconds
        } else {
            deadline = .never
        }
        return ActivationFrame(
            serial: nextActivationSerial, runLoop: rl, mode: mode, deadline: deadline, isPoll: isPoll,
            returnAfterSourceHandled: returnAfterSourceHandled)
    }

    /// Moves an activation through the phases of one `__CFRunLoopRun` iteration. Inlined into
    /// ``ActivationFrame/step(_:_:)``, its one caller.
    @inline(__always)
    func advance(_ a: ActivationFrame, on thread: SimThread, _ k: Kernel) -> FrameAction {
        let rl = a.runLoop
        switch a.phase {
        case .start:
            let name = a.mode.name
            k.record(
                thread, .runLoopRun(runLoop: rl.nameID, mode: k.name(a.mode), deadline: a.deadline, poll: a.isPoll))
            if name == RunLoopModeName.common && k.profile.runCommonModesRejected {
                k.record(
                    thread,
                    .invalidMode(
                        message: k.name("invalid mode 'kCFRunLoopCommonModes' provided to CFRunLoopRunSpecific")))
                return finishWithoutEntry(a, on: thread)
            }
            if rl.modes[name] == nil || isModeEmpty(rl, name, on: thread) {
                return finishWithoutEntry(a, on: thread)
            }
            rl.enter(a)
            if !a.deadline.isNever && !a.isPoll {
                a.noteTimeout(
                    entry: k.clock.schedule(
                        .activationTimeout(runLoop: rl.id, activation: a.serial),
                        at: a.deadline, phase: .kernelTimer))
            }
            queueObserverCallouts(a, .entry, on: thread)
            a.callOut(then: .iterationTop)
        case .iterationTop:
            // A stop requested before the first iteration (an Entry observer, another thread) ends it at once;
            // later stops are caught by `decide`, so this check only ever fires on the first pass.
            if a.takeStopRequest() {
                a.result = .stopped
                a.phase = .exit
                return .next
            }
            a.ignoreWakeUps = false
            a.sourceHandledThisLoop = false
            queueObserverCallouts(a, .beforeTimers, on: thread)
            a.callOut(then: .beforeSources)
        case .beforeSources:
            queueObserverCallouts(a, .beforeSources, on: thread)
            a.callOut(then: .doBlocks1)
        case .doBlocks1:
            queueBlockCallouts(a)
            a.callOut(then: .doSources0)
        case .doSources0:
            queueSource0Callouts(a)
            a.callOut(then: .afterSources0)
        case .afterSources0:
            if a.sourceHandledThisLoop { queueBlockCallouts(a) }
            a.callOut(then: .dispatchPeek)
        case .dispatchPeek:
            a.poll = a.sourceHandledThisLoop || a.isPoll
            if a.dispatchPortParticipates(on: thread) && !a.didDispatchPortLastTime && k.dispatch.mainPort.hasMessage {
                k.dispatch.takeMainPortMessage()
                a.message = .mainQueue
                k.record(thread, .dispatchPeek(mode: k.name(a.mode)))
                a.phase = .handleMessage
                return .next
            }
            a.didDispatchPortLastTime = false
            if !a.poll { queueObserverCallouts(a, .beforeWaiting, on: thread) }
            a.callOut(then: .wait)
        case .wait:
            return wait(a, on: thread, k)
        case .handleMessage:
            return handleMessage(a, on: thread)
        case .doBlocks3:
            queueBlockCallouts(a)
            a.callOut(then: .decide)
        case .decide:
            if a.returnAfterSourceHandled && a.sourceHandledThisLoop {
                a.result = .handledSource
            } else if a.isPoll || (!a.deadline.isNever && k.now >= a.deadline) {
                a.result = .timedOut
            } else if a.takeStopRequest() {
                a.result = .stopped
            } else if a.mode.takeStopRequest() {
                a.result = .stopped
            } else if isModeEmpty(rl, a.mode, on: thread) {
                a.result = .finished
            }
            if a.result != nil {
                a.phase = .exit
            } else {
                a.phase = .iterationTop
            }
        case .exit:
            queueObserverCallouts(a, .exit, on: thread)
            a.callOut(then: .done)
        case .done:
            if let entry = a.timeoutEntry { k.clock.cancel(entry) }
            rl.leave(a)
            let result = a.result ?? .finished
            k.records.runLoopExits.append(
                RunLoopExit(
                    thread: thread.name, at: k.now, mode: a.mode.shortName,
                    result: result, entered: true))
            k.record(thread, .runLoopExit(mode: k.name(a.mode), result: NameTable.result(result), entered: true))
            return .pop(.string(result.rawValue))
        }
        return .next
    }

    private func finishWithoutEntry(_ a: ActivationFrame, on thread: SimThread) -> FrameAction {
        records.runLoopExits.append(
            RunLoopExit(
                thread: thread.name, at: recorder.now, mode: a.mode.shortName,
                result: .finished, entered: false))
        recorder.record(
            thread, .runLoopExit(mode: recorder.name(a.mode), result: NameTable.result(.finished), entered: false))
        return .pop(.string(RunLoopResult.finished.rawValue))
    }

    func portName(_ m: ActivationFrame.Message) -> Name {
        switch m {
        case .none: NameTable.portNone
        case .wakeUp: NameTable.portWakeUp
        case .timerPort: NameTable.portTimer
        case .mainQueue: NameTable.portMainQueue
        case .source1: recorder.name("source1")
        }
    }

    // MARK: Waiting

    /// The wait phase: take the earliest message and go on to handle it, or sleep until one arrives. (Its own
    /// method, which keeps ``advance(_:on:_:)`` small enough for its events to be recorded inline.)
    private func wait(_ a: ActivationFrame, on thread: SimThread, _ k: Kernel) -> FrameAction {
        if let message = takeMessage(a, on: thread, k) {
            if a.isSleeping {
                a.isSleeping = false
                k.threads.run(thread)
            }
            a.message = message
            a.ignoreWakeUps = true
            k.record(thread, .wake(mode: k.name(a.mode), port: portName(message)))
            if !a.poll { queueObserverCallouts(a, .afterWaiting, on: thread) }
            a.callOut(then: .handleMessage)
            return .next
        }
        a.isSleeping = true
        k.threads.sleep(thread)
        k.record(thread, .sleep(mode: k.name(a.mode), ports: waitSet(a, on: thread)))
        return .yield
    }

    /// The earliest message on the activation's port set, consumed; `.none` when polling finds nothing;
    /// nil when the thread must sleep.
    private func takeMessage(_ a: ActivationFrame, on thread: SimThread, _ k: Kernel) -> ActivationFrame.Message? {
        var best: (ActivationFrame.Message, UInt64)?
        func consider(_ m: ActivationFrame.Message, _ port: Port) {
            if port.hasMessage && (best == nil || port.arrival < best!.1) { best = (m, port.arrival) }
        }
        let rl = a.runLoop
        consider(.wakeUp, rl.wakeUpPort)
        consider(.timerPort, a.mode.port.mailbox)
        if a.dispatchPortParticipates(on: thread) { consider(.mainQueue, k.dispatch.mainPort) }
        // The mode's port-based sources: their ports are in its port set (CFRunLoopAddSource, CFRunLoop.c line
        // 3641), so a message on one wakes the wait; each holds a queue, the oldest message taken first.
        for id in a.mode.sources1 {
            let first = k.objects.withUnretainedObject(id) { $0.source!.messages.first }!
            if let first, best == nil || first < best!.1 { best = (.source1(id), first) }
        }
        guard let (message, _) = best else { return a.poll ? ActivationFrame.Message.none : nil }
        switch message {
        case .wakeUp: rl.takeWakeUp()
        case .timerPort: a.mode.port.mailbox.take()
        case .mainQueue: k.dispatch.takeMainPortMessage()
        case .source1(let id): k.heap.object(id)!.source!.messages.removeFirst()
        case .none: break
        }
        return message
    }

    /// The `ports` field of `rl.sleep`: the wait set (`["wake-up","timer@T","main-queue","timeout@T"]` in the trace).
    private func waitSet(_ a: ActivationFrame, on thread: SimThread) -> WaitSet {
        WaitSet(
            timerPort: a.mode.port.armedDeadline ?? .never, mainQueue: a.dispatchPortParticipates(on: thread),
            timeout: a.deadline)
    }

    /// `handle_msg`: one woken port per iteration.
    private func handleMessage(_ a: ActivationFrame, on thread: SimThread) -> FrameAction {
        switch a.message {
        case .none, .wakeUp:
            a.phase = .doBlocks3
        case .timerPort:
            doTimers(a, on: thread)
            a.callOut(then: .doBlocks3)
        case .mainQueue:
            a.sourceHandledThisLoop = true
            a.didDispatchPortLastTime = true
            a.callouts.append(.mainQueue)
            a.callOut(then: .doBlocks3)
        case .source1(let id):
            // `__CFRunLoopModeFindSourceForMachPort`, then `__CFRunLoopDoSource1` (CFRunLoop.c lines 3249–3259):
            // one message per iteration; a valid source's callout counts as a handled source.
            a.callouts.append(.source1(id))
            a.callOut(then: .doBlocks3)
        }
        a.message = .none
        return .next
    }

    // MARK: Collecting callouts

    /// `__CFRunLoopDoObservers`: the mode's valid, non-firing observers of `activity`, by order, then UIKit's
    /// autorelease-pool observer where it applies.
    private func queueObserverCallouts(
        _ a: ActivationFrame, _ activity: RunLoopActivity, on thread: SimThread
    ) {
        recorder.record(
            thread,
            .activity(
                activity: NameTable.activity(activity) ?? recorder.name(activity.name), mode: recorder.name(a.mode)))
        // The loop only for a mode with observers: iterating the mode's list retains and releases it, twice or
        // three times a timer-storm fire for a mode with none (callgrind).
        if !a.mode.observers.isEmpty {
            for o in a.mode.observers where !o.isFiring && o.activities.contains(activity) && isValidObserver(o.object)
            {
                a.callouts.append(.observer(id: o.id, activity: activity))
            }
        }
        if objects.drainsPool(at: activity, of: a, on: thread) { a.callouts.append(.drainAutoreleasePool) }
    }

    /// `__CFRunLoopDoBlocks`: the blocks queued for this mode (or for common modes when it is common), detached
    /// now; blocks queued while they run wait for the next pass.
    private func queueBlockCallouts(_ a: ActivationFrame) {
        let rl = a.runLoop
        guard !rl.blocks.isEmpty else { return }
        let common = rl.isCommon(a.mode)
        var keep: [(modes: [String]?, block: ObjectID)] = []
        for item in rl.blocks {
            if item.modes.map({ $0.contains(a.mode.name) }) ?? common {
                a.callouts.append(.block(item.block))
            } else {
                keep.append(item)
            }
        }
        rl.keepBlocks(keep)
    }

    /// `__CFRunLoopDoSources0`: signalled valid sources of the mode, by order.
    private func queueSource0Callouts(_ a: ActivationFrame) {
        // As for observers: iterating the list retains and releases it, once a pass for a mode with none.
        guard !a.mode.sources0.isEmpty else { return }
        for id in a.mode.sources0 {
            // Read unretained: the mode's set holds each source.
            let isDue = objects.withUnretainedObject(id) { $0.source!.isSignalled && $0.source!.isValid }!
            if isDue { a.callouts.append(.source0(id)) }
        }
    }
}
