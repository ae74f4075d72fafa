// swift-format-ignore-file
// (the runtime is Swift source in string literals, kept as it is written).
/// The runtime every generated program starts with: values, the clock, the event record, timers, the
/// main-queue input source and the horizon.
///
/// It is Swift source kept as text, so that `loopsim conform` needs nothing beside its own binary; the
/// generated scenarios (``ConformanceTranslator``) call into it as `LS.…`. Real time is the virtual time
/// of the scenario multiplied by `LS.scale` (real seconds per virtual second, the program's second
/// argument); events carry real `CLOCK_MONOTONIC` nanoseconds since the start of `main:`.
enum GeneratedRuntime {
    /// The whole runtime: the core, then the Foundation, Dispatch and CF wrappers.
    static var source: String { core + "\n" + foundation + "\n" + concurrency + "\n" + continuations + "\n" + operations }

    /// Values, instances, blocks, the clock, threads, the event record, run-loop handles.
    static let core = #"""
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
    case string(String)
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

/// A block: a heap object around a closure, as an Objective-C block copied to the heap. A block with a parameter
/// (an observer's notification) takes its argument; any other ignores it.
final class LSBlock {
    let body: (LSValue) -> Void
    init(_ body: @escaping () -> Void) { self.body = { _ in body() } }
    init(taking body: @escaping (LSValue) -> Void) { self.body = body }
    func run(_ argument: LSValue = .null) { body(argument) }
}

/// A delivered `Notification` (a struct) as an object a value can hold: an observer's parameter.
final class LSNotification {
    let notification: Notification
    init(_ notification: Notification) { self.notification = notification }
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

/// What a scenario-class instance answers: its name, its fields by index, its init body. `LSInstance` is the base
/// class of most; an `Operation` subclass's instance is an `LSOperationInstance`.
protocol LSObject: AnyObject {
    var lsName: String { get }
    func lsGet(_ index: Int) -> LSValue
    func lsSet(_ index: Int, _ value: LSValue)
    func lsInit()
}

/// Base class of scenario-class instances: a label, field access by index, a weak registry entry.
class LSInstance: LSObject {
    let lsName: String
    init(className: String, label: String) {
        lsName = "\(className) \(label)"
        LS.register(self)
    }
    func lsGet(_ index: Int) -> LSValue { .null }
    func lsSet(_ index: Int, _ value: LSValue) {}
    func lsInit() {}
}

/// A `__block` variable's storage: one strong value that the declaring scope and every block capturing it share
/// (a Swift closure shares a captured `var` the same way). Not an `LSInstance`: it is not a scenario class, so it
/// is neither registered nor reported.
final class LSByref {
    var value: LSValue = .null
}

/// An `NSOperationQueue` of the scenario and the last operation added to it.
final class LSOperationQueue {
    let queue: OperationQueue
    weak var last: Operation?
    init(name: String, maxConcurrent: Int) {
        queue = OperationQueue()
        queue.name = name
        queue.maxConcurrentOperationCount = maxConcurrent
    }
    private init(main: OperationQueue) { queue = main }
    /// `NSOperationQueue.mainQueue`.
    nonisolated(unsafe) static let main = LSOperationQueue(main: OperationQueue.main)
}

/// An asynchronous operation (`operation:` with `asynchronous: true`): `isAsynchronous` true, `start()` runs the
/// block (or, cancelled, finishes at once), and `finish()` sets `isExecuting` false and `isFinished` true with the
/// KVO notifications the queue waits for.
final class LSAsyncOperation: Operation, @unchecked Sendable {
    let block: LSBlock
    private let lock = NSLock()
    private var executing = false
    private var finished = false
    init(_ block: LSBlock) { self.block = block }
    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.lock(); defer { lock.unlock() }; return executing }
    override var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    override func start() {
        if isCancelled { finish(); return }
        willChangeValue(forKey: "isExecuting")
        lock.lock(); executing = true; lock.unlock()
        didChangeValue(forKey: "isExecuting")
        block.run()
    }
    func finish() {
        lock.lock()
        let done = finished
        lock.unlock()
        if done { return }
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        lock.lock(); executing = false; finished = true; lock.unlock()
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
    }
}

/// Per-thread state: the thread's name in the scenario, initializers to run, a manual-fire flag.
final class LSThreadState {
    var name: String
    var pendingInits: [LSObject] = []
    var manualFire = 0
    /// Rounds of thread-exit destructors seen (see `LS.start`).
    var teardownRounds = 0
    init(name: String) { self.name = name }
}

final class LSWeakBox {
    weak var object: LSObject?
    let name: String
    init(_ object: LSObject) { self.object = object; name = object.lsName }
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
    nonisolated(unsafe) static var inputHandlerQueued = false
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

