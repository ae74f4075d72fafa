// swift-format-ignore-file
// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
// once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
// rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

/// The kind of a ``SimEvent``: one per ``SimEvent/Body`` case, with the name its trace line gives it
/// (`ev`).
public enum EventKind: UInt8, Sendable, Hashable, CaseIterable {
    case runStart
    case runEnd
    case limit
    case crash
    case log
    case check
    case sample
    case threadStart
    case threadExit
    case threadBusy
    case threadIdle
    case objectAlloc
    case blockAlloc
    case deallocBegin
    case dealloc
    case dangling
    case letGo
    case release
    case poolDrain
    case runLoopCreate
    case runLoopRun
    case invalidMode
    case activity
    case dispatchPeek
    case sleep
    case wake
    case noTimerDue
    case runLoopExit
    case runLoopTimeout
    case commonModeAdd
    case performBlock
    case observerAdd
    case runLoopFinalize
    case runModeEmpty
    case observerCallout
    case blockCallout
    case sourceSignal
    case sourceCallout
    case wakeUpSend
    case wakeUpDropped
    case stop
    case stopDropped
    case userAction
    case userDeliver
    case mainQueueDrain
    case timerCreate
    case timerAdd
    case timerFire
    case timerReschedule
    case timerInvalidate
    case timerFireManual
    case timerWasted
    case portArm
    case portCancel
    case portFire
    case displayLinkCreate
    case dispatchAsync
    case dispatchAfter
    case sourceCreate
    case sourceFire
    case sourceHandler
    case sourceResume
    case sourceSuspend
    case sourceCancel
    case sourceCancelCallout
    case semaphoreWait
    case semaphoreSignal
    case semaphoreTimeout
    case operationAdd
    case observerAddBlock
    case observerAddSelector
    case observerRemove
    case kvoAdd
    case kvoRemove
    case kvoNotify
    case portAdd
    case portRemove
    case portSend
    case notificationPost
    case notificationDeliver
    case notificationSkipDead
    case notificationQueueMake
    case notificationEnqueue
    case notificationQueueDrop
    case notificationDequeue
    case notificationQueuePost
    case appAction
    case appIgnored
    case appState
    case budgetExpired
    case backgroundTaskBegin
    case backgroundTaskEnd
    case appKilled
    case deviceWake
    case trackingMode
    case scroll
    case push
    case pop
    case present
    case presentRefused
    case dismiss
    case lockAcquire
    case lockWait
    case lockRelease
    case lockTimeout
    case conditionWait
    case conditionSignal

    /// The name the trace line gives the kind (`"ev"`): `timer.fire`, `rl.sleep`, … (both
    /// `objectAlloc` and `blockAlloc` are `obj.alloc`).
    public var name: StaticString {
        switch self {
        case .runStart: "run.start"
        case .runEnd: "run.end"
        case .limit: "limit"
        case .crash: "crash"
        case .log: "log"
        case .check: "check"
        case .sample: "sample"
        case .threadStart: "thread.start"
        case .threadExit: "thread.exit"
        case .threadBusy: "thread.busy"
        case .threadIdle: "thread.idle"
        case .objectAlloc: "obj.alloc"
        case .blockAlloc: "obj.alloc"
        case .deallocBegin: "obj.dealloc.begin"
        case .dealloc: "obj.dealloc"
        case .dangling: "obj.dangling"
        case .letGo: "obj.let-go"
        case .release: "release"
        case .poolDrain: "pool.drain"
        case .runLoopCreate: "rl.create"
        case .runLoopRun: "rl.run"
        case .invalidMode: "rl.invalid-mode"
        case .activity: "rl.activity"
        case .dispatchPeek: "rl.dispatch-peek"
        case .sleep: "rl.sleep"
        case .wake: "rl.wake"
        case .noTimerDue: "rl.timers.none-due"
        case .runLoopExit: "rl.exit"
        case .runLoopTimeout: "rl.timeout"
        case .commonModeAdd: "rl.common-mode"
        case .performBlock: "rl.perform-block"
        case .observerAdd: "rl.observer.add"
        case .runLoopFinalize: "rl.finalize"
        case .runModeEmpty: "nsrunloop.runmode.empty"
        case .observerCallout: "observer.callout"
        case .blockCallout: "block.callout"
        case .sourceSignal: "source.signal"
        case .sourceCallout: "source.callout"
        case .wakeUpSend: "wakeup.send"
        case .wakeUpDropped: "wakeup.dropped"
        case .stop: "stop"
        case .stopDropped: "stop.dropped"
        case .userAction: "user.action"
        case .userDeliver: "user.deliver"
        case .mainQueueDrain: "mainqueue.drain"
        case .timerCreate: "timer.create"
        case .timerAdd: "timer.add"
        case .timerFire: "timer.fire"
        case .timerReschedule: "timer.reschedule"
        case .timerInvalidate: "timer.invalidate"
        case .timerFireManual: "timer.fire.manual"
        case .timerWasted: "timer.wasted"
        case .portArm: "port.arm"
        case .portCancel: "port.cancel"
        case .portFire: "port.fire"
        case .displayLinkCreate: "displaylink.create"
        case .dispatchAsync: "dispatch.async"
        case .dispatchAfter: "dispatch.after"
        case .sourceCreate: "dsource.create"
        case .sourceFire: "dsource.fire"
        case .sourceHandler: "dsource.handler"
        case .sourceResume: "dsource.resume"
        case .sourceSuspend: "dsource.suspend"
        case .sourceCancel: "dsource.cancel"
        case .sourceCancelCallout: "dsource.cancel-callout"
        case .semaphoreWait: "sem.wait"
        case .semaphoreSignal: "sem.signal"
        case .semaphoreTimeout: "sem.timeout"
        case .operationAdd: "op.add"
        case .observerAddBlock: "nc.add-block"
        case .observerAddSelector: "nc.add-selector"
        case .observerRemove: "nc.remove"
        case .kvoAdd: "kvo.add"
        case .kvoRemove: "kvo.remove"
        case .kvoNotify: "kvo.notify"
        case .portAdd: "port.add"
        case .portRemove: "port.remove"
        case .portSend: "port.send"
        case .notificationPost: "nc.post"
        case .notificationDeliver: "nc.deliver"
        case .notificationSkipDead: "nc.skip-dead-observer"
        case .notificationQueueMake: "nq.make"
        case .notificationEnqueue: "nq.enqueue"
        case .notificationQueueDrop: "nq.drop"
        case .notificationDequeue: "nq.dequeue"
        case .notificationQueuePost: "nq.post"
        case .appAction: "app.action"
        case .appIgnored: "app.ignored"
        case .appState: "app.state"
        case .budgetExpired: "app.budget-expired"
        case .backgroundTaskBegin: "app.task.begin"
        case .backgroundTaskEnd: "app.task.end"
        case .appKilled: "app.killed"
        case .deviceWake: "device.wake"
        case .trackingMode: "ui.mode"
        case .scroll: "ui.scroll"
        case .push: "ui.push"
        case .pop: "ui.pop"
        case .present: "ui.present"
        case .presentRefused: "ui.present.refused"
        case .dismiss: "ui.dismiss"
        case .lockAcquire: "lock.acquire"
        case .lockWait: "lock.wait"
        case .lockRelease: "lock.release"
        case .lockTimeout: "lock.timeout"
        case .conditionWait: "cond.wait"
        case .conditionSignal: "cond.signal"
        }
    }
}

