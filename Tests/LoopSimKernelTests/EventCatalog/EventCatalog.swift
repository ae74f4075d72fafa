// Every kind of trace event, declared once: its case, its trace name (`ev`), what it means, its fields (each
// with its Swift label, type and JSON key, in the order the trace line writes them) and the phrase the views
// say it with. Everything else about a kind is made from this table (EventCodeGenerator.swift), in
// Sources/LoopSimKernel/Events/: EventKind+Generated.swift (``EventKind`` and its names), SimEvent+Generated.swift
// (``SimEvent/Body``), SimEvent+FieldWalk+Generated.swift (the fields' walk that the JSON encoder, the fingerprint
// and the views share), SimEvent+Reading+Generated.swift (the reading of a trace line); and
// Sources/LoopSimReport/EventPhrases+Generated.swift (`EventPhrases.describe`).
//
// Adding or changing a kind: edit its row here, then `LOOPSIM_GENERATE_EVENTS=1 swift test --filter
// EventCatalogTests` writes the files; `EventCatalogTests` fails while they differ from what this table makes.
// A row's order is its ``EventKind`` raw value (nothing outside a run depends on it: the fingerprint folds a
// kind's trace name, not its number).
//
// A phrase is a Swift expression of type `String`, its subject the event's thread (or the system); it sees the
// fields by their labels and the helpers of `EventPhrases.describe`: `s(name)` (a name's string),
// `time(instant, or: text)` (an instant in seconds, `text` for ``SimInstant/never``), `plural(n)` (`"s"` unless
// n is 1), and `EventPhrases`' static functions. A kind with no phrase prints as its name and its fields.

