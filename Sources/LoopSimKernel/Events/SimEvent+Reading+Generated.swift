// swift-format-ignore-file
// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
// once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
// rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

extension SimEvent.Body {
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
        case "timer.set-fire-date":
            self = .timerSetFireDate(timer: try reader.name("timer"), next: try reader.instant("next"))
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
        case "displaylink.rate":
            self = .displayLinkRate(
                link: try reader.name("link"),
                fps: try reader.int("fps"),
                next: try reader.instant("next"))
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