    static func register(_ object: LSObject) {
        lock.lock()
        registry.append(LSWeakBox(object))
        lock.unlock()
    }

    static func deinitEvent(_ object: LSObject) { record("deinit", object.lsName) }

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
        if let byref = obj(v) as? LSByref { return byref.value }
        return (obj(v) as? LSObject)?.lsGet(index) ?? .null
    }

    static func set(_ base: LSValue, _ index: Int, _ value: LSValue) {
        if let byref = obj(base) as? LSByref {
            byref.value = value
            return
        }
        (obj(base) as? LSObject)?.lsSet(index, value)
    }

    /// `a ?? b`: the default is evaluated only when the value is nil.
    static func coalesce(_ a: LSValue, _ b: @autoclosure () -> LSValue) -> LSValue {
        if case .null = a { return b() }
        return a
    }

    static func truthy(_ v: LSValue) -> Bool {
        switch v {
        case .null: return false
        case .bool(let b): return b
        case .int(let n): return n != 0
        case .string, .object, .runLoop: return true
        }
    }

    /// A `for:` loop's bound.
    static func int(_ v: LSValue) -> Int {
        if case .int(let n) = v { return n }
        fatalError("the bound of a range is not an integer")
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

    /// Integer `a * b`, `a / b`, `a % b`, `a << b` or `a >> b`, trapping as Swift's operators do.
    static func product(_ a: LSValue, _ op: String, _ b: LSValue) -> LSValue {
        guard case .int(let x) = a, case .int(let y) = b else {
            fatalError("arithmetic on a value that is not an integer")
        }
        switch op {
        case "*": return .int(x * y)
        case "/": return .int(x / y)
        case "<<": return .int(x << y)
        case ">>": return .int(x >> y)
        default: return .int(x % y)
        }
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
        if case .string(let x) = a, case .string(let y) = b, op != "==" && op != "!=" {
            switch op {
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
        case (.string(let x), .string(let y)): same = x == y
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
    static func new(_ object: LSObject) -> LSValue {
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

    /// A run loop's `currentMode` (a string, nil when it is not running) or `allModes.count`, read as
    /// `RunLoop.currentMode` (`CFRunLoopCopyCurrentMode`) and `CFRunLoopCopyAllModes`; a nil loop reads nil and 0,
    /// as a message to nil.
    static func runLoopProperty(_ v: LSValue, _ name: String) -> LSValue {
        guard let loop = runLoop(v) else { return name == "currentMode" ? .null : .int(0) }
        if name == "currentMode" {
            return loop.ns.currentMode.map { .string($0.rawValue) } ?? .null
        }
        return .int(Int(CFArrayGetCount(CFRunLoopCopyAllModes(loop.cf))))
    }

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

    /// A mode held in a string variable: CF's name for it (the short names stand for CF's, as in a scenario).
    static func modeName(_ v: LSValue) -> String {
        guard case .string(let text) = v else { fatalError("a run-loop mode that is not a string") }
        switch text {
        case "default", "NSDefaultRunLoopMode": return "kCFRunLoopDefaultMode"
        case "common", "NSRunLoopCommonModes": return "kCFRunLoopCommonModes"
        case "tracking": return "UITrackingRunLoopMode"
        default: return text
        }
    }

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
}
"""#
}
