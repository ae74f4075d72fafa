import LoopSimKernel

/// A run as a Chrome Trace Event document (the JSON that Perfetto's UI and `chrome://tracing` open):
/// one process per run (several runs of a scenario share one document, a process each), one track per thread
/// plus an `app` track for the user, with
///
/// - slices, as begin and end events (`"ph":"B"`, `"E"`), for each run-loop activation (`run loop: default`),
///   each pass inside it, each sleep inside a pass, each callout (timer, observer, source0, performed block,
///   main-queue drain), `work:`, semaphore waits, idle time in the GCD pool, and deallocs;
/// - instant events (`"ph":"i"`, thread scope) for timer fires, skipped slots, stale timer-port wakes,
///   deallocations, mode switches, user actions, logs and crashes; a timer's invalidation (on the calling thread);
///   a mode's timer port armed or disarmed (on the loop's own thread, whichever thread's call did it, as the
///   kernel records it); `CFRunLoopStop` and `CFRunLoopWakeUp` (on the calling thread, the app's track for the
///   system's own, with the target loop in `args`); and `parked` where a thread parked for ever became
///   unwakeable (the time ``ThreadTimeline`` draws it parked from);
/// - a parked thread's last sleep, pass and activation run on to the run's planned end (`until:`), not to the
///   instant the run went quiet, so that the thread does not look as if it woke;
/// - metadata (`"ph":"M"`) naming the process and every thread, in creation order.
///
/// Times are microseconds (`ts`) from the start of the run. Slices on one track nest as the run did: a callout
/// ends when its loop is back in its own code (the next step of the same activation), so a nested `runMode:`
/// inside a callout lies within it. Begin and end events rather than complete ones (`"X"`, start and duration)
/// because many slices take no virtual time: from times alone a viewer cannot tell a zero-length pass from its
/// sleep, or a callout at the instant a sleep ends from a callout inside the sleep; from the order of begins
/// and ends it can.
public enum ChromeTrace {
    /// The document for one run.
    public static func document(_ run: VariantRun, scenario: String) -> JSONValue {
        .object([
            "traceEvents": .array(events(run, scenario: scenario, pid: 1)), "displayTimeUnit": .string("ms"),
            "otherData": .object([
                "scenario": .string(scenario), "variant": .string(run.variant),
                "seed": .int(Int64(bitPattern: run.outcome.seed)), "fingerprint": .string(run.outcome.fingerprint),
                "generator": .string("loopsim"),
            ]),
        ])
    }

    /// One document for several runs of a scenario (its variants): a process per run, numbered and sorted in
    /// the order given, so that a viewer shows the variants' threads one above the other on one time axis.
    public static func document(_ runs: [VariantRun], scenario: String) -> JSONValue {
        guard runs.count != 1 else { return document(runs[0], scenario: scenario) }
        var all: [JSONValue] = []
        for (i, run) in runs.enumerated() { all += events(run, scenario: scenario, pid: i + 1) }
        return .object([
            "traceEvents": .array(all), "displayTimeUnit": .string("ms"),
            "otherData": .object([
                "scenario": .string(scenario), "variants": .array(runs.map { .string($0.variant) }),
                "seed": .int(Int64(bitPattern: runs.first?.outcome.seed ?? 0)),
                "fingerprints": .array(runs.map { .string($0.outcome.fingerprint) }),
                "generator": .string("loopsim"),
            ]),
        ])
    }

