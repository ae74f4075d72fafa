extension LeakAnalysis {
    /// Why a thread waits at an instant with nothing of its own to wake it: asleep in its run loop with no armed
    /// timer port, deadline, wake-up or port message, or blocked without a timeout.
    private enum Wait {
        /// Asleep in `loop`'s activation in mode `mode`.
        case loop(SimThread, SimRunLoop, RunLoopMode)
        /// Blocked on a semaphore or group (`dispatch_semaphore_wait`, `dispatch_group_wait`, or an internal one).
        case semaphore(SimThread, HeapObject?)
        /// Blocked in `dispatch_sync` or `dispatch_once`, with the chain of holders: nothing the app holds can
        /// release it (docs/scenario-format.md §10, "Parked threads").
        case chain(SimThread, String)
        /// Blocked on a Foundation lock (``Locks/lockWait(of:)``): for its holder to unlock it, or, with no holder, for
        /// a signal or an `NSConditionLock`'s condition.
        case lock(SimThread, HeapObject, holder: Int?, forSignal: Bool)

        var thread: SimThread {
            switch self {
            case .loop(let t, _, _), .semaphore(let t, _), .chain(let t, _), .lock(let t, _, _, _): t
            }
        }
    }

    /// The threads asleep or blocked for ever (parked) and those that only something the app or the simulation
    /// still holds can wake (waiting), in thread order, those asleep in a run loop first
    /// (docs/scenario-format.md §10, "Parked threads").
    ///
    /// The rule is reachability, not a case per scenario: a thread with nothing of its own to wake it (no armed
    /// timer port, no deadline, no pending wake-up, no queued port message; no wait timeout) is *waiting* while
    /// something that will still act reaches what can wake it, and *parked* otherwise. What will still act
    /// (``Actors``): the app's own references and its main queue when the main thread is not stuck itself (the
    /// user's actions and main-queue blocks run on it), every other queue's pending blocks, `dispatch_after` and
    /// operations, the notification center's observers, and each thread that is neither stuck, idle in the pool
    /// nor exited — its frames, and its run loop's items. What can wake a thread asleep in run loop `rl`: `rl`
    /// itself (`CFRunLoopWakeUp`, `CFRunLoopStop`, `performSelector:onThread:` with a run-loop value), its thread
    /// (`performSelector:onThread:`), or a port in the mode it sleeps in (a message to it wakes it: mach_msg in
    /// `__CFRunLoopServiceMachPort`). A version-0 source does not count alone: `CFRunLoopSourceSignal` only marks
    /// it, and the app needs the run loop to call `CFRunLoopWakeUp`. What can wake a thread blocked on a semaphore
    /// or group: the semaphore or group (signal, leave). A thread woken this way acts too, so the rule is applied
    /// until nothing changes. A `dispatch_sync`/`dispatch_once` chain is parked: no reference releases it.
    func threadWaits() -> (parked: [ParkedThread], waiting: [WaitingThread]) {
        let w = threadWaitsWithIDs()
        return (w.parked, w.waiting)
    }

    /// The Swift tasks suspended at this instant with nothing of their own to resume them, apart from the threads:
    /// a suspended task holds no thread — its async frame is a heap object that whatever would resume it refers to,
    /// and the thread that ran it goes on (SE-0296: at a suspension point "the thread is given up"). Suspended for
    /// ever: on a continuation freed unresumed (``Continuations``). Waiting: on a continuation still held, then in
    /// an AsyncStream's `next()` (``Streams``), each in the order they were made (docs/scenario-format.md §10,
    /// "Suspended tasks").
    func taskWaits() -> (suspended: [SuspendedTask], waiting: [SuspendedTask]) {
        let continuations = kernel.tasks.continuations.waits(kernel.tasks)
        let streams = kernel.tasks.streams.waits(kernel.tasks)
        return (continuations.suspended, continuations.waiting + streams)
    }

    /// ``threadWaits()`` with the ids of the parked threads, computed once an analysis.
    func threadWaitsWithIDs() -> (parked: [ParkedThread], waiting: [WaitingThread], parkedIDs: [Int]) {
        if let w = cache.waits { return w }
        let w = computeThreadWaits()
        cache.waits = w
        return w
    }

    private func computeThreadWaits() -> (parked: [ParkedThread], waiting: [WaitingThread], parkedIDs: [Int]) {
        var waits: [Wait] = []
        for t in kernel.threads.all where t.state == .sleeping && !t.isMain {
            // The main thread asleep in UIApplicationMain's loop is never stuck: the system's event source (touches,
            // the user's actions) can always wake it.
            guard let rlID = t.runLoopID, let a = kernel.runLoops[rlID].currentActivation else { continue }
            let rl = kernel.runLoops[rlID]
            let canWake =
                a.timeoutEntry != nil || a.mode.port.entry != nil || a.mode.port.pendingMessage
                || rl.wakeUpPort.hasMessage
            if canWake { continue }
            let ports = a.mode.sources1.compactMap { heap.object($0) }
            if ports.contains(where: { $0.source!.queuedMessages > 0 || $0.source!.scheduledDeliveries > 0 }) {
                continue
            }
            waits.append(.loop(t, rl, a.mode))
        }
        for t in kernel.threads.all where t.state == .blocked && t.waitTimeoutEntry == nil {
            if let w = kernel.locks.lockWait(of: t) {
                waits.append(.lock(t, w.lock, holder: w.holder, forSignal: w.forSignal))
            } else if let chain = kernel.dispatch.waitChain(of: t.id, kernel) {
                waits.append(.chain(t, chain))
            } else {
                waits.append(.semaphore(t, t.blockedOn.flatMap { heap.object($0) }))
            }
        }
        guard !waits.isEmpty else { return ([], [], []) }
        var stuck = Set(waits.map(\.thread.id))
        var woken: [Int: String] = [:]
        while true {
            let actors = Actors(self, stuck: stuck)
            var grew = false
            for wait in waits where stuck.contains(wait.thread.id) {
                guard let reason = wakeReason(wait, actors, stuck: stuck) else { continue }
                woken[wait.thread.id] = reason
                stuck.remove(wait.thread.id)
                grew = true
            }
            if !grew { break }
        }
        var parked: [ParkedThread] = []
        var waiting: [WaitingThread] = []
        var parkedIDs: [Int] = []
        for wait in waits {
            let t = wait.thread
            let since = t.state == .sleeping ? t.sleepingSince : t.blockedSince
            if let reason = woken[t.id] {
                waiting.append(WaitingThread(name: t.name, since: since, reason: reason))
            } else {
                parked.append(ParkedThread(name: t.name, since: since, reason: parkedReason(wait, parked: stuck)))
                parkedIDs.append(t.id)
            }
        }
        return (parked, waiting, parkedIDs)
    }

    /// What the actors hold that can wake `wait`'s thread, in words; nil when nothing can. A lock's holder can
    /// unlock it while it is not `stuck` itself.
    private func wakeReason(_ wait: Wait, _ actors: Actors, stuck: Set<Int>) -> String? {
        switch wait {
        case .chain:
            return nil
        case .lock(let t, let o, let holder, let forSignal):
            return lockWakeReason(t, o, holder: holder, forSignal: forSignal, actors.objects, stuck: stuck)
        case .loop(let t, let rl, let mode):
            let asleep = "asleep in \(rl.name) mode \(mode.shortName)"
            if let holder = actors.loops[rl.id] {
                return "\(asleep): \(holder) holds its run loop (CFRunLoopWakeUp, CFRunLoopStop or "
                    + "performSelector:onThread: wake it)"
            }
            if let holder = actors.threads[t.id] {
                return "\(asleep): \(holder) holds its thread (performSelector:onThread: wakes it)"
            }
            for port in mode.sources1 {
                if let holder = actors.objects[Int(port.index)], let o = heap.object(port) {
                    return "\(asleep): \(holder) holds \(o.displayName), which it can send to"
                }
            }
            return nil
        case .semaphore(_, let o):
            guard let o, let holder = actors.objects[Int(o.id.index)] else { return nil }
            let verb = o.semaphore?.isGroup == true ? "dispatch_group_wait" : "dispatch_semaphore_wait"
            let action = o.semaphore?.isGroup == true ? "leave" : "signal"
            return "blocked in \(verb) on \(o.displayName), which \(holder) holds and can \(action)"
        }
    }

    /// Why `wait`'s thread is parked, in the app's words: the mode and what keeps it, the wait chain, or the
    /// semaphore by the name the app gave it (`vc.done`) or, for one Foundation makes, by the call that waits on it.
    private func parkedReason(_ wait: Wait, parked: Set<Int>) -> String {
        switch wait {
        case .chain(_, let chain):
            return chain
        case .lock(let t, let o, _, let forSignal):
            return lockParkedReason(t, o, forSignal: forSignal)
        case .loop(let t, let rl, let mode):
            let ports = mode.sources1.compactMap { heap.object($0) }
            let names = ports.map(\.displayName).joined(separator: ", ")
            let what =
                !ports.isEmpty
                ? "kept alive by \(names), which nothing can send to any more"
                : kernel.runLoops.isModeEmpty(rl, mode.name, on: t)
                    ? "an empty mode"
                    : "a mode whose items never fire"
            return "asleep in \(rl.name) mode \(mode.shortName) (\(what)): no armed timer port, no deadline, "
                + "no pending wake-up, and nothing the app holds can wake it"
        case .semaphore(_, let o):
            guard let o else { return "waiting for ever on a semaphore, which nothing signalled" }
            if o.isInternal {
                if let (queue, count) = kernel.operations.finishWait(on: o.id) {
                    return "waiting for ever in waitUntilAllOperationsAreFinished on operation queue \(queue): "
                        + "\(count) operation(s) never finished"
                }
                if let operation = kernel.operations.operationWait(on: o.id) {
                    let name = heap.object(operation).map { appName(of: $0) } ?? "an operation"
                    return "waiting for ever in waitUntilFinished on \(name), which never finishes"
                        + whyNeverStarts(operation, parked: parked)
                }
                if let (loop, method) = kernel.runLoops.performWait(on: o.id) {
                    return "waiting for ever in performSelector:onThread:…waitUntilDone:YES for \(method) on "
                        + "\(loop), which never performs it"
                }
                if let queue = kernel.dispatch.postWait(on: o.id) {
                    return "waiting for ever in postNotification until an observer's block runs on \(queue), "
                        + "which never runs it"
                }
            }
            let name = appName(of: o)
            return o.semaphore?.isGroup == true
                ? "waiting for ever in dispatch_group_wait on \(name): \(o.semaphore!.value) enter(s) never left"
                : "waiting for ever in dispatch_semaphore_wait on \(name), which nothing signalled"
        }
    }

    /// Why enqueued operation `operation` never starts, when it waits behind stuck running operations that fill
    /// its queue's width (``StuckWork``): ": it is queued behind X (running on worker-1, parked) on operation queue
    /// Q of maxConcurrentOperationCount 1"; empty otherwise.
    private func whyNeverStarts(_ operation: ObjectID, parked: Set<Int>) -> String {
        guard let q = stuckWork(parked: parked).stuckOperationQueues[operation.index] else { return "" }
        let running = q.running.map { op, thread in
            let name = heap.object(op).map { appName(of: $0) } ?? "an operation"
            let on =
                thread.map { "running on \(kernel.threads[$0].name), parked" }
                ?? "its block queued on the main queue, whose thread is parked"
            return "\(name) (\(on))"
        }
        let own = q.maxConcurrent < 0 ? Int.max : q.maxConcurrent
        return ": it is queued behind \(running.joined(separator: ", ")) on operation queue \(q.name) of "
            + "maxConcurrentOperationCount " + (q.maxConcurrent < 0 ? "default" : "\(q.maxConcurrent)")
            + (q.width == own ? "" : " (\(q.width) at once: the pool's width)")
    }

    /// `o` by the name the app gave it: the first `main:` local or field of a live object that refers to it
    /// (`settings.done`, `vc.done`), with its own name after it; its own name when nothing names it.
    func appName(of o: HeapObject) -> String {
        let env = kernel.app.environment
        for (i, value) in env.locals.enumerated() where value == .object(o.id) {
            return "\(env.names[i]) (\(o.displayName))"
        }
        for index in 0..<heap.indexLimit {
            guard let owner = heap.object(atIndex: index), owner.isScenarioMade, owner.state == .alive else { continue }
            for i in 0..<owner.slotCount where owner[slot: i] == .object(o.id) {
                return "\(owner.label).\(owner.slotNames[i]) (\(o.displayName))"
            }
        }
        return o.displayName
    }

    /// What will still act in the simulation, given the threads that are `stuck` (``threadWaits()``), and what it
    /// reaches: objects, run loops and threads, each with the words for its first holder (`uploader.loop`, `main's
    /// uploader`). The search follows every reference a live object holds, strong or not: the app can message
    /// what a weak or unretained reference points to while it lives.
    private struct Actors {
        /// The first holder of each reached object, by heap slot.
        var objects: [String?]
        /// The first holder of each run loop (by id) and thread (by id) held as a value.
        var loops: [Int: String] = [:]
        var threads: [Int: String] = [:]

        init(_ analysis: LeakAnalysis, stuck: Set<Int>) {
            let k = analysis.kernel
            let heap = analysis.heap
            objects = [String?](repeating: nil, count: heap.indexLimit)
            var frontier: [ObjectID] = []
            func reach(_ value: Value, _ holder: @autoclosure () -> String) {
                switch value {
                case .object(let id):
                    guard heap.contains(id), objects[Int(id.index)] == nil else { return }
                    objects[Int(id.index)] = holder()
                    frontier.append(id)
                case .runLoop(let id): if loops[id] == nil { loops[id] = holder() }
                case .thread(let id): if threads[id] == nil { threads[id] = holder() }
                case .array, .dictionary: for element in value.heldElements ?? [] { reach(element, holder()) }
                default: break
                }
            }
            func reach(_ ids: some Sequence<ObjectID>, _ holder: String) {
                for id in ids { reach(.object(id), holder) }
            }
            let mainActs = !stuck.contains(0)
            if mainActs {
                let env = k.app.environment
                for (i, value) in env.locals.enumerated() { reach(value, "the app's \(env.names[i])") }
                for o in heap.declaredRoots { reach(.object(o.id), "singleton \(o.className)") }
            }
            // Queued blocks; not an entered group's hold on itself, nor its notify blocks, which run only once the
            // group empties (what would empty it is what the search looks for).
            // Work stuck behind a thread not (yet) seen woken acts no more than that thread (``StuckWork``).
            let stuckWork = analysis.stuckWork(parked: stuck)
            for (queue, held) in k.dispatch.queuedObjects() where !stuckWork.queueNeverRuns(queue) {
                reach(held, "queue \(queue)")
            }
            reach(k.dispatch.pendingAfterBlocks, "a dispatch_after block")
            for (queue, pending, _) in k.operations.heldObjects() {
                reach(pending.filter { !stuckWork.operations.contains($0.index) }, "operation queue \(queue)")
            }
            for (queue, held) in k.notificationQueues.heldObjects() {
                for object in held { reach(.object(object), queue) }
            }
            for (_, object) in k.notifications.strongReferences(retainingSenders: false) {
                reach(.object(object), "the notification center")
            }
            for t in k.threads.all where !stuck.contains(t.id) && t.state != .exited && t.state != .idle {
                for frame in t.frames {
                    for (_, id) in frame.heldObjects() { reach(.object(id), "thread \(t.name)") }
                    if let p = frame as? ProgramFrame {
                        for (i, value) in p.env.locals.enumerated() { reach(value, "\(t.name)'s \(p.env.names[i])") }
                        reach(p.env.selfValue, "thread \(t.name)")
                    }
                }
                if let block = t.threadBlock { reach(.object(block), "thread \(t.name)") }
                guard let rlID = t.runLoopID else { continue }
                let rl = k.runLoops[rlID]
                let label = "\(rl.name)"
                for mode in rl.modes.values {
                    // in the list's own order, not sorted: only whether they reach matters here (the first
                    // holder's words name the loop either way)
                    mode.timers.forEachSlot { reach(.object(heap.timer(at: $0).id), label) }
                    reach(mode.sources0, label)
                    reach(mode.sources1, label)
                    reach(mode.observers.lazy.map(\.object), label)
                }
                reach(rl.commonTimers, label)
                reach(rl.blocks.lazy.map(\.block), label)
                reach(rl.threadPerforms.lazy.map(\.request), label)
            }
            var head = 0
            while head < frontier.count {
                let o = heap.object(frontier[head])!
                head += 1
                let name = o.label
                for i in 0..<o.slotCount { reach(o[slot: i], "\(name).\(o.slotNames[i])") }
                analysis.forEachEdge(of: o) { edge, child in
                    if edge < 0 { reach(.object(child), "\(name).\(analysis.edgeName(o, edge))") }
                }
            }
        }
    }
}
