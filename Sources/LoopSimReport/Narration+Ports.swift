import LoopSimKernel

extension Narration.Narrator {
    /// Tells a timer-port event as the step of the call that made it: the thread whose call armed or disarmed the
    /// port (main's invalidate disarming worker-1's port), why, and what it means for a thread sleeping on it.
    mutating func narratePort(_ i: Int) {
        let e = run.events[i]
        guard let key = NarrationPorts.portKey(e) else { return }
        let names = run.names
        let owner = e.thread  // the kernel records a port's events on its run loop's thread
        var actor = owner
        let expired: Bool = if case .portFire = e.body { true } else { false }  // the kernel's clock, no call
        if !expired, let c = ports.caller, run.events[c].instant == e.instant, run.events[c].thread != .kernel {
            actor = run.events[c].thread
        }
        let inside = stacks[actor]?.last?.inCallout ?? false
        var l = line(e, e.kind.text, EventPhrases.describe(e, names), inCallout: inside, on: actor)
        if actor != owner { l.about = names[owner] }
        let ownerSleepsHere = ports.sleeping[owner] == key.mode
        let stale = ports.leftArmed.removeValue(forKey: key)
        switch e.body {
        case .portArm(_, _, let deadline):
            var notes: [String] = []
            if let c = ports.caller, case .timerAdd(let timer, let runLoop, let mode) = run.events[c].body,
                runLoop == key.runLoop, mode == key.mode, ports.timers[key]?.count == 1
            {
                notes.append("\(names[timer]) is the mode's only timer")
                l.isDecisive = true
            }
            if let stale {
                notes.append(
                    "the new deadline replaces the one it was left armed for, "
                        + TimeText.seconds(stale.nanoseconds))
                l.isDecisive = true
            }
            if actor != owner {
                l.isDecisive = true  // another thread's call arms this loop's port
                if ownerSleepsHere {
                    notes.append(
                        "\(names[owner]) sleeps on this port and wakes at "
                            + TimeText.seconds(deadline.nanoseconds) + " unless the deadline changes")
                }
            }
            if !notes.isEmpty { l.text += ": " + notes.joined(separator: "; ") }
        case .portCancel:
            l.isDecisive = true
            var invalidated: Name?
            if let c = ports.caller, case .timerInvalidate(let timer, _) = run.events[c].body { invalidated = timer }
            if ports.isEmpty(key) {
                l.text +=
                    ": "
                    + (invalidated.map { "invalidating \(names[$0]) took the mode's last timer" }
                        ?? "the mode has no timer left")
                if let stale = flag("staleTimerPortWakeAfterLastTimerRemoved") { l.flags.append(stale) }
            } else {
                l.text += ": no timer in the mode waits to fire"
            }
            if actor != owner, ownerSleepsHere, invalidated != nil, let wakes = flag("removeOrInvalidateWakesLoop") {
                l.text +=
                    wakes.value == "true"
                    ? "; the call also wakes \(names[owner])"
                    : "; no wake-up is sent, so \(names[owner]) sleeps on"
                l.flags.append(wakes)
            }
        case .portFire(_, _, let isStale):
            l.isDecisive = isStale
            if isStale, stale != nil {
                l.text += ": the deadline it was left armed for when its mode's last timer went"
                if let staleFlag = flag("staleTimerPortWakeAfterLastTimerRemoved") { l.flags.append(staleFlag) }
            }
        default:
            break
        }
        lines.append(l)
    }

    /// After an invalidation (event `i`) took the last timer of `key`'s mode while its port was armed for
    /// `deadline`: on a build that does not track what it armed, and when no `port.cancel` follows in the same call,
    /// tells that the port stays armed. The trace records nothing here; the step is inferred.
    mutating func inferLeftArmed(_ key: NarrationPorts.ModeKey, deadline: SimInstant, after i: Int) {
        guard let staleFlag = flag("staleTimerPortWakeAfterLastTimerRemoved"), staleFlag.value == "true" else { return }
        let next = ports.nextPortEvent(of: key, after: i)
        if let j = next, ports.isSameCall(j, as: i) {
            switch run.events[j].body {
            case .portCancel, .portArm: return
            default: break
            }
        }
        let e = run.events[i]
        let names = run.names
        guard case .timerInvalidate(let timer, _) = e.body else { return }
        ports.leftArmed[key] = deadline
        let at = TimeText.seconds(deadline.nanoseconds)
        var text =
            "leaves the timer port of mode \(names[key.mode]) of \(names[key.runLoop]) armed for \(at) "
            + "(inferred: nothing disarms it): invalidating \(names[timer]) took the mode's last timer, but this CF "
            + "build never recorded that it armed the port"
        var flags = [staleFlag]
        let owner = ports.owners[key.runLoop]
        if let owner, owner != e.thread, ports.sleeping[owner] == key.mode,
            let wakes = flag("removeOrInvalidateWakesLoop")
        {
            text +=
                wakes.value == "true"
                ? "; the call also wakes \(names[owner])"
                : "; no wake-up is sent, so \(names[owner]) sleeps on"
            flags.append(wakes)
        }
        if let j = next {
            let when = TimeText.seconds(run.events[j].instant.nanoseconds)
            switch run.events[j].body {
            case .portFire(_, _, true): text += "; it fires at \(when) with no timer due"
            case .portFire: text += "; it fires at \(when)"
            case .portArm: text += "; a new deadline replaces it at \(when)"
            default: text += "; it is disarmed at \(when)"
            }
        } else {
            text += "; the run ends before it fires"
        }
        let inside = stacks[e.thread]?.last?.inCallout ?? false
        var l = line(e, "infer", text, inCallout: inside)
        if let owner, owner != e.thread { l.about = names[owner] }
        l.flags = flags
        l.isDecisive = true
        lines.append(l)
    }

    /// `rl.timers.none-due` (event `i`): whether the loop re-arms its port (a `port.arm` of the mode comes next), the
    /// message was left from an earlier expiry (the port is armed again), or the loop has nothing left to arm.
    func noTimerDueText(_ i: Int, mode: Name) -> String {
        let names = run.names
        let e = run.events[i]
        let head = "finds no timer due in mode \(names[mode])"
        guard let runLoop = stacks[e.thread]?.last?.runLoop else { return head }
        let key = NarrationPorts.ModeKey(runLoop: runLoop, mode: mode)
        // The loop re-arms right after it records finding nothing due (`__CFArmNextTimerInMode`).
        if i + 1 < run.events.count, case .portArm(let runLoop, let armed, let deadline) = run.events[i + 1].body,
            runLoop == key.runLoop, armed == mode
        {
            return head + " (an early or stale wake): re-arms the port for " + TimeText.seconds(deadline.nanoseconds)
        }
        if let armed = ports.armed[key] {
            return head + ": the message is left from an earlier expiry, and the port is armed again for "
                + TimeText.seconds(armed.nanoseconds)
        }
        if ports.isEmpty(key) { return head + ": a stale wake; the mode has no timer left, so nothing is re-armed" }
        return head + " (an early or stale wake); the port is not re-armed"
    }
}
