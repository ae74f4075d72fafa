import LoopSimKernel

/// Where two variants' traces part, why, and what follows from it.
///
/// The traces are aligned event by event (``TraceAlignment`` over ``NormalizedEvent``s: the same instant,
/// thread, kind and field values, `run.start`'s variant aside).
/// The *first divergence* is the earliest event one variant has and the other has not, among the events a
/// thread or the system visibly does: a timer port that fires, a wake, a callout, an exit, a dealloc.
/// Kernel bookkeeping that differs before it (`port.arm`, `port.cancel`: the state of a mode's `mk_timer`)
/// is reported as what *set it up*. The *consequences* are the later unmatched events of each side that
/// matter to a reader (wakes, exits, fires, deallocs, crashes, idle or exited threads), followed by each
/// side's own end state: threads parked and objects leaked that the other variant does not have.
///
/// For S2 (`scenarios/s02-timerbutton-worker-loop.yaml`), ios9 vs ios10: at 4.000 s the worker's
/// default-mode timer port fires stale under ios9, while under ios10 the worker stays asleep on a disarmed
/// port; set up at 3.500 s when ios10 disarmed that port; ios9 goes on to return `finished`, free the
/// dispatch block and the button; ios10 ends with worker-1 parked and the button leaked.
public struct TraceDivergence: Sendable {
    /// One side's event, described.
    public struct Step: Sendable, Hashable {
        public var variant: String
        public var t: Int64
        public var thread: String
        public var kind: String
        public var text: String
        /// Where the statement that recorded the event was written (`FILE:LINE`), nil for the kernel's own.
        public var site: String? = nil
    }

    public var a: String
    public var b: String
    /// The traces are the same event for event.
    public var identical: Bool
    /// Where the headline event happens (nil when identical, or when only bookkeeping differs).
    public var at: Int64?
    public var thread: String?
    /// What each side did at the divergence (one step per side, in the order a, b).
    public var first: [Step]
    /// Bookkeeping differences before the divergence that explain it.
    public var setup: [Step]
    /// Later events only one side has, per side (a first).
    public var consequences: [[Step]]
    /// Parked threads, leaks and crashes of one side that the other has not (a first).
    public var endState: [[String]]
    /// The alignment window was exceeded: later consequences may be missing.
    public var truncated: Bool

    /// Kernel state changes that are not, by themselves, something a thread did.
    static let bookkeeping: Set<EventKind> = [.portArm, .portCancel]
    /// Kinds worth listing among the consequences.
    static let consequential: Set<EventKind> = [
        .portFire, .wake, .noTimerDue, .runLoopExit, .runLoopTimeout, .timerFire, .timerInvalidate,
        .dealloc, .threadExit, .threadIdle, .crash, .limit, .stop, .userDeliver, .log, .sourceCallout,
        .mainQueueDrain, .runLoopRun, .appState, .appKilled, .timerWasted, .notificationDeliver, .semaphoreTimeout,
    ]
    static let consequenceLimit = 14

