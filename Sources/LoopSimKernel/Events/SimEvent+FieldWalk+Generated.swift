// swift-format-ignore-file
// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
// once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
// rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

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
        case .timerSetFireDate(let timer, let next):
            visitor.name("timer", timer)
            visitor.instant("next", next)
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
        case .displayLinkRate(let link, let fps, let next):
            visitor.name("link", link)
            visitor.int("fps", fps)
            visitor.instant("next", next)
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
}
