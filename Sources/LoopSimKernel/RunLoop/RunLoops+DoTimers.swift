// CF's timer routine, as CFRunLoop.c (swift-corelibs-foundation, e55e1d8) keeps it: `__CFRunLoopDoTimers` and
// `__CFRunLoopDoTimer` (the timer callout, split around the callout's frame), the repeat's rescheduling and
// `__CFRepositionTimerInMode`, then `__CFArmNextTimerInMode` with the timer port it arms and disarms
// (`mk_timer_arm`, `mk_timer_cancel`) and the port's expiry. Making, adding, removing and invalidating timers
// (`CFRunLoopAddTimer`, `CFRunLoopTimerInvalidate`, ...) are in Timers/RunLoops+Timers.swift.

extension RunLoops {
    // MARK: __CFRunLoopDoTimers

    /// `__CFRunLoopRun`'s timer-port branch of `handle_msg` (CFRunLoop.c lines 3197–3212): the due timers'
    /// callouts (``collectDueTimers(_:)``); when none is due (the port fired early, or for a timer since
    /// removed), the mode's port is re-armed for the next one.
    func doTimers(_ a: ActivationFrame, on thread: SimThread) {
        collectDueTimers(a)
        if a.callouts.isEmpty {
            recorder.record(thread, .noTimerDue(mode: recorder.name(a.mode)))
            armNextTimer(in: a.mode, of: a.runLoop)  // woken early or stale: re-arm
        }
    }

    /// `__CFRunLoopDoTimers`' first loop (CFRunLoop.c lines 2661–2670): the valid, non-firing timers due now, in
    /// order, with the slot each is due at, collected before any is called out (the second loop, lines 2672–2676,
    /// is the activation's callout loop, each callout ``beginTimerCallout(_:oldFire:of:on:)`` to
    /// ``finishTimerCallout(_:oldFire:of:on:)``).
    private func collectDueTimers(_ a: ActivationFrame) {
        a.mode.timers.forEachDue(at: recorder.now) { slot in
            objects.withUnretainedTimer(at: slot) { o in
                if o.timer.isValid && !o.timer.isFiring {
                    a.callouts.append(.timer(o.id, oldFire: o.timer.fireTSR))
                }
            }
        }
    }

    // MARK: __CFRunLoopDoTimer

    /// `__CFRunLoopDoTimer` up to the callout (CFRunLoop.c lines 2502–2540): a timer still valid, due, not firing
    /// and on this run loop is marked firing, the mode's cached deadlines are reset and its port re-armed
    /// (`__CFArmNextTimerInMode` skips firing timers), and the timer is retained for the callout. (Its own method,
    /// which keeps ``beginCallout(_:of:on:)`` small enough for its events to be recorded inline.)
    /// The timer is read unretained: the heap holds it until its dealloc ends, which no step here can bring about.
    func beginTimerCallout(
        _ id: ObjectID, oldFire: SimInstant, of a: ActivationFrame, on thread: SimThread
    ) -> Frame? {
        let frame: Frame?? = objects.withUnretainedObject(id) { o in
            guard o.isTimer, o.timer.isValid, !o.timer.isFiring, o.timer.fireTSR <= recorder.now,
                o.timer.runLoop == a.runLoop.id
            else { return nil }
            o.timer.isFiring = true
            a.mode.forgetArmedDeadlines()  // then re-arm, skipping firing timers
            armNextTimer(in: a.mode, of: a.runLoop)
            objects.retain(id)
            // A paused display link stays scheduled but "doesn't send notifications to the target" (Apple,
            // CADisplayLink `isPaused`): its slot passes with no fire and no callout; it re-arms as after a fire.
            if o.timerExtras.isPaused { return NoOpFrame.shared }
            o.timer.latency.record(recorder.now - oldFire)  // one more fire
            recorder.record(thread, .timerFire(timer: recorder.name(o), slot: oldFire, latency: recorder.now - oldFire))
            return timerCalloutFrame(o, on: thread) ?? NoOpFrame.shared
        }
        return frame ?? nil
    }

    /// `__CFRunLoopDoTimer` after the callout (CFRunLoop.c lines 2541–2650): a one-shot timer is invalidated
    /// (`doInvalidate`), the firing mark cleared, a repeating timer still valid rescheduled, and the callout's
    /// retain released.
    func finishTimerCallout(
        _ id: ObjectID, oldFire: SimInstant, of a: ActivationFrame, on thread: SimThread
    ) {
        // Read unretained: the callout's count keeps the timer in the heap until the release below, and a
        // dealloc that release may cause ends later, on the thread's stack.
        let found: Void? = objects.withUnretainedObject(id) { o in
            if o.timer.isValid && !o.timer.isRepeating {
                invalidateTimer(id, on: thread, reason: "one-shot fired")
            }
            o.timer.isFiring = false
            if o.timer.isValid && o.timer.isRepeating {
                rescheduleAfterFire(o, oldFire: oldFire, on: thread, near: a)
            }
        }
        guard found != nil else { return }
        objects.release(id, on: thread)
    }

