/// Everything a finished run reports: a value, detached from the kernel that produced it.
public struct RunOutcome: Sendable {
    public struct TimerRecord: Sendable, Hashable {
        public var label: String
        /// 0 for a one-shot.
        public var interval: SimDuration
        public var skipped: Int
        /// Fires whose call a proxy swallowed (its target was gone): wake-ups for nothing.
        public var wasted: Int
        /// The latencies of its run-loop fires, as counts (``LatencyHistogram``).
        public var latency: LatencyHistogram
        /// Run-loop fires: one latency each.
        public var fires: Int { latency.count }
    }
    /// A dispatch timer source's statistics.
    public struct SourceRecord: Sendable, Hashable {
        public var label: String
        /// Timer fires (each target reached).
        public var fires: Int
        /// Handler calls; fewer than `fires` when fires merged.
        public var invocations: Int
        /// The largest number of fires one call delivered (`dispatch_source_get_data`).
        public var largestMerge: Int
    }
    public struct ThreadRecord: Sendable, Hashable {
        public var name: String
        public var kind: SimThread.Kind
        public var state: String
    }

    public var variant: String
    public var seed: UInt64
    /// The run's ``Fingerprint``, as 16 hex digits: equal for equal event streams, whatever their JSON text.
    public var fingerprint: String
    /// How many events the run recorded.
    public var events: Int
    public var endTime: SimInstant
    /// Nothing was left to happen when the run ended (as opposed to reaching its horizon).
    public var quiescent: Bool
    public var crash: Crash?
    public var limit: LimitStop?
    public var findings: Findings
    /// The objects alive at the end that are not findings.
    public var alive: AliveObjects
    public var allocated: Int
    public var deallocated: Int
    public var threads: [ThreadRecord]
    /// Every timer's record, finished and live, sorted by label.
    public var timers: TimerRecords
    public var sources: [SourceRecord]
    public var runLoopExits: [RunLoopExit]
    public var logs: [LogEntry]
    public var checks: [CheckSnapshot]
    /// Every object that died, in order.
    public var deaths: [DeathRecord]
    public var appState: AppState
    public var appStateTimeline: [AppStateChange]
    public var foregroundReturns: [ForegroundReturn]
    public var samples: [Sample]
    public var presentations: [PresentationRecord]
    /// The run's events in order, when the run kept them (``KernelConfiguration/keepsTrace``); empty otherwise.
    public var eventLog: [SimEvent]
    /// The strings the events name.
    public var names: NameTable
    /// Where the statement that recorded each event of ``eventLog`` was written: its ``sites`` index, 0 for none
    /// (docs/kernel.md, "Sites"). Not part of the events: the fingerprint and the trace do not see it.
    public var eventSites: [Int32]
    /// The program's site table (``Program/sites``).
    public var sites: [SourceSite]
    /// Where each leaked or abandoned object of ``findings`` was made, by serial: its ``sites`` index.
    public var leakSites: [Int: Int32]

    /// The site of `index` (an event's or an object's), nil for none.
    public func site(_ index: Int32) -> SourceSite? {
        index > 0 && Int(index) < sites.count ? sites[Int(index)] : nil
    }

    /// Where `leak`'s object was made, when a statement made it.
    public func site(of leak: Leak) -> SourceSite? { leakSites[leak.serial].flatMap(site) }

    /// The trace's JSON lines (without newlines), when the run kept its events: ``TraceEncoder``'s text.
    public var traceLines: [String] {
        var encoder = TraceEncoder()
        return eventLog.enumerated().map { encoder.line($0.element, seq: $0.offset, names: names) }
    }

    /// The name of `string` in ``names``, if any event names it.
    public func name(_ string: String) -> Name? { names.lookUp(string) }

