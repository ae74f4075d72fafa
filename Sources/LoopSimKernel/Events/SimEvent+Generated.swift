// swift-format-ignore-file
// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
// once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
// rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

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
        /// `timer.set-fire-date`: `CFRunLoopTimerSetNextFireDate` (`-[NSTimer setFireDate:]`): the timer's next fire,
        /// never before now.
        case timerSetFireDate(timer: Name, next: SimInstant)
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
        /// `displaylink.rate`: `preferredFramesPerSecond` set the display link's frame rate; its next frame is on the
        /// new grid.
        case displayLinkRate(link: Name, fps: Int64, next: SimInstant)
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
            case .timerSetFireDate: .timerSetFireDate
            case .timerInvalidate: .timerInvalidate
            case .timerFireManual: .timerFireManual
            case .timerWasted: .timerWasted
            case .portArm: .portArm
            case .portCancel: .portCancel
            case .portFire: .portFire
            case .displayLinkCreate: .displayLinkCreate
            case .displayLinkRate: .displayLinkRate
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
