// swift-format-ignore-file
// (the runtime is Swift source in string literals, kept as it is written).
/// The second half of the generated programs' runtime: timers, queues and dispatch sources, semaphores, the
/// notification center, the main-queue input source for `user:` actions, and the horizon.
extension GeneratedRuntime {
    static let foundation = #"""
extension LS {
    // MARK: Timers

    /// Creates a `Timer` whose closure records the fire (or the manual fire) and then runs `action` with the timer.
    static func timer(label: String, intervalNs: Int64, repeats: Bool, firstFireNs: Int64?, blockInitializer: Bool,
                      toleranceNs: Int64 = 0, mode: String?, action: @escaping (LSValue) -> Void) -> LSValue {
        let name = "NSTimer \(label)"
        let created = Date()
        let body: @Sendable (Timer) -> Void = { t in
            if state().manualFire > 0 {
                record("fire.manual", name)
            } else {
                // The slot is the fire date the timer was due at. CF keeps a past date as `fireDate` but
                // schedules by its monotonic deadline, which CFRunLoopTimerCreate clamps to the creation
                // instant (semantics §3.2): clamp the same way so that the slot means what LoopSim's means.
                let due = max(t.fireDate, created)
                record("fire", name, slot: Int64((due.timeIntervalSince(t0Wall) * 1e9).rounded()))
            }
            action(.object(t))  // a block's parameter is the timer itself (`__NSFireTimer`: `t._fire(t)`)
        }
        let interval = repeats ? seconds(intervalNs) : 0
        let timer: Timer
        if blockInitializer {
            timer = Timer(timeInterval: interval, repeats: repeats, block: body)
        } else {
            timer = Timer(fire: Date(timeIntervalSinceNow: seconds(firstFireNs ?? intervalNs)), interval: interval,
                          repeats: repeats, block: body)
        }
        if toleranceNs > 0 { timer.tolerance = seconds(toleranceNs) }
        if let mode { RunLoop.current.add(timer, forMode: RunLoop.Mode(mode)) }
        return .object(timer)
    }

    /// A timer's `isValid`, `timeInterval`, `tolerance` or `fireDate`, in the scenario's units (virtual
    /// milliseconds; a date from the start); nil's are false and 0, as a message to nil.
    static func timerProperty(_ v: LSValue, _ name: String) -> LSValue {
        guard let t = obj(v) as? Timer else { return name == "isValid" ? .bool(false) : .int(0) }
        func virtualMs(_ realSeconds: TimeInterval) -> LSValue { .int(Int((realSeconds / scale * 1000).rounded())) }
        switch name {
        case "isValid": return .bool(t.isValid)
        case "timeInterval": return virtualMs(t.timeInterval)
        case "tolerance": return virtualMs(t.tolerance)
        default:
            // CF's 0 for an invalid timer (CFRunLoopTimerGetNextFireDate): the reference date, read as Int.min
            if t.fireDate.timeIntervalSinceReferenceDate == 0 { return .int(Int.min) }
            return virtualMs(t.fireDate.timeIntervalSince(t0Wall))
        }
    }

    /// `RunLoop.limitDate(forMode:)` on a loop, in the scenario's units: nil, `distantFuture` as `Int.max`, or the
    /// date as virtual milliseconds from the start (as `fireDate` reads); a nil loop answers nil.
    static func limitDate(_ rl: LSValue, _ mode: String) -> LSValue {
        guard let loop = runLoop(rl), let date = loop.ns.limitDate(forMode: RunLoop.Mode(mode)) else { return .null }
        if date == Date.distantFuture { return .int(Int.max) }
        return .int(Int((date.timeIntervalSince(t0Wall) / scale * 1000).rounded()))
    }

    /// `Thread.current` or `Thread.main`, and their `name` and `isMainThread` as Foundation answers them.
    static func currentThread() -> LSValue { .object(Thread.current) }
    static func mainThread() -> LSValue { .object(Thread.mainThread) }
    /// A string's `count`: its characters (grapheme clusters); nil counts 0, as a message to nil.
    static func stringCount(_ v: LSValue) -> LSValue {
        if case .string(let s) = v { return .int(s.count) }
        return .int(0)
    }

    static func threadProperty(_ v: LSValue, _ name: String) -> LSValue {
        guard let thread = obj(v) as? Thread else { return name == "name" ? .null : .bool(false) }
        if name == "isMainThread" { return .bool(thread.isMainThread) }
        return thread.name.map { .string($0) } ?? .null
    }