    init(kernel k: Kernel, quiescent: Bool) {
        variant = k.profile.name
        seed = k.configuration.seed
        fingerprint = k.log.fingerprint.hex
        events = k.log.count
        endTime = k.now
        self.quiescent = quiescent
        crash = k.crash
        limit = k.limit
        let (findings, alive) = LeakAnalysis(kernel: k).endOfRun()
        self.findings = findings
        self.alive = alive
        allocated = k.heap.allocatedCount
        deallocated = k.heap.deallocatedCount
        threads = k.threads.all.map { t in
            let state: String
            switch t.state {
            case .exited: state = "exited"
            case .sleeping: state = findings.parkedThreads.contains { $0.name == t.name } ? "parked" : "sleeping"
            case .idle: state = "idle"
            case .busy: state = "busy"
            case .blocked: state = findings.parkedThreads.contains { $0.name == t.name } ? "parked" : "blocked"
            case .running, .runnable: state = "runnable"
            }
            return ThreadRecord(name: t.name, kind: t.kind, state: state)
        }
        // Heap slots, not objects: a million fewer retains and releases. The live timers are listed and sorted by
        // name only when the heap does not hold them in that order already: the timers of one scheduling site share
        // their name, and a list of a million slots (4 bytes each, and the sort's buffer) was part of the end of the
        // run's peak (BENCHMARKS.md, memory per timer).
        var liveSources: [Int32] = []
        var liveTimerCount = 0, timersInNameOrder = true
        var lastTimer: HeapObject?
        let heap = k.heap
        for index in 0..<heap.indexLimit {
            guard let o = heap.object(atIndex: index) else { continue }
            if o.isTimer {
                if let last = lastTimer, HeapObject.displayNamePrecedes(o, last) { timersInNameOrder = false }
                lastTimer = o
                liveTimerCount += 1
            }
            if o.dispatchSource != nil { liveSources.append(Int32(index)) }
        }
        lastTimer = nil
        var timers = TimerRecords()
        timers.reserveCapacity(k.records.finishedTimers.count + liveTimerCount)
        if timersInNameOrder {
            let liveTimers = (0..<heap.indexLimit).lazy.filter { heap.object(atIndex: $0)?.isTimer == true }
            Self.mergeByLabel(k.records.finishedTimers, liveTimers, of: heap, label: \.label) {
                timers.append($0)
            } live: {
                timers.append(Self.record($0))
            }
        } else {
            var liveTimers: [Int32] = []
            liveTimers.reserveCapacity(liveTimerCount)
            for index in 0..<heap.indexLimit where heap.object(atIndex: index)?.isTimer == true {
                liveTimers.append(Int32(index))
            }
            Self.mergeByLabel(
                k.records.finishedTimers, Self.sortedByName(liveTimers, of: heap), of: heap,
                label: \.label
            ) {
                timers.append($0)
            } live: {
                timers.append(Self.record($0))
            }
        }
        self.timers = timers
        var sources: [SourceRecord] = []
        sources.reserveCapacity(k.records.finishedSources.count + liveSources.count)
        Self.mergeByLabel(
            k.records.finishedSources, Self.sortedByName(liveSources, of: heap), of: heap,
            label: \.label
        ) {
            sources.append($0)
        } live: {
            sources.append(Self.record(source: $0))
        }
        self.sources = sources
        runLoopExits = k.records.runLoopExits
        logs = k.records.logs
        checks = k.records.checks
        deaths = k.records.deaths
        appState = k.app.state
        appStateTimeline = k.app.timeline
        foregroundReturns = k.app.foregroundReturns
        samples = k.records.samples
        presentations = k.uikit.presentations.map(\.record)
        eventLog = k.log.events
        names = k.log.names
        eventSites = k.log.sites
        sites = k.program.sites
        var leakSites: [Int: Int32] = [:]
        for leak in findings.leaks + k.records.checks.flatMap(\.findings.leaks) {
            leakSites[leak.serial] = k.heap.allocationSite(ofSerial: leak.serial)
        }
        self.leakSites = leakSites
    }

    /// Heap slots `live`, sorted stably by their objects' names (a record's label is its object's displayName).
    private static func sortedByName(_ live: consuming [Int32], of heap: ObjectHeap) -> [Int32] {
        live.sort { HeapObject.displayNamePrecedes(heap.object(atIndex: Int($0))!, heap.object(atIndex: Int($1))!) }
        return live
    }

    /// The records of `finished`, then of `live` (heap slots in heap order, sorted stably by name), sorted stably by
    /// label and handed to `append` (a finished one) or `live` (a live object's). Merges the two sorted apart, so
    /// that each record is built once, in place: for a million timers, sorting the records themselves took a copy
    /// and a buffer of half of them (84 MB).
    private static func mergeByLabel<Record, Index: BinaryInteger>(
        _ finished: [Record], _ live: some Sequence<Index>, of heap: ObjectHeap, label: (Record) -> String,
        _ append: (Record) -> Void, live appendLive: (HeapObject) -> Void
    ) {
        // Records that come in label order already (the timers of one scheduling site share their label: a
        // `performSelector:afterDelay:` loop's are all one) are not copied: the sorted copy of 100,000 freed timers'
        // records was a quarter of the run's heap peak (heaptrack). Swift's sort is stable, so the order is the same.
        let inOrder = zip(finished, finished.dropFirst()).allSatisfy { label($0) <= label($1) }
        let finished = inOrder ? finished : finished.sorted { label($0) < label($1) }
        var next = finished.startIndex
        for index in live {
            let o = heap.object(atIndex: Int(index))!
            // Finished records first among equal labels, as they came first.
            if next < finished.endIndex {
                let name = o.displayName
                while next < finished.endIndex, !(name < label(finished[next])) {
                    append(finished[next])
                    next += 1
                }
            }
            appendLive(o)
        }
        finished[next...].forEach(append)
    }

    static func record(_ o: HeapObject) -> TimerRecord {
        let extras = o.timerExtras
        return TimerRecord(
            label: o.displayName, interval: o.timer.interval, skipped: extras.skippedSlots,
            wasted: extras.wastedFires, latency: o.timer.latency)
    }

    static func record(source o: HeapObject) -> SourceRecord {
        let s = o.dispatchSource!
        return SourceRecord(
            label: o.displayName, fires: s.fires, invocations: s.invocations, largestMerge: s.largestMerge)
    }

    /// Why a run ended when it did (docs/scenario-format.md §10, `end_time_ms`).
    public enum Ending: Sendable, Hashable {
        /// Nothing was left to happen: the run ended at the instant of its last event.
        case lastEvent
        /// It reached its horizon (`until:`) with more due after it.
        case horizon
        /// The modelled app crashed (``RunOutcome/crash``).
        case crash
        /// A safety limit or an interruption stopped it (``RunOutcome/limit``).
        case limit
    }

    /// Why the run ended when it did: a ``crash`` or a ``limit`` stops it where it happens; otherwise it ends at its
    /// horizon, or at its last event when nothing was left to happen before then (``quiescent``).
    public var ending: Ending {
        if crash != nil { return .crash }
        if limit != nil { return .limit }
        return quiescent ? .lastEvent : .horizon
    }

    /// Objects leaked: alive, unreachable from every root (``Leak/Kind/leaked``).
    public var leaked: Int { findings.count(.leaked) }
    /// Objects abandoned: alive, held only by the system after the app let go (``Leak/Kind/abandoned``).
    public var abandoned: Int { findings.count(.abandoned) }
    /// Objects freed more than ``Objects/delayGrace`` after the app let go of them.
    public var delayed: Int { findings.delayed.count }
}
