import LoopSimKernel

/// What every thread and every mode's timer port is doing at one point of a trace, rebuilt by replaying
/// its events: used to say what a variant was doing when another one did something else.
///
/// ```swift
/// var s = TraceState(names: run.names)
/// for e in run.events where e.instant <= instant { s.apply(e) }
/// s.describeThread("worker-1")  // "asleep since 3.000 s in mode default; …"
/// ```
public struct TraceState: Sendable {
    /// A thread's state.
    public enum Activity: Sendable, Hashable {
        case running
        case busy(until: Int64)
        case sleeping(mode: String, ports: WaitSet)
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

    /// The strings the applied events name.
    public let names: NameTable

    /// A state before any event, for events whose names are strings of `names`.
    public init(names: NameTable) { self.names = names }

    /// Applies one event.
    public mutating func apply(_ e: SimEvent) {
        let t = e.instant.nanoseconds
        switch e.body {
        case .runEnd(let quiescent):
            endedAt = t
            endedQuiescent = quiescent
            return
        case .portArm(let runLoop, let mode, let deadline):
            ports[names[runLoop] + "|" + names[mode]] = PortInfo(
                deadline: deadline.isNever ? nil : deadline.nanoseconds, changed: t, lastChange: "armed")
        case .portCancel(let runLoop, let mode):
            ports[names[runLoop] + "|" + names[mode]] = PortInfo(deadline: nil, changed: t, lastChange: "disarmed")
        case .portFire(let runLoop, let mode, _):
            ports[names[runLoop] + "|" + names[mode]] = PortInfo(deadline: nil, changed: t, lastChange: "fired")
        case .runLoopCreate(let runLoop):
            runLoops[names[e.thread]] = names[runLoop]
        default: break
        }
        guard e.thread != .kernel else { return }
        let thread = names[e.thread]
        var info = threads[thread] ?? ThreadInfo(activity: .running, since: t)
        func set(_ a: Activity) {
            if a != info.activity { info.since = t }
            info.activity = a
        }
        switch e.body {
        case .sleep(let mode, let waitSet): set(.sleeping(mode: names[mode], ports: waitSet))
        case .threadBusy(let duration): set(.busy(until: t + duration.nanoseconds))
        case .semaphoreWait(let semaphore, _): set(.blocked(on: names[semaphore]))
        case .threadIdle: set(.idle)
        case .threadExit: set(.exited)
        case .portArm, .portCancel, .portFire: break  // recorded on the owner's name from any thread
        case .runLoopRun(_, let mode, _, _): info.modes.append(names[mode]); set(.running)
        case .runLoopExit: if !info.modes.isEmpty { info.modes.removeLast() }; set(.running)
        default: set(.running)
        }
        threads[thread] = info
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
            // The timer port as this state knows it, which may differ from what the loop saw when it slept.
            let timerPort: String
            if let port = ports[(runLoops[name] ?? "runloop(\(name))") + "|" + mode] {
                timerPort =
                    port.deadline.map { "the timer port of mode \(mode) (armed for \(TimeText.seconds($0)))" }
                    ?? "the timer port of mode \(mode) (\(port.lastChange) at \(TimeText.seconds(port.changed))"
                    + (port.lastChange == "disarmed" ? ")" : ", not re-armed)")
            } else {
                timerPort = "the timer port of mode \(mode) (disarmed)"
            }
            return "\(name) stays asleep since \(TimeText.seconds(info.since)) in mode \(mode), waiting on "
                + EventPhrases.ports(waitSet, timerPort: timerPort).joined(separator: ", ")
        }
    }

    /// The port's state in words (`armed for 4.000 s`, `disarmed`).
    public func describePort(runLoop: String, mode: String) -> String {
        guard let port = ports[runLoop + "|" + mode] else { return "never armed" }
        return port.deadline.map { "armed for \(TimeText.seconds($0))" } ?? "disarmed"
    }
}
