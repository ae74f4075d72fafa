import LoopSimKernel

/// Where two variants' traces part, why, and what follows from it.
///
/// The traces are aligned event by event (``TraceAlignment`` over `NormalizedEvent`s: the same instant,
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
    static let bookkeeping: Set<String> = ["port.arm", "port.cancel"]
    /// Kinds worth listing among the consequences.
    static let consequential: Set<String> = [
        "port.fire", "rl.wake", "rl.timers.none-due", "rl.exit", "rl.timeout", "timer.fire", "timer.invalidate",
        "obj.dealloc", "thread.exit", "thread.idle", "crash", "limit", "stop", "user.deliver", "log", "source.callout",
        "mainqueue.drain", "rl.run", "app.state", "app.killed", "timer.wasted", "nc.deliver", "sem.timeout",
    ]
    static let consequenceLimit = 14

    /// Compares two runs of one scenario (their outcomes must keep their trace lines).
    public init(_ ra: VariantRun, _ rb: VariantRun) {
        a = ra.variant
        b = rb.variant
        let ea = (try? TraceEvent.parse(ra.outcome.traceLines)) ?? []
        let eb = (try? TraceEvent.parse(rb.outcome.traceLines)) ?? []
        let alignment = TraceAlignment(ra.outcome.eventLog.map { NormalizedEvent($0, names: ra.outcome.names) },
                                       rb.outcome.eventLog.map { NormalizedEvent($0, names: rb.outcome.names) })
        truncated = alignment.truncated
        identical = ea.count == eb.count && alignment.commonPrefix == ea.count
        first = []
        setup = []
        consequences = [[], []]
        endState = [[], []]
        guard !identical else { return }

        let blockQueues = Self.blockQueues(ea + eb)
        let sides: [(name: String, events: [TraceEvent], unmatched: [Bool])] = [
            (a, ea, alignment.matchInA.map { $0 == nil }), (b, eb, alignment.matchInB.map { $0 == nil }),
        ]
        // The first visible unmatched event of each side (run.end says only that nothing more happened).
        let candidates: [Int?] = sides.map { side in
            side.events.indices.first { side.unmatched[$0] && !Self.bookkeeping.contains(side.events[$0].kind)
                && side.events[$0].kind != "run.end" }
        }
        var lead: Int?
        for s in 0..<2 {
            guard let i = candidates[s] else { continue }
            if let l = lead, let li = candidates[l], sides[l].events[li].t <= sides[s].events[i].t { continue }
            lead = s
        }
        let headline: TraceEvent? = lead.flatMap { s in candidates[s].map { sides[s].events[$0] } }
        at = headline?.t
        thread = headline?.thread
        let cut = headline?.t ?? Int64.max

        for s in 0..<2 {
            let side = sides[s]
            var state = TraceState()
            var stateIndex = 0
            // What this side did at the divergence.
            if let i = candidates[s], side.events[i].t == cut {
                let e = side.events[i]
                first.append(Step(variant: side.name, t: e.t, thread: e.thread, kind: e.kind,
                                  text: Self.describe(e, blockQueues)))
            } else if let h = headline {
                while stateIndex < side.events.count && side.events[stateIndex].t <= h.t
                    && side.events[stateIndex].kind != "run.end" {
                    state.apply(side.events[stateIndex])
                    stateIndex += 1
                }
                var text = "nothing: " + state.describeThread(h.thread)
                if let end = side.events.last, end.kind == "run.end", end.t < h.t {
                    text += "; the run ended at \(TimeText.seconds(end.t))"
                        + (end.bool("quiescent") == true ? " with nothing left to happen" : "")
                }
                first.append(Step(variant: side.name, t: h.t, thread: h.thread, kind: "none", text: text))
            }
            // Bookkeeping that set it up.
            for (i, e) in side.events.enumerated() where side.unmatched[i] && Self.bookkeeping.contains(e.kind) && e.t <= cut {
                if let c = candidates[s], i > c { break }
                var text = EventPhrases.describe(e)
                if let rl = e.string("runloop"), let mode = e.string("mode") {
                    let other = sides[1 - s]
                    var otherState = TraceState()
                    for oe in other.events where oe.t <= e.t { otherState.apply(oe) }
                    text += " (under \(other.name) that port stays \(otherState.describePort(runLoop: rl, mode: mode)))"
                }
                setup.append(Step(variant: side.name, t: e.t, thread: e.thread, kind: e.kind, text: text))
            }
            // Consequences after the divergence.
            var chain: [Step] = []
            for (i, e) in side.events.enumerated() where side.unmatched[i] && Self.consequential.contains(e.kind) {
                if e.t < cut || i == candidates[s] && e.t == cut { continue }
                chain.append(Step(variant: side.name, t: e.t, thread: e.thread, kind: e.kind, text: Self.describe(e, blockQueues)))
                if chain.count == Self.consequenceLimit { break }
            }
            consequences[s] = chain
        }
        setup.sort { ($0.t, $0.variant == a ? 0 : 1) < ($1.t, $1.variant == a ? 0 : 1) }
        endState = [Self.ownEndState(ra.outcome, versus: rb.outcome), Self.ownEndState(rb.outcome, versus: ra.outcome)]
    }

    /// `block#N` → the queue it was dispatched to.
    static func blockQueues(_ events: [TraceEvent]) -> [String: String] {
        var map: [String: String] = [:]
        for e in events where e.kind == "dispatch.async" {
            if let block = e.string("block"), let queue = e.string("queue") { map[block] = queue }
        }
        return map
    }

    static func describe(_ e: TraceEvent, _ blockQueues: [String: String]) -> String {
        var text = EventPhrases.describe(e)
        if e.kind == "obj.dealloc", let object = e.string("object"), let queue = blockQueues[object] {
            text += " (the block dispatched to the \(queue) queue: it has returned)"
        }
        return text
    }

    /// What `mine` ends with that `other` does not: parked threads, leaks, a crash.
    static func ownEndState(_ mine: RunOutcome, versus other: RunOutcome) -> [String] {
        var lines: [String] = []
        let otherParked = Set(other.findings.parkedThreads.map(\.name))
        for p in mine.findings.parkedThreads where !otherParked.contains(p.name) {
            lines.append("\(p.name) is parked for ever" + (p.since.map { " (asleep since \(TimeText.seconds($0.nanoseconds)))" } ?? "")
                         + ": \(p.reason)")
        }
        let otherLeaks = Set(other.findings.leaks.map { "\($0.className) \($0.object)" })
        for leak in mine.findings.leaks where !otherLeaks.contains("\(leak.className) \(leak.object)") {
            lines.append("\(leak.className) \(leak.object) leaks (\(leak.kind.rawValue)): " + leak.path.joined(separator: " → "))
        }
        if let crash = mine.crash, other.crash == nil {
            lines.append("the app crashed at \(TimeText.seconds(crash.at.nanoseconds)) on \(crash.thread): \(crash.message)")
        }
        return lines
    }

    /// The divergence as JSON: `variants`, `identical`, `truncated`, and when they differ `at_ms`, `thread`,
    /// `first`, `setup`, `consequences` and `end_state` (the last two keyed by variant).
    public var json: JSONValue {
        func step(_ s: Step) -> JSONValue {
            .object(["variant": .string(s.variant), "t_ns": .int(s.t), "at_ms": .double(Double(s.t) / 1_000_000),
                     "thread": .string(s.thread), "ev": .string(s.kind), "text": .string(s.text)])
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
        o["end_state"] = .object([a: .array(endState[0].map(JSONValue.string)), b: .array(endState[1].map(JSONValue.string))])
        return .object(o)
    }
}