extension SimEvent {
    /// What happened, with its typed fields. Names (threads, run loops, modes, objects, labels,
    /// messages) are ``Name``s of the run's ``NameTable``; instants and durations are integer
    /// nanoseconds.
    public enum Body: Sendable, Hashable {
        /// `run.start`: The run begins: its variant, seed and planned end.
        case runStart(variant: Name, seed: Int64, until: SimInstant)
        /// `run.end`: The run ends; quiescent: nothing was left to happen.
        case runEnd(quiescent: Bool)
        /// `limit`: A limit (or an interrupt) stopped the run.
        case limit(kind: Name, message: Name)
        /// `crash`: The modelled app crashed.
        case crash(message: Name)
        /// `log`: A `log:` step.
        case log(text: Name)
        /// `check`: A `check:` step took a snapshot of the findings.
        case check(label: Name)
        /// `sample`: A `sample:` step recorded a value.
        case sample(name: Name, value: Int64)
        /// `thread.start`: A thread starts.
        case threadStart(kind: Name)
        /// `thread.exit`: A thread exits.
        case threadExit
        /// `thread.busy`: A `work:` step: the thread is busy for a duration.
        case threadBusy(duration: SimDuration)
        /// `thread.idle`: A pool thread goes idle.
        case threadIdle
        /// `obj.alloc`: An instance (or timer, source, …) is allocated.
        case objectAlloc(object: Name, className: Name)
        /// `obj.alloc`: A block literal is copied to the heap, with its captures (`strong self`, …).
        case blockAlloc(object: Name, className: Name, captures: [Name])
        /// `obj.dealloc.begin`: An object's last strong reference went: its `dealloc` starts.
        case deallocBegin(object: Name)
        /// `obj.dealloc`: An object is freed.
        case dealloc(object: Name)
        /// `obj.dangling`: An object was freed while references taken during its dealloc remain.
        case dangling(object: Name, references: Int64)
        /// `obj.let-go`: The scenario let an object go: alive at the end, it is a finding.
        case letGo(object: Name, reason: Name)
        /// `release`: A `release:` step.
        case release(object: Name)
        /// `pool.drain`: An autorelease pool drains.
        case poolDrain(objects: Int64, reason: Name)
        /// `rl.create`: A thread's run loop is made on first use.
        case runLoopCreate(runLoop: Name)
        /// `rl.run`: `CFRunLoopRunSpecific` is entered.
        case runLoopRun(runLoop: Name, mode: Name, deadline: SimInstant, poll: Bool)
        /// `rl.invalid-mode`: Running the common pseudo-mode is refused.
        case invalidMode(message: Name)
        /// `rl.activity`: Observers of an activity are notified (`__CFRunLoopDoObservers`).
        case activity(activity: Name, mode: Name)
        /// `rl.dispatch-peek`: A pending main-queue message is handled without sleeping.
        case dispatchPeek(mode: Name)
        /// `rl.sleep`: The thread sleeps on its wait set.
        case sleep(mode: Name, ports: WaitSet)
        /// `rl.wake`: The thread wakes: which port's message it took.
        case wake(mode: Name, port: Name)
        /// `rl.timers.none-due`: The timer port woke the loop and no timer was due.
        case noTimerDue(mode: Name)
        /// `rl.exit`: `CFRunLoopRunSpecific` returns (entered: false when the mode was empty at entry).
        case runLoopExit(mode: Name, result: Name, entered: Bool)
        /// `rl.timeout`: An activation's deadline passed.
        case runLoopTimeout(runLoop: Name)
        /// `rl.common-mode`: `CFRunLoopAddCommonMode`.
        case commonModeAdd(runLoop: Name, mode: Name)
        /// `rl.perform-block`: `CFRunLoopPerformBlock`.
        case performBlock(runLoop: Name, mode: Name, block: Name)
        /// `rl.observer.add`: `CFRunLoopAddObserver`.
        case observerAdd(runLoop: Name, mode: Name, order: Int64)
        /// `rl.finalize`: A run loop is torn down with its thread.
        case runLoopFinalize(runLoop: Name)
        /// `nsrunloop.runmode.empty`: `-[NSRunLoop runMode:beforeDate:]` returned NO at once: the mode is empty.
        case runModeEmpty(mode: Name)
        /// `observer.callout`: An observer's block is called.
        case observerCallout(activity: Name, order: Int64)
        /// `block.callout`: A block queued with `CFRunLoopPerformBlock` is called.
        case blockCallout(block: Name)
        /// `source.signal`: `CFRunLoopSourceSignal`.
        case sourceSignal(source: Name)
        /// `source.callout`: A signalled version-0 source is handled.
        case sourceCallout(source: Name)
        /// `wakeup.send`: `CFRunLoopWakeUp`.
        case wakeUpSend(runLoop: Name)
        /// `wakeup.dropped`: `CFRunLoopWakeUp` on a loop that is not running or ignores wake-ups.
        case wakeUpDropped(runLoop: Name, why: Name)
        /// `stop`: `CFRunLoopStop`.
        case stop(runLoop: Name)
        /// `stop.dropped`: `CFRunLoopStop` on a loop that is not running.
        case stopDropped(runLoop: Name)
        /// `user.action`: A scripted user action reaches UIKit's event source.
        case userAction(label: Name)
        /// `user.deliver`: UIKit's event source delivers a user action.
        case userDeliver(label: Name)
        /// `mainqueue.drain`: The main run loop drains the main queue.
        case mainQueueDrain(blocks: Int64)
        /// `timer.create`: An `NSTimer` is made.
        case timerCreate(timer: Name, interval: SimDuration, repeats: Bool, fireAt: SimInstant)
        /// `timer.add`: `CFRunLoopAddTimer`.
        case timerAdd(timer: Name, runLoop: Name, mode: Name)
        /// `timer.fire`: A timer fires in a run-loop pass: the slot it was due at and the latency.
        case timerFire(timer: Name, slot: SimInstant, latency: SimDuration)
        /// `timer.reschedule`: A repeating timer's next fire after a callout, and the slots skipped.
        case timerReschedule(timer: Name, next: SimInstant, skipped: Int64)
        /// `timer.invalidate`: `CFRunLoopTimerInvalidate`.
        case timerInvalidate(timer: Name, reason: Name)
        /// `timer.fire.manual`: `-[NSTimer fire]`.
        case timerFireManual(timer: Name)
        /// `timer.wasted`: A proxy swallowed a fire: its target was gone.
        case timerWasted(timer: Name)
        /// `port.arm`: A mode's timer port is armed (`__CFArmNextTimerInMode`).
        case portArm(runLoop: Name, mode: Name, deadline: SimInstant)
        /// `port.cancel`: A mode's timer port is cancelled.
        case portCancel(runLoop: Name, mode: Name)
        /// `port.fire`: A mode's timer port posts its message; stale: no timer is due.
        case portFire(runLoop: Name, mode: Name, stale: Bool)
        /// `displaylink.create`: A `CADisplayLink` is made.
        case displayLinkCreate(link: Name, fps: Int64)
        /// `dispatch.async`: `dispatch_async`.
        case dispatchAsync(queue: Name, block: Name)
        /// `dispatch.after`: `dispatch_after`, with the instant it is due.
        case dispatchAfter(queue: Name, at: SimInstant, block: Name)
        /// `dsource.create`: A dispatch timer source is made.
        case sourceCreate(source: Name, start: SimInstant, interval: SimDuration?, wallClock: Bool)
        /// `dsource.fire`: A dispatch timer source's deadline passes.
        case sourceFire(source: Name, data: Int64)
        /// `dsource.handler`: A dispatch source's handler is called with its merged data.
        case sourceHandler(source: Name, data: Int64)
        /// `dsource.resume`: `dispatch_resume`.
        case sourceResume(source: Name)
        /// `dsource.suspend`: `dispatch_suspend`.
        case sourceSuspend(source: Name)
        /// `dsource.cancel`: `dispatch_source_cancel`.
        case sourceCancel(source: Name)
        /// `dsource.cancel-callout`: A cancelled source's cancellation callout releases its handler.
        case sourceCancelCallout(source: Name)
        /// `sem.wait`: `dispatch_semaphore_wait` blocks, until a deadline or for ever.
        case semaphoreWait(semaphore: Name, timeout: SimInstant)
        /// `sem.signal`: `dispatch_semaphore_signal`.
        case semaphoreSignal(semaphore: Name)
        /// `sem.timeout`: A semaphore wait timed out.
        case semaphoreTimeout(semaphore: Name)
        /// `op.add`: An operation is added to an `NSOperationQueue`.
        case operationAdd(queue: Name, operation: Int64)
        /// `nc.add-block`: `addObserverForName:object:queue:usingBlock:`.
        case observerAddBlock(name: Name, token: Name, queue: Name)
        /// `nc.add-selector`: `addObserver:selector:name:object:`, and how the center holds the observer.
        case observerAddSelector(name: Name, observer: Name, held: Name)
        /// `nc.remove`: `removeObserver:`.
        case observerRemove(observer: Name, registrations: Int64)
        /// `kvo.add`: `addObserver:forKeyPath:options:context:`.
        case kvoAdd(observed: Name, keyPath: Name, observer: Name)
        /// `kvo.remove`: `removeObserver:forKeyPath:`.
        case kvoRemove(observed: Name, keyPath: Name, observer: Name)
        /// `kvo.notify`: A key path's value changes: its observer's `observeValueForKeyPath:…` is called.
        case kvoNotify(observed: Name, keyPath: Name, observer: Name)
        /// `port.add`: a port-based source added to a run loop's mode (`addPort:forMode:`, a stream scheduled).
        case portAdd(port: Name, runLoop: Name, mode: Name)
        /// `port.remove`: `removePort:forMode:`.
        case portRemove(port: Name, runLoop: Name, mode: Name)
        /// `port.send`: a message reaches a port; `queued` messages now wait on it (-1: the port is invalid, the
        /// message is dropped).
        case portSend(port: Name, queued: Int64)
        /// `nc.post`: `postNotificationName:object:`.
        case notificationPost(name: Name, observers: Int64)
        /// `nc.deliver`: A notification is delivered to an observer or block.
        case notificationDeliver(name: Name, to: Name)
        /// `nc.skip-dead-observer`: A zeroing-weak observer was gone: no delivery.
        case notificationSkipDead(name: Name)
        /// `nq.make`: A `NotificationQueue` is made: a thread's default queue on first use, or
        /// `NotificationQueue(notificationCenter:)`.
        case notificationQueueMake(queue: Name)
        /// `nq.enqueue`: `enqueue(_:postingStyle:coalesceMask:forModes:)`: `coalesced` waiting notifications were
        /// removed first.
        case notificationEnqueue(name: Name, style: Name, coalesced: Int64, queue: Name)
        /// `nq.drop`: A `.now` notification whose modes do not hold the thread's current mode: neither posted nor kept.
        case notificationQueueDrop(name: Name, mode: Name)
        /// `nq.dequeue`: `dequeueNotifications(matching:coalesceMask:)`.
        case notificationDequeue(name: Name, removed: Int64)
        /// `nq.post`: A notification queue's observer posts one waiting notification.
        case notificationQueuePost(name: Name, style: Name, queue: Name)
        /// `app.action`: An `app:` action (background, lock, …).
        case appAction(action: Name)
        /// `app.ignored`: An `app:` action on a variant with no app lifecycle.
        case appIgnored(action: Name, why: Name)
        /// `app.state`: The app's state changes.
        case appState(state: Name, deviceAsleep: Bool)
        /// `app.budget-expired`: The background-task budget ran out.
        case budgetExpired(tasks: Int64)
        /// `app.task.begin`: `beginBackgroundTaskWithExpirationHandler:`.
        case backgroundTaskBegin(task: Name)
        /// `app.task.end`: `endBackgroundTask:`.
        case backgroundTaskEnd(task: Name)
        /// `app.killed`: The system killed the app.
        case appKilled(why: Name)
        /// `device.wake`: The device wakes after sleeping for a duration.
        case deviceWake(slept: SimDuration)
        /// `ui.mode`: The main run loop switches mode for a scroll.
        case trackingMode(mode: Name)
        /// `ui.scroll`: A scroll starts; the main loop tracks until an instant.
        case scroll(until: SimInstant)
        /// `ui.push`: `pushViewController:animated:`.
        case push(controller: Name)
        /// `ui.pop`: `popViewControllerAnimated:` (or to the root).
        case pop(count: Int64)
        /// `ui.present`: `presentViewController:animated:completion:`.
        case present(controller: Name)
        /// `ui.present.refused`: A present refused: the presenter is already presenting.
        case presentRefused(controller: Name)
        /// `ui.dismiss`: `dismissViewControllerAnimated:completion:`.
        case dismiss(controller: Name, fromChild: Bool)
        /// `lock.acquire`: A thread takes a lock (`lock`, `try`, `lock(before:)`, `lock(whenCondition:)`; scenario
        /// format §7.14).
        case lockAcquire(lock: Name, depth: Int64)
        /// `lock.wait`: A lock is held (or its condition is not the one asked for): the thread blocks, until a deadline
        /// or for ever.
        case lockWait(lock: Name, holder: Name, timeout: SimInstant)
        /// `lock.release`: `unlock` (or a condition's wait) lets a lock go; depth: how many locks its owner still
        /// holds.
        case lockRelease(lock: Name, depth: Int64)
        /// `lock.timeout`: A lock's or condition's timed wait reached its deadline.
        case lockTimeout(lock: Name)
        /// `cond.wait`: `-[NSCondition wait]` or `waitUntilDate:`: the thread lets the mutex go and waits for a signal.
        case conditionWait(condition: Name, timeout: SimInstant)
        /// `cond.signal`: `-[NSCondition signal]` or `broadcast`; woken: how many waiters it took.
        case conditionSignal(condition: Name, broadcast: Bool, woken: Int64)