    static func addTimer(_ t: LSValue, _ rl: LSValue, _ mode: String) {
        guard let timer = obj(t) as? Timer, let loop = runLoop(rl) else { return }
        loop.ns.add(timer, forMode: RunLoop.Mode(mode))
    }

    static func invalidate(_ t: LSValue) { (obj(t) as? Timer)?.invalidate() }

    /// `timer.fireDate = …`: `at` a date in the scenario's units (virtual milliseconds from the start;
    /// `Int.max` is `distantFuture`, `Int.min` the reference date), else `after` virtual nanoseconds from now.
    static func setFireDate(_ t: LSValue, at: LSValue?, after virtualNs: Int64) {
        guard let timer = obj(t) as? Timer else { return }
        switch at {
        case .int(Int.max)?: timer.fireDate = .distantFuture
        case .int(Int.min)?: timer.fireDate = Date(timeIntervalSinceReferenceDate: 0)
        case .int(let ms)?: timer.fireDate = t0Wall.addingTimeInterval(Double(ms) / 1000 * scale)
        default: timer.fireDate = Date(timeIntervalSinceNow: seconds(virtualNs))
        }
    }

    static func fire(_ t: LSValue) {
        guard let timer = obj(t) as? Timer else { return }
        let s = state()
        s.manualFire += 1
        timer.fire()
        s.manualFire -= 1
    }

    // MARK: Queues

    static func async(_ queue: DispatchQueue, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        queue.async { b.run() }
    }

    /// `dispatch_barrier_async`: the closure holds the block until it has run.
    static func barrierAsync(_ queue: DispatchQueue, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        queue.async(flags: .barrier) { b.run() }
    }

    /// `dispatch_sync`: the block runs (on this thread, or the main thread for the main queue) before it returns;
    /// `dispatch_barrier_sync` when `barrier`.
    static func sync(_ queue: DispatchQueue, _ block: LSValue, barrier: Bool = false) {
        guard let b = obj(block) as? LSBlock else { return }
        if barrier {
            queue.sync(flags: .barrier) { b.run() }
        } else {
            queue.sync { b.run() }
        }
    }

    /// `dispatch_group_async` and `dispatch_group_notify`: the closure holds the block until it has run.
    static func groupAsync(_ group: LSValue, _ queue: DispatchQueue, _ block: LSValue, notify: Bool) {
        guard let g = obj(group) as? DispatchGroup, let b = obj(block) as? LSBlock else { return }
        if notify {
            g.notify(queue: queue) { b.run() }
        } else {
            queue.async(group: g) { b.run() }
        }
    }

    /// `dispatch_group_wait`: 0 when the group emptied, 1 when the timeout passed first.
    static func groupWait(_ group: LSValue, _ timeoutNs: Int64?) -> LSValue {
        guard let g = obj(group) as? DispatchGroup else { return .int(0) }
        guard let timeoutNs else {
            g.wait()
            return .int(0)
        }
        return .int(g.wait(timeout: .now() + seconds(timeoutNs)) == .success ? 0 : 1)
    }

    /// `dispatch_after`: the closure holds the block until it has run.
    static func after(_ delayNs: Int64, _ queue: DispatchQueue, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        queue.asyncAfter(deadline: .now() + seconds(delayNs)) { b.run() }
    }

    /// A dispatch timer source whose handler records `dsource LABEL DATA` (the merged fire count) and then runs
    /// the block; the source holds the handler until it is cancelled.
    static func dispatchTimer(label: String, queue: DispatchQueue, startNs: Int64, intervalNs: Int64?, leewayNs: Int64,
                              resume: Bool, handler: LSValue) -> LSValue {
        let source = DispatchSource.makeTimerSource(queue: queue)
        let leeway = DispatchTimeInterval.nanoseconds(Int((Double(leewayNs) * scale).rounded()))
        let start = DispatchTime.now() + seconds(startNs)
        if let intervalNs {
            source.schedule(deadline: start, repeating: seconds(intervalNs), leeway: leeway)
        } else {
            source.schedule(deadline: start, repeating: .never, leeway: leeway)
        }
        let name = "dispatch_source \(label)"
        let block = obj(handler) as? LSBlock
        let handle = LSUnowned(.object(source as AnyObject))  // the handler must not retain its own source
        source.setEventHandler {
            record("dsource", "\(name) \((handle.object as? DispatchSourceTimer)?.data ?? 0)")
            block?.run()
        }
        if resume { source.resume() }
        return .object(source as AnyObject)
    }