    /// `__CFRunLoopDoTimer`'s rescheduling (CFRunLoop.c lines 2558–2644), after a run-loop callout of a still-valid
    /// repeating timer by activation `a`: keep a later date the callout set (`oldFireTSR < rlt->_fireTSR`, re-arm
    /// only), else move to the first slot of the original grid strictly after now (CF's `while (nextFireTSR <=
    /// currentTSR) nextFireTSR += intervalTSR`), skipping (and counting) missed slots, and reposition it in each
    /// of its modes.
    func rescheduleAfterFire(
        _ o: HeapObject, oldFire: SimInstant, on thread: SimThread, near a: ActivationFrame
    ) {
        guard let rlID = o.timer.runLoop else { return }
        // The activation that called the timer out is usually on its run loop and in one of its modes: both
        // taken from it, without a lookup (and its reference counting) by index or by name. The parameters are
        // not optional: an optional activation and mode took three retains and releases per fire (of the
        // activation, its run loop and its mode) and an optional hint one more (callgrind, BENCHMARKS.md).
        if a.runLoop.id == rlID {
            reschedule(o, oldFire: oldFire, on: thread, rl: a.runLoop, hint: a.mode)
        } else {
            let rl = self[rlID]  // the callout moved the timer to another run loop
            reschedule(o, oldFire: oldFire, on: thread, rl: rl, hint: rl.mode(at: 0))
        }
    }

    /// ``rescheduleAfterFire(_:oldFire:on:near:)`` on the timer's run loop `rl`; `hint` is one of `rl`'s modes,
    /// the one the timer is most likely in.
    private func reschedule(
        _ o: HeapObject, oldFire: SimInstant, on thread: SimThread, rl: SimRunLoop,
        hint: RunLoopMode
    ) {
        if oldFire < o.timer.fireTSR {
            for name in o.timerModes { if let mode = rl.modes[name] { armNextTimer(in: mode, of: rl) } }
            return
        }
        let interval = o.timer.interval.nanoseconds
        let passed = (recorder.now.nanoseconds - oldFire.nanoseconds) / interval + 1  // slots passed, this one included
        let next = SimInstant(nanoseconds: oldFire.nanoseconds + passed * interval)
        if passed > 1 { o.timerExtras.skippedSlots += Int(passed - 1) }
        o.timer.fireTSR = next
        recorder.record(thread, .timerReschedule(timer: recorder.name(o), next: next, skipped: passed - 1))
        // The usual case, a timer in the default mode only and a hint that is that mode (a loop's default mode is
        // its mode 0, `SimRunLoop.init`): told from the list's index, without reading the list (a global's lazy
        // initialisation check, a retain and a release, and a comparison of two mode names, callgrind).
        if o.timer.modeListIndex == TimerState.defaultModeOnly && hint.index == 0 {
            return move(o, to: next, in: hint, of: rl)
        }
        // Else the hint's one mode, with one read of the timer's mode list.
        let modes = o.timerModes
        if modes.count == 1 && modes[0] == hint.name { return move(o, to: next, in: hint, of: rl) }
        for name in modes {
            if hint.name == name {
                move(o, to: next, in: hint, of: rl)
            } else if let mode = rl.modes[name] {
                move(o, to: next, in: mode, of: rl)
            }
        }
    }

    /// `CFRunLoopTimerSetNextFireDate` (`-[NSTimer setFireDate:]`, CF-1153.18 CFRunLoop.c): an invalid timer is left
    /// alone; a date before now becomes now and one more than `TIMER_INTERVAL_LIMIT` (504,911,232 s, 16 years)
    /// ahead becomes now plus that; the timer takes the date and is repositioned in each of its modes, whose
    /// ports are re-armed (`__CFRepositionTimerInMode(rlm, rlt, true)`); and when its run loop is not the caller's
    /// that loop is woken, "just in case" (the source's comment). A timer in no run loop just keeps the date for
    /// when it is added.
    func setNextFireDate(_ o: HeapObject, to date: SimInstant, on thread: SimThread) {
        guard o.timer.isValid else { return }
        let now = recorder.now
        let limit = Self.timerIntervalLimit
        let next = date < now ? now : (date - now > limit ? now + limit : date)
        o.timer.fireTSR = next
        recorder.record(thread, .timerSetFireDate(timer: recorder.name(o), next: next))
        guard let rlID = o.timer.runLoop else { return }
        let rl = self[rlID]
        for name in o.timerModes { if let mode = rl.modes[name] { move(o, to: next, in: mode, of: rl) } }
        if thread.runLoopID != rl.id { wakeUp(rl, from: thread) }
    }

