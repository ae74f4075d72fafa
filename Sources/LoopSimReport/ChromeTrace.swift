/// A run as a Chrome Trace Event document (the JSON that Perfetto's UI and `chrome://tracing` open):
/// one process per run, one track per thread plus an `app` track for the user, with
///
/// - complete slices (`"ph":"X"`) for each run-loop activation (`run loop: default`), each pass inside it,
///   each sleep inside a pass, each callout (timer, observer, source0, performed block, main-queue drain),
///   `work:`, semaphore waits, idle time in the GCD pool, and deallocs;
/// - instant events (`"ph":"i"`, thread scope) for timer fires, skipped slots, stale timer-port wakes,
///   deallocations, mode switches, user actions, logs and crashes;
/// - metadata (`"ph":"M"`) naming the process and every thread, in creation order.
///
/// Times are microseconds (`ts`, `dur`) from the start of the run. Slices on one track nest properly: a
/// callout ends when its loop is back in its own code (the next step of the same activation), so a nested
/// `runMode:` inside a callout lies within it.
public enum ChromeTrace {
    /// The document for one run.
    public static func document(_ run: VariantRun, scenario: String) -> JSONValue {
        let events = (try? TraceEvent.parse(run.outcome.traceLines)) ?? []
        let parked = Set(run.outcome.findings.parkedThreads.map(\.name))
        var b = Builder(end: run.outcome.endTime.nanoseconds, parked: parked)
        for e in events { b.apply(e) }
        b.finish()
        var all: [JSONValue] = [meta("process_name", tid: 0, ["name": .string("\(scenario) · \(run.variant) · seed \(run.outcome.seed)")])]
        for (i, lane) in b.lanes.enumerated() {
            all.append(meta("thread_name", tid: i + 1, ["name": .string(lane)]))
            all.append(meta("thread_sort_index", tid: i + 1, ["sort_index": .int(Int64(i))]))
        }
        let slices = b.slices.enumerated().sorted {
            ($0.element.tid, $0.element.start, -($0.element.end - $0.element.start), $0.offset)
                < ($1.element.tid, $1.element.start, -($1.element.end - $1.element.start), $1.offset)
        }.map(\.element)
        for s in slices {
            all.append(.object(["name": .string(s.name), "cat": .string(s.cat), "ph": .string("X"), "pid": .int(1), "tid": .int(Int64(s.tid)),
                                "ts": micro(s.start), "dur": micro(s.end - s.start), "args": .object(s.args)]))
        }
        for i in b.instants {
            all.append(.object(["name": .string(i.name), "cat": .string(i.cat), "ph": .string("i"), "s": .string("t"), "pid": .int(1),
                                "tid": .int(Int64(i.tid)), "ts": micro(i.t), "args": .object(i.args)]))
        }
        return .object([
            "traceEvents": .array(all), "displayTimeUnit": .string("ms"),
            "otherData": .object(["scenario": .string(scenario), "variant": .string(run.variant),
                                  "seed": .int(Int64(bitPattern: run.outcome.seed)), "fingerprint": .string(run.outcome.fingerprint),
                                  "generator": .string("loopsim")]),
        ])
    }

    static func micro(_ ns: Int64) -> JSONValue { ns % 1000 == 0 ? .int(ns / 1000) : .double(Double(ns) / 1000) }

    static func meta(_ name: String, tid: Int, _ args: [String: JSONValue]) -> JSONValue {
        .object(["name": .string(name), "ph": .string("M"), "pid": .int(1), "tid": .int(Int64(tid)), "args": .object(args)])
    }

    struct Slice {
        var tid: Int
        var name: String
        var cat: String
        var start: Int64
        var end: Int64
        var args: [String: JSONValue]
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
        let parked: Set<String>
        var lanes: [String] = [ThreadTimeline.appLane]
        var threads: [String: ThreadState] = [:]
        var slices: [Slice] = []
        var instants: [Instant] = []
        var appState: Open?

        init(end: Int64, parked: Set<String>) {
            self.end = end
            self.parked = parked
        }

