extension RunLoops {
    /// `+[NSTimer scheduledTimerWith...]` / `timerWith...`: a new timer (+1 for the caller), scheduled in the
    /// current run loop when `spec.scheduleMode` is set.
    func makeTimer(_ spec: TimerSpec, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) throws(RuntimeFault)
        -> ObjectID
    {
        if case .block = spec.action, !k.profile.blockBasedTimerAPI {
            let selector =
                spec.scheduleMode == nil
                ? "timerWithTimeInterval:repeats:block:" : "scheduledTimerWithTimeInterval:repeats:block:"
            throw RuntimeFault(
                "+[NSTimer \(selector)]: unrecognized selector sent to class "
                    + "(the block API needs iOS 10; use target/selector or the userInfo-block category)")
        }
        switch spec.action {
        case .targetSelector, .invocation:
            guard k.profile.selectorTimerAPI else { throw Self.selectorTimerFault(spec) }
        case .block, .userInfoBlock: break
        }
        // A repeating interval <= 0: Darwin's Foundation makes it 0.1 ms (DOC scheduledTimer(timeInterval:...));
        // corelibs passes it to CFRunLoopTimerCreate as it is, which stores a negative one as 0 (CFRunLoop.c line
        // 4529 at 761b621), and CF fires a 0-interval timer once and invalidates it (line 2524).
        var interval = spec.repeats ? spec.interval : .zero
        if spec.repeats && interval <= .zero { interval = k.profile.zeroIntervalClamped ? .microseconds(100) : .zero }
        var firstFire = k.now + (spec.firstFireAfter ?? spec.interval)
        if spec.isBlockInitializer && spec.firstFireAfter == nil && k.profile.unscheduledBlockTimerFirstFireNow {
            firstFire = k.now
        }
        if firstFire < k.now { firstFire = k.now }  // a past fire date: due at once (CFRunLoopTimerCreate)

        var slots: [Value] = [.null, .null, .null]
        var owned: [Bool] = [false, false, false]
        switch spec.action {
        case .targetSelector(let target, _, _):
            (slots[TimerState.targetSlot], owned[0]) = try k.interpreter.evaluateOwned(target, in: frame, on: thread, k)
        case .block(let block):
            (slots[TimerState.blockSlot], owned[2]) = try k.interpreter.evaluateOwned(block, in: frame, on: thread, k)
        case .userInfoBlock(let block):
            (slots[TimerState.userInfoSlot], owned[1]) = try k.interpreter.evaluateOwned(
                block, in: frame, on: thread, k)
        case .invocation(let target, _, _):
            // The timer retains the invocation, and asks it to retain its arguments: the target.
            let (targetValue, targetOwned) = try k.interpreter.evaluateOwned(target, in: frame, on: thread, k)
            let invocation = k.objects.allocate(
                kind: .invocation, className: "NSInvocation", label: nil, slotNames: ["target"],
                slotStrengths: [.strong], slots: [targetValue], isDeclaredRoot: false,
                at: k.now, on: thread.name)
            if case .object(let id) = targetValue, !targetOwned { k.retain(id) }
            (slots[TimerState.targetSlot], owned[0]) = (.object(invocation.id), true)
        }
        if let userInfo = spec.userInfo {
            (slots[TimerState.userInfoSlot], owned[1]) = try k.interpreter.evaluateOwned(
                userInfo, in: frame, on: thread, k)
        }
        let o = k.objects.allocate(
            kind: .timer(TimerState.Action(spec.action)), className: "NSTimer", label: spec.label,
            slotNames: TimerState.slotNames, slotStrengths: TimerState.slotStrengths, slots: slots,
            isDeclaredRoot: false, at: k.now, on: thread.name)
        for i in 0..<3 { if case .object(let id) = slots[i], !owned[i] { k.retain(id) } }
        o.initializeTimer(TimerState(fireTSR: firstFire, interval: interval))
        o.timer.firstSlotWall = firstFire
        if case .block = spec.action, case .object(let block) = slots[TimerState.blockSlot] {
            // Whether the block declares the timer parameter, read once: the block slot never changes after this
            // (invalidation only empties it), so each fire reads this bit (``timerCalloutFrame(_:on:)``).
            o.timer.blockTakesTimer =
                k.objects.withUnretainedObject(block) { b in
                    guard case .block(let t) = b.kind else { return false }
                    return k.program.blocks[t].body.parameterCount > 0
                } ?? false
        }
        // CFRunLoopTimerSetTolerance: negative -> 0; repeating timers at most half their interval.
        var tolerance = max(.zero, spec.tolerance)
        if spec.repeats { tolerance = min(tolerance, SimDuration(nanoseconds: interval.nanoseconds / 2)) }
        o.timerExtras.tolerance = tolerance
        if !k.profile.timerReleasesTargetOnInvalidate {
            // corelibs Timer: the CF context holds +1 on the Timer with no release callback (SCF-HEAD Timer.swift).
            k.retain(o.id)
            k.objects.corelibsTimerHolds.append(o.id)
        }
        k.record(thread, .timerCreate(timer: k.name(o), interval: interval, repeats: spec.repeats, fireAt: firstFire))
        if let mode = spec.scheduleMode {
            addTimer(o.id, to: runLoop(for: thread), mode: mode, on: thread)
        }
        return o.id
    }