    /// `dispatch_semaphore_wait`: 0 when taken, 1 when timed out (nil waits for ever).
    static func wait(_ semaphore: LSValue, _ timeoutNs: Int64?) -> LSValue {
        guard let s = obj(semaphore) as? DispatchSemaphore else { return .int(0) }
        guard let timeoutNs else {
            s.wait()
            return .int(0)
        }
        return .int(s.wait(timeout: .now() + seconds(timeoutNs)) == .success ? 0 : 1)
    }

    /// `[queue addOperationWithBlock:]`, optionally depending on the operation added before it (held weakly:
    /// a finished, released operation is no dependency any more).
    static func addOperation(_ queue: LSOperationQueue, dependsOnLast: Bool, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        let operation = BlockOperation { b.run() }
        // `addOperation(_ block:)` gives the block's operation the queue's QoS (corelibs); this is `addOperation(_:)`.
        if queue.queue.qualityOfService != .default { operation.qualityOfService = queue.queue.qualityOfService }
        if dependsOnLast, let last = queue.last { operation.addDependency(last) }
        queue.last = operation
        queue.queue.addOperation(operation)
    }

    /// `[queue addOperation:]`.
    static func addOperation(_ queue: LSOperationQueue, operation: LSValue) {
        guard let o = obj(operation) as? Operation else { return }
        queue.last = o
        queue.queue.addOperation(o)
    }

    /// `[NSBlockOperation blockOperationWithBlock:]`.
    static func makeOperation(_ block: LSValue) -> LSValue {
        guard let b = obj(block) as? LSBlock else { return .null }
        return .object(BlockOperation { b.run() })
    }

    /// `[operation addDependency:]`.
    static func addDependency(_ operation: LSValue, on dependency: LSValue) {
        guard let o = obj(operation) as? Operation, let d = obj(dependency) as? Operation else { return }
        o.addDependency(d)
    }

    /// `operation.completionBlock = block`.
    static func setCompletionBlock(_ operation: LSValue, _ block: LSValue) {
        guard let o = obj(operation) as? Operation else { return }
        let b = obj(block) as? LSBlock
        o.completionBlock = b.map { b in { b.run() } }
    }

    /// `operation.queuePriority = value` (Foundation rounds the raw value as corelibs' setter does).
    static func setQueuePriority(_ operation: LSValue, _ value: Int) {
        guard let o = obj(operation) as? Operation else { return }
        o.queuePriority = Operation.QueuePriority(rawValue: value) ?? .normal
    }

    /// An asynchronous `Operation` subclass whose `start()` runs the block.
    static func makeAsynchronousOperation(_ block: LSValue) -> LSValue {
        guard let b = obj(block) as? LSBlock else { return .null }
        return .object(LSAsyncOperation(b))
    }

    /// `[operation addExecutionBlock:]`.
    static func addExecutionBlock(_ operation: LSValue, _ block: LSValue) {
        guard let o = obj(operation) as? BlockOperation, let b = obj(block) as? LSBlock else { return }
        o.addExecutionBlock { b.run() }
    }

    /// `[queue addBarrierBlock:]`.
    static func addBarrierBlock(_ queue: LSOperationQueue, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        queue.queue.addBarrierBlock { b.run() }
    }

    /// `op.isCancelled` (an `Operation`'s or a `DispatchWorkItem`'s), `op.isExecuting`, `op.isFinished`,
    /// `op.isReady`; false for nil, as a message to nil.
    static func operationProperty(_ v: LSValue, _ name: String) -> LSValue {
        if let item = obj(v) as? DispatchWorkItem { return .bool(name == "isCancelled" && item.isCancelled) }
        guard let o = obj(v) as? Operation else { return .bool(false) }
        switch name {
        case "isCancelled": return .bool(o.isCancelled)
        case "isExecuting": return .bool(o.isExecuting)
        case "isFinished": return .bool(o.isFinished)
        case "isAsynchronous": return .bool(o.isAsynchronous)
        default: return .bool(o.isReady)
        }
    }

