/// Everything a finished run reports: a value, detached from the kernel that produced it.
public struct RunOutcome: Sendable {
    public struct TimerRecord: Sendable, Hashable {
        public var label: String
        public var fires: Int
        public var skipped: Int
        public var latencies: [SimDuration]
    }
    public struct ThreadRecord: Sendable, Hashable {
        public var name: String
        public var kind: SimThread.Kind
        public var state: String
    }

    public var variant: String
    public var seed: UInt64
    public var traceHash: String
    public var events: Int
    public var endTime: SimInstant
    /// Nothing was left to happen when the run ended (as opposed to reaching its horizon).
    public var quiescent: Bool
    public var crash: Crash?
    public var limit: LimitStop?
    public var findings: Findings
    public var allocated: Int
    public var deallocated: Int
    public var threads: [ThreadRecord]
    public var timers: [TimerRecord]
    public var runLoopExits: [RunLoopExit]
    public var logs: [LogEntry]
    public var checks: [CheckSnapshot]
    /// The trace lines, when the run kept them.
    public var traceLines: [String]

    init(kernel k: Kernel, quiescent: Bool) {
        variant = k.profile.name
        seed = k.configuration.seed
        traceHash = k.trace.hash
        events = k.trace.count
        endTime = k.now
        self.quiescent = quiescent
        crash = k.crash
        limit = k.limit
        let findings = LeakAnalysis(kernel: k).findings()
        self.findings = findings
        allocated = k.heap.allocatedCount
        deallocated = k.heap.deallocatedCount
        threads = k.threads.map { t in
            let state: String
            switch t.state {
            case .exited: state = "exited"
            case .sleeping: state = findings.parkedThreads.contains { $0.name == t.name } ? "parked" : "sleeping"
            case .idle: state = "idle"
            case .busy: state = "busy"
            case .running, .runnable: state = "runnable"
            }
            return ThreadRecord(name: t.name, kind: t.kind, state: state)
        }
        var timers = k.finishedTimers
        for o in k.heap.liveObjects where o.timer != nil { timers.append(Self.record(o)) }
        self.timers = timers.sorted { $0.label < $1.label }
        runLoopExits = k.runLoopExits
        logs = k.logs
        checks = k.checks
        traceLines = k.trace.lines
    }

    static func record(_ o: HeapObject) -> TimerRecord {
        TimerRecord(label: o.displayName, fires: o.timer!.fires, skipped: o.timer!.skippedSlots,
                    latencies: o.timer!.latencies)
    }

    /// Objects leaked (both kinds).
    public var leaked: Int { findings.leaks.count }
}
