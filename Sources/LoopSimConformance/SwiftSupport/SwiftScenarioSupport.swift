// swift-format-ignore-file
// (the support library is Swift source in a string literal, kept as it is written).
/// The support library compiled beside a Swift scenario file when `loopsim conform` runs the file itself
/// (issue 35, item 7; docs/swift-scenarios.md, "Swift-coded conformance scenarios").
///
/// A Swift scenario calls a `Scenario` value (`Scenario(…)`, `scenario.at(…) { … }`, `scenario.expect(…)`), and
/// `print`s; LoopSim's front-end lowers those calls, and this file gives them a real implementation so that
/// `swiftc` compiles the very same file, unedited, as `main.swift`:
/// - `Scenario`, `ScenarioDuration` (`.seconds(N)`, `.milliseconds(N)`, a number of seconds) and
///   `ScenarioVariant` (`.ios9`, `.linuxCorelibs`, `.all`, …);
/// - a module-level `print` that shadows `Swift.print` in the scenario's module and records a `log` event
///   instead of writing to standard output (which carries the events document);
/// - `scenario.at(_:_:do:)`: the action runs on the main thread at its instant, delivered through a main-queue
///   block as the translated programs deliver theirs (``GeneratedRuntime``'s `LS.start`), recorded as `deliver`;
/// - the entry point: the file's top-level code is compiled under another name (`swiftc -Xfrontend
///   -entry-point-function-name`, ``entryPointName``), and this file's `main` pays the process's one-time costs,
///   starts the clock, runs the top-level code (the scenario's `main:`), then runs the main thread's run loop in
///   the default mode for ever, as `UIApplicationMain` does, recording each return as `loop.exit`; a clock thread
///   prints the events document at the horizon and exits.
///
/// Events are recorded with `CLOCK_MONOTONIC` nanoseconds since the clock started, in the document the
/// translated programs print (``RealRun``), so the same comparison reads both. The program takes the horizon in
/// nanoseconds and the instant and label of each action from its arguments: the lowered scenario, which the
/// prediction runs, is their one source.
enum SwiftScenarioSupport {
    /// The support file's name beside the scenario's `main.swift`.
    static let fileName = "LoopSimScenarioSupport.swift"
    /// What the scenario file's top-level code is compiled as, so that this file's `main` can call it.
    static let entryPointName = "loopsim_scenario_main"

    static let source = #"""
// ─── LoopSim Swift-scenario support ────────────────────────────────────────────────────────────────
// Compiled beside a copy of a Swift scenario file (its main.swift) by `loopsim conform`. It implements the
// scenario's `Scenario` value on the real RunLoop and records what the comparison with LoopSim's prediction
// needs: logs (a module-level `print`), user-action deliveries, the main loop's returns.
import CoreFoundation
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A duration in a scenario: `.seconds(2)`, `.milliseconds(500)`, `.microseconds(N)`, `.nanoseconds(N)`, or a
/// number of seconds, as a `TimeInterval` is written.
struct ScenarioDuration: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    let nanoseconds: Int64
    init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    init(integerLiteral value: Int) { nanoseconds = Int64(value) * 1_000_000_000 }
    init(floatLiteral value: Double) { nanoseconds = Int64((value * 1e9).rounded()) }
    static func seconds(_ value: Double) -> ScenarioDuration { scaled(value, 1e9) }
    static func milliseconds(_ value: Double) -> ScenarioDuration { scaled(value, 1e6) }
    static func microseconds(_ value: Double) -> ScenarioDuration { scaled(value, 1e3) }
    private static func scaled(_ value: Double, _ unit: Double) -> ScenarioDuration {
        ScenarioDuration(nanoseconds: Int64((value * unit).rounded()))
    }
    static func nanoseconds(_ value: Int64) -> ScenarioDuration { ScenarioDuration(nanoseconds: value) }
}

/// The systems a scenario is run under (LoopSim's variant profiles); the real run is this machine's, whatever
/// the file lists.
enum ScenarioVariant {
    case ios8, ios9, ios10, ios11, ios12, ios13, linuxCorelibs, all
}

/// A scenario: its header, its user actions, its expectations. On the real run loop only the actions do
/// anything; the header and the expectations are LoopSim's (the horizon arrives as the program's argument).
final class Scenario {
    init(
        _ name: String, description: String = "", covers: [String] = [], seed: Int = 0,
        until: ScenarioDuration = 10, variants: [ScenarioVariant] = []
    ) {}