    /// Compares two runs of one scenario (their outcomes must keep their events).
    public init(_ ra: VariantRun, _ rb: VariantRun) {
        a = ra.variant
        b = rb.variant
        let runA = RunEvents(ra.outcome), runB = RunEvents(rb.outcome)
        let alignment = TraceAlignment(
            runA.events.map { NormalizedEvent($0, names: runA.names) },
            runB.events.map { NormalizedEvent($0, names: runB.names) })
        truncated = alignment.truncated
        identical = runA.events.count == runB.events.count && alignment.commonPrefix == runA.events.count
        first = []
        setup = []
        consequences = [[], []]
        endState = [[], []]
        guard !identical else { return }

        let blockQueues = Self.blockQueues([runA, runB])
        let sides: [(name: String, run: RunEvents, unmatched: [Bool])] = [
            (a, runA, alignment.matchInA.map { $0 == nil }), (b, runB, alignment.matchInB.map { $0 == nil }),
        ]
        // The first visible unmatched event of each side (run.end says only that nothing more happened).
        let candidates: [Int?] = sides.map { side in
            side.run.events.indices.first { i in
                let kind = side.run.events[i].kind
                return side.unmatched[i] && !Self.bookkeeping.contains(kind) && kind != .runEnd
            }
        }
        var lead: Int?
        for s in 0..<2 {
            guard let i = candidates[s] else { continue }
            if let l = lead, let li = candidates[l], sides[l].run.events[li].instant <= sides[s].run.events[i].instant {
                continue
            }
            lead = s
        }
        // The headline event's instant and thread (by name: the other side numbers its strings differently).
        let headline: (t: Int64, thread: String)? = lead.flatMap { s in
            candidates[s].map { i in
                let e = sides[s].run.events[i]
                return (e.instant.nanoseconds, sides[s].run[e.thread])
            }
        }
        at = headline?.t
        thread = headline?.thread
        let cut = headline?.t ?? Int64.max

        for s in 0..<2 {
            let side = sides[s]
            let events = side.run.events, names = side.run.names
            func step(_ i: Int, _ text: String) -> Step {
                let e = events[i]
                return Step(
                    variant: side.name, t: e.instant.nanoseconds, thread: names[e.thread], kind: e.kind.text,
                    text: text, site: side.run.site(ofEvent: i)?.shortText)
            }
            var state = TraceState(names: names)
            var stateIndex = 0
            // What this side did at the divergence.
            if let i = candidates[s], events[i].instant.nanoseconds == cut {
                first.append(step(i, Self.describe(events[i], names, blockQueues)))
            } else if let h = headline {
                while stateIndex < events.count && events[stateIndex].instant.nanoseconds <= h.t
                    && events[stateIndex].kind != .runEnd
                {
                    state.apply(events[stateIndex])
                    stateIndex += 1
                }
                var text = "nothing: " + state.describeThread(h.thread)
                if let end = events.last, case .runEnd(let quiescent) = end.body, end.instant.nanoseconds < h.t {
                    text +=
                        "; the run ended at \(TimeText.seconds(end.instant.nanoseconds))"
                        + (quiescent ? " with nothing left to happen" : "")
                }
                first.append(Step(variant: side.name, t: h.t, thread: h.thread, kind: "none", text: text))
            }
            // Bookkeeping that set it up.
            for (i, e) in events.enumerated()
            where side.unmatched[i] && Self.bookkeeping.contains(e.kind) && e.instant.nanoseconds <= cut {
                if let c = candidates[s], i > c { break }
                var text = EventPhrases.describe(e, names)
                if let (runLoop, mode) = Self.timerPort(of: e) {
                    let other = sides[1 - s]
                    var otherState = TraceState(names: other.run.names)
                    for oe in other.run.events where oe.instant <= e.instant { otherState.apply(oe) }
                    text +=
                        " (under \(other.name) that port stays "
                        + "\(otherState.describePort(runLoop: names[runLoop], mode: names[mode])))"
                }
                setup.append(step(i, text))
            }
            // Consequences after the divergence.
            var chain: [Step] = []
            for (i, e) in events.enumerated() where side.unmatched[i] && Self.consequential.contains(e.kind) {
                let t = e.instant.nanoseconds
                if t < cut || i == candidates[s] && t == cut { continue }
                chain.append(step(i, Self.describe(e, names, blockQueues)))
                if chain.count == Self.consequenceLimit { break }
            }
            consequences[s] = chain
        }
        setup.sort { ($0.t, $0.variant == a ? 0 : 1) < ($1.t, $1.variant == a ? 0 : 1) }
        endState = [Self.ownEndState(ra.outcome, versus: rb.outcome), Self.ownEndState(rb.outcome, versus: ra.outcome)]
    }