        func tid(_ lane: String) -> Int { (lanes.firstIndex(of: lane) ?? 0) + 1 }

        mutating func close(_ o: Open?, _ lane: String, at t: Int64, extra: [String: JSONValue] = [:]) {
            guard var o else { return }
            for (k, v) in extra { o.args[k] = v }  // a handful of fixed keys; order does not reach the output
            slices.append(Slice(tid: tid(lane), name: o.name, cat: o.cat, start: o.start, end: max(o.start, t), args: o.args))
        }

        mutating func instant(_ lane: String, _ name: String, _ cat: String, _ t: Int64, _ args: [String: JSONValue] = [:]) {
            instants.append(Instant(tid: tid(lane), name: name, cat: cat, t: t, args: args))
        }

        mutating func apply(_ e: TraceEvent) {
            if e.thread == "kernel" {
                switch e.kind {
                case "user.action": instant(ThreadTimeline.appLane, "user: \(e.string("label") ?? "")", "user", e.t)
                case "crash", "limit": instant(ThreadTimeline.appLane, "\(e.kind): \(e.string("message") ?? "")", "run", e.t)
                case "dsource.fire": instant(ThreadTimeline.appLane, "dispatch timer \(e.string("source") ?? "") fires", "gcd", e.t)
                case "app.state":
                    close(appState, ThreadTimeline.appLane, at: e.t)
                    appState = Open(name: "app \(e.string("state") ?? "?")", cat: "app", start: e.t,
                                    args: ["device_asleep": e.fields["device_asleep"] ?? .null])
                case "app.action": instant(ThreadTimeline.appLane, "system: \(e.string("action") ?? "?")", "app", e.t)
                case "app.killed":
                    instant(ThreadTimeline.appLane, "app killed: \(e.string("why") ?? "")", "app", e.t)
                    close(appState, ThreadTimeline.appLane, at: e.t)
                    appState = nil
                default: break
                }
                return
            }
            let lane = e.thread
            if e.kind == "thread.start" && !lanes.contains(lane) { lanes.append(lane) }
            guard lanes.contains(lane) else { return }
            if e.kind == "port.fire" {
                if e.bool("stale") == true {
                    instant(lane, "stale timer-port wake (\(e.string("mode") ?? "?"))", "port", e.t, ["mode": e.fields["mode"] ?? .null])
                }
                return
            }
            if e.kind == "port.arm" || e.kind == "port.cancel" { return }  // recorded under the owner's name
            var s = threads[lane] ?? ThreadState()
            close(s.waiting, lane, at: e.t)
            s.waiting = nil
            let top = s.activations.count - 1
            if Narration.isLoopLevel(e), top >= 0 {
                close(s.activations[top].callout, lane, at: e.t)
                s.activations[top].callout = nil
            }
            switch e.kind {
            case "rl.run":
                let mode = e.string("mode") ?? "?"
                if let last = s.lastMode, last != mode { instant(lane, "mode switch: \(last) → \(mode)", "runloop", e.t) }
                s.lastMode = mode
                s.activations.append(Activation(run: Open(name: "run loop: \(mode)", cat: "runloop", start: e.t,
                                                          args: ["mode": .string(mode), "deadline": e.fields["deadline"] ?? .null])))
            case "rl.activity" where top >= 0:
                let activity = e.string("activity") ?? ""
                if activity == "BeforeTimers" || activity == "Exit" {
                    close(s.activations[top].pass, lane, at: e.t)
                    s.activations[top].pass = nil
                }
                if activity == "BeforeTimers" {
                    s.activations[top].passes += 1
                    s.activations[top].pass = Open(name: "pass \(s.activations[top].passes)", cat: "runloop", start: e.t,
                                                   args: ["mode": e.fields["mode"] ?? .null])
                }
            case "rl.sleep" where top >= 0:
                s.activations[top].sleep = Open(name: "sleep in \(e.string("mode") ?? "?")", cat: "sleep", start: e.t,
                                                args: ["ports": e.fields["ports"] ?? .array([])])
            case "rl.wake" where top >= 0:
                close(s.activations[top].sleep, lane, at: e.t, extra: ["woken_by": e.fields["port"] ?? .null])
                s.activations[top].sleep = nil
            case "rl.exit" where top >= 0:
                let a = s.activations.removeLast()
                close(a.sleep, lane, at: e.t)
                close(a.pass, lane, at: e.t)
                close(a.run, lane, at: e.t, extra: ["result": e.fields["result"] ?? .null])
                if let outer = s.activations.last?.run.args["mode"], case .string(let m) = outer, m != s.lastMode {
                    instant(lane, "mode switch: \(s.lastMode ?? "?") → \(m)", "runloop", e.t)
                    s.lastMode = m
                }
            case "timer.fire", "observer.callout", "source.callout", "block.callout", "mainqueue.drain":
                if top >= 0 { s.activations[top].callout = Open(name: Self.calloutName(e), cat: "callout", start: e.t, args: e.fields) }
                if e.kind == "timer.fire" {
                    instant(lane, "fire \(e.string("timer") ?? "")", "timer", e.t, e.fields)
                }
            case "thread.busy":
                slices.append(Slice(tid: tid(lane), name: "work", cat: "work", start: e.t, end: e.t + (e.int("for_ns") ?? 0),
                                    args: ["for_ns": e.fields["for_ns"] ?? .null]))
            case "sem.wait":
                s.waiting = Open(name: "blocked on \(e.string("semaphore") ?? "a semaphore")", cat: "blocked", start: e.t)
            case "thread.idle":
                s.waiting = Open(name: "idle in the GCD pool", cat: "idle", start: e.t)
            case "obj.dealloc.begin":
                s.deallocs.append((e.string("object") ?? "?", Open(name: "dealloc \(e.string("object") ?? "?")", cat: "dealloc", start: e.t)))
            case "obj.dealloc":
                let object = e.string("object") ?? "?"
                if let last = s.deallocs.last, last.object == object {
                    close(last.open, lane, at: e.t)
                    s.deallocs.removeLast()
                }
                instant(lane, "deallocated \(object)", "dealloc", e.t)
            case "timer.reschedule":
                if let skipped = e.int("skipped"), skipped > 0 {
                    instant(lane, "\(e.string("timer") ?? "timer") skips \(skipped) slot\(skipped == 1 ? "" : "s")", "timer", e.t, e.fields)
                }
            case "log": instant(lane, "log: \(e.string("text") ?? "")", "log", e.t)
            case "crash": instant(lane, "crash: \(e.string("message") ?? "")", "run", e.t)
            case "user.deliver": instant(lane, "deliver: \(e.string("label") ?? "")", "user", e.t)
            case "ui.mode": instant(lane, "UIKit switches to \(e.string("mode") ?? "?")", "runloop", e.t)
            default: break
            }
            threads[lane] = s
        }

        static func calloutName(_ e: TraceEvent) -> String {
            switch e.kind {
            case "timer.fire": "timer callout: \(e.string("timer") ?? "")"
            case "observer.callout": "observer callout: \(e.string("activity") ?? "")"
            case "source.callout": "source0 callout: \(e.string("source") ?? "")"
            case "block.callout": "performed block: \(e.string("block") ?? "")"
            default: "main-queue drain"
            }
        }

        /// Closes what is still open at the end of the run; a parked thread's last sleep says so.
        mutating func finish() {
            close(appState, ThreadTimeline.appLane, at: end)
            appState = nil
            for lane in lanes {
                guard var s = threads[lane] else { continue }
                close(s.waiting, lane, at: end, extra: parked.contains(lane) ? ["parked": .bool(true)] : [:])
                while let a = s.activations.popLast() {
                    close(a.callout, lane, at: end)
                    close(a.sleep, lane, at: end, extra: parked.contains(lane) ? ["parked": .bool(true)] : [:])
                    close(a.pass, lane, at: end)
                    close(a.run, lane, at: end, extra: ["result": .string("still running")])
                }
                while let d = s.deallocs.popLast() { close(d.open, lane, at: end) }
                threads[lane] = s
            }
        }
    }
}
