/// What every thread and every mode's timer port is doing at one point of a trace, rebuilt by replaying
/// its events: used to say what a variant was doing when another one did something else.
///
/// ```swift
/// var s = TraceState()
/// for e in events where e.t <= instant { s.apply(e) }
/// s.describeThread("worker-1")  // "asleep since 3.000 s in mode default; …"
/// ```
public struct TraceState: Sendable {
    /// A thread's state.
    public enum Activity: Sendable, Hashable {
        case running
        case busy(until: Int64)
        case sleeping(mode: String, ports: [String])
        case blocked(on: String)
        case idle
        case exited
    }

    public struct ThreadInfo: Sendable, Hashable {
        public var activity: Activity
        public var since: Int64
        public var modes: [String] = []  // the running activations' modes, innermost last
    }

    public struct PortInfo: Sendable, Hashable {
        /// The armed deadline, nil when disarmed.
        public var deadline: Int64?
        /// When it was last armed, disarmed or fired.
        public var changed: Int64
        public var lastChange: String
    }

    public private(set) var threads: [String: ThreadInfo] = [:]
    /// Keyed by `runloop|mode`.
    public private(set) var ports: [String: PortInfo] = [:]
    /// Each thread's run loop name (`rl.create`).
    public private(set) var runLoops: [String: String] = [:]
    /// When the run ended, once `run.end` was applied.
    public private(set) var endedAt: Int64?
    public private(set) var endedQuiescent = false

    public init() {}

    /// Applies one event.
    public mutating func apply(_ e: TraceEvent) {
        switch e.kind {
        case "run.end":
            endedAt = e.t
            endedQuiescent = e.bool("quiescent") == true
            return
        case "port.arm", "port.cancel", "port.fire":
            let key = (e.string("runloop") ?? "?") + "|" + (e.string("mode") ?? "?")
            let deadline = e.kind == "port.arm" ? e.int("deadline") : nil
            let change = e.kind == "port.arm" ? "armed" : e.kind == "port.cancel" ? "disarmed" : "fired"
            ports[key] = PortInfo(deadline: deadline, changed: e.t, lastChange: change)
        case "rl.create":
            if let rl = e.string("runloop") { runLoops[e.thread] = rl }
        default: break
        }
        guard e.thread != "kernel" else { return }
        var info = threads[e.thread] ?? ThreadInfo(activity: .running, since: e.t)
        func set(_ a: Activity) {
            if a != info.activity { info.since = e.t }
            info.activity = a
        }
        switch e.kind {
        case "rl.sleep": set(.sleeping(mode: e.string("mode") ?? "?", ports: e.strings("ports")))
        case "thread.busy": set(.busy(until: e.t + (e.int("for_ns") ?? 0)))
        case "sem.wait": set(.blocked(on: e.string("semaphore") ?? "a semaphore"))
        case "thread.idle": set(.idle)
        case "thread.exit": set(.exited)
        case "port.arm", "port.cancel", "port.fire": break  // recorded on the owner's name from any thread
        case "rl.run": info.modes.append(e.string("mode") ?? "?"); set(.running)
        case "rl.exit": if !info.modes.isEmpty { info.modes.removeLast() }; set(.running)
        default: set(.running)
        }
        threads[e.thread] = info
    }

    /// The thread's state in words, e.g. `asleep since 3.000 s in mode default on its wake-up port (no message)
    /// and the timer port of mode default (disarmed at 3.500 s)`.
    public func describeThread(_ name: String) -> String {
        guard let info = threads[name] else { return "\(name) does not exist yet" }
        switch info.activity {
        case .running: return "\(name) is running"
        case .busy(let until): return "\(name) is busy until \(TimeText.seconds(until))"
        case .idle: return "\(name) is idle in the GCD pool"
        case .blocked(let semaphore): return "\(name) is blocked on \(semaphore) since \(TimeText.seconds(info.since))"
        case .exited: return "\(name) has exited"
        case .sleeping(let mode, let waitSet):
            var parts: [String] = []
            for raw in waitSet {
                if raw.hasPrefix("timer") {
                    let key = (runLoops[name] ?? "runloop(\(name))") + "|" + mode
                    if let port = ports[key] {
                        parts.append(port.deadline.map { "the timer port of mode \(mode) (armed for \(TimeText.seconds($0)))" }
                            ?? "the timer port of mode \(mode) (\(port.lastChange) at \(TimeText.seconds(port.changed))"
                            + (port.lastChange == "disarmed" ? ")" : ", not re-armed)"))
                    } else {
                        parts.append("the timer port of mode \(mode) (disarmed)")
                    }
                } else {
                    parts.append(EventPhrases.port(raw))
                }
            }
            return "\(name) stays asleep since \(TimeText.seconds(info.since)) in mode \(mode), waiting on "
                + parts.joined(separator: ", ")
        }
    }

    /// The port's state in words (`armed for 4.000 s`, `disarmed`).
    public func describePort(runLoop: String, mode: String) -> String {
        guard let port = ports[runLoop + "|" + mode] else { return "never armed" }
        return port.deadline.map { "armed for \(TimeText.seconds($0))" } ?? "disarmed"
    }
}
