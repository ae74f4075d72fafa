/// The runtime every generated program starts with: values, the clock, the event record, timers, the
/// main loop's event source and the horizon.
///
/// It is Swift source kept as text, so that `loopsim conform` needs nothing beside its own binary; the
/// generated scenarios (``ConformanceTranslator``) call into it as `LS.…`. Real time is the virtual time
/// of the scenario multiplied by `LS.scale` (real seconds per virtual second, the program's second
/// argument); events carry real `CLOCK_MONOTONIC` nanoseconds since the start of `main:`.
enum GeneratedRuntime {
    static let source = #"""
// ─── LoopSim conformance runtime ───────────────────────────────────────────────────────────────────
// Shared by every generated program. Virtual durations arrive as Int64 nanoseconds and are scaled
// to real time by LS.scale (real seconds per virtual second). Events are recorded with real
// CLOCK_MONOTONIC nanoseconds since LS.t0 and printed as JSON when the scenario's horizon passes.
import CoreFoundation
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A value held by a local, a field or a capture, as in the scenario language.
enum LSValue {
    case null
    case int(Int)
    case bool(Bool)
    case object(AnyObject)
    case runLoop(LSRunLoop)

    init(weak object: AnyObject?) { self = object.map { .object($0) } ?? .null }
}

/// An `unowned(unsafe)` slot: an object neither retained nor zeroed (other values are kept as they are).
struct LSUnowned {
    unowned(unsafe) var object: AnyObject?
    var other = LSValue.null
    init(_ value: LSValue = .null) {
        if case .object(let o) = value { object = o } else { object = nil; other = value }
    }
    var value: LSValue { object.map { .object($0) } ?? other }
}

/// A run loop handle: the Foundation object and its CFRunLoop.
struct LSRunLoop {
    let ns: RunLoop
    let cf: CFRunLoop
}

/// A block: a heap object around a closure, as an Objective-C block copied to the heap.
final class LSBlock {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func run() { body() }
}

/// A version-0 source whose handler is a block.
final class LSSource {
    var source: CFRunLoopSource?
    let handler: LSBlock
    init(order: Int, handler: LSBlock) {
        self.handler = handler
        var context = CFRunLoopSourceContext()
        context.info = Unmanaged.passUnretained(self).toOpaque()
        context.perform = { info in Unmanaged<LSSource>.fromOpaque(info!).takeUnretainedValue().handler.run() }
        source = CFRunLoopSourceCreate(nil, CFIndex(order), &context)
    }
}

/// Base class of scenario-class instances: a label, field access by index, a weak registry entry.
class LSInstance {
    let lsName: String
    init(className: String, label: String) {
        lsName = "\(className) \(label)"
        LS.register(self)
    }
    func lsGet(_ index: Int) -> LSValue { .null }
    func lsSet(_ index: Int, _ value: LSValue) {}
    func lsInit() {}
}

/// An `NSOperationQueue` of the scenario and the last operation added to it.
final class LSOperationQueue {
    let queue = OperationQueue()
    weak var last: Operation?
    init(name: String, maxConcurrent: Int) {
        queue.name = name
        queue.maxConcurrentOperationCount = maxConcurrent
    }
}

/// Per-thread state: the thread's name in the scenario, initializers to run, a manual-fire flag.
final class LSThreadState {
    var name: String
    var pendingInits: [LSInstance] = []
    var manualFire = 0
    /// Rounds of thread-exit destructors seen (see `LS.start`).
    var teardownRounds = 0
    init(name: String) { self.name = name }
}

final class LSWeakBox {
    weak var object: LSInstance?
    let name: String
    init(_ object: LSInstance) { self.object = object; name = object.lsName }
}

enum LS {
    nonisolated(unsafe) static var scale = 0.04
    nonisolated(unsafe) static var t0: Int64 = 0
    nonisolated(unsafe) static var t0Wall = Date()
    nonisolated(unsafe) static var lock = NSLock()
    nonisolated(unsafe) static var lines: [String] = []
    nonisolated(unsafe) static var registry: [LSWeakBox] = []
    nonisolated(unsafe) static var finished = false
    nonisolated(unsafe) static var key: pthread_key_t = 0
    nonisolated(unsafe) static var userSource: CFRunLoopSource?
    nonisolated(unsafe) static var pendingActions: [Int] = []
    nonisolated(unsafe) static var userActions: [(at: Int64, label: String, body: () -> Void)] = []
    nonisolated(unsafe) static var modeNames: [String: CFString] = [:]

    // MARK: Time

    static func monotonic() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Real seconds for a virtual duration in nanoseconds.
    static func seconds(_ virtualNs: Int64) -> Double { Double(virtualNs) * scale / 1e9 }

    /// The real monotonic instant of virtual instant `virtualNs`.
    static func realInstant(_ virtualNs: Int64) -> Int64 { t0 + Int64((Double(virtualNs) * scale).rounded()) }