        /// The event's kind.
        public var kind: EventKind {
            switch self {
            case .runStart: .runStart
            case .runEnd: .runEnd
            case .limit: .limit
            case .crash: .crash
            case .log: .log
            case .check: .check
            case .sample: .sample
            case .threadStart: .threadStart
            case .threadExit: .threadExit
            case .threadBusy: .threadBusy
            case .threadIdle: .threadIdle
            case .objectAlloc: .objectAlloc
            case .blockAlloc: .blockAlloc
            case .deallocBegin: .deallocBegin
            case .dealloc: .dealloc
            case .dangling: .dangling
            case .letGo: .letGo
            case .release: .release
            case .poolDrain: .poolDrain
            case .runLoopCreate: .runLoopCreate
            case .runLoopRun: .runLoopRun
            case .invalidMode: .invalidMode
            case .activity: .activity
            case .dispatchPeek: .dispatchPeek
            case .sleep: .sleep
            case .wake: .wake
            case .noTimerDue: .noTimerDue
            case .runLoopExit: .runLoopExit
            case .runLoopTimeout: .runLoopTimeout
            case .commonModeAdd: .commonModeAdd
            case .performBlock: .performBlock
            case .observerAdd: .observerAdd
            case .runLoopFinalize: .runLoopFinalize
            case .runModeEmpty: .runModeEmpty
            case .observerCallout: .observerCallout
            case .blockCallout: .blockCallout
            case .sourceSignal: .sourceSignal
            case .sourceCallout: .sourceCallout
            case .wakeUpSend: .wakeUpSend
            case .wakeUpDropped: .wakeUpDropped
            case .stop: .stop
            case .stopDropped: .stopDropped
            case .userAction: .userAction
            case .userDeliver: .userDeliver
            case .mainQueueDrain: .mainQueueDrain
            case .timerCreate: .timerCreate
            case .timerAdd: .timerAdd
            case .timerFire: .timerFire
            case .timerReschedule: .timerReschedule
            case .timerInvalidate: .timerInvalidate
            case .timerFireManual: .timerFireManual
            case .timerWasted: .timerWasted
            case .portArm: .portArm
            case .portCancel: .portCancel
            case .portFire: .portFire
            case .displayLinkCreate: .displayLinkCreate
            case .dispatchAsync: .dispatchAsync
            case .dispatchAfter: .dispatchAfter
            case .sourceCreate: .sourceCreate
            case .sourceFire: .sourceFire
            case .sourceHandler: .sourceHandler
            case .sourceResume: .sourceResume
            case .sourceSuspend: .sourceSuspend
            case .sourceCancel: .sourceCancel
            case .sourceCancelCallout: .sourceCancelCallout
            case .semaphoreWait: .semaphoreWait
            case .semaphoreSignal: .semaphoreSignal
            case .semaphoreTimeout: .semaphoreTimeout
            case .operationAdd: .operationAdd
            case .observerAddBlock: .observerAddBlock
            case .observerAddSelector: .observerAddSelector
            case .observerRemove: .observerRemove
            case .kvoAdd: .kvoAdd
            case .kvoRemove: .kvoRemove
            case .kvoNotify: .kvoNotify
            case .portAdd: .portAdd
            case .portRemove: .portRemove
            case .portSend: .portSend
            case .notificationPost: .notificationPost
            case .notificationDeliver: .notificationDeliver
            case .notificationSkipDead: .notificationSkipDead
            case .notificationQueueMake: .notificationQueueMake
            case .notificationEnqueue: .notificationEnqueue
            case .notificationQueueDrop: .notificationQueueDrop
            case .notificationDequeue: .notificationDequeue
            case .notificationQueuePost: .notificationQueuePost
            case .appAction: .appAction
            case .appIgnored: .appIgnored
            case .appState: .appState
            case .budgetExpired: .budgetExpired
            case .backgroundTaskBegin: .backgroundTaskBegin
            case .backgroundTaskEnd: .backgroundTaskEnd
            case .appKilled: .appKilled
            case .deviceWake: .deviceWake
            case .trackingMode: .trackingMode
            case .scroll: .scroll
            case .push: .push
            case .pop: .pop
            case .present: .present
            case .presentRefused: .presentRefused
            case .dismiss: .dismiss
            case .lockAcquire: .lockAcquire
            case .lockWait: .lockWait
            case .lockRelease: .lockRelease
            case .lockTimeout: .lockTimeout
            case .conditionWait: .conditionWait
            case .conditionSignal: .conditionSignal
            }
        }
    }
}

