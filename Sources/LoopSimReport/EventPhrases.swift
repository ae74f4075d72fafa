/// Plain-words descriptions of trace events, for learners: what happened, said as a verb phrase whose
/// subject is the event's thread (or, for kernel events, the system).
///
/// Every event kind of docs/scenario-format.md §12 has a phrase; an unknown kind prints as its name and
/// its fields, so a newer kernel never breaks the narration.
public enum EventPhrases {
    /// What the event says, e.g. `sleeps in mode default on: wake-up port, timer port (armed for 4.000 s)`.
    public static func describe(_ e: TraceEvent) -> String {
        let mode = e.string("mode") ?? "?"
        let object = e.string("object") ?? "?"
        let timer = e.string("timer") ?? "?"
        switch e.kind {
        case "run.start":
            return "the run starts (seed \(e.int("seed") ?? 0), until \(e.int("until").map(TimeText.seconds) ?? "?"))"
        case "run.end":
            return e.bool("quiescent") == true ? "the run ends: nothing is left to happen" : "the run reaches its horizon"
        case "limit": return "a safety limit stops the run: \(e.string("message") ?? "")"
        case "crash": return "the app crashes: \(e.string("message") ?? "")"
        case "thread.start": return "starts (\(e.string("kind") ?? "thread"))"
        case "thread.busy": return "works for \(TimeText.ms(e.int("for_ns") ?? 0)), servicing nothing else meanwhile"
        case "thread.idle": return "goes idle in the GCD pool, waiting for work"
        case "thread.exit": return "exits"
        case "obj.alloc":
            let captures = e.strings("captures")
            return "allocates \(object)" + (captures.isEmpty ? "" : " capturing " + captures.joined(separator: ", "))
        case "obj.dealloc.begin": return "releases the last strong reference to \(object): its dealloc runs here"
        case "obj.dealloc": return "frees \(object)"
        case "obj.dangling":
            let n = e.int("references") ?? 0
            return "\(object) was freed although its dealloc retained it: \(n) reference\(n == 1 ? "" : "s") to it dangle"
        case "obj.let-go": return "\(object) is let go (\(e.string("reason") ?? ""))"
        case "release": return "releases \(object)"
        case "log": return "logs “\(e.string("text") ?? "")”"
        case "check": return "checks leaks and parked threads (\(e.string("label") ?? ""))"
        case "timer.create":
            let interval = e.int("interval_ns") ?? 0
            let every = e.bool("repeats") == true ? "repeating every \(TimeText.ms(interval))" : "one-shot"
            return "creates \(timer), \(every), first fire at \(e.int("fire_at").map(TimeText.seconds) ?? "never")"
        case "timer.add": return "adds \(timer) to mode \(mode) of \(e.string("runloop") ?? "?")"
        case "timer.fire":
            let late = e.int("latency_ns") ?? 0
            return "fires \(timer) (due at \(e.int("slot").map(TimeText.seconds) ?? "?"), "
                + (late == 0 ? "on time)" : "\(TimeText.ms(late)) late)")
        case "timer.fire.manual": return "fires \(timer) by hand ([timer fire]), outside any run-loop pass"
        case "timer.reschedule":
            let skipped = e.int("skipped") ?? 0
            return "moves \(timer) to its next slot, \(e.int("next").map(TimeText.seconds) ?? "never")"
                + (skipped > 0 ? ", skipping \(skipped) missed slot\(skipped == 1 ? "" : "s")" : "")
        case "timer.invalidate": return "invalidates \(timer) (\(e.string("reason") ?? ""))"
        case "port.arm":
            return "arms the timer port of mode \(mode) of \(e.string("runloop") ?? "?") for "
                + (e.int("deadline").map(TimeText.seconds) ?? "never")
        case "port.cancel": return "disarms the timer port of mode \(mode) of \(e.string("runloop") ?? "?")"
        case "port.fire":
            return "the timer port of mode \(mode) of \(e.string("runloop") ?? "?") fires"
                + (e.bool("stale") == true ? " (stale: no timer is due)" : "")
        case "rl.create": return "creates its run loop, \(e.string("runloop") ?? "?")"
        case "rl.common-mode": return "marks mode \(mode) as a common mode of \(e.string("runloop") ?? "?")"
        case "rl.run":
            if e.bool("poll") == true { return "polls its run loop once in mode \(mode) (timeout 0)" }
            return "runs its run loop in mode \(mode), "
                + (e.int("deadline").map { "until \(TimeText.seconds($0))" } ?? "with no time limit")
        case "rl.invalid-mode": return e.string("message") ?? "refuses the mode"
        case "rl.activity": return activity(e.string("activity") ?? "?", mode: mode)
        case "rl.dispatch-peek": return "finds a main-queue message already waiting and handles it without sleeping"
        case "rl.sleep": return "sleeps in mode \(mode) on: " + e.strings("ports").map(port).joined(separator: ", ")
        case "rl.wake": return "wakes: " + wakeReason(e.string("port") ?? "?", mode: mode)
        case "rl.timers.none-due": return "finds no timer due in mode \(mode) (an early or stale wake): re-arms the port"
        case "rl.timeout": return "the time limit of a run of \(e.string("runloop") ?? "?") passes: it is woken"
        case "rl.exit":
            if e.bool("entered") == false { return "returns \(e.string("result") ?? "?") at once: mode \(mode) is empty or missing" }
            return "the run loop returns \(e.string("result") ?? "?") from mode \(mode): " + resultReason(e.string("result") ?? "")
        case "rl.finalize": return "tears down \(e.string("runloop") ?? "its run loop") as the thread exits"
        case "rl.observer.add":
            return "adds an observer (order \(e.int("order") ?? 0)) to mode \(mode) of \(e.string("runloop") ?? "?")"
        case "rl.perform-block":
            return "queues \(e.string("block") ?? "a block") for mode \(mode) of \(e.string("runloop") ?? "?") (CFRunLoopPerformBlock)"
        case "nsrunloop.runmode.empty": return "runMode: returns NO at once: mode \(mode) has no sources or timers"
        case "observer.callout":
            return "calls an observer for \(e.string("activity") ?? "?") (order \(e.int("order") ?? 0))"
        case "block.callout": return "runs the performed block \(e.string("block") ?? "")"
        case "source.signal": return "signals \(e.string("source") ?? "a source") (no wake-up by itself)"
        case "source.callout": return "runs the signalled source \(e.string("source") ?? "")"
        case "mainqueue.drain": return "drains the main queue (\(e.int("blocks") ?? 0) block\(e.int("blocks") == 1 ? "" : "s") present)"
        case "dispatch.async": return "queues \(e.string("block") ?? "a block") on the \(e.string("queue") ?? "?") queue"
        case "stop": return "stops \(e.string("runloop") ?? "?") (CFRunLoopStop): its current run returns stopped"
        case "stop.dropped": return "CFRunLoopStop(\(e.string("runloop") ?? "?")) does nothing: that loop is not running"
        case "wakeup.send": return "wakes \(e.string("runloop") ?? "?") (CFRunLoopWakeUp)"
        case "wakeup.dropped": return "a wake-up of \(e.string("runloop") ?? "?") is dropped (\(e.string("why") ?? ""))"
        case "user.action": return "the user acts: \(e.string("label") ?? "")"
        case "user.deliver": return "UIKit delivers the user action “\(e.string("label") ?? "")”"
        case "ui.scroll": return "the user drags a scroll view: UIKit tracks the touch until \(e.int("until").map(TimeText.seconds) ?? "?")"
        case "ui.mode": return "UIKit switches the main run loop to mode \(mode)"
        case "sem.wait":
            return "blocks on \(e.string("semaphore") ?? "a semaphore") (dispatch_semaphore_wait) "
                + (e.int("timeout").map { "until \(TimeText.seconds($0)) at the latest" } ?? "for ever if no one signals it")
        case "sem.signal": return "signals \(e.string("semaphore") ?? "a semaphore")"
        case "sem.timeout": return "stops waiting on \(e.string("semaphore") ?? "a semaphore"): its timeout passed"
        case "dispatch.after":
            return "queues \(e.string("block") ?? "a block") on the \(e.string("queue") ?? "?") queue for "
                + (e.int("at").map(TimeText.seconds) ?? "?") + " (dispatch_after)"
        case "dsource.create":
            return "creates the dispatch timer \(e.string("source") ?? "?"), first at "
                + (e.int("start").map(TimeText.seconds) ?? "never")
                + (e.int("interval_ns").map { ", then every \(TimeText.ms($0))" } ?? "")
                + (e.bool("wall") == true ? " (wall clock)" : "")
        case "dsource.fire": return "the dispatch timer \(e.string("source") ?? "?") fires (pending data \(e.int("data") ?? 0))"
        case "dsource.handler":
            return "runs the handler of \(e.string("source") ?? "?") (\(e.int("data") ?? 0) fire\(e.int("data") == 1 ? "" : "s") merged)"
        case "dsource.resume": return "resumes \(e.string("source") ?? "?")"
        case "dsource.suspend": return "suspends \(e.string("source") ?? "?")"
        case "dsource.cancel": return "cancels \(e.string("source") ?? "?"): its handler is released"
        case "pool.drain":
            return "drains its autorelease pool: \(e.int("objects") ?? 0) object\(e.int("objects") == 1 ? "" : "s") "
                + "released (\(e.string("at") ?? ""))"
        case "app.action": return "the system acts on the app: \(e.string("action") ?? "?")"
        case "app.ignored": return "the app ignores “\(e.string("action") ?? "?")”: \(e.string("why") ?? "")"
        case "app.state":
            return "the app becomes \(e.string("state") ?? "?")" + (e.bool("device_asleep") == true ? " (the device is asleep)" : "")
        case "app.budget-expired": return "the background-task budget expires with \(e.int("tasks") ?? 0) task(s) still running"
        case "app.killed": return "the app is killed: \(e.string("why") ?? "")"
        case "app.task.begin": return "begins the background task \(e.string("task") ?? "?")"
        case "app.task.end": return "ends the background task \(e.string("task") ?? "?")"
        case "device.wake": return "the device wakes after sleeping \(TimeText.ms(e.int("slept_ns") ?? 0))"
        case "nc.add-block": return "adds a block observer for \(e.string("name") ?? "?") (token \(e.string("token") ?? "?"))"
        case "nc.add-selector":
            return "registers \(e.string("observer") ?? "?") as an observer of \(e.string("name") ?? "?")"
        case "nc.remove": return "removes the observer \(e.string("observer") ?? "?") from the notification center"
        case "nc.post":
            return "posts \(e.string("name") ?? "?") to \(e.int("observers") ?? 0) observer\(e.int("observers") == 1 ? "" : "s")"
        case "nc.deliver": return "delivers \(e.string("name") ?? "?") to \(e.string("to") ?? "?")"
        case "nc.skip-dead-observer": return "skips a dead observer of \(e.string("name") ?? "?")"
        case "sample": return "samples \(e.string("name") ?? "?") = \(e.int("value") ?? 0)"
        case "timer.wasted": return "\(e.string("timer") ?? "a timer") fires for nothing: its target is gone (a wasted wake-up)"
        case "displaylink.create": return "creates the display link \(e.string("link") ?? "?") at \(e.int("fps") ?? 0) fps"
        default: return e.kind + " " + JSONValue.object(e.fields).compact
        }
    }