    /// The trace events of one run, as process `pid`.
    static func events(_ run: VariantRun, scenario: String, pid: Int) -> [JSONValue] {
        let events = RunEvents(run.outcome)
        let parked = Set(run.outcome.findings.parkedThreads.map(\.name))
        let end = run.outcome.endTime.nanoseconds
        var b = Builder(end: end, parked: parked, names: events.names)
        for e in events.events { b.apply(e) }
        // A parked thread sleeps for ever: to the planned end of the run (`run.start`'s `until`), when it has one.
        let planned = events.events.lazy.compactMap { e -> SimInstant? in
            if case .runStart(_, _, let until) = e.body { return until }
            return nil
        }.first
        b.parkedEnd = planned.map { $0.isNever ? end : max(end, $0.nanoseconds) } ?? end
        // The instant each parked thread became unwakeable, as the timeline draws it.
        let timeline = ThreadTimeline(events: events, outcome: run.outcome)
        for p in run.outcome.findings.parkedThreads {
            guard let span = timeline.spans.last(where: { $0.lane == p.name && $0.state == .parked }) else { continue }
            b.instant(p.name, "parked", "thread", span.start, ["reason": .string(p.reason)])
        }
        b.finish()
        let p = JSONValue.int(Int64(pid))
        var all: [JSONValue] = [
            meta(
                "process_name", pid: pid, tid: 0,
                ["name": .string("\(scenario) · \(run.variant) · seed \(run.outcome.seed)")]),
            meta("process_sort_index", pid: pid, tid: 0, ["sort_index": .int(Int64(pid))]),
        ]
        for (i, lane) in b.lanes.enumerated() {
            all.append(meta("thread_name", pid: pid, tid: i + 1, ["name": .string(lane)]))
            all.append(meta("thread_sort_index", pid: pid, tid: i + 1, ["sort_index": .int(Int64(i))]))
        }
        // Each slice as a begin and an end event ("B", "E"), per track in the order the builder opened and closed
        // them: a viewer pairs an end with the latest open begin of its track, so slices nest as the pass did even
        // when they take no virtual time (a pass that is all sleep, a callout at the instant its sleep ends).
        var marks: [(tid: Int, action: Int, event: JSONValue)] = []
        for s in b.slices {
            marks.append(
                (
                    s.tid, s.opened,
                    .object([
                        "name": .string(s.name), "cat": .string(s.cat), "ph": .string("B"),
                        "pid": p, "tid": .int(Int64(s.tid)), "ts": micro(s.start),
                        "args": .object(s.args),
                    ])
                ))
            marks.append(
                (
                    s.tid, s.closed,
                    .object([
                        "ph": .string("E"), "pid": p, "tid": .int(Int64(s.tid)),
                        "ts": micro(s.end),
                    ])
                ))
        }
        all += marks.sorted { ($0.tid, $0.action) < ($1.tid, $1.action) }.map(\.event)
        for i in b.instants {
            all.append(
                .object([
                    "name": .string(i.name), "cat": .string(i.cat), "ph": .string("i"), "s": .string("t"), "pid": p,
                    "tid": .int(Int64(i.tid)), "ts": micro(i.t), "args": .object(i.args),
                ]))
        }
        return all
    }

    static func micro(_ ns: Int64) -> JSONValue { ns % 1000 == 0 ? .int(ns / 1000) : .double(Double(ns) / 1000) }

    static func meta(_ name: String, pid: Int, tid: Int, _ args: [String: JSONValue]) -> JSONValue {
        .object([
            "name": .string(name), "ph": .string("M"), "pid": .int(Int64(pid)), "tid": .int(Int64(tid)),
            "args": .object(args),
        ])
    }

    struct Slice {
        var tid: Int
        var name: String
        var cat: String
        var start: Int64
        var end: Int64
        var args: [String: JSONValue]
        /// When the slice opened and when it closed, on one count of the builder's actions: a parent opens before
        /// its children and closes after them.
        var opened: Int
        var closed: Int
    }

    struct Instant {
        var tid: Int
        var name: String
        var cat: String
        var t: Int64
        var args: [String: JSONValue]
    }

    /// Turns the events of each thread into nested slices.
    struct Builder {
        struct Open {
            var name: String
            var cat: String
            var start: Int64
            var args: [String: JSONValue] = [:]
            /// The builder's action count when it opened (``Slice/opened``).
            var order: Int
        }
        struct Activation {
            var run: Open
            var pass: Open?
            var passes = 0
            var sleep: Open?
            var callout: Open?
        }
        struct ThreadState {
            var activations: [Activation] = []
            var waiting: Open?  // blocked or idle: ends at the thread's next event
            var deallocs: [(object: String, open: Open)] = []
            var lastMode: String?
        }

        let end: Int64
        /// Where a parked thread's open slices end: the run's planned end.
        var parkedEnd: Int64
        let parked: Set<String>
        /// The strings the events name.
        let names: NameTable
        var lanes: [String] = [ThreadTimeline.appLane]
        var threads: [String: ThreadState] = [:]
        var slices: [Slice] = []
        var instants: [Instant] = []
        var appState: Open?

        init(end: Int64, parked: Set<String>, names: NameTable) {
            self.end = end
            self.parkedEnd = end
            self.parked = parked
            self.names = names
        }

        /// Slices opened and closed so far: the order of ``Slice/opened`` and ``Slice/closed``.
        var actions = 0

        func tid(_ lane: String) -> Int { (lanes.firstIndex(of: lane) ?? 0) + 1 }

        /// A slice that starts at `t`, numbered in the order slices open.
        mutating func open(_ name: String, _ cat: String, at t: Int64, args: [String: JSONValue] = [:]) -> Open {
            actions += 1
            return Open(name: name, cat: cat, start: t, args: args, order: actions)
        }