    /// `OperationQueue.current`'s name as the scenario names it: `main` for `OperationQueue.main`, a declared
    /// queue's name, nil when there is none.
    static func currentOperationQueueName() -> LSValue {
        guard let q = OperationQueue.current else { return .null }
        if q === OperationQueue.main { return .string("main") }
        return q.name.map { .string($0) } ?? .null
    }

    // MARK: GCD work items and concurrentPerform

    /// `DispatchWorkItem { block }`.
    static func makeWorkItem(_ block: LSValue) -> LSValue {
        guard let b = obj(block) as? LSBlock else { return .null }
        return .object(DispatchWorkItem { b.run() })
    }

    /// `item.notify(queue:execute:)`.
    static func notifyWorkItem(_ item: LSValue, _ queue: DispatchQueue, _ block: LSValue) {
        guard let i = obj(item) as? DispatchWorkItem, let b = obj(block) as? LSBlock else { return }
        i.notify(queue: queue) { b.run() }
    }

    /// `item.wait()` (0) or `item.wait(timeout:)` (0 done, 1 timed out).
    static func waitWorkItem(_ item: LSValue, _ timeoutNs: Int64?) -> LSValue {
        guard let i = obj(item) as? DispatchWorkItem else { return .null }
        guard let timeoutNs else {
            i.wait()
            return .int(0)
        }
        return .int(i.wait(timeout: .now() + seconds(timeoutNs)) == .success ? 0 : 1)
    }

    /// `DispatchQueue.concurrentPerform(iterations:execute:)`, the index as the block's argument.
    static func concurrentPerform(_ iterations: LSValue, _ block: LSValue) {
        guard let b = obj(block) as? LSBlock else { return }
        DispatchQueue.concurrentPerform(iterations: max(0, int(iterations))) { i in b.run(.int(i)) }
    }

    // MARK: Notifications

    nonisolated(unsafe) static var operationQueues: [ObjectIdentifier: OperationQueue] = [:]

    /// The OperationQueue a notification observer on a queue other than main is delivered on: one per
    /// dispatch queue, with it as the underlying queue. (The main queue is `OperationQueue.main` itself:
    /// `DispatchQueue.main` is not one object on Linux, and an OperationQueue over it would not be
    /// `OperationQueue.current` on the main thread.)
    static func operationQueue(_ queue: DispatchQueue) -> OperationQueue {
        lock.lock()
        defer { lock.unlock() }
        if let q = operationQueues[ObjectIdentifier(queue)] { return q }
        let q = OperationQueue()
        q.underlyingQueue = queue
        operationQueues[ObjectIdentifier(queue)] = q
        return q
    }

    /// `addObserver(forName:object:queue:using:)` (a nil name observes every name): the token, which only names the
    /// registration; the center holds the block.
    static func addObserver(_ name: String?, object: AnyObject?, queue: OperationQueue?, block: LSValue) -> LSValue {
        guard let b = obj(block) as? LSBlock else { return .null }
        let token = NotificationCenter.default.addObserver(forName: name.map { Notification.Name($0) }, object: object,
                                                           queue: queue) { notification in
            b.run(.object(LSNotification(notification)))
        }
        return .object(token as AnyObject)
    }

    /// A post's userInfo, as a Swift poster builds it: each value as its own type (`Int`, `Bool`, `String`, the
    /// object), a nil value left out.
    static func userInfo(_ entries: [(String, LSValue)]) -> [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [:]
        for (key, value) in entries {
            if let any = any(value) { info[key] = any }
        }
        return info
    }

    /// A value as Swift's `Any?` holds it.
    static func any(_ v: LSValue) -> Any? {
        switch v {
        case .null: return nil
        case .int(let n): return n
        case .bool(let b): return b
        case .string(let s): return s
        case .object(let o): return o
        case .runLoop(let rl): return rl.ns
        }
    }

    /// A delivered notification's `name` or `object`; nil's are nil, as a message to nil.
    static func notificationProperty(_ v: LSValue, _ name: String) -> LSValue {
        guard let n = (obj(v) as? LSNotification)?.notification else { return .null }
        if name == "name" { return .string(n.name.rawValue) }
        return n.object.map { .object($0 as AnyObject) } ?? .null
    }

    /// `notification.userInfo?[key]`: Swift's `Any?`.
    static func userInfoValue(_ v: LSValue, _ key: String) -> Any? {
        (obj(v) as? LSNotification)?.notification.userInfo?[key]
    }