extension SimEvent.Body {
    /// Hands each field to `visitor`, in the order the trace line writes them, with its JSON key: the
    /// one walk the JSON encoder, the fingerprint and the views share.
    @inline(__always)
    public func visitFields<V: EventFieldVisitor>(_ visitor: inout V) {
        switch self {
        case .runStart(let variant, let seed, let until):
            visitor.name("variant", variant)
            visitor.int("seed", seed)
            visitor.instant("until", until)
        case .runEnd(let quiescent):
            visitor.bool("quiescent", quiescent)
        case .limit(let kind, let message):
            visitor.name("kind", kind)
            visitor.name("message", message)
        case .crash(let message):
            visitor.name("message", message)
        case .log(let text):
            visitor.name("text", text)
        case .check(let label):
            visitor.name("label", label)
        case .sample(let name, let value):
            visitor.name("name", name)
            visitor.int("value", value)
        case .threadStart(let kind):
            visitor.name("kind", kind)
        case .threadExit: break
        case .threadBusy(let duration):
            visitor.duration("for_ns", duration)
        case .threadIdle: break
        case .objectAlloc(let object, let className):
            visitor.name("object", object)
            visitor.name("class", className)
        case .blockAlloc(let object, let className, let captures):
            visitor.name("object", object)
            visitor.name("class", className)
            visitor.names("captures", captures)
        case .deallocBegin(let object):
            visitor.name("object", object)
        case .dealloc(let object):
            visitor.name("object", object)
        case .dangling(let object, let references):
            visitor.name("object", object)
            visitor.int("references", references)
        case .letGo(let object, let reason):
            visitor.name("object", object)
            visitor.name("reason", reason)
        case .release(let object):
            visitor.name("object", object)
        case .poolDrain(let objects, let reason):
            visitor.int("objects", objects)
            visitor.name("at", reason)
        case .runLoopCreate(let runLoop):
            visitor.name("runloop", runLoop)
        case .runLoopRun(let runLoop, let mode, let deadline, let poll):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
            visitor.instant("deadline", deadline)
            visitor.bool("poll", poll)
        case .invalidMode(let message):
            visitor.name("message", message)
        case .activity(let activity, let mode):
            visitor.name("activity", activity)
            visitor.name("mode", mode)
        case .dispatchPeek(let mode):
            visitor.name("mode", mode)
        case .sleep(let mode, let ports):
            visitor.name("mode", mode)
            visitor.waitSet("ports", ports)
        case .wake(let mode, let port):
            visitor.name("mode", mode)
            visitor.name("port", port)
        case .noTimerDue(let mode):
            visitor.name("mode", mode)
        case .runLoopExit(let mode, let result, let entered):
            visitor.name("mode", mode)
            visitor.name("result", result)
            visitor.entered("entered", entered)
        case .runLoopTimeout(let runLoop):
            visitor.name("runloop", runLoop)
        case .commonModeAdd(let runLoop, let mode):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
        case .performBlock(let runLoop, let mode, let block):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
            visitor.name("block", block)
        case .observerAdd(let runLoop, let mode, let order):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
            visitor.int("order", order)
        case .runLoopFinalize(let runLoop):
            visitor.name("runloop", runLoop)
        case .runModeEmpty(let mode):
            visitor.name("mode", mode)
        case .observerCallout(let activity, let order):
            visitor.name("activity", activity)
            visitor.int("order", order)
        case .blockCallout(let block):
            visitor.name("block", block)
        case .sourceSignal(let source):
            visitor.name("source", source)
        case .sourceCallout(let source):
            visitor.name("source", source)
        case .wakeUpSend(let runLoop):
            visitor.name("runloop", runLoop)
        case .wakeUpDropped(let runLoop, let why):
            visitor.name("runloop", runLoop)
            visitor.name("why", why)
        case .stop(let runLoop):
            visitor.name("runloop", runLoop)
        case .stopDropped(let runLoop):
            visitor.name("runloop", runLoop)
        case .userAction(let label):
            visitor.name("label", label)
        case .userDeliver(let label):
            visitor.name("label", label)
        case .mainQueueDrain(let blocks):
            visitor.int("blocks", blocks)
        case .timerCreate(let timer, let interval, let repeats, let fireAt):
            visitor.name("timer", timer)
            visitor.duration("interval_ns", interval)
            visitor.bool("repeats", repeats)
            visitor.instant("fire_at", fireAt)
        case .timerAdd(let timer, let runLoop, let mode):
            visitor.name("timer", timer)
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
        case .timerFire(let timer, let slot, let latency):
            visitor.name("timer", timer)
            visitor.instant("slot", slot)
            visitor.duration("latency_ns", latency)
        case .timerReschedule(let timer, let next, let skipped):
            visitor.name("timer", timer)
            visitor.instant("next", next)
            visitor.int("skipped", skipped)
        case .timerInvalidate(let timer, let reason):
            visitor.name("timer", timer)
            visitor.name("reason", reason)
        case .timerFireManual(let timer):
            visitor.name("timer", timer)
        case .timerWasted(let timer):
            visitor.name("timer", timer)
        case .portArm(let runLoop, let mode, let deadline):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
            visitor.instant("deadline", deadline)
        case .portCancel(let runLoop, let mode):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
        case .portFire(let runLoop, let mode, let stale):
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
            visitor.bool("stale", stale)
        case .displayLinkCreate(let link, let fps):
            visitor.name("link", link)
            visitor.int("fps", fps)
        case .dispatchAsync(let queue, let block):
            visitor.name("queue", queue)
            visitor.name("block", block)
        case .dispatchAfter(let queue, let at, let block):
            visitor.name("queue", queue)
            visitor.instant("at", at)
            visitor.name("block", block)
        case .sourceCreate(let source, let start, let interval, let wallClock):
            visitor.name("source", source)
            visitor.instant("start", start)
            visitor.optionalDuration("interval_ns", interval)
            visitor.bool("wall", wallClock)
        case .sourceFire(let source, let data):
            visitor.name("source", source)
            visitor.int("data", data)
        case .sourceHandler(let source, let data):
            visitor.name("source", source)
            visitor.int("data", data)
        case .sourceResume(let source):
            visitor.name("source", source)
        case .sourceSuspend(let source):
            visitor.name("source", source)
        case .sourceCancel(let source):
            visitor.name("source", source)
        case .sourceCancelCallout(let source):
            visitor.name("source", source)
        case .semaphoreWait(let semaphore, let timeout):
            visitor.name("semaphore", semaphore)
            visitor.instant("timeout", timeout)
        case .semaphoreSignal(let semaphore):
            visitor.name("semaphore", semaphore)
        case .semaphoreTimeout(let semaphore):
            visitor.name("semaphore", semaphore)
        case .operationAdd(let queue, let operation):
            visitor.name("queue", queue)
            visitor.int("op", operation)
        case .observerAddBlock(let name, let token, let queue):
            visitor.name("name", name)
            visitor.name("token", token)
            visitor.name("queue", queue)
        case .observerAddSelector(let name, let observer, let held):
            visitor.name("name", name)
            visitor.name("observer", observer)
            visitor.name("held", held)
        case .observerRemove(let observer, let registrations):
            visitor.name("observer", observer)
            visitor.int("registrations", registrations)
        case .kvoAdd(let observed, let keyPath, let observer):
            visitor.name("object", observed)
            visitor.name("keyPath", keyPath)
            visitor.name("observer", observer)
        case .kvoRemove(let observed, let keyPath, let observer):
            visitor.name("object", observed)
            visitor.name("keyPath", keyPath)
            visitor.name("observer", observer)
        case .kvoNotify(let observed, let keyPath, let observer):
            visitor.name("object", observed)
            visitor.name("keyPath", keyPath)
            visitor.name("observer", observer)
        case .portAdd(let port, let runLoop, let mode):
            visitor.name("port", port)
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
        case .portRemove(let port, let runLoop, let mode):
            visitor.name("port", port)
            visitor.name("runloop", runLoop)
            visitor.name("mode", mode)
        case .portSend(let port, let queued):
            visitor.name("port", port)
            visitor.int("queued", queued)
        case .notificationPost(let name, let observers):
            visitor.name("name", name)
            visitor.int("observers", observers)
        case .notificationDeliver(let name, let to):
            visitor.name("name", name)
            visitor.name("to", to)
        case .notificationSkipDead(let name):
            visitor.name("name", name)
        case .notificationQueueMake(let queue):
            visitor.name("queue", queue)
        case .notificationEnqueue(let name, let style, let coalesced, let queue):
            visitor.name("name", name)
            visitor.name("style", style)
            visitor.int("coalesced", coalesced)
            visitor.name("queue", queue)
        case .notificationQueueDrop(let name, let mode):
            visitor.name("name", name)
            visitor.name("mode", mode)
        case .notificationDequeue(let name, let removed):
            visitor.name("name", name)
            visitor.int("removed", removed)
        case .notificationQueuePost(let name, let style, let queue):
            visitor.name("name", name)
            visitor.name("style", style)
            visitor.name("queue", queue)
        case .appAction(let action):
            visitor.name("action", action)
        case .appIgnored(let action, let why):
            visitor.name("action", action)
            visitor.name("why", why)
        case .appState(let state, let deviceAsleep):
            visitor.name("state", state)
            visitor.bool("device_asleep", deviceAsleep)
        case .budgetExpired(let tasks):
            visitor.int("tasks", tasks)
        case .backgroundTaskBegin(let task):
            visitor.name("task", task)
        case .backgroundTaskEnd(let task):
            visitor.name("task", task)
        case .appKilled(let why):
            visitor.name("why", why)
        case .deviceWake(let slept):
            visitor.duration("slept_ns", slept)
        case .trackingMode(let mode):
            visitor.name("mode", mode)
        case .scroll(let until):
            visitor.instant("until", until)
        case .push(let controller):
            visitor.name("vc", controller)
        case .pop(let count):
            visitor.int("count", count)
        case .present(let controller):
            visitor.name("vc", controller)
        case .presentRefused(let controller):
            visitor.name("vc", controller)
        case .dismiss(let controller, let fromChild):
            visitor.name("vc", controller)
            visitor.bool("from_child", fromChild)
        case .lockAcquire(let lock, let depth):
            visitor.name("lock", lock)
            visitor.int("depth", depth)
        case .lockWait(let lock, let holder, let timeout):
            visitor.name("lock", lock)
            visitor.name("holder", holder)
            visitor.instant("timeout", timeout)
        case .lockRelease(let lock, let depth):
            visitor.name("lock", lock)
            visitor.int("depth", depth)
        case .lockTimeout(let lock):
            visitor.name("lock", lock)
        case .conditionWait(let condition, let timeout):
            visitor.name("condition", condition)
            visitor.instant("timeout", timeout)
        case .conditionSignal(let condition, let broadcast, let woken):
            visitor.name("condition", condition)
            visitor.bool("broadcast", broadcast)
            visitor.int("woken", woken)
        }
    }