/// Each event kind, in ``EventKind`` order.
let eventCatalog: [EventDeclaration] = [
    .init(
        "runStart", "run.start",
        "The run begins: its variant, seed and planned end.",
        .name("variant"), .int("seed"), .instant("until"),
        text: #""the run starts (seed \(seed), until \(time(until, or: "?")))""#),
    .init(
        "runEnd", "run.end",
        "The run ends; quiescent: nothing was left to happen.",
        .bool("quiescent"),
        text: #"quiescent ? "the run ends: nothing is left to happen" : "the run reaches its horizon""#),
    .init(
        "limit", "limit",
        "A limit (or an interrupt) stopped the run.",
        .name("kind"), .name("message"),
        text: #""a safety limit stops the run: \(s(message))""#),
    .init(
        "crash", "crash",
        "The modelled app crashed.",
        .name("message"),
        text: #""the app crashes: \(s(message))""#),
    .init(
        "log", "log",
        "A `log:` step.",
        .name("text"),
        text: #""logs “\(s(text))”""#),
    .init(
        "check", "check",
        "A `check:` step took a snapshot of the findings.",
        .name("label"),
        text: #""checks leaks and parked threads (\(s(label)))""#),
    .init(
        "sample", "sample",
        "A `sample:` step recorded a value.",
        .name("name"), .int("value"),
        text: #""samples \(s(name)) = \(value)""#),
    .init(
        "threadStart", "thread.start",
        "A thread starts.",
        .name("kind"),
        text: #""starts (\(s(kind)))""#),
    .init(
        "threadExit", "thread.exit",
        "A thread exits.",
        text: #""exits""#),
    .init(
        "threadBusy", "thread.busy",
        "A `work:` step: the thread is busy for a duration.",
        .duration("duration", key: "for_ns"),
        text: #""works for \(TimeText.ms(duration.nanoseconds)), servicing nothing else meanwhile""#),
    .init(
        "threadIdle", "thread.idle",
        "A pool thread goes idle.",
        text: #""goes idle in the GCD pool, waiting for work""#),
    .init(
        "objectAlloc", "obj.alloc",
        "An instance (or timer, source, …) is allocated.",
        .name("object"), .name("className", key: "class"),
        text: #""allocates \(s(object))""#),
    .init(
        "blockAlloc", "obj.alloc",
        "A block literal is copied to the heap, with its captures (`strong self`, …).",
        .name("object"), .name("className", key: "class"), .names("captures"),
        text: #"""
            "allocates \(s(object))"
                + (captures.isEmpty ? "" : " capturing "
                + captures.map(s).joined(separator: ", "))
            """#),
    .init(
        "deallocBegin", "obj.dealloc.begin",
        "An object's last strong reference went: its `dealloc` starts.",
        .name("object"),
        text: #""releases the last strong reference to \(s(object)): its dealloc runs here""#),
    .init(
        "dealloc", "obj.dealloc",
        "An object is freed.",
        .name("object"),
        text: #""frees \(s(object))""#),
    .init(
        "dangling", "obj.dangling",
        "An object was freed while references taken during its dealloc remain.",
        .name("object"), .int("references"),
        text: #"""
            "\(s(object)) was freed although its dealloc retained it: "
                + "\(references) reference\(plural(references)) to it dangle"
            """#),
    .init(
        "letGo", "obj.let-go",
        "The scenario let an object go: alive at the end, it is a finding.",
        .name("object"), .name("reason"),
        text: #""\(s(object)) is let go (\(s(reason)))""#),
    .init(
        "release", "release",
        "A `release:` step.",
        .name("object"),
        text: #""releases \(s(object))""#),
    .init(
        "poolDrain", "pool.drain",
        "An autorelease pool drains.",
        .int("objects"), .name("reason", key: "at"),
        text: #""drains its autorelease pool: \(objects) object\(plural(objects)) released (\(s(reason)))""#),
    .init(
        "runLoopCreate", "rl.create",
        "A thread's run loop is made on first use.",
        .name("runLoop", key: "runloop"),
        text: #""creates its run loop, \(s(runLoop))""#),
    .init(
        "runLoopRun", "rl.run",
        "`CFRunLoopRunSpecific` is entered.",
        .name("runLoop", key: "runloop"), .name("mode"), .instant("deadline"), .bool("poll"),
        text: #"""
            poll ? "polls its run loop once in mode \(s(mode)) (timeout 0)"
                : "runs its run loop in mode \(s(mode)), "
                    + (deadline.isNever ? "with no time limit" : "until \(TimeText.seconds(deadline.nanoseconds))")
            """#),
    .init(
        "invalidMode", "rl.invalid-mode",
        "Running the common pseudo-mode is refused.",
        .name("message"),
        text: #"s(message)"#),
    .init(
        "activity", "rl.activity",
        "Observers of an activity are notified (`__CFRunLoopDoObservers`).",
        .name("activity"), .name("mode"),
        text: #"self.activity(s(activity), mode: s(mode))"#),
    .init(
        "dispatchPeek", "rl.dispatch-peek",
        "A pending main-queue message is handled without sleeping.",
        .name("mode"),
        text: #""finds a main-queue message already waiting and handles it without sleeping""#),
    .init(
        "sleep", "rl.sleep",
        "The thread sleeps on its wait set.",
        .name("mode"), .waitSet("ports"),
        text: #""sleeps in mode \(s(mode)) on: " + Self.ports(ports).joined(separator: ", ")"#),
    .init(
        "wake", "rl.wake",
        "The thread wakes: which port's message it took.",
        .name("mode"), .name("port"),
        text: #""wakes: " + wakeReason(s(port), mode: s(mode))"#),
    .init(
        "noTimerDue", "rl.timers.none-due",
        "The timer port woke the loop and no timer was due.",
        .name("mode"),
        text: #""finds no timer due in mode \(s(mode)) (an early or stale wake): re-arms the port""#),
    .init(
        "runLoopExit", "rl.exit",
        "`CFRunLoopRunSpecific` returns (entered: false when the mode was empty at entry).",
        .name("mode"), .name("result"), .entered("entered"),
        text: #"""
            !entered ? "returns \(s(result)) at once: mode \(s(mode)) is empty or missing"
                : "the run loop returns \(s(result)) from mode \(s(mode)): " + resultReason(s(result))
            """#),
    .init(
        "runLoopTimeout", "rl.timeout",
        "An activation's deadline passed.",
        .name("runLoop", key: "runloop"),
        text: #""the time limit of a run of \(s(runLoop)) passes: it is woken""#),
    .init(
        "commonModeAdd", "rl.common-mode",
        "`CFRunLoopAddCommonMode`.",
        .name("runLoop", key: "runloop"), .name("mode"),
        text: #""marks mode \(s(mode)) as a common mode of \(s(runLoop))""#),
    .init(
        "performBlock", "rl.perform-block",
        "`CFRunLoopPerformBlock`.",
        .name("runLoop", key: "runloop"), .name("mode"), .name("block"),
        text: #""queues \(s(block)) for mode \(s(mode)) of \(s(runLoop)) (CFRunLoopPerformBlock)""#),
    .init(
        "observerAdd", "rl.observer.add",
        "`CFRunLoopAddObserver`.",
        .name("runLoop", key: "runloop"), .name("mode"), .int("order"),
        text: #""adds an observer (order \(order)) to mode \(s(mode)) of \(s(runLoop))""#),
    .init(
        "runLoopFinalize", "rl.finalize",
        "A run loop is torn down with its thread.",
        .name("runLoop", key: "runloop"),
        text: #""tears down \(s(runLoop)) as the thread exits""#),
    .init(
        "runModeEmpty", "nsrunloop.runmode.empty",
        "`-[NSRunLoop runMode:beforeDate:]` returned NO at once: the mode is empty.",
        .name("mode"),
        text: #""runMode: returns NO at once: mode \(s(mode)) has no sources or timers""#),
    .init(
        "observerCallout", "observer.callout",
        "An observer's block is called.",
        .name("activity"), .int("order"),
        text: #""calls an observer for \(s(activity)) (order \(order))""#),
    .init(
        "blockCallout", "block.callout",
        "A block queued with `CFRunLoopPerformBlock` is called.",
        .name("block"),
        text: #""runs the performed block \(s(block))""#),
    .init(
        "sourceSignal", "source.signal",
        "`CFRunLoopSourceSignal`.",
        .name("source"),
        text: #""signals \(s(source)) (no wake-up by itself)""#),
    .init(
        "sourceCallout", "source.callout",
        "A signalled version-0 source is handled.",
        .name("source"),
        text: #""runs the signalled source \(s(source))""#),
    .init(
        "wakeUpSend", "wakeup.send",
        "`CFRunLoopWakeUp`.",
        .name("runLoop", key: "runloop"),
        text: #""wakes \(s(runLoop)) (CFRunLoopWakeUp)""#),
    .init(
        "wakeUpDropped", "wakeup.dropped",
        "`CFRunLoopWakeUp` on a loop that is not running or ignores wake-ups.",
        .name("runLoop", key: "runloop"), .name("why"),
        text: #""a wake-up of \(s(runLoop)) is dropped (\(s(why)))""#),
    .init(
        "stop", "stop",
        "`CFRunLoopStop`.",
        .name("runLoop", key: "runloop"),
        text: #""stops \(s(runLoop)) (CFRunLoopStop): its current run returns stopped""#),
    .init(
        "stopDropped", "stop.dropped",
        "`CFRunLoopStop` on a loop that is not running.",
        .name("runLoop", key: "runloop"),
        text: #""CFRunLoopStop(\(s(runLoop))) does nothing: that loop is not running""#),
    .init(
        "userAction", "user.action",
        "A scripted user action reaches UIKit's event source.",
        .name("label"),
        text: #""the user acts: \(s(label))""#),
    .init(
        "userDeliver", "user.deliver",
        "UIKit's event source delivers a user action.",
        .name("label"),
        text: #""UIKit delivers the user action “\(s(label))”""#),
    .init(
        "mainQueueDrain", "mainqueue.drain",
        "The main run loop drains the main queue.",
        .int("blocks"),
        text: #""drains the main queue (\(blocks) block\(plural(blocks)) present)""#),
    .init(
        "timerCreate", "timer.create",
        "An `NSTimer` is made.",
        .name("timer"), .duration("interval", key: "interval_ns"),
        .bool("repeats"), .instant("fireAt", key: "fire_at"),
        text: #"""
            "creates \(s(timer)), "
                + (repeats ? "repeating every \(TimeText.ms(interval.nanoseconds))" : "one-shot")
                + ", first fire at \(time(fireAt, or: "never"))"
            """#),
    .init(
        "timerAdd", "timer.add",
        "`CFRunLoopAddTimer`.",
        .name("timer"), .name("runLoop", key: "runloop"), .name("mode"),
        text: #""adds \(s(timer)) to mode \(s(mode)) of \(s(runLoop))""#),
    .init(
        "timerFire", "timer.fire",
        "A timer fires in a run-loop pass: the slot it was due at and the latency.",
        .name("timer"), .instant("slot"), .duration("latency", key: "latency_ns"),
        text: #"""
            "fires \(s(timer)) (due at \(time(slot, or: "?")), "
                + (latency.nanoseconds == 0 ? "on time)" : "\(TimeText.ms(latency.nanoseconds)) late)")
            """#),
    .init(
        "timerReschedule", "timer.reschedule",
        "A repeating timer's next fire after a callout, and the slots skipped.",
        .name("timer"), .instant("next"), .int("skipped"),
        text: #"""
            "moves \(s(timer)) to its next slot, \(time(next, or: "never"))"
                + (skipped > 0 ? ", skipping \(skipped) missed slot\(plural(skipped))" : "")
            """#),
    .init(
        "timerSetFireDate", "timer.set-fire-date",
        "`CFRunLoopTimerSetNextFireDate` (`-[NSTimer setFireDate:]`): the timer's next fire, never before now.",
        .name("timer"), .instant("next"),
        text: #""sets the next fire of \(s(timer)) to \(time(next, or: "never"))""#),
    .init(
        "timerInvalidate", "timer.invalidate",
        "`CFRunLoopTimerInvalidate`.",
        .name("timer"), .name("reason"),
        text: #""invalidates \(s(timer)) (\(s(reason)))""#),
    .init(
        "timerFireManual", "timer.fire.manual",
        "`-[NSTimer fire]`.",
        .name("timer"),
        text: #""fires \(s(timer)) by hand ([timer fire]), outside any run-loop pass""#),
    .init(
        "timerWasted", "timer.wasted",
        "A proxy swallowed a fire: its target was gone.",
        .name("timer"),
        text: #""\(s(timer)) fires for nothing: its target is gone (a wasted wake-up)""#),
    .init(
        "portArm", "port.arm",
        "A mode's timer port is armed (`__CFArmNextTimerInMode`).",
        .name("runLoop", key: "runloop"), .name("mode"), .instant("deadline"),
        text: #""arms the timer port of mode \(s(mode)) of \(s(runLoop)) for " + time(deadline, or: "never")"#),
    .init(
        "portCancel", "port.cancel",
        "A mode's timer port is cancelled.",
        .name("runLoop", key: "runloop"), .name("mode"),
        text: #""disarms the timer port of mode \(s(mode)) of \(s(runLoop))""#),
    .init(
        "portFire", "port.fire",
        "A mode's timer port posts its message; stale: no timer is due.",
        .name("runLoop", key: "runloop"), .name("mode"), .bool("stale"),
        text: #"""
            "the timer port of mode \(s(mode)) of \(s(runLoop)) fires"
                + (stale ? " (stale: no timer is due)" : "")
            """#),
    .init(
        "displayLinkCreate", "displaylink.create",
        "A `CADisplayLink` is made.",
        .name("link"), .int("fps"),
        text: #""creates the display link \(s(link)) at \(fps) fps""#),
    .init(
        "displayLinkRate", "displaylink.rate",
        "`preferredFramesPerSecond` set the display link's frame rate; its next frame is on the new grid.",
        .name("link"), .int("fps"), .instant("next"),
        text: #""sets \(s(link)) to \(fps) fps, next frame at \(time(next, or: "never"))""#),
    .init(
        "dispatchAsync", "dispatch.async",
        "`dispatch_async`.",
        .name("queue"), .name("block"),
        text: #""queues \(s(block)) on the \(s(queue)) queue""#),
    .init(
        "dispatchAfter", "dispatch.after",
        "`dispatch_after`, with the instant it is due.",
        .name("queue"), .instant("at"), .name("block"),
        text: #""queues \(s(block)) on the \(s(queue)) queue for " + time(at, or: "?") + " (dispatch_after)""#),
    .init(
        "sourceCreate", "dsource.create",
        "A dispatch timer source is made.",
        .name("source"), .instant("start"),
        .optionalDuration("interval", key: "interval_ns"), .bool("wallClock", key: "wall"),
        text: #"""
            "creates the dispatch timer \(s(source)), first at "
                + time(start, or: "never")
                + (interval.map { ", then every \(TimeText.ms($0.nanoseconds))" } ?? "")
                + (wallClock ? " (wall clock)" : "")
            """#),
    .init(
        "sourceFire", "dsource.fire",
        "A dispatch timer source's deadline passes.",
        .name("source"), .int("data"),
        text: #""the dispatch timer \(s(source)) fires (pending data \(data))""#),
    .init(
        "sourceHandler", "dsource.handler",
        "A dispatch source's handler is called with its merged data.",
        .name("source"), .int("data"),
        text: #""runs the handler of \(s(source)) (\(data) fire\(plural(data)) merged)""#),
    .init(
        "sourceResume", "dsource.resume",
        "`dispatch_resume`.",
        .name("source"),
        text: #""resumes \(s(source))""#),
    .init(
        "sourceSuspend", "dsource.suspend",
        "`dispatch_suspend`.",
        .name("source"),
        text: #""suspends \(s(source))""#),
    .init(
        "sourceCancel", "dsource.cancel",
        "`dispatch_source_cancel`.",
        .name("source"),
        text: #""cancels \(s(source)): its handler is released""#),
    .init(
        "sourceCancelCallout", "dsource.cancel-callout",
        "A cancelled source's cancellation callout releases its handler.",
        .name("source")),
    .init(
        "semaphoreWait", "sem.wait",
        "`dispatch_semaphore_wait` blocks, until a deadline or for ever.",
        .name("semaphore"), .instant("timeout"),
        text: #"""
            "blocks on \(s(semaphore)) (dispatch_semaphore_wait) "
                + (timeout.isNever ? "for ever if no one signals it"
                   : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
            """#),
    .init(
        "semaphoreSignal", "sem.signal",
        "`dispatch_semaphore_signal`.",
        .name("semaphore"),
        text: #""signals \(s(semaphore))""#),
    .init(
        "semaphoreTimeout", "sem.timeout",
        "A semaphore wait timed out.",
        .name("semaphore"),
        text: #""stops waiting on \(s(semaphore)): its timeout passed""#),
    .init(
        "operationAdd", "op.add",
        "An operation is added to an `NSOperationQueue`.",
        .name("queue"), .int("operation", key: "op")),
    .init(
        "observerAddBlock", "nc.add-block",
        "`addObserverForName:object:queue:usingBlock:`.",
        .name("name"), .name("token"), .name("queue"),
        text: #""adds a block observer for \(s(name)) (token \(s(token)))""#),
    .init(
        "observerAddSelector", "nc.add-selector",
        "`addObserver:selector:name:object:`, and how the center holds the observer.",
        .name("name"), .name("observer"), .name("held"),
        text: #""registers \(s(observer)) as an observer of \(s(name))""#),
    .init(
        "observerRemove", "nc.remove",
        "`removeObserver:`.",
        .name("observer"), .int("registrations"),
        text: #""removes the observer \(s(observer)) from the notification center""#),
    .init(
        "kvoAdd", "kvo.add",
        "`addObserver:forKeyPath:options:context:`.",
        .name("observed", key: "object"), .name("keyPath"), .name("observer"),
        text: #""\(s(observer)) observes \(s(keyPath)) of \(s(observed)) (key-value observing)""#),
    .init(
        "kvoRemove", "kvo.remove",
        "`removeObserver:forKeyPath:`.",
        .name("observed", key: "object"), .name("keyPath"), .name("observer"),
        text: #""\(s(observer)) stops observing \(s(keyPath)) of \(s(observed))""#),
    .init(
        "kvoNotify", "kvo.notify",
        "A key path's value changes: its observer's `observeValueForKeyPath:…` is called.",
        .name("observed", key: "object"), .name("keyPath"), .name("observer"),
        text: #""\(s(keyPath)) of \(s(observed)) changes: \(s(observer)) is told""#),
    .init(
        "portAdd", "port.add",
        "a port-based source added to a run loop's mode (`addPort:forMode:`, a stream scheduled).",
        .name("port"), .name("runLoop", key: "runloop"), .name("mode"),
        text: #"""
            "adds the port \(s(port)) to \(s(runLoop)) mode \(s(mode)): "
                + "the mode is not empty, its port set wakes on it"
            """#),
    .init(
        "portRemove", "port.remove",
        "`removePort:forMode:`.",
        .name("port"), .name("runLoop", key: "runloop"), .name("mode"),
        text: #""removes the port \(s(port)) from \(s(runLoop)) mode \(s(mode))""#),
    .init(
        "portSend", "port.send",
        """
        a message reaches a port; `queued` messages now wait on it (-1: the port is invalid, the message is
        dropped).
        """,
        .name("port"), .int("queued"),
        text: #"""
            queued < 0 ? "sends a message to the invalid port \(s(port)): dropped"
                : "sends a message to the port \(s(port)) (\(queued) queued)"
            """#),
    .init(
        "notificationPost", "nc.post",
        "`postNotificationName:object:`.",
        .name("name"), .int("observers"),
        text: #""posts \(s(name)) to \(observers) observer\(plural(observers))""#),
    .init(
        "notificationDeliver", "nc.deliver",
        "A notification is delivered to an observer or block.",
        .name("name"), .name("to"),
        text: #""delivers \(s(name)) to \(s(to))""#),
    .init(
        "notificationSkipDead", "nc.skip-dead-observer",
        "A zeroing-weak observer was gone: no delivery.",
        .name("name"),
        text: #""skips a dead observer of \(s(name))""#),
    .init(
        "notificationQueueMake", "nq.make",
        "A `NotificationQueue` is made: a thread's default queue on first use, or `NotificationQueue(notificationCenter:)`.",
        .name("queue"),
        text: #""makes the notification queue \(s(queue)), kept by its thread's queue list""#),
    .init(
        "notificationEnqueue", "nq.enqueue",
        """
        `enqueue(_:postingStyle:coalesceMask:forModes:)`: `coalesced` waiting notifications were removed first.
        """,
        .name("name"), .name("style"), .int("coalesced"), .name("queue"),
        text: #"""
            "enqueues \(s(name)) (\(s(style))) on \(s(queue))"
                + (coalesced > 0 ? ", coalescing \(coalesced) waiting" : "")
            """#),
    .init(
        "notificationQueueDrop", "nq.drop",
        "A `.now` notification whose modes do not hold the thread's current mode: neither posted nor kept.",
        .name("name"), .name("mode"),
        text: #""drops \(s(name)): the loop runs in \(s(mode)), not one of its modes""#),
    .init(
        "notificationDequeue", "nq.dequeue",
        "`dequeueNotifications(matching:coalesceMask:)`.",
        .name("name"), .int("removed"),
        text: #""dequeues \(removed) notification\(plural(removed)) matching \(s(name))""#),
    .init(
        "notificationQueuePost", "nq.post",
        "A notification queue's observer posts one waiting notification.",
        .name("name"), .name("style"), .name("queue"),
        text: #""\(s(queue)) posts \(s(name)) (\(s(style)))""#),
    .init(
        "appAction", "app.action",
        "An `app:` action (background, lock, …).",
        .name("action"),
        text: #""the system acts on the app: \(s(action))""#),
    .init(
        "appIgnored", "app.ignored",
        "An `app:` action on a variant with no app lifecycle.",
        .name("action"), .name("why"),
        text: #""the app ignores “\(s(action))”: \(s(why))""#),
    .init(
        "appState", "app.state",
        "The app's state changes.",
        .name("state"), .bool("deviceAsleep", key: "device_asleep"),
        text: #""the app becomes \(s(state))" + (deviceAsleep ? " (the device is asleep)" : "")"#),
    .init(
        "budgetExpired", "app.budget-expired",
        "The background-task budget ran out.",
        .int("tasks"),
        text: #""the background-task budget expires with \(tasks) task(s) still running""#),
    .init(
        "backgroundTaskBegin", "app.task.begin",
        "`beginBackgroundTaskWithExpirationHandler:`.",
        .name("task"),
        text: #""begins the background task \(s(task))""#),
    .init(
        "backgroundTaskEnd", "app.task.end",
        "`endBackgroundTask:`.",
        .name("task"),
        text: #""ends the background task \(s(task))""#),
    .init(
        "appKilled", "app.killed",
        "The system killed the app.",
        .name("why"),
        text: #""the app is killed: \(s(why))""#),
    .init(
        "deviceWake", "device.wake",
        "The device wakes after sleeping for a duration.",
        .duration("slept", key: "slept_ns"),
        text: #""the device wakes after sleeping \(TimeText.ms(slept.nanoseconds))""#),
    .init(
        "trackingMode", "ui.mode",
        "The main run loop switches mode for a scroll.",
        .name("mode"),
        text: #""UIKit switches the main run loop to mode \(s(mode))""#),
    .init(
        "scroll", "ui.scroll",
        "A scroll starts; the main loop tracks until an instant.",
        .instant("until"),
        text: #""the user drags a scroll view: UIKit tracks the touch until \(time(until, or: "?"))""#),
    .init(
        "push", "ui.push",
        "`pushViewController:animated:`.",
        .name("controller", key: "vc")),
    .init(
        "pop", "ui.pop",
        "`popViewControllerAnimated:` (or to the root).",
        .int("count")),
    .init(
        "present", "ui.present",
        "`presentViewController:animated:completion:`.",
        .name("controller", key: "vc")),
    .init(
        "presentRefused", "ui.present.refused",
        "A present refused: the presenter is already presenting.",
        .name("controller", key: "vc")),
    .init(
        "dismiss", "ui.dismiss",
        "`dismissViewControllerAnimated:completion:`.",
        .name("controller", key: "vc"), .bool("fromChild", key: "from_child")),
    .init(
        "lockAcquire", "lock.acquire",
        "A thread takes a lock (`lock`, `try`, `lock(before:)`, `lock(whenCondition:)`; scenario format §7.14).",
        .name("lock"), .int("depth"),
        text: #"depth > 1 ? "takes \(s(lock)) again (held \(depth) times)" : "takes \(s(lock))""#),
    .init(
        "lockWait", "lock.wait",
        "A lock is held (or its condition is not the one asked for): the thread blocks, until a deadline or for ever.",
        .name("lock"), .name("holder"), .instant("timeout"),
        text: #"""
            "blocks on \(s(lock)), held by \(s(holder)), "
                + (timeout.isNever ? "for ever if it is never unlocked"
                   : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
            """#),
    .init(
        "lockRelease", "lock.release",
        "`unlock` (or a condition's wait) lets a lock go; depth: how many locks its owner still holds.",
        .name("lock"), .int("depth"),
        text: #"depth > 0 ? "unlocks \(s(lock)) (still held \(depth) times)" : "unlocks \(s(lock))""#),
    .init(
        "lockTimeout", "lock.timeout",
        "A lock's or condition's timed wait reached its deadline.",
        .name("lock"),
        text: #""stops waiting on \(s(lock)): its deadline passed""#),
    .init(
        "conditionWait", "cond.wait",
        "`-[NSCondition wait]` or `waitUntilDate:`: the thread lets the mutex go and waits for a signal.",
        .name("condition"), .instant("timeout"),
        text: #"""
            "waits on \(s(condition)) "
                + (timeout.isNever ? "for a signal" : "until \(TimeText.seconds(timeout.nanoseconds)) at the latest")
            """#),
    .init(
        "conditionSignal", "cond.signal",
        "`-[NSCondition signal]` or `broadcast`; woken: how many waiters it took.",
        .name("condition"), .bool("broadcast"), .int("woken"),
        text: #""\(broadcast ? "broadcasts" : "signals") \(s(condition)) (\(woken) waiter\(plural(woken)) woken)""#),
]