    /// `value as? Int`, `as? Bool`, `as? String`, `as? Timer`: the value, or nil.
    static func cast(_ value: Any?, _ type: String) -> LSValue {
        switch type {
        case "int": return (value as? Int).map { .int($0) } ?? .null
        case "bool": return (value as? Bool).map { .bool($0) } ?? .null
        case "string": return (value as? String).map { .string($0) } ?? .null
        case "timer": return (value as? Timer).map { .object($0) } ?? .null
        default: return (value as? LSNotification).map { .object($0) } ?? .null
        }
    }

    /// `value as? C` for a class of the scenario.
    static func cast<C: AnyObject>(_ value: Any?, to type: C.Type) -> LSValue {
        (value as? C).map { .object($0) } ?? .null
    }

    // MARK: User actions and the horizon

    /// The input source and a clock thread that feeds it at each action's instant; then the horizon. Linux has
    /// no UIKit event source on its main loop: input arrives through the main queue, as Foundation's own does
    /// (`FileHandle.readInBackgroundAndNotify` calls `DispatchQueue.main.async`): a main-queue block that
    /// delivers the pending actions (``deliverPendingActions()``) — the kernel's model without UIKit.
    static func start(scenario: String, untilNs: Int64, actions: [(at: Int64, label: String, body: () -> Void)]) {
        // glibc clears every thread-specific value, destructor or not, in each round of thread-exit
        // destructors, and CF finalizes a thread's run loop (freeing what its modes held) in the last of its
        // PTHREAD_DESTRUCTOR_ITERATIONS rounds, from a key created after this one: set the name again in
        // every round (glibc stops after the last), so that deinits at thread exit are attributed to the
        // exiting thread, as the kernel attributes them.
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<LSThreadState>.fromOpaque(raw).takeUnretainedValue().teardownRounds += 1
            pthread_setspecific(LS.key, raw)
        }
        nameThread("main")
        userActions = actions
        warmUp()
        t0Wall = Date()
        t0 = monotonic()
        let clock = Thread {
            for (index, action) in actions.enumerated() {
                sleep(untilReal: realInstant(action.at))
                lock.lock()
                pendingActions.append(index)
                let queue = !inputHandlerQueued
                inputHandlerQueued = true
                lock.unlock()
                if queue { DispatchQueue.main.async(execute: deliverPendingActions) }
            }
            sleep(untilReal: realInstant(untilNs))
            finish(scenario: scenario)
        }
        clock.start()
    }

    /// The input handler, a main-queue block: queued once until it starts (later actions wait for it), it
    /// delivers every pending action in arrival order, including those that arrive while it runs.
    static func deliverPendingActions() {
        lock.lock()
        inputHandlerQueued = false
        lock.unlock()
        while true {
            lock.lock()
            guard !pendingActions.isEmpty else {
                lock.unlock()
                return
            }
            let index = pendingActions.removeFirst()
            lock.unlock()
            record("deliver", userActions[index].label)
            userActions[index].body()
        }
    }

    /// Pays the process's one-time costs before the clock starts, since LoopSim models none of them: the
    /// first use of Foundation's run loops, a first thread, GCD's worker pool, the notification center.
    static func warmUp() {
        _ = RunLoop.main
        _ = RunLoop.current
        _ = Date(timeIntervalSinceNow: 1)
        _ = NotificationCenter.default
        _ = OperationQueue.main
        let done = DispatchSemaphore(value: 0)
        Thread { _ = RunLoop.current; done.signal() }.start()
        done.wait()
        for _ in 0..<2 { DispatchQueue.global().async { done.signal() } }
        for _ in 0..<2 { done.wait() }
        DispatchQueue(label: "warm-up").async { done.signal() }
        done.wait()
    }

    /// `newLock:`: an `NSLock`, `NSRecursiveLock`, `NSCondition` or `NSConditionLock(condition:)`.
    static func makeLock(_ kind: String, condition: Int, name: String? = nil) -> LSValue {
        let lock: NSLocking & NSObject
        switch kind {
        case "NSRecursiveLock": lock = NSRecursiveLock()
        case "NSCondition": lock = NSCondition()
        case "NSConditionLock": lock = NSConditionLock(condition: condition)
        default: lock = NSLock()
        }
        if let name {
            (lock as? NSLock)?.name = name
            (lock as? NSRecursiveLock)?.name = name
            (lock as? NSCondition)?.name = name
            (lock as? NSConditionLock)?.name = name
        }
        return .object(lock)
    }

