/// What a run writes down for its outcome as it goes, in order: the report's logs, `check:` snapshots, samples
/// and run-loop exits, every death (for `loopsim why`), and the statistics of timers and dispatch sources
/// that deallocated before the end. Appended to only; ``RunOutcome`` reads it at the end. A service: the parts that
/// write records are handed it when the kernel makes them (docs/kernel.md, "Services").
public final class RunRecords {
    public internal(set) var runLoopExits: [RunLoopExit] = []
    public internal(set) var logs: [LogEntry] = []
    public internal(set) var checks: [CheckSnapshot] = []
    /// The leaks, parked threads and delayed releases listed by ``checks``, in all (``RunLimits/maxCheckEntries``).
    var checkEntries = 0
    public internal(set) var samples: [Sample] = []
    /// Every object that died: when, on which thread.
    public internal(set) var deaths: [DeathRecord] = []
    /// Objects freed later than they should have been (``DelayedRelease``), in the order they died.
    public internal(set) var delayed: [DelayedRelease] = []
    /// Timers that deallocated, with their statistics.
    var finishedTimers: [RunOutcome.TimerRecord] = []
    /// Dispatch sources that deallocated, with their statistics.
    var finishedSources: [RunOutcome.SourceRecord] = []

    init() {}
}