    /// The crash of a target/selector or NSInvocation timer under swift-corelibs-foundation, whose `Timer` has only
    /// the block initializers (no Objective-C runtime, no selectors: `selectorTimerAPI` false).
    static func selectorTimerFault(_ spec: TimerSpec) -> RuntimeFault {
        let scheduled = spec.scheduleMode != nil
        let api: String
        if case .invocation = spec.action {
            api =
                scheduled
                ? "scheduledTimer(timeInterval:invocation:repeats:)" : "Timer(timeInterval:invocation:repeats:)"
        } else {
            api =
                scheduled
                ? "scheduledTimer(timeInterval:target:selector:userInfo:repeats:)"
                : "Timer(timeInterval:target:selector:userInfo:repeats:)"
        }
        return RuntimeFault.missingInCorelibs(api, why: RuntimeFault.noSelectors, instead: "use a block: timer")
    }

    /// `CFRunLoopAddTimer`: ignored for an invalid timer or one that belongs to another run loop.
    func addTimer(_ id: ObjectID, to rl: SimRunLoop, mode rawMode: String, on thread: SimThread) {
        guard let o = objects.heap.object(id), o.isTimer, o.timer.isValid else { return }
        if let owner = o.timer.runLoop, owner != rl.id { return }
        let mode = RunLoopModeName.canonical(rawMode)
        if mode == RunLoopModeName.common {
            if !rl.commonTimers.contains(id) {
                rl.addCommonTimer(id)
                objects.retain(id)
            }
            for name in rl.commonModes { addTimer(o, to: rl, modeNamed: name, on: thread) }
        } else {
            addTimer(o, to: rl, modeNamed: mode, on: thread)
        }
    }

    private func addTimer(_ o: HeapObject, to rl: SimRunLoop, modeNamed name: String, on thread: SimThread) {
        let mode = rl.findOrCreateMode(name)
        guard !mode.timers.contains(o.id.index) else { return }  // already in this mode: nothing changes (S10)
        o.timer.runLoop = rl.id
        o.timerModes.append(name)
        objects.retain(o.id)
        insertTimer(o, into: mode)
        recorder.record(thread, .timerAdd(timer: recorder.name(o), runLoop: rl.nameID, mode: recorder.name(mode)))
        armNextTimer(in: mode, of: rl)
    }