    /// What an observer activity means at that point of the pass.
    public static func activity(_ name: String, mode: String) -> String {
        switch name {
        case "Entry": return "Entry: observers hear that the loop enters mode \(mode)"
        case "BeforeTimers": return "BeforeTimers: observers hear that timers come next (a notification only: nothing fires here)"
        case "BeforeSources": return "BeforeSources: observers hear that performed blocks and signalled sources0 come next"
        case "BeforeWaiting": return "BeforeWaiting: nothing is left to do, the loop is about to sleep"
        case "AfterWaiting": return "AfterWaiting: observers hear that the loop woke"
        case "Exit": return "Exit: observers hear that the loop leaves mode \(mode)"
        default: return "\(name) in mode \(mode)"
        }
    }

    /// A wait-set entry of `rl.sleep` in words.
    public static func port(_ raw: String) -> String {
        if raw == "wake-up" { return "wake-up port" }
        if raw == "main-queue" { return "main-queue port" }
        if raw == "timer(disarmed)" { return "timer port (disarmed)" }
        if raw.hasPrefix("timer@"), let ns = Int64(raw.dropFirst(6)) { return "timer port (armed for \(TimeText.seconds(ns)))" }
        if raw.hasPrefix("timeout@"), let ns = Int64(raw.dropFirst(8)) { return "time limit at \(TimeText.seconds(ns))" }
        return raw
    }

    static func wakeReason(_ port: String, mode: String) -> String {
        switch port {
        case "timer": return "a message on the timer port of mode \(mode)"
        case "wake-up": return "a message on its wake-up port (CFRunLoopWakeUp, a stop, a time limit or user input)"
        case "main-queue": return "a message on the main-queue port (blocks were dispatched to the main queue)"
        case "none (poll)": return "it does not sleep: this pass polls (a source was handled, or timeout 0)"
        default: return port
        }
    }

    static func resultReason(_ result: String) -> String {
        switch result {
        case "finished": return "its mode has no sources or timers left"
        case "stopped": return "CFRunLoopStop was called"
        case "timed-out": return "its time limit passed"
        case "handled-source": return "it handled a source and was asked to return after one"
        default: return result
        }
    }
}
