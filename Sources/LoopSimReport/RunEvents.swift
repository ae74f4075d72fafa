import LoopSimKernel

/// One run's typed events with the strings they name: what every view reads (narration, timelines, Chrome
/// traces, divergences), in process, without formatting or parsing a JSON line.
///
/// An event's index is its sequence number (`seq` in the trace). The events come from a run that kept them
/// (``KernelConfiguration/keepsTrace``) or from a trace file read back (``TraceFile``); either way ``names`` holds
/// the strings their ``Name``s index.
///
/// ```swift
/// let run = RunEvents(outcome)
/// for event in run.events {
///     if case .sleep(let mode, _) = event.body { print(run[mode]) }  // "default"
/// }
/// ```
public struct RunEvents: Sendable {
    /// The events in order.
    public var events: [SimEvent]
    /// The strings of ``events``' names.
    public var names: NameTable
    /// Where the statement that recorded each event was written, as an index into ``siteTable`` (0: none), beside
    /// ``events``; empty for a trace file read back, which records no sites.
    public var eventSites: [Int32] = []
    /// The program's sites (``Program/sites``).
    public var siteTable: [SourceSite] = []

    /// The events of a run and the table their names index.
    public init(events: [SimEvent], names: NameTable) {
        self.events = events
        self.names = names
    }

    /// The events a run kept (none when it ran without ``KernelConfiguration/keepsTrace``), with their sites.
    public init(_ outcome: RunOutcome) {
        self.init(events: outcome.eventLog, names: outcome.names)
        eventSites = outcome.eventSites
        siteTable = outcome.sites
    }

    /// Where the statement that recorded event `index` was written; nil for an event the kernel made between
    /// statements (a timer's fire, a run-loop pass), or when the sites are not known.
    public func site(ofEvent index: Int) -> SourceSite? {
        guard index < eventSites.count else { return nil }
        let s = Int(eventSites[index])
        return s > 0 && s < siteTable.count ? siteTable[s] : nil
    }

    /// The events of a trace file read back.
    public init(_ trace: TraceFile) {
        self.init(events: trace.events, names: trace.names)
    }

    /// The string of `name`.
    public subscript(name: Name) -> String { names[name] }
}