    /// Inserts after every timer with an earlier or equal deadline (`__CFRunLoopInsertionIndexInTimerArray`).
    private func insertTimer(_ o: HeapObject, into mode: RunLoopMode) {
        mode.timers.insert(o.id.index, fire: o.timer.fireTSR, tolerant: o.isTolerantTimer)
    }

    /// Removes `o` from one mode (the mode's array releases it) and re-arms that mode's port.
    private func removeTimer(
        _ o: HeapObject, from rl: SimRunLoop, modeNamed name: String, on thread: SimThread
    ) {
        guard let mode = rl.modes[name], mode.timers.contains(o.id.index) else { return }
        mode.timers.remove(o.id.index, tolerant: o.isTolerantTimer)
        o.timerModes.removeAll { $0 == name }
        if o.timerModes.isEmpty { o.timer.runLoop = nil }
        armNextTimer(in: mode, of: rl)
        objects.release(o.id, on: thread)
    }

    /// `CFRunLoopTimerInvalidate`: synchronously on the calling thread, remove the timer from every mode and
    /// the common items (each removal re-arms that mode's port), then release target, userInfo and block.
    /// No wake-up is sent to the owning loop.
    func invalidateTimer(_ id: ObjectID, on thread: SimThread, reason: String) {
        guard let o = objects.heap.object(id), o.isTimer, o.timer.isValid else { return }
        o.timer.isValid = false
        objects.retain(id)  // CF holds the timer across its own invalidation
        recorder.record(thread, .timerInvalidate(timer: recorder.name(o), reason: recorder.name(reason)))
        if let rlID = o.timer.runLoop {
            let rl = self[rlID]
            for name in o.timerModes { removeTimer(o, from: rl, modeNamed: name, on: thread) }
            if let index = rl.commonTimers.firstIndex(of: id) {
                rl.removeCommonTimer(at: index)
                objects.release(id, on: thread)
            }
            if profile.removeOrInvalidateWakesLoop { wakeUp(rl, from: thread) }
        }
        if profile.timerReleasesTargetOnInvalidate {
            for slot in 0..<3 {
                if case .object(let held) = o[slot: slot] {
                    o[slot: slot] = .null
                    objects.release(held, on: thread)
                }
            }
        }
        objects.release(id, on: thread)
    }

    /// `-[NSTimer fire]`: the action runs now on the caller's thread, the schedule is untouched, and a
    /// one-shot timer is invalidated afterwards. Nothing on an invalid timer.
    func fireManually(_ id: ObjectID, on thread: SimThread) -> FrameAction {
        guard let o = objects.heap.object(id), o.isTimer, o.timer.isValid else { return .next }
        recorder.record(thread, .timerFireManual(timer: recorder.name(o)))
        return .push(ManualFireFrame(timer: id))
    }