    /// A user action: `body` runs on the main thread at `instant` after the start.
    func at(_ instant: ScenarioDuration, _ name: String = "", do body: @escaping () -> Void) {
        LoopSimSupport.register(at: instant.nanoseconds, body)
    }

    /// LoopSim's expectations; nothing to do on the real run loop.
    func expect(_ variant: ScenarioVariant, _ figures: [String: Any]) {}

    /// The user drags a scroll view: UIKit's tracking mode, which Linux has not (`loopsim conform` refuses a
    /// scenario that scrolls before it gets here).
    func scroll(_ drag: ScenarioDuration, decelerate: ScenarioDuration = 0) {
        fatalError("scroll: UIKit's tracking mode does not exist on Linux")
    }
}

/// `print` in the scenario's module: a `log` event with the text `Swift.print` would have written.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    LoopSimSupport.record("log", items.map { "\($0)" }.joined(separator: separator))
}

// Darwin's Foundation re-exports CoreFoundation, so an app's file that imports Foundation alone calls
// CFRunLoopStop; swift-corelibs-foundation does not. The run-loop names of the scenario subset, declared in the
// scenario's module as CoreFoundation's own, let the same file compile here unedited.
typealias CFRunLoop = CoreFoundation.CFRunLoop
typealias CFRunLoopMode = CoreFoundation.CFRunLoopMode
func CFRunLoopGetCurrent() -> CFRunLoop { CoreFoundation.CFRunLoopGetCurrent() }
func CFRunLoopGetMain() -> CFRunLoop { CoreFoundation.CFRunLoopGetMain() }
func CFRunLoopRun() { CoreFoundation.CFRunLoopRun() }
func CFRunLoopStop(_ rl: CFRunLoop!) { CoreFoundation.CFRunLoopStop(rl) }
func CFRunLoopWakeUp(_ rl: CFRunLoop!) { CoreFoundation.CFRunLoopWakeUp(rl) }

/// The support's state: the clock, the event record, the actions.
enum LoopSimSupport {
    nonisolated(unsafe) static var t0: Int64 = 0
    nonisolated(unsafe) static let lock = NSLock()
    nonisolated(unsafe) static var lines: [String] = []
    nonisolated(unsafe) static var finished = false
    /// The lowered scenario's actions, `(instant, label)`, each taken by the first registration at its instant.
    nonisolated(unsafe) static var labels: [(at: Int64, label: String?)] = []
    nonisolated(unsafe) static var registered = 0
    nonisolated(unsafe) static var pending: [(at: Int64, index: Int, label: String, body: () -> Void)] = []
    /// Actions registered and not yet due, guarded by `clock`.
    nonisolated(unsafe) static var actions: [(at: Int64, index: Int, label: String, body: () -> Void)] = []
    nonisolated(unsafe) static let clock = NSCondition()
    nonisolated(unsafe) static var handlerQueued = false

