import LoopSimKernel

extension Narration {
    /// One run-loop activation on a thread, as the narration follows it.
    struct Activation {
        var mode: String
        var runLoop: Name
        var run: Int
        var pass = 0
        /// BeforeTimers of the current pass was reached (so the next one starts a new pass).
        var passStarted = false
        var inCallout = false
    }

    /// Reads a run's events in order and tells each as a ``Line``: the passes of every thread's activations, the
    /// timer ports (``NarrationPorts``) and the variant flags behind what they do.
    struct Narrator {
        let run: RunEvents
        let profile: VariantProfile?
        var ports: NarrationPorts
        var stacks: [Name: [Activation]] = [:]
        var runCounts: [Name: Int] = [:]
        /// The mode of each thread's latest activation: a new one in another mode is a mode switch.
        var lastMode: [Name: String] = [:]
        /// Names of block objects (their deallocs are not decisive).
        var blocks: Set<Name> = []
        /// What a thread's deallocs follow from while it frees what a call released: the flag behind the call
        /// (an autorelease pool's drain, a timer's invalidation).
        var releasing: [Name: NarrationFlag] = [:]
        var lines: [Line] = []

        init(run: RunEvents, profile: VariantProfile?) {
            self.run = run
            self.profile = profile
            ports = NarrationPorts(events: run.events)
        }

        /// The flag `name` as the run's profile sets it.
        func flag(_ name: String) -> NarrationFlag? { profile.flatMap { NarrationFlag(name, in: $0) } }

        mutating func narrateAll() {
            for i in run.events.indices {
                let before = lines.count
                narrate(i)
                // The lines telling the event name the statement that recorded it (FILE:LINE), if one did.
                guard let site = run.site(ofEvent: i)?.shortText else { continue }
                let kind = run.events[i].kind.text
                for j in before..<lines.count where lines[j].kind == kind { lines[j].site = site }
            }
        }

        /// A line for event `e` in the context of `thread`'s innermost activation (the event's thread by default).
        func line(
            _ e: SimEvent, _ kind: String, _ text: String, activity: String? = nil, inCallout: Bool = false,
            on thread: Name? = nil
        ) -> Line {
            let thread = thread ?? e.thread
            let top = stacks[thread]?.last
            return Line(
                t: e.instant.nanoseconds, thread: run.names[thread], mode: top?.mode, run: top?.run,
                pass: top.flatMap { $0.pass == 0 ? nil : $0.pass }, depth: stacks[thread]?.count ?? 0,
                inCallout: inCallout, kind: kind, activity: activity, text: text)
        }

        mutating func narrate(_ i: Int) {
            let e = run.events[i]
            let names = run.names
            let emptied = ports.apply(i)
            if case .runStart = e.body { return }
            if case .runEnd = e.body { return }
            noteReleases(e)
            if NarrationPorts.portKey(e) != nil { return narratePort(i) }
            var stack = stacks[e.thread] ?? []
            defer { stacks[e.thread] = stack }
            let isLoopLevel = Narration.isLoopLevel(e, names)
            if isLoopLevel, !stack.isEmpty { stack[stack.count - 1].inCallout = false }
            stacks[e.thread] = stack
            let describe = EventPhrases.describe(e, names)
            switch e.body {
            case .runLoopRun(let runLoop, let mode, _, _):
                let n = (runCounts[e.thread] ?? 0) + 1
                runCounts[e.thread] = n
                stack.append(Activation(mode: names[mode], runLoop: runLoop, run: n))
                stacks[e.thread] = stack
                var l = line(e, e.kind.text, describe)
                l.isDecisive = lastMode[e.thread] != names[mode]
                lastMode[e.thread] = names[mode]
                lines.append(l)
            case .activity(let activity, _):
                let name = names[activity]
                if let top = stack.last {
                    if name == "Entry" {
                        stack[stack.count - 1].pass = 1
                    } else if name == "BeforeTimers" {
                        if top.pass == 0 {
                            stack[stack.count - 1].pass = 1
                        } else if top.passStarted {
                            lines.append(
                                line(
                                    e, "decide",
                                    "decides to go round again: not stopped, no time limit "
                                        + "reached, mode \(top.mode) still has sources or timers"))
                            stack[stack.count - 1].pass += 1
                        }
                        stack[stack.count - 1].passStarted = true
                    }
                }
                stacks[e.thread] = stack
                lines.append(line(e, e.kind.text, describe, activity: name))
            case .runLoopExit:
                var l = line(e, e.kind.text, describe)
                l.isDecisive = true
                lines.append(l)
                if !stack.isEmpty { stack.removeLast() }
            default:
                let inside = stack.last?.inCallout ?? false
                var l = line(e, e.kind.text, describe, inCallout: inside && !isLoopLevel)
                decorate(&l, i)
                lines.append(l)
                if Narration.startsCallout(e), !stack.isEmpty { stack[stack.count - 1].inCallout = true }
                stacks[e.thread] = stack
                for (key, deadline) in emptied { inferLeftArmed(key, deadline: deadline, after: i) }
            }
        }

        /// Keeps, per thread, the flag behind the deallocs that follow a call releasing objects: an autorelease
        /// pool's drain or a timer's invalidation. Anything else the thread does ends it.
        mutating func noteReleases(_ e: SimEvent) {
            switch e.body {
            case .deallocBegin, .dealloc, .dangling, .portArm, .portCancel, .portFire:
                return
            case .poolDrain:
                releasing[e.thread] = flag("autoreleasedFactoryResults")
            case .timerInvalidate:
                releasing[e.thread] = flag("timerReleasesTargetOnInvalidate")
            default:
                releasing[e.thread] = nil
            }
        }

        /// Tells in context the events whose phrase alone would mislead, with the flags they rest on, and marks the
        /// decisive ones.
        mutating func decorate(_ l: inout Line, _ i: Int) {
            let e = run.events[i]
            switch e.body {
            case .blockAlloc(let object, _, _):
                blocks.insert(object)
            case .deallocBegin(let object):
                l.isDecisive = !blocks.contains(object)
                if let cause = releasing[e.thread] { l.flags = [cause] }
            case .noTimerDue(let mode):
                l.text = noTimerDueText(i, mode: mode)
                l.isDecisive = true
            case .trackingMode:
                l.isDecisive = true
                l.flags = [flag("uikitMainRunLoop")].compactMap { $0 }
            case .timerReschedule(_, _, let skipped):
                l.isDecisive = skipped > 0
            case .runModeEmpty, .invalidMode, .letGo, .userAction, .appAction, .appKilled, .crash, .limit, .stop:
                l.isDecisive = true
            default:
                break
            }
        }
    }
}