    /// The frame that runs a timer's action (target method, invocation, block, or userInfo block); the timer is
    /// retained by the caller for the duration. Nil when there is nothing to run: a safe proxy swallowed the
    /// call (counted as a wasted fire). A naive proxy without its target crashes the run.
    func timerCalloutFrame(_ o: HeapObject, on thread: SimThread) -> Frame? {
        switch o.timerAction {
        case .targetSelector(let c, let m), .invocation(let c, let m):
            let (classIndex, method) = (Int(c), Int(m))
            guard var target = o[slot: TimerState.targetSlot].object.flatMap({ objects.heap.object($0) }) else {
                return nil
            }
            if case .invocation = target.kind {
                guard let invoked = target[slot: 0].object.flatMap({ objects.heap.object($0) }) else { return nil }
                target = invoked
            }
            do {
                guard
                    let receiver = try interpreter.forwardingTarget(
                        target, selector: program.classes[classIndex].methods[method].name)
                else {
                    o.timerExtras.wastedFires += 1
                    recorder.record(thread, .timerWasted(timer: recorder.name(o)))
                    return nil
                }
                // A selector's parameter: a perform request's `withObject:` (its timer's userInfo), or the timer
                // itself, as NSTimer calls `tick:` with it.
                // Looked up only for a method that declares one (most fires pay nothing).
                guard program.classes[classIndex].methods[method].body.parameterCount > 0 else {
                    return interpreter.methodFrame(receiver, classIndex: classIndex, method: method)
                }
                let argument =
                    runLoop(for: thread).performTimers.contains(o.id)
                    ? o[slot: TimerState.userInfoSlot] : .object(o.id)
                return interpreter.methodFrame(
                    receiver, classIndex: classIndex, method: method,
                    arguments: [argument])
            } catch {
                halt.appCrashed(error.message, on: thread)
                return nil
            }
        case .block:
            guard case .object(let block) = o[slot: TimerState.blockSlot] else { return nil }
            // The block's parameter, when it declares one, is the timer itself (Apple,
            // `scheduledTimer(withTimeInterval:repeats:block:)`: "The block takes a single Timer parameter";
            // swift-corelibs-foundation Timer.swift, `__NSFireTimer`: `t._fire(t)`).
            // Only a block that declares a parameter is passed the timer; whether it does was read when the timer
            // was made (``TimerState/blockTakesTimer``), not on every fire.
            return calloutFrame(
                retaining: block, edge: "timer block", arguments: o.timer.blockTakesTimer ? [.object(o.id)] : [])
        case .userInfoBlock:
            guard case .object(let block) = o[slot: TimerState.userInfoSlot] else { return nil }
            return calloutFrame(retaining: block, edge: "timer userInfo block")
        }
    }

    /// `+[CADisplayLink displayLinkWithTarget:selector:]`: a timer-like object on the frame grid that
    /// retains its target and is added to modes like a timer (semantics §3.3; the render-server source1 is
    /// modelled as a mode-scoped periodic source that fires once per frame while its mode runs).
    func makeDisplayLink(
        target: Expr, classIndex: Int, method: Int, fps: Int, label: String, in frame: ProgramFrame,
        on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) -> ObjectID {
        let (targetValue, owned) = try k.interpreter.evaluateOwned(target, in: frame, on: thread, k)
        let framePeriod = SimDuration(nanoseconds: (1_000_000_000 + Int64(fps) / 2) / Int64(fps))
        let action = TimerState.Action(.targetSelector(target: target, classIndex: classIndex, method: method))
        let o = k.objects.allocate(
            kind: .timer(action), className: "CADisplayLink", label: label,
            slotNames: TimerState.slotNames, slotStrengths: [.strong, .strong, .strong],
            slots: [targetValue, .null, .null], isDeclaredRoot: false, at: k.now, on: thread.name)
        if case .object(let id) = targetValue, !owned { k.retain(id) }
        // The first frame boundary after now, on a grid anchored at instant 0.
        let next = SimInstant(nanoseconds: (k.now.nanoseconds / framePeriod.nanoseconds + 1) * framePeriod.nanoseconds)
        o.initializeTimer(TimerState(fireTSR: next, interval: framePeriod))
        k.record(thread, .displayLinkCreate(link: k.name(o), fps: Int64(fps)))
        return o.id
    }
}

/// Runs `-[NSTimer fire]`: the action, then invalidation of a one-shot timer.
final class ManualFireFrame: Frame {
    let timer: ObjectID
    var calledOut = false

    init(timer: ObjectID) { self.timer = timer }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let o = kernel.heap.object(timer) else { return .pop(.null) }
        if !calledOut {
            calledOut = true
            kernel.retain(timer)
            if let frame = kernel.runLoops.timerCalloutFrame(o, on: thread) { return .push(frame) }
            return .next
        }
        if o.isTimer && !o.timer.isRepeating {
            kernel.runLoops.invalidateTimer(timer, on: thread, reason: "one-shot fired")
        }
        kernel.release(timer, on: thread)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { calledOut ? [("fire", timer)] : [] }
}