    static func monotonic() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static func sleep(untilReal deadline: Int64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    /// The thread as the comparison names it: `main`; `pool` for a GCD worker (LoopSim's are interchangeable
    /// `worker-N`); otherwise the thread's name. libdispatch on Linux names a worker after its root queue,
    /// `com.apple.root.default-qos` cut by the kernel's 15-byte limit to its end (`oot.default-qos`), so a name
    /// with `-qos` in it, or none, is a worker's.
    static func threadName() -> String {
        if Thread.isMainThread { return "main" }
        let name = Thread.current.name ?? ""
        return name.isEmpty || name.hasPrefix("com.apple.") || name.contains("-qos") ? "pool" : name
    }

    static func escape(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func record(_ kind: String, _ detail: String) {
        let t = monotonic() - t0
        let line = "{\"t\":\(t),\"thread\":\(escape(threadName())),\"kind\":\(escape(kind)),"
            + "\"detail\":\(escape(detail))}"
        lock.lock()
        if !finished { lines.append(line) }
        lock.unlock()
    }

    /// An action registered by `Scenario.at`, for the clock thread (``runClock(until:)``) to hand over at its
    /// instant.
    static func register(at instant: Int64, _ body: @escaping () -> Void) {
        clock.lock()
        let index = registered
        registered += 1
        var label = "action \(index + 1)"
        if let slot = labels.firstIndex(where: { $0.at == instant && $0.label != nil }) {
            label = labels[slot].label!
            labels[slot].label = nil
        }
        actions.append((instant, index, label, body))
        clock.signal()
        clock.unlock()
    }

    /// The clock thread: at each action's instant it queues the input handler on the main queue (once until it
    /// starts), as Foundation's own input arrives on Linux, with every action due by then, earliest first and
    /// then in the order the file registered them; at the horizon it prints the events and exits. It waits on a
    /// condition (a registration wakes it) until 1 ms before an instant, then sleeps to it on CLOCK_MONOTONIC.
    static func runClock(until horizon: Int64) -> Never {
        clock.lock()
        while true {
            let now = monotonic()
            if now >= horizon {
                clock.unlock()
                finish()
            }
            let due = actions.filter { t0 + $0.at <= now }
            if !due.isEmpty {
                actions.removeAll { t0 + $0.at <= now }
                lock.lock()
                pending += due
                let queue = !handlerQueued
                handlerQueued = true
                lock.unlock()
                if queue { DispatchQueue.main.async(execute: deliverPending) }
                continue
            }
            let next = min(actions.map { t0 + $0.at }.min() ?? horizon, horizon)
            if next - now > 2_000_000 {
                _ = clock.wait(until: Date(timeIntervalSinceNow: Double(next - now - 1_000_000) / 1e9))
            } else {
                clock.unlock()
                sleep(untilReal: next)
                clock.lock()
            }
        }
    }

    /// The input handler, a main-queue block: every due action, earliest instant first (then in the order the
    /// file registered them), including those that come due while it runs.
    static func deliverPending() {
        lock.lock()
        handlerQueued = false
        lock.unlock()
        while true {
            lock.lock()
            let order = { (i: Int) in (pending[i].at, pending[i].index) }
            guard let next = pending.indices.min(by: { order($0) < order($1) }) else {
                lock.unlock()
                return
            }
            let action = pending.remove(at: next)
            lock.unlock()
            record("deliver", action.label)
            action.body()
        }
    }

    /// Pays the process's one-time costs before the clock starts, as the translated programs do (LoopSim models
    /// none of them): Foundation's run loops, a first thread, GCD's worker pool.
    static func warmUp() {
        _ = RunLoop.main
        _ = RunLoop.current
        _ = Date(timeIntervalSinceNow: 1)
        _ = NotificationCenter.default
        let done = DispatchSemaphore(value: 0)
        Thread { _ = RunLoop.current; done.signal() }.start()
        done.wait()
        for _ in 0..<2 { DispatchQueue.global().async { done.signal() } }
        for _ in 0..<2 { done.wait() }
    }

    /// The horizon: print every event (nothing is tracked as alive: the real run cannot see the file's instances
    /// without editing its classes), then exit.
    static func finish() -> Never {
        lock.lock()
        finished = true
        let out = "{\"events\":[\n" + lines.joined(separator: ",\n") + "\n],\"alive\":[]}\n"
        lock.unlock()
        FileHandle.standardOutput.write(out.data(using: .utf8)!)
        exit(0)
    }
}

@_silgen_name("\#(entryPointName)")
func loopSimScenarioTopLevel(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32

/// Arguments: the horizon in nanoseconds, then `AT_NS:LABEL` for each of the lowered scenario's actions.
@_cdecl("main")
func loopSimSupportMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    let arguments = (0..<Int(argc)).map { String(cString: argv[$0]!) }
    guard arguments.count >= 2, let until = Int64(arguments[1]) else {
        FileHandle.standardError.write("usage: PROGRAM UNTIL_NS [ACTION_LABEL…]\n".data(using: .utf8)!)
        return 2
    }
    LoopSimSupport.labels = arguments.dropFirst(2).map { item in
        let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return (Int64(parts[0]) ?? -1, parts.count > 1 ? String(parts[1]) : "")
    }
    LoopSimSupport.warmUp()
    LoopSimSupport.t0 = LoopSimSupport.monotonic()
    let horizon = LoopSimSupport.t0 + until
    Thread { LoopSimSupport.runClock(until: horizon) }.start()
    _ = loopSimScenarioTopLevel(argc, argv)
    // UIApplicationMain's loop: the default mode for ever.
    while true {
        let r = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1.0e10, false)
        let name: String
        switch r.rawValue {
        case 1: name = "finished"
        case 2: name = "stopped"
        case 3: name = "timed-out"
        case 4: name = "handled-source"
        default: name = "result-\(r.rawValue)"
        }
        LoopSimSupport.record("loop.exit", name)
    }
}
"""#
}