    /// The run loop and mode whose timer port a `port.arm` or `port.cancel` changes.
    static func timerPort(of e: SimEvent) -> (runLoop: Name, mode: Name)? {
        switch e.body {
        case .portArm(let runLoop, let mode, _), .portCancel(let runLoop, let mode): (runLoop, mode)
        default: nil
        }
    }

    /// `block#N` → the queue it was dispatched to, over the runs in order (a later run's dispatch wins).
    static func blockQueues(_ runs: [RunEvents]) -> [String: String] {
        var map: [String: String] = [:]
        for run in runs {
            for e in run.events {
                if case .dispatchAsync(let queue, let block) = e.body { map[run[block]] = run[queue] }
            }
        }
        return map
    }

    static func describe(_ e: SimEvent, _ names: NameTable, _ blockQueues: [String: String]) -> String {
        var text = EventPhrases.describe(e, names)
        if case .dealloc(let object) = e.body, let queue = blockQueues[names[object]] {
            text += " (the block dispatched to the \(queue) queue: it has returned)"
        }
        return text
    }

    /// What `mine` ends with that `other` does not: parked threads, tasks suspended for ever, leaks, a crash.
    static func ownEndState(_ mine: RunOutcome, versus other: RunOutcome) -> [String] {
        var lines: [String] = []
        let otherParked = Set(other.findings.parkedThreads.map(\.name))
        for p in mine.findings.parkedThreads where !otherParked.contains(p.name) {
            lines.append(
                "\(p.name) is parked for ever"
                    + (p.since.map { " (asleep since \(TimeText.seconds($0.nanoseconds)))" } ?? "")
                    + ": \(p.reason)")
        }
        let otherSuspended = Set(other.findings.suspendedTasks.map(\.name))
        for t in mine.findings.suspendedTasks where !otherSuspended.contains(t.name) {
            lines.append(
                "\(t.name) is suspended for ever"
                    + (t.since.map { " (since \(TimeText.seconds($0.nanoseconds)))" } ?? "") + ": \(t.reason)")
        }
        let otherLeaks = Set(other.findings.leaks.map { "\($0.className) \($0.object)" })
        for leak in mine.findings.leaks where !otherLeaks.contains("\(leak.className) \(leak.object)") {
            lines.append(
                "\(leak.className) \(leak.object) leaks (\(leak.kind.rawValue)): " + leak.path.joined(separator: " → "))
        }
        if let crash = mine.crash, other.crash == nil {
            lines.append(
                "the app crashed at \(TimeText.seconds(crash.at.nanoseconds)) on \(crash.thread): \(crash.message)")
        }
        return lines
    }

    /// The divergence as JSON: `variants`, `identical`, `truncated`, and when they differ `at_ms`, `thread`,
    /// `first`, `setup`, `consequences` and `end_state` (the last two keyed by variant).
    public var json: JSONValue {
        func step(_ s: Step) -> JSONValue {
            .object([
                "variant": .string(s.variant), "t_ns": .int(s.t), "at_ms": .double(Double(s.t) / 1_000_000),
                "thread": .string(s.thread), "ev": .string(s.kind), "text": .string(s.text),
                "site": s.site.map(JSONValue.string) ?? .null,
            ])
        }
        var o: [String: JSONValue] = [
            "variants": .array([.string(a), .string(b)]), "identical": .bool(identical), "truncated": .bool(truncated),
        ]
        guard !identical else { return .object(o) }
        o["at_ms"] = at.map { .double(Double($0) / 1_000_000) } ?? .null
        o["thread"] = thread.map(JSONValue.string) ?? .null
        o["first"] = .array(first.map(step))
        o["setup"] = .array(setup.map(step))
        o["consequences"] = .object([a: .array(consequences[0].map(step)), b: .array(consequences[1].map(step))])
        o["end_state"] = .object([
            a: .array(endState[0].map(JSONValue.string)), b: .array(endState[1].map(JSONValue.string)),
        ])
        return .object(o)
    }
}