    /// Reads an event of kind `kind` (its JSON name) from `reader`, field by field.
    /// - Throws: what `reader` throws for a missing or mistyped field; ``EventReadError`` for an
    ///   unknown kind.
    public init<R: EventFieldReader>(kind: String, reading reader: inout R) throws {
        switch kind {
        case "run.start":
            self = .runStart(
                variant: try reader.name("variant"),
                seed: try reader.int("seed"),
                until: try reader.instant("until"))
        case "run.end":
            self = .runEnd(quiescent: try reader.bool("quiescent"))
        case "limit":
            self = .limit(kind: try reader.name("kind"), message: try reader.name("message"))
        case "crash":
            self = .crash(message: try reader.name("message"))
        case "log":
            self = .log(text: try reader.name("text"))
        case "check":
            self = .check(label: try reader.name("label"))
        case "sample":
            self = .sample(name: try reader.name("name"), value: try reader.int("value"))
        case "thread.start":
            self = .threadStart(kind: try reader.name("kind"))
        case "thread.exit":
            self = .threadExit
        case "thread.busy":
            self = .threadBusy(duration: try reader.duration("for_ns"))
        case "thread.idle":
            self = .threadIdle
        case "obj.alloc":
            if reader.has("captures") {
                self = .blockAlloc(
                    object: try reader.name("object"),
                    className: try reader.name("class"),
                    captures: try reader.names("captures"))
            } else {
                self = .objectAlloc(object: try reader.name("object"), className: try reader.name("class"))
            }
        case "obj.dealloc.begin":
            self = .deallocBegin(object: try reader.name("object"))
        case "obj.dealloc":
            self = .dealloc(object: try reader.name("object"))
        case "obj.dangling":
            self = .dangling(object: try reader.name("object"), references: try reader.int("references"))
        case "obj.let-go":
            self = .letGo(object: try reader.name("object"), reason: try reader.name("reason"))
        case "release":
            self = .release(object: try reader.name("object"))
        case "pool.drain":
            self = .poolDrain(objects: try reader.int("objects"), reason: try reader.name("at"))
        case "rl.create":
            self = .runLoopCreate(runLoop: try reader.name("runloop"))
        case "rl.run":
            self = .runLoopRun(
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"),
                deadline: try reader.instant("deadline"),
                poll: try reader.bool("poll"))
        case "rl.invalid-mode":
            self = .invalidMode(message: try reader.name("message"))
        case "rl.activity":
            self = .activity(activity: try reader.name("activity"), mode: try reader.name("mode"))
        case "rl.dispatch-peek":
            self = .dispatchPeek(mode: try reader.name("mode"))
        case "rl.sleep":
            self = .sleep(mode: try reader.name("mode"), ports: try reader.waitSet("ports"))
        case "rl.wake":
            self = .wake(mode: try reader.name("mode"), port: try reader.name("port"))
        case "rl.timers.none-due":
            self = .noTimerDue(mode: try reader.name("mode"))
        case "rl.exit":
            self = .runLoopExit(
                mode: try reader.name("mode"),
                result: try reader.name("result"),
                entered: try reader.entered("entered"))
        case "rl.timeout":
            self = .runLoopTimeout(runLoop: try reader.name("runloop"))
        case "rl.common-mode":
            self = .commonModeAdd(runLoop: try reader.name("runloop"), mode: try reader.name("mode"))
        case "rl.perform-block":
            self = .performBlock(
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"),
                block: try reader.name("block"))
        case "rl.observer.add":
            self = .observerAdd(
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"),
                order: try reader.int("order"))
        case "rl.finalize":
            self = .runLoopFinalize(runLoop: try reader.name("runloop"))
        case "nsrunloop.runmode.empty":
            self = .runModeEmpty(mode: try reader.name("mode"))
        case "observer.callout":
            self = .observerCallout(activity: try reader.name("activity"), order: try reader.int("order"))
        case "block.callout":
            self = .blockCallout(block: try reader.name("block"))
        case "source.signal":
            self = .sourceSignal(source: try reader.name("source"))
        case "source.callout":
            self = .sourceCallout(source: try reader.name("source"))
        case "wakeup.send":
            self = .wakeUpSend(runLoop: try reader.name("runloop"))
        case "wakeup.dropped":
            self = .wakeUpDropped(runLoop: try reader.name("runloop"), why: try reader.name("why"))
        case "stop":
            self = .stop(runLoop: try reader.name("runloop"))
        case "stop.dropped":
            self = .stopDropped(runLoop: try reader.name("runloop"))
        case "user.action":
            self = .userAction(label: try reader.name("label"))
        case "user.deliver":
            self = .userDeliver(label: try reader.name("label"))
        case "mainqueue.drain":
            self = .mainQueueDrain(blocks: try reader.int("blocks"))
        case "timer.create":
            self = .timerCreate(
                timer: try reader.name("timer"),
                interval: try reader.duration("interval_ns"),
                repeats: try reader.bool("repeats"),
                fireAt: try reader.instant("fire_at"))
        case "timer.add":
            self = .timerAdd(
                timer: try reader.name("timer"),
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"))
        case "timer.fire":
            self = .timerFire(
                timer: try reader.name("timer"),
                slot: try reader.instant("slot"),
                latency: try reader.duration("latency_ns"))
        case "timer.reschedule":
            self = .timerReschedule(
                timer: try reader.name("timer"),
                next: try reader.instant("next"),
                skipped: try reader.int("skipped"))
        case "timer.invalidate":
            self = .timerInvalidate(timer: try reader.name("timer"), reason: try reader.name("reason"))
        case "timer.fire.manual":
            self = .timerFireManual(timer: try reader.name("timer"))
        case "timer.wasted":
            self = .timerWasted(timer: try reader.name("timer"))
        case "port.arm":
            self = .portArm(
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"),
                deadline: try reader.instant("deadline"))
        case "port.cancel":
            self = .portCancel(runLoop: try reader.name("runloop"), mode: try reader.name("mode"))
        case "port.fire":
            self = .portFire(
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"),
                stale: try reader.bool("stale"))
        case "displaylink.create":
            self = .displayLinkCreate(link: try reader.name("link"), fps: try reader.int("fps"))
        case "dispatch.async":
            self = .dispatchAsync(queue: try reader.name("queue"), block: try reader.name("block"))
        case "dispatch.after":
            self = .dispatchAfter(
                queue: try reader.name("queue"),
                at: try reader.instant("at"),
                block: try reader.name("block"))
        case "dsource.create":
            self = .sourceCreate(
                source: try reader.name("source"),
                start: try reader.instant("start"),
                interval: try reader.optionalDuration("interval_ns"),
                wallClock: try reader.bool("wall"))
        case "dsource.fire":
            self = .sourceFire(source: try reader.name("source"), data: try reader.int("data"))
        case "dsource.handler":
            self = .sourceHandler(source: try reader.name("source"), data: try reader.int("data"))
        case "dsource.resume":
            self = .sourceResume(source: try reader.name("source"))
        case "dsource.suspend":
            self = .sourceSuspend(source: try reader.name("source"))
        case "dsource.cancel":
            self = .sourceCancel(source: try reader.name("source"))
        case "dsource.cancel-callout":
            self = .sourceCancelCallout(source: try reader.name("source"))
        case "sem.wait":
            self = .semaphoreWait(semaphore: try reader.name("semaphore"), timeout: try reader.instant("timeout"))
        case "sem.signal":
            self = .semaphoreSignal(semaphore: try reader.name("semaphore"))
        case "sem.timeout":
            self = .semaphoreTimeout(semaphore: try reader.name("semaphore"))
        case "op.add":
            self = .operationAdd(queue: try reader.name("queue"), operation: try reader.int("op"))
        case "nc.add-block":
            self = .observerAddBlock(
                name: try reader.name("name"),
                token: try reader.name("token"),
                queue: try reader.name("queue"))
        case "nc.add-selector":
            self = .observerAddSelector(
                name: try reader.name("name"),
                observer: try reader.name("observer"),
                held: try reader.name("held"))
        case "nc.remove":
            self = .observerRemove(
                observer: try reader.name("observer"),
                registrations: try reader.int("registrations"))
        case "kvo.add":
            self = .kvoAdd(
                observed: try reader.name("object"),
                keyPath: try reader.name("keyPath"),
                observer: try reader.name("observer"))
        case "kvo.remove":
            self = .kvoRemove(
                observed: try reader.name("object"),
                keyPath: try reader.name("keyPath"),
                observer: try reader.name("observer"))
        case "kvo.notify":
            self = .kvoNotify(
                observed: try reader.name("object"),
                keyPath: try reader.name("keyPath"),
                observer: try reader.name("observer"))
        case "port.add":
            self = .portAdd(
                port: try reader.name("port"),
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"))
        case "port.remove":
            self = .portRemove(
                port: try reader.name("port"),
                runLoop: try reader.name("runloop"),
                mode: try reader.name("mode"))
        case "port.send":
            self = .portSend(port: try reader.name("port"), queued: try reader.int("queued"))
        case "nc.post":
            self = .notificationPost(name: try reader.name("name"), observers: try reader.int("observers"))
        case "nc.deliver":
            self = .notificationDeliver(name: try reader.name("name"), to: try reader.name("to"))
        case "nc.skip-dead-observer":
            self = .notificationSkipDead(name: try reader.name("name"))
        case "nq.make":
            self = .notificationQueueMake(queue: try reader.name("queue"))
        case "nq.enqueue":
            self = .notificationEnqueue(
                name: try reader.name("name"),
                style: try reader.name("style"),
                coalesced: try reader.int("coalesced"),
                queue: try reader.name("queue"))
        case "nq.drop":
            self = .notificationQueueDrop(name: try reader.name("name"), mode: try reader.name("mode"))
        case "nq.dequeue":
            self = .notificationDequeue(name: try reader.name("name"), removed: try reader.int("removed"))
        case "nq.post":
            self = .notificationQueuePost(
                name: try reader.name("name"),
                style: try reader.name("style"),
                queue: try reader.name("queue"))
        case "app.action":
            self = .appAction(action: try reader.name("action"))
        case "app.ignored":
            self = .appIgnored(action: try reader.name("action"), why: try reader.name("why"))
        case "app.state":
            self = .appState(state: try reader.name("state"), deviceAsleep: try reader.bool("device_asleep"))
        case "app.budget-expired":
            self = .budgetExpired(tasks: try reader.int("tasks"))
        case "app.task.begin":
            self = .backgroundTaskBegin(task: try reader.name("task"))
        case "app.task.end":
            self = .backgroundTaskEnd(task: try reader.name("task"))
        case "app.killed":
            self = .appKilled(why: try reader.name("why"))
        case "device.wake":
            self = .deviceWake(slept: try reader.duration("slept_ns"))
        case "ui.mode":
            self = .trackingMode(mode: try reader.name("mode"))
        case "ui.scroll":
            self = .scroll(until: try reader.instant("until"))
        case "ui.push":
            self = .push(controller: try reader.name("vc"))
        case "ui.pop":
            self = .pop(count: try reader.int("count"))
        case "ui.present":
            self = .present(controller: try reader.name("vc"))
        case "ui.present.refused":
            self = .presentRefused(controller: try reader.name("vc"))
        case "ui.dismiss":
            self = .dismiss(controller: try reader.name("vc"), fromChild: try reader.bool("from_child"))
        case "lock.acquire":
            self = .lockAcquire(lock: try reader.name("lock"), depth: try reader.int("depth"))
        case "lock.wait":
            self = .lockWait(
                lock: try reader.name("lock"),
                holder: try reader.name("holder"),
                timeout: try reader.instant("timeout"))
        case "lock.release":
            self = .lockRelease(lock: try reader.name("lock"), depth: try reader.int("depth"))
        case "lock.timeout":
            self = .lockTimeout(lock: try reader.name("lock"))
        case "cond.wait":
            self = .conditionWait(condition: try reader.name("condition"), timeout: try reader.instant("timeout"))
        case "cond.signal":
            self = .conditionSignal(
                condition: try reader.name("condition"),
                broadcast: try reader.bool("broadcast"),
                woken: try reader.int("woken"))
        default:
            throw EventReadError(message: "unknown event kind '\(kind)'")
        }
    }
}