    /// `lock:` and `tryLock:` with `before:` (virtual ns from now; nil: no limit) and `whenCondition:`: true when
    /// the lock was taken, false for nil, as the model answers.
    static func lock(_ v: LSValue, beforeNs: Int64?, isTry: Bool, whenCondition: LSValue?) -> LSValue {
        let limit: Date? = isTry ? Date.distantPast : beforeNs.map { Date(timeIntervalSinceNow: seconds($0)) }
        if let l = obj(v) as? NSConditionLock {
            switch (whenCondition.map(int), limit) {
            case (let c?, let limit?): return .bool(l.lock(whenCondition: c, before: limit))
            case (let c?, nil): l.lock(whenCondition: c)
            case (nil, let limit?): return .bool(l.lock(before: limit))
            case (nil, nil): l.lock()
            }
            return .bool(true)
        }
        if let l = obj(v) as? NSLock {
            if isTry { return .bool(l.try()) }
            if let limit { return .bool(l.lock(before: limit)) }
            l.lock()
            return .bool(true)
        }
        if let l = obj(v) as? NSRecursiveLock {
            if isTry { return .bool(l.try()) }
            if let limit { return .bool(l.lock(before: limit)) }
            l.lock()
            return .bool(true)
        }
        guard let l = obj(v) as? NSLocking else { return .bool(false) }
        l.lock()
        return .bool(true)
    }

    /// `unlock:`, with `withCondition:` for an `NSConditionLock`.
    static func unlock(_ v: LSValue, withCondition: LSValue?) {
        if let c = withCondition, let l = obj(v) as? NSConditionLock {
            l.unlock(withCondition: int(c))
        } else {
            (obj(v) as? NSLocking)?.unlock()
        }
    }

    /// `waitCondition:` with `until:` (virtual ns from now): true when signalled.
    static func conditionWait(_ v: LSValue, untilNs: Int64?) -> LSValue {
        guard let c = obj(v) as? NSCondition else { return .bool(false) }
        guard let untilNs else {
            c.wait()
            return .bool(true)
        }
        return .bool(c.wait(until: Date(timeIntervalSinceNow: seconds(untilNs))))
    }

    /// `UIApplicationMain`'s loop: the default mode for ever.
    static func mainLoop() -> Never {
        while true {
            let r = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1.0e10, false)
            record("loop.exit", resultName(r))
        }
    }
}

/// A `SocketPort` on localhost with its delegate (held here, as LoopSim's port holds its `handle(_:)` block;
/// corelibs' own reference to the delegate is weak). A receive port listens on a port the system picks
/// (`SocketPort(tcpPort: 0)`), so programs run in parallel never collide; a remote port names its address.
final class LSSocketPort: PortDelegate {
    let port: SocketPort
    let handler: LSBlock?
    init(handler: LSBlock?) {
        guard let port = SocketPort(tcpPort: 0) else { fatalError("SocketPort(tcpPort: 0) failed") }
        self.port = port
        self.handler = handler
        if handler != nil { port.setDelegate(self) }
    }
    init(remoteTo local: LSSocketPort) {
        guard let port = SocketPort(remoteWithTCPPort: local.tcpPort, host: "127.0.0.1") else {
            fatalError("SocketPort(remoteWithTCPPort:host:) failed")
        }
        self.port = port
        self.handler = nil
    }
    /// The TCP port the system gave a receive port: `address` is a `sockaddr_in`.
    var tcpPort: UInt16 {
        port.address.withUnsafeBytes { buffer in
            var sin = sockaddr_in()
            withUnsafeMutableBytes(of: &sin) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<16])) }
            return UInt16(bigEndian: sin.sin_port)
        }
    }
    func handle(_ message: PortMessage) { handler?.run() }
    /// `send(before:components:from:reserved:)` with `data` (UTF-8) as its one data component, or none.
    func send(_ data: String?) {
        let components = NSMutableArray(array: data.map { [Data($0.utf8)] } ?? [])
        _ = port.send(before: Date(timeIntervalSinceNow: 5), components: components, from: nil, reserved: 0)
    }
}
"""#
}
