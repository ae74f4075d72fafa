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
    case timerSetFireDate
    case timerInvalidate
    case timerFireManual
    case timerWasted
    case portArm
    case portCancel
    case portFire
    case displayLinkCreate
    case displayLinkRate
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
        case .timerSetFireDate: "timer.set-fire-date"
        case .timerInvalidate: "timer.invalidate"
        case .timerFireManual: "timer.fire.manual"
        case .timerWasted: "timer.wasted"
        case .portArm: "port.arm"
        case .portCancel: "port.cancel"
        case .portFire: "port.fire"
        case .displayLinkCreate: "displaylink.create"
        case .displayLinkRate: "displaylink.rate"
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
