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

    /// Reads a run's events in order and tells each as a ``Line``: the passes of every thread's activations and
    /// the timer ports (``NarrationPorts``).
    struct Narrator {
        let run: RunEvents
        var ports: NarrationPorts
        var stacks: [Name: [Activation]] = [:]
        var runCounts: [Name: Int] = [:]
        var lines: [Line] = []

        init(run: RunEvents) {
            self.run = run
            ports = NarrationPorts(events: run.events)
        }

        mutating func narrateAll() {
            for i in run.events.indices { narrate(i) }
        }

        /// A line for event `e` in the context of `thread`'s innermost activation (the event's thread by default).
        func line(_ e: SimEvent, _ kind: String, _ text: String, activity: String? = nil, inCallout: Bool = false,
                  on thread: Name? = nil) -> Line {
            let thread = thread ?? e.thread
            let top = stacks[thread]?.last
            return Line(t: e.instant.nanoseconds, thread: run.names[thread], mode: top?.mode, run: top?.run,
                        pass: top.flatMap { $0.pass == 0 ? nil : $0.pass }, depth: stacks[thread]?.count ?? 0,
                        inCallout: inCallout, kind: kind, activity: activity, text: text)
        }

        mutating func narrate(_ i: Int) {
            let e = run.events[i]
            let names = run.names
            ports.apply(i)
            if case .runStart = e.body { return }
            if case .runEnd = e.body { return }
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
                lines.append(line(e, e.kind.text, describe))
            case .activity(let activity, _):
                let name = names[activity]
                if let top = stack.last {
                    if name == "Entry" {
                        stack[stack.count - 1].pass = 1
                    } else if name == "BeforeTimers" {
                        if top.pass == 0 {
                            stack[stack.count - 1].pass = 1
                        } else if top.passStarted {
                            lines.append(line(e, "decide", "decides to go round again: not stopped, no time limit "
                                              + "reached, mode \(top.mode) still has sources or timers"))
                            stack[stack.count - 1].pass += 1
                        }
                        stack[stack.count - 1].passStarted = true
                    }
                }
                stacks[e.thread] = stack
                lines.append(line(e, e.kind.text, describe, activity: name))
            case .runLoopExit:
                lines.append(line(e, e.kind.text, describe))
                if !stack.isEmpty { stack.removeLast() }
            default:
                let inside = stack.last?.inCallout ?? false
                var l = line(e, e.kind.text, describe, inCallout: inside && !isLoopLevel)
                decorate(&l, i)
                lines.append(l)
                if Narration.startsCallout(e), !stack.isEmpty { stack[stack.count - 1].inCallout = true }
                stacks[e.thread] = stack
            }
        }

        /// Tells in context the events whose phrase alone would mislead.
        mutating func decorate(_ l: inout Line, _ i: Int) {
            let e = run.events[i]
            switch e.body {
            case .noTimerDue(let mode):
                l.text = noTimerDueText(i, mode: mode)
            default:
                break
            }
        }
    }
}