        mutating func close(_ o: Open?, _ lane: String, at t: Int64, extra: [String: JSONValue] = [:]) {
            guard var o else { return }
            for (k, v) in extra { o.args[k] = v }  // a handful of fixed keys; order does not reach the output
            actions += 1
            slices.append(
                Slice(
                    tid: tid(lane), name: o.name, cat: o.cat, start: o.start, end: max(o.start, t), args: o.args,
                    opened: o.order, closed: actions))
        }

        mutating func instant(
            _ lane: String, _ name: String, _ cat: String, _ t: Int64, _ args: [String: JSONValue] = [:]
        ) {
            instants.append(Instant(tid: tid(lane), name: name, cat: cat, t: t, args: args))
        }

        mutating func apply(_ e: SimEvent) {
            let t = e.instant.nanoseconds
            if e.thread == .kernel {
                switch e.body {
                case .userAction(let label): instant(ThreadTimeline.appLane, "user: \(names[label])", "user", t)
                case .crash(let message), .limit(_, let message):
                    instant(ThreadTimeline.appLane, "\(e.kind.text): \(names[message])", "run", t)
                case .sourceFire(let source, _):
                    instant(ThreadTimeline.appLane, "dispatch timer \(names[source]) fires", "gcd", t)
                case .appState(let state, let deviceAsleep):
                    close(appState, ThreadTimeline.appLane, at: t)
                    appState = open("app \(names[state])", "app", at: t, args: ["device_asleep": .bool(deviceAsleep)])
                case .appAction(let action): instant(ThreadTimeline.appLane, "system: \(names[action])", "app", t)
                case .wakeUpSend(let runLoop):
                    instant(
                        ThreadTimeline.appLane, "CFRunLoopWakeUp → \(names[runLoop])", "cross-thread", t,
                        ["runloop": .string(names[runLoop])])
                case .stop(let runLoop):
                    instant(
                        ThreadTimeline.appLane, "CFRunLoopStop → \(names[runLoop])", "cross-thread", t,
                        ["runloop": .string(names[runLoop])])
                case .appKilled(let why):
                    instant(ThreadTimeline.appLane, "app killed: \(names[why])", "app", t)
                    close(appState, ThreadTimeline.appLane, at: t)
                    appState = nil
                default: break
                }
                return
            }
            let lane = names[e.thread]
            if case .threadStart = e.body, !lanes.contains(lane) { lanes.append(lane) }
            guard lanes.contains(lane) else { return }
            switch e.body {
            case .portFire(_, let mode, let stale):
                if stale {
                    instant(lane, "stale timer-port wake (\(names[mode]))", "port", t, ["mode": .string(names[mode])])
                }
                return
            case .portArm(_, let mode, let deadline):
                // Recorded on the loop's own thread, whichever thread's call armed it (`__CFArmNextTimerInMode`).
                instant(
                    lane, "timer port armed (\(names[mode])) for " + TimeText.seconds(deadline.nanoseconds), "port", t,
                    ["mode": .string(names[mode]), "deadline": .instant(deadline)])
                return
            case .portCancel(_, let mode):
                instant(lane, "timer port disarmed (\(names[mode]))", "port", t, ["mode": .string(names[mode])])
                return
            default: break
            }
            var s = threads[lane] ?? ThreadState()
            close(s.waiting, lane, at: t)
            s.waiting = nil
            let top = s.activations.count - 1
            if Narration.isLoopLevel(e, names), top >= 0 {
                close(s.activations[top].callout, lane, at: t)
                s.activations[top].callout = nil
            }
            switch e.body {
            case .runLoopRun(_, let modeName, let deadline, _):
                let mode = names[modeName]
                if let last = s.lastMode, last != mode {
                    instant(lane, "mode switch: \(last) → \(mode)", "runloop", t)
                }
                s.lastMode = mode
                let run = open(
                    "run loop: \(mode)", "runloop", at: t,
                    args: ["mode": .string(mode), "deadline": .instant(deadline)])
                s.activations.append(Activation(run: run))
            case .activity(let activityName, let mode) where top >= 0:
                let activity = names[activityName]
                if activity == "BeforeTimers" || activity == "Exit" {
                    close(s.activations[top].pass, lane, at: t)
                    s.activations[top].pass = nil
                }
                if activity == "BeforeTimers" {
                    s.activations[top].passes += 1
                    s.activations[top].pass = open(
                        "pass \(s.activations[top].passes)", "runloop", at: t,
                        args: ["mode": .string(names[mode])])
                }
            case .sleep(let mode, let waitSet) where top >= 0:
                s.activations[top].sleep = open(
                    "sleep in \(names[mode])", "sleep", at: t,
                    args: ["ports": .array(waitSet.traceStrings.map(JSONValue.string))])
            case .wake(_, let port) where top >= 0:
                close(s.activations[top].sleep, lane, at: t, extra: ["woken_by": .string(names[port])])
                s.activations[top].sleep = nil
            case .runLoopExit(_, let result, _) where top >= 0:
                let a = s.activations.removeLast()
                close(a.sleep, lane, at: t)
                close(a.pass, lane, at: t)
                close(a.run, lane, at: t, extra: ["result": .string(names[result])])
                if let outer = s.activations.last?.run.args["mode"], case .string(let m) = outer, m != s.lastMode {
                    instant(lane, "mode switch: \(s.lastMode ?? "?") → \(m)", "runloop", t)
                    s.lastMode = m
                }
            case .timerFire, .observerCallout, .sourceCallout, .blockCallout, .mainQueueDrain:
                let fields = e.body.jsonFields(names)
                if top >= 0 {
                    s.activations[top].callout = open(calloutName(e), "callout", at: t, args: fields)
                }
                if case .timerFire(let timer, _, _) = e.body {
                    instant(lane, "fire \(names[timer])", "timer", t, fields)
                }
            case .threadBusy(let duration):
                close(
                    open("work", "work", at: t, args: ["for_ns": .int(duration.nanoseconds)]), lane,
                    at: t + duration.nanoseconds)
            case .semaphoreWait(let semaphore, _):
                s.waiting = open("blocked on \(names[semaphore])", "blocked", at: t)
            case .threadIdle:
                s.waiting = open("idle in the GCD pool", "idle", at: t)
            case .deallocBegin(let objectName):
                let object = names[objectName]
                s.deallocs.append((object, open("dealloc \(object)", "dealloc", at: t)))
            case .dealloc(let objectName):
                let object = names[objectName]
                if let last = s.deallocs.last, last.object == object {
                    close(last.open, lane, at: t)
                    s.deallocs.removeLast()
                }
                instant(lane, "deallocated \(object)", "dealloc", t)
            case .timerReschedule(let timer, _, let skipped):
                if skipped > 0 {
                    instant(
                        lane, "\(names[timer]) skips \(skipped) slot\(skipped == 1 ? "" : "s")", "timer", t,
                        e.body.jsonFields(names))
                }
            case .timerInvalidate(let timer, let reason):
                let why = names[reason]
                instant(
                    lane, "invalidate \(names[timer])" + (why == "invalidate" ? "" : " (\(why))"), "timer", t,
                    ["timer": .string(names[timer]), "reason": .string(why)])
            case .wakeUpSend(let runLoop), .stop(let runLoop):
                let call = if case .stop = e.body { "CFRunLoopStop" } else { "CFRunLoopWakeUp" }
                let target = names[runLoop]
                instant(
                    lane, "\(call) → \(target)", target == "runloop(\(lane))" ? "runloop" : "cross-thread", t,
                    ["runloop": .string(target)])
            case .log(let text): instant(lane, "log: \(names[text])", "log", t)
            case .crash(let message): instant(lane, "crash: \(names[message])", "run", t)
            case .userDeliver(let label): instant(lane, "deliver: \(names[label])", "user", t)
            case .trackingMode(let mode): instant(lane, "UIKit switches to \(names[mode])", "runloop", t)
            default: break
            }
            threads[lane] = s
        }