    static func sleep(untilReal deadline: Int64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    /// `work:` — the thread is busy (asleep: it services nothing) for the scaled duration.
    static func work(_ virtualNs: Int64) {
        sleep(untilReal: monotonic() + Int64((Double(virtualNs) * scale).rounded()))
    }

    // MARK: Threads

    static func state() -> LSThreadState {
        if let raw = pthread_getspecific(key) { return Unmanaged<LSThreadState>.fromOpaque(raw).takeUnretainedValue() }
        let state = LSThreadState(name: "pool")  // a GCD worker: the kernel calls these worker-N
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    static func nameThread(_ name: String) {
        let s = LSThreadState(name: name)
        pthread_setspecific(key, Unmanaged.passRetained(s).toOpaque())
    }

    /// `+[NSThread detachNewThreadWithBlock:]`.
    static func detach(_ name: String, _ block: LSBlock) {
        let thread = Thread { nameThread(name); block.run() }
        thread.start()
    }

    // MARK: Events

    static func escape(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func record(_ kind: String, _ detail: String, slot: Int64? = nil) {
        let t = monotonic() - t0
        let thread = state().name
        let line = "{\"t\":\(t),\"thread\":\(escape(thread)),\"kind\":\(escape(kind)),\"detail\":\(escape(detail))"
            + (slot.map { ",\"slot\":\($0)" } ?? "") + "}"
        lock.lock()
        if !finished { lines.append(line) }
        lock.unlock()
    }

    static func log(_ text: String) { record("log", text) }

    /// `sample:` — a named integer the report keeps (what a label shows).
    static func sample(_ name: String, _ value: LSValue) {
        guard case .int(let n) = value else { fatalError("sample: \(name) is not an integer") }
        record("sample", "\(name) \(n)")
    }

    static func register(_ object: LSInstance) {
        lock.lock()
        registry.append(LSWeakBox(object))
        lock.unlock()
    }

    static func deinitEvent(_ object: LSInstance) { record("deinit", object.lsName) }

    /// The end of the horizon: print every event and the instances still alive, then exit.
    static func finish(scenario: String) -> Never {
        lock.lock()
        finished = true
        let alive = registry.filter { $0.object != nil }.map { escape($0.name) }
        let out = "{\"scenario\":\(escape(scenario)),\"scale\":\(scale),\"events\":[\n"
            + lines.joined(separator: ",\n") + "\n],\"alive\":[" + alive.joined(separator: ",") + "]}\n"
        lock.unlock()
        FileHandle.standardOutput.write(out.data(using: .utf8)!)
        exit(0)
    }

    // MARK: Values

    static func obj(_ v: LSValue) -> AnyObject? {
        if case .object(let o) = v { return o }
        return nil
    }

    static func get(_ v: LSValue, _ index: Int) -> LSValue {
        (obj(v) as? LSInstance)?.lsGet(index) ?? .null
    }

    static func set(_ base: LSValue, _ index: Int, _ value: LSValue) {
        (obj(base) as? LSInstance)?.lsSet(index, value)
    }

    static func truthy(_ v: LSValue) -> Bool {
        switch v {
        case .null: return false
        case .bool(let b): return b
        case .int(let n): return n != 0
        case .object, .runLoop: return true
        }
    }

    static func add(_ v: LSValue, _ delta: Int) -> LSValue {
        if case .int(let n) = v { return .int(n + delta) }
        fatalError("increment of a value that is not an integer")
    }

    /// Integer `a + b` (sign 1) or `a - b` (sign -1).
    static func arithmetic(_ a: LSValue, _ sign: Int, _ b: LSValue) -> LSValue {
        guard case .int(let x) = a, case .int(let y) = b else { fatalError("arithmetic on a value that is not an integer") }
        return .int(x + sign * y)
    }

    /// Whole virtual seconds of wall-clock time since the start (`[NSDate date]` relative to launch).
    static func wallSeconds() -> LSValue {
        .int(Int((Date().timeIntervalSince(t0Wall) / scale).rounded(.down)))
    }

    static func compare(_ a: LSValue, _ op: String, _ b: LSValue) -> Bool {
        if case .int(let x) = a, case .int(let y) = b {
            switch op {
            case "==": return x == y
            case "!=": return x != y
            case "<": return x < y
            case "<=": return x <= y
            case ">": return x > y
            default: return x >= y
            }
        }
        let same: Bool
        switch (a, b) {
        case (.null, .null): same = true
        case (.bool(let x), .bool(let y)): same = x == y
        case (.object(let x), .object(let y)): same = x === y
        case (.runLoop(let x), .runLoop(let y)): same = x.cf === y.cf
        default: same = false
        }
        switch op {
        case "==": return same
        case "!=": return !same
        default: return false
        }
    }

    /// `new C`: the instance, whose `init` body runs once the current step has stored it.
    static func new(_ object: LSInstance) -> LSValue {
        state().pendingInits.append(object)
        return .object(object)
    }

    static func flushInits() {
        let s = state()
        while !s.pendingInits.isEmpty {
            let pending = s.pendingInits
            s.pendingInits = []
            for object in pending { object.lsInit() }
        }
    }

    static func call(_ v: LSValue) -> LSBlock {
        guard let block = obj(v) as? LSBlock else { fatalError("called a nil block (EXC_BAD_ACCESS)") }
        return block
    }

    // MARK: Run loops

    static func currentRunLoop() -> LSValue { .runLoop(LSRunLoop(ns: RunLoop.current, cf: CFRunLoopGetCurrent())) }
    static func mainRunLoop() -> LSValue { .runLoop(LSRunLoop(ns: RunLoop.main, cf: CFRunLoopGetMain())) }

    static func runLoop(_ v: LSValue) -> LSRunLoop? {
        if case .runLoop(let rl) = v { return rl }
        return nil
    }

    static func cfMode(_ name: String) -> CFString {
        switch name {
        case "kCFRunLoopDefaultMode": return kCFRunLoopDefaultMode
        case "kCFRunLoopCommonModes": return kCFRunLoopCommonModes
        default:
            lock.lock()
            defer { lock.unlock() }
            if let s = modeNames[name] { return s }
            let s = CFStringCreateWithCString(nil, name, CFStringBuiltInEncodings.UTF8.rawValue)!
            modeNames[name] = s
            return s
        }
    }

    static func mode(_ name: String) -> RunLoop.Mode { RunLoop.Mode(name) }

    static func resultName(_ r: CFRunLoopRunResult) -> String {
        switch r.rawValue {
        case 1: return "finished"
        case 2: return "stopped"
        case 3: return "timed-out"
        case 4: return "handled-source"
        default: return "result-\(r.rawValue)"
        }
    }

    /// A `before:`/`seconds:` limit: nil is distantFuture; beyond CF's 504911232 s limit also infinite.
    static func limitDate(_ virtualNs: Int64?) -> Date {
        guard let ns = virtualNs else { return .distantFuture }
        return Date(timeIntervalSinceNow: seconds(ns))
    }

    static func cfSeconds(_ virtualNs: Int64?) -> CFTimeInterval {
        guard let ns = virtualNs, ns <= 504_911_232 * 1_000_000_000 else { return 1.0e10 }
        return seconds(ns)
    }

    static func runReturn(_ id: Int, _ value: String) { record("return", "\(id) \(value)") }

    // MARK: Timers

    /// Creates a `Timer` whose closure records the fire (or the manual fire) and then runs `action`.
    static func timer(label: String, intervalNs: Int64, repeats: Bool, firstFireNs: Int64?, blockInitializer: Bool,
                      toleranceNs: Int64 = 0, mode: String?, action: @escaping () -> Void) -> LSValue {
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
            action()
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

    static func addTimer(_ t: LSValue, _ rl: LSValue, _ mode: String) {
        guard let timer = obj(t) as? Timer, let loop = runLoop(rl) else { return }
        loop.ns.add(timer, forMode: RunLoop.Mode(mode))
    }

    static func invalidate(_ t: LSValue) { (obj(t) as? Timer)?.invalidate() }

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
        if dependsOnLast, let last = queue.last { operation.addDependency(last) }
        queue.last = operation
        queue.queue.addOperation(operation)
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

    /// `addObserver(forName:object:queue:using:)`: the token (the center holds it, and it holds the block).
    static func addObserver(_ name: String, object: AnyObject?, queue: OperationQueue?, block: LSValue) -> LSValue {
        guard let b = obj(block) as? LSBlock else { return .null }
        let token = NotificationCenter.default.addObserver(forName: Notification.Name(name), object: object, queue: queue) { _ in
            b.run()
        }
        return .object(token as AnyObject)
    }

    // MARK: User actions and the horizon

    /// The main loop's event source (order -1, common modes) and a clock thread that signals it at each
    /// action's instant, as the kernel models UIKit's event source; then the horizon.
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
        var context = CFRunLoopSourceContext()
        context.perform = { _ in
            LS.lock.lock()
            let pending = LS.pendingActions
            LS.pendingActions = []
            LS.lock.unlock()
            for index in pending {
                LS.record("deliver", LS.userActions[index].label)
                LS.userActions[index].body()
            }
        }
        userSource = CFRunLoopSourceCreate(nil, -1, &context)
        CFRunLoopAddSource(CFRunLoopGetMain(), userSource, kCFRunLoopCommonModes)
        warmUp()
        t0Wall = Date()
        t0 = monotonic()
        let clock = Thread {
            for (index, action) in actions.enumerated() {
                sleep(untilReal: realInstant(action.at))
                lock.lock()
                pendingActions.append(index)
                lock.unlock()
                CFRunLoopSourceSignal(userSource)
                CFRunLoopWakeUp(CFRunLoopGetMain())
            }
            sleep(untilReal: realInstant(untilNs))
            finish(scenario: scenario)
        }
        clock.start()
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

    /// `UIApplicationMain`'s loop: the default mode for ever.
    static func mainLoop() -> Never {
        while true {
            let r = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1.0e10, false)
            record("loop.exit", resultName(r))
        }
    }
}
"""#
}
