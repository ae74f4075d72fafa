// swift-format-ignore-file
// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
// once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
// rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

import LoopSimKernel

extension EventPhrases {
    /// What the event says, e.g. `sleeps in mode default on: wake-up port, timer port (armed for
    /// 4.000 s)`; its names are strings of `names`. A kind with no phrase says its name and its
    /// fields, as the trace line holds them (`ui.push {"vc":"DetailVC#2"}`).
    public static func describe(_ e: SimEvent, _ names: NameTable) -> String {
        /// A name's string.
        func s(_ name: Name) -> String { names[name] }
        /// An instant in seconds, or `none` for ``SimInstant/never`` (the trace's `null`).
        func time(_ instant: SimInstant, or none: String) -> String {
            instant.isNever ? none : TimeText.seconds(instant.nanoseconds)
        }
        /// `"s"` unless `n` is 1.
        func plural(_ n: Int64) -> String { n == 1 ? "" : "s" }
        switch e.body {
        case .runStart(_, let seed, let until):
            return "the run starts (seed \(seed), until \(time(until, or: "?")))"
        case .runEnd(let quiescent):
            return quiescent ? "the run ends: nothing is left to happen" : "the run reaches its horizon"
        case .limit(_, let message):
            return "a safety limit stops the run: \(s(message))"
        case .crash(let message):
            return "the app crashes: \(s(message))"
        case .log(let text):
            return "logs “\(s(text))”"
        case .check(let label):
            return "checks leaks and parked threads (\(s(label)))"
        case .sample(let name, let value):
            return "samples \(s(name)) = \(value)"
        case .threadStart(let kind):
            return "starts (\(s(kind)))"
        case .threadExit:
            return "exits"
        case .threadBusy(let duration):
            return "works for \(TimeText.ms(duration.nanoseconds)), servicing nothing else meanwhile"
        case .threadIdle:
            return "goes idle in the GCD pool, waiting for work"
        case .objectAlloc(let object, _):
            return "allocates \(s(object))"
        case .blockAlloc(let object, _, let captures):
            return "allocates \(s(object))"
                + (captures.isEmpty ? "" : " capturing "
                + captures.map(s).joined(separator: ", "))
        case .deallocBegin(let object):
            return "releases the last strong reference to \(s(object)): its dealloc runs here"
        case .dealloc(let object):
            return "frees \(s(object))"
        case .dangling(let object, let references):
            return "\(s(object)) was freed although its dealloc retained it: "
                + "\(references) reference\(plural(references)) to it dangle"
        case .letGo(let object, let reason):
            return "\(s(object)) is let go (\(s(reason)))"
        case .release(let object):
            return "releases \(s(object))"
        case .poolDrain(let objects, let reason):
            return "drains its autorelease pool: \(objects) object\(plural(objects)) released (\(s(reason)))"
        case .runLoopCreate(let runLoop):
            return "creates its run loop, \(s(runLoop))"
        case .runLoopRun(_, let mode, let deadline, let poll):
            return poll ? "polls its run loop once in mode \(s(mode)) (timeout 0)"
                : "runs its run loop in mode \(s(mode)), "
                    + (deadline.isNever ? "with no time limit" : "until \(TimeText.seconds(deadline.nanoseconds))")
        case .invalidMode(let message):
            return s(message)
        case .activity(let activity, let mode):
            return self.activity(s(activity), mode: s(mode))
        case .dispatchPeek:
            return "finds a main-queue message already waiting and handles it without sleeping"
        case .sleep(let mode, let ports):
            return "sleeps in mode \(s(mode)) on: " + Self.ports(ports).joined(separator: ", ")
        case .wake(let mode, let port):
            return "wakes: " + wakeReason(s(port), mode: s(mode))
        case .noTimerDue(let mode):
            return "finds no timer due in mode \(s(mode)) (an early or stale wake): re-arms the port"
        case .runLoopExit(let mode, let result, let entered):
            return !entered ? "returns \(s(result)) at once: mode \(s(mode)) is empty or missing"
                : "the run loop returns \(s(result)) from mode \(s(mode)): " + resultReason(s(result))
        case .runLoopTimeout(let runLoop):
            return "the time limit of a run of \(s(runLoop)) passes: it is woken"
        case .commonModeAdd(let runLoop, let mode):
            return "marks mode \(s(mode)) as a common mode of \(s(runLoop))"
        case .performBlock(let runLoop, let mode, let block):
            return "queues \(s(block)) for mode \(s(mode)) of \(s(runLoop)) (CFRunLoopPerformBlock)"
        case .observerAdd(let runLoop, let mode, let order):
            return "adds an observer (order \(order)) to mode \(s(mode)) of \(s(runLoop))"
        case .runLoopFinalize(let runLoop):
            return "tears down \(s(runLoop)) as the thread exits"
        case .runModeEmpty(let mode):
            return "runMode: returns NO at once: mode \(s(mode)) has no sources or timers"
        case .observerCallout(let activity, let order):
            return "calls an observer for \(s(activity)) (order \(order))"
        case .blockCallout(let block):
            return "runs the performed block \(s(block))"
        case .sourceSignal(let source):
            return "signals \(s(source)) (no wake-up by itself)"
        case .sourceCallout(let source):
            return "runs the signalled source \(s(source))"
        case .wakeUpSend(let runLoop):
            return "wakes \(s(runLoop)) (CFRunLoopWakeUp)"
        case .wakeUpDropped(let runLoop, let why):
            return "a wake-up of \(s(runLoop)) is dropped (\(s(why)))"
        case .stop(let runLoop):
            return "stops \(s(runLoop)) (CFRunLoopStop): its current run returns stopped"
        case .stopDropped(let runLoop):
            return "CFRunLoopStop(\(s(runLoop))) does nothing: that loop is not running"
        case .userAction(let label):
            return "the user acts: \(s(label))"
        case .userDeliver(let label):
            return "UIKit delivers the user action “\(s(label))”"
        case .mainQueueDrain(let blocks):
            return "drains the main queue (\(blocks) block\(plural(blocks)) present)"
        case .timerCreate(let timer, let interval, let repeats, let fireAt):
            return "creates \(s(timer)), "
                + (repeats ? "repeating every \(TimeText.ms(interval.nanoseconds))" : "one-shot")
                + ", first fire at \(time(fireAt, or: "never"))"
        case .timerAdd(let timer, let runLoop, let mode):
            return "adds \(s(timer)) to mode \(s(mode)) of \(s(runLoop))"
        case .timerFire(let timer, let slot, let latency):
            return "fires \(s(timer)) (due at \(time(slot, or: "?")), "
                + (latency.nanoseconds == 0 ? "on time)" : "\(TimeText.ms(latency.nanoseconds)) late)")
        case .timerReschedule(let timer, let next, let skipped):
            return "moves \(s(timer)) to its next slot, \(time(next, or: "never"))"
                + (skipped > 0 ? ", skipping \(skipped) missed slot\(plural(skipped))" : "")
        case .timerSetFireDate(let timer, let next):
            return "sets the next fire of \(s(timer)) to \(time(next, or: "never"))"
        case .timerInvalidate(let timer, let reason):
            return "invalidates \(s(timer)) (\(s(reason)))"
        case .timerFireManual(let timer):
            return "fires \(s(timer)) by hand ([timer fire]), outside any run-loop pass"
        case .timerWasted(let timer):
            return "\(s(timer)) fires for nothing: its target is gone (a wasted wake-up)"
        case .portArm(let runLoop, let mode, let deadline):
            return "arms the timer port of mode \(s(mode)) of \(s(runLoop)) for " + time(deadline, or: "never")
        case .portCancel(let runLoop, let mode):
            return "disarms the timer port of mode \(s(mode)) of \(s(runLoop))"
        case .portFire(let runLoop, let mode, let stale):
            return "the timer port of mode \(s(mode)) of \(s(runLoop)) fires"
                + (stale ? " (stale: no timer is due)" : "")
        case .displayLinkCreate(let link, let fps):
            return "creates the display link \(s(link)) at \(fps) fps"
        case .displayLinkRate(let link, let fps, let next):
            return "sets \(s(link)) to \(fps) fps, next frame at \(time(next, or: "never"))"
        case .dispatchAsync(let queue, let block):
            return "queues \(s(block)) on the \(s(queue)) queue"
        case .dispatchAfter(let queue, let at, let block):
            return "queues \(s(block)) on the \(s(queue)) queue for " + time(at, or: "?") + " (dispatch_after)"
        case .sourceCreate(let source, let start, let interval, let wallClock):
            return "creates the dispatch timer \(s(source)), first at "
                + time(start, or: "never")
                + (interval.map { ", then every \(TimeText.ms($0.nanoseconds))" } ?? "")
                + (wallClock ? " (wall clock)" : "")
        case .sourceFire(let source, let data):
            return "the dispatch timer \(s(source)) fires (pending data \(data))"
        case .sourceHandler(let source, let data):
            return "runs the handler of \(s(source)) (\(data) fire\(plural(data)) merged)"
        case .sourceResume(let source):
            return "resumes \(s(source))"
        case .sourceSuspend(let source):
            return "suspends \(s(source))"
        case .sourceCancel(let source):
            return "cancels \(s(source)): its handler is released"
        case .semaphoreWait(let semaphore, let timeout):
            return "blocks on \(s(semaphore)) (dispatch_semaphore_wait) "
                + (timeout.isNever ? "for ever if no one signals it"
                   : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
        case .semaphoreSignal(let semaphore):
            return "signals \(s(semaphore))"
        case .semaphoreTimeout(let semaphore):
            return "stops waiting on \(s(semaphore)): its timeout passed"
        case .observerAddBlock(let name, let token, _):
            return "adds a block observer for \(s(name)) (token \(s(token)))"
        case .observerAddSelector(let name, let observer, _):
            return "registers \(s(observer)) as an observer of \(s(name))"
        case .observerRemove(let observer, _):
            return "removes the observer \(s(observer)) from the notification center"
        case .kvoAdd(let observed, let keyPath, let observer):
            return "\(s(observer)) observes \(s(keyPath)) of \(s(observed)) (key-value observing)"
        case .kvoRemove(let observed, let keyPath, let observer):
            return "\(s(observer)) stops observing \(s(keyPath)) of \(s(observed))"
        case .kvoNotify(let observed, let keyPath, let observer):
            return "\(s(keyPath)) of \(s(observed)) changes: \(s(observer)) is told"
        case .portAdd(let port, let runLoop, let mode):
            return "adds the port \(s(port)) to \(s(runLoop)) mode \(s(mode)): "
                + "the mode is not empty, its port set wakes on it"
        case .portRemove(let port, let runLoop, let mode):
            return "removes the port \(s(port)) from \(s(runLoop)) mode \(s(mode))"
        case .portSend(let port, let queued):
            return queued < 0 ? "sends a message to the invalid port \(s(port)): dropped"
                : "sends a message to the port \(s(port)) (\(queued) queued)"
        case .notificationPost(let name, let observers):
            return "posts \(s(name)) to \(observers) observer\(plural(observers))"
        case .notificationDeliver(let name, let to):
            return "delivers \(s(name)) to \(s(to))"
        case .notificationSkipDead(let name):
            return "skips a dead observer of \(s(name))"
        case .notificationQueueMake(let queue):
            return "makes the notification queue \(s(queue)), kept by its thread's queue list"
        case .notificationEnqueue(let name, let style, let coalesced, let queue):
            return "enqueues \(s(name)) (\(s(style))) on \(s(queue))"
                + (coalesced > 0 ? ", coalescing \(coalesced) waiting" : "")
        case .notificationQueueDrop(let name, let mode):
            return "drops \(s(name)): the loop runs in \(s(mode)), not one of its modes"
        case .notificationDequeue(let name, let removed):
            return "dequeues \(removed) notification\(plural(removed)) matching \(s(name))"
        case .notificationQueuePost(let name, let style, let queue):
            return "\(s(queue)) posts \(s(name)) (\(s(style)))"
        case .appAction(let action):
            return "the system acts on the app: \(s(action))"
        case .appIgnored(let action, let why):
            return "the app ignores “\(s(action))”: \(s(why))"
        case .appState(let state, let deviceAsleep):
            return "the app becomes \(s(state))" + (deviceAsleep ? " (the device is asleep)" : "")
        case .budgetExpired(let tasks):
            return "the background-task budget expires with \(tasks) task(s) still running"
        case .backgroundTaskBegin(let task):
            return "begins the background task \(s(task))"
        case .backgroundTaskEnd(let task):
            return "ends the background task \(s(task))"
        case .appKilled(let why):
            return "the app is killed: \(s(why))"
        case .deviceWake(let slept):
            return "the device wakes after sleeping \(TimeText.ms(slept.nanoseconds))"
        case .trackingMode(let mode):
            return "UIKit switches the main run loop to mode \(s(mode))"
        case .scroll(let until):
            return "the user drags a scroll view: UIKit tracks the touch until \(time(until, or: "?"))"
        case .lockAcquire(let lock, let depth):
            return depth > 1 ? "takes \(s(lock)) again (held \(depth) times)" : "takes \(s(lock))"
        case .lockWait(let lock, let holder, let timeout):
            return "blocks on \(s(lock)), held by \(s(holder)), "
                + (timeout.isNever ? "for ever if it is never unlocked"
                   : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
        case .lockRelease(let lock, let depth):
            return depth > 0 ? "unlocks \(s(lock)) (still held \(depth) times)" : "unlocks \(s(lock))"
        case .lockTimeout(let lock):
            return "stops waiting on \(s(lock)): its deadline passed"
        case .conditionWait(let condition, let timeout):
            return "waits on \(s(condition)) "
                + (timeout.isNever ? "for a signal" : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
        case .conditionSignal(let condition, let broadcast, let woken):
            return "\(broadcast ? "broadcasts" : "signals") \(s(condition)) (\(woken) waiter\(plural(woken)) woken)"
        case .sourceCancelCallout, .operationAdd, .push, .pop, .present, .presentRefused, .dismiss:
            // No phrase yet: the kind and its fields, as the trace line holds them.
            return e.kind.text + " " + JSONValue.object(e.body.jsonFields(names)).compact
        }
    }
}