    /// `__CFRepositionTimerInMode(rlm, rlt, true)` (CFRunLoop.c lines 2477–2498): moves `o` to its next deadline
    /// in `mode`'s list, if it is there, and re-arms the mode's port.
    private func move(_ o: HeapObject, to next: SimInstant, in mode: RunLoopMode, of rl: SimRunLoop) {
        guard mode.timers.contains(o.id.index) else { return }
        mode.timers.reposition(o.id.index, fire: next, tolerant: o.isTolerantTimer)
        armNextTimer(in: mode, of: rl)
    }

    // MARK: __CFArmNextTimerInMode and the timer port

    /// `__CFArmNextTimerInMode` (CFRunLoop.c lines 2378–2473): arm the mode's timer port for its earliest
    /// non-firing timer, or disarm it; the soft and hard deadlines are cached in the mode either way.
    ///
    /// With ``VariantProfile/staleTimerPortWake`` (the mk_timer-only build of CF-1153.18 and Linux) the
    /// arming is never recorded, so removing the last timer leaves the port armed at the old deadline.
    func armNextTimer(in mode: RunLoopMode, of rl: SimRunLoop) {
        var soft = SimInstant.never
        var hard = SimInstant.never
        if mode.timers.tolerant == 0 {
            // Without tolerance both deadlines are the earliest non-firing timer's.
            if let first = mode.timers.first(skipping: { objects.heap.isTimerFiring(at: $0) }) {
                soft = first.fire
                hard = soft
            }
        } else {
            for slot in mode.timers.ordered() {
                let o = objects.heap.timer(at: slot)  // its state read in place, not copied
                if o.timer.isFiring { continue }
                // In deadline order: stop once a soft deadline passes the hard one found so far.
                if o.timer.fireTSR > hard { break }
                soft = min(soft, o.timer.fireTSR)
                hard = min(hard, o.timer.fireTSR + o.timerExtras.tolerance)
            }
        }
        if !soft.isNever && (soft != mode.softDeadline || hard != mode.hardDeadline) {
            // The dispatch build hands a window with leeway to a GCD timer; otherwise the mk_timer at soft.
            let useLeeway = profile.toleranceAffectsWakeTime && hard > soft
            armPort(mode, of: rl, at: useLeeway && profile.leewayFiresAtEnd ? hard : soft)
            if !profile.staleTimerPortWake { mode.port.armTracked = true }
        } else if soft.isNever && mode.port.armTracked {
            cancelPort(mode, of: rl)
            mode.port.armTracked = false
        }
        mode.noteArmedDeadlines(soft: soft, hard: hard)
    }

    /// `mk_timer_arm` (CFRunLoop.c line 2445): replaces the deadline; a deadline already past posts the message
    /// at once.
    private func armPort(_ mode: RunLoopMode, of rl: SimRunLoop, at deadline: SimInstant) {
        if let entry = mode.port.entry { recorder.clock.cancel(entry) }
        mode.port.entry = nil
        mode.port.armedDeadline = deadline
        recorder.record(
            threadNamed: rl.threadNameID, .portArm(runLoop: rl.nameID, mode: recorder.name(mode), deadline: deadline))
        if deadline <= recorder.now {
            timerPortExpired(rl, mode: mode)
        } else {
            mode.port.entry = recorder.clock.schedule(
                .portExpiry(runLoop: rl.id, mode: mode.index), at: deadline,
                phase: .kernelTimer)
        }
    }

    /// `mk_timer_cancel` (CFRunLoop.c line 2459).
    private func cancelPort(_ mode: RunLoopMode, of rl: SimRunLoop) {
        if let entry = mode.port.entry { recorder.clock.cancel(entry) }
        let wasArmed = mode.port.armedDeadline != nil
        mode.port.entry = nil
        mode.port.armedDeadline = nil
        if wasArmed {
            recorder.record(threadNamed: rl.threadNameID, .portCancel(runLoop: rl.nameID, mode: recorder.name(mode)))
        }
    }

    /// The kernel timer of a mode expired: one message on its port (`rlm->_timerPort`, in the mode's port set);
    /// a thread waiting on it wakes, and ``doTimers(_:on:)`` handles the message.
    func timerPortExpired(_ rl: SimRunLoop, mode: RunLoopMode) {
        mode.port.entry = nil
        mode.port.armedDeadline = nil
        let stale = mode.timers.earliest.map { $0.fire > recorder.now } ?? true
        mode.port.mailbox.post(&portArrivals)
        mode.port.pendingIsStale = stale
        recorder.record(
            threadNamed: rl.threadNameID, .portFire(runLoop: rl.nameID, mode: recorder.name(mode), stale: stale))
        wakeIfWaiting(rl, on: .timerPort(ObjectIdentifier(mode)))
    }
}