        /// The name of a callout's slice.
        func calloutName(_ e: SimEvent) -> String {
            switch e.body {
            case .timerFire(let timer, _, _): "timer callout: \(names[timer])"
            case .observerCallout(let activity, _): "observer callout: \(names[activity])"
            case .sourceCallout(let source): "source0 callout: \(names[source])"
            case .blockCallout(let block): "performed block: \(names[block])"
            default: "main-queue drain"
            }
        }

        /// Closes what is still open at the end of the run; a parked thread's last sleep says so.
        mutating func finish() {
            close(appState, ThreadTimeline.appLane, at: end)
            appState = nil
            for lane in lanes {
                guard var s = threads[lane] else { continue }
                let isParked = parked.contains(lane)
                let stop = isParked ? parkedEnd : end
                close(s.waiting, lane, at: stop, extra: isParked ? ["parked": .bool(true)] : [:])
                while let d = s.deallocs.popLast() { close(d.open, lane, at: end) }  // innermost: inside a callout
                while let a = s.activations.popLast() {
                    close(a.callout, lane, at: end)
                    close(a.sleep, lane, at: stop, extra: isParked ? ["parked": .bool(true)] : [:])
                    close(a.pass, lane, at: stop)
                    close(a.run, lane, at: stop, extra: ["result": .string("still running")])
                }
                threads[lane] = s
            }
        }
    }
}
