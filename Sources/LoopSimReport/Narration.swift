import LoopSimKernel

/// A run told step by step for a learner: one line per step of every run-loop pass — the observer activity
/// reached, what was handled, why the loop went to sleep and on which ports, what woke it, why it returned —
/// with the work done inside each callout indented below the step that ran it.
///
/// Built from the run's events and its variant profile, whose flags the steps cite. A *pass* is one iteration
/// of `__CFRunLoopRun`: it begins at BeforeTimers (the first pass also carries Entry) and ends when the loop
/// decides to go round again or to return (the last pass also carries Exit), so a pass that sleeps once and
/// then returns lists the six observer activities in CFRunLoop's order: Entry, BeforeTimers, BeforeSources,
/// BeforeWaiting, AfterWaiting, Exit.
///
/// ```swift
/// let n = Narration(events: RunEvents(outcome), thread: "worker-1")
/// print(n.text(title: "ios9"))
/// let brief = Narration(events: RunEvents(outcome), profile: profile, detail: .brief, findings: outcome.findings)
/// print(brief.text(title: "ios9"))  // the decisive steps, then what the run left behind
/// ```
public struct Narration: Sendable {
    /// One narrated step.
    public struct Line: Sendable, Hashable {
        /// The instant, in nanoseconds.
        public var t: Int64
        public var thread: String
        /// The mode of the innermost activation running on the thread, nil outside any run loop.
        public var mode: String?
        /// Which activation of this thread (1-based, in order of `rl.run`), nil outside any run loop.
        public var run: Int?
        /// The pass within that activation (1-based), nil before the first pass or outside a run loop.
        public var pass: Int?
        /// How many activations are running on the thread (nested `runMode:` inside a callout counts 2).
        public var depth: Int
        /// True for work done inside a callout (a timer's action, an observer's block…).
        public var inCallout: Bool
        /// The trace event kind behind the line (`decide` for the inferred end-of-pass decision).
        public var kind: String
        /// The observer activity, for `rl.activity` lines.
        public var activity: String?
        /// The step in plain words.
        public var text: String
        /// The thread whose run loop the step is about, when another thread's call did it (main's invalidate
        /// disarming worker-1's timer port); nil otherwise.
        public var about: String?
        /// The variant flags the step rests on, with their values in the run's profile.
        public var flags: [NarrationFlag] = []
        /// One of the steps `--brief` keeps: a timer port armed for a mode's first timer, disarmed or left armed, a
        /// stale wake, a mode switch, a run loop's return, a dealloc (blocks aside), an object let go, a timer
        /// skipping slots, a user or system action, a stop, a crash or a limit.
        public var isDecisive = false
        /// Where the statement that did the step was written, `FILE:LINE` with the file's base name
        /// (`s06-timer-target-self.swift:15`); nil for what the kernel did between statements.
        public var site: String?
    }

    public private(set) var lines: [Line] = []
    /// How much the narration tells.
    public let detail: Detail
    /// With ``Detail/brief``: what the run left behind (leaks, parked threads, late releases), one sentence each.
    public private(set) var leftBehind: [String] = []

    /// How much a narration tells.
    public enum Detail: String, Sendable, Hashable {
        /// Every step of every pass.
        case full
        /// Only the decisive steps (``Line/isDecisive``), then what the run left behind.
        case brief
    }

    /// Whether the loop itself (not code it called out to) recorded the event: its own steps (an activity, a
    /// sleep, a wake, an exit, a callout it makes), and the rescheduling of a repeating timer or the invalidation
    /// of a one-shot timer after its callout returned. Such an event ends the callout before it.
    static func isLoopLevel(_ e: SimEvent, _ names: NameTable) -> Bool {
        switch e.body {
        case .activity, .sleep, .wake, .runLoopExit, .dispatchPeek, .noTimerDue, .timerFire, .sourceCallout,
            .blockCallout, .observerCallout, .mainQueueDrain, .timerReschedule:
            return true
        case .timerInvalidate(_, let reason):
            return names[reason] == "one-shot fired"
        default:
            return false
        }
    }

    /// Whether the event starts a callout: the work recorded after it, until the loop is back, is the callout's.
    static func startsCallout(_ e: SimEvent) -> Bool {
        switch e.body {
        case .timerFire, .sourceCallout, .blockCallout, .observerCallout, .mainQueueDrain: true
        default: false
        }
    }

    /// Narrates `events`, keeping the lines of `thread` (all threads when nil; a line about another thread's run
    /// loop counts for that thread too) between `from` and `to` (inclusive, nanoseconds).
    ///
    /// - Parameters:
    ///   - profile: the run's variant profile, whose flags the steps cite; by default the built-in profile named by
    ///     the run's `run.start` (a trace file does not record `--set` overrides).
    ///   - detail: every step, or only the decisive ones.
    ///   - findings: with ``Detail/brief``, the run's findings, told after the steps as what the run left behind.
    public init(
        events run: RunEvents, profile: VariantProfile? = nil, detail: Detail = .full,
        findings: Findings? = nil, thread: String? = nil, from: Int64? = nil, to: Int64? = nil
    ) {
        self.detail = detail
        let variant = run.events.lazy.compactMap { e -> String? in
            if case .runStart(let variant, _, _) = e.body { return run.names[variant] }
            return nil
        }.first
        let profile = profile ?? variant.flatMap(VariantProfile.builtIn)
        var narrator = Narrator(run: run, profile: profile)
        narrator.narrateAll()
        lines = narrator.lines.filter { l in
            (thread == nil || l.thread == thread || l.about == thread) && (detail == .full || l.isDecisive)
                && (from.map { l.t >= $0 } ?? true) && (to.map { l.t <= $0 } ?? true)
        }
        if detail == .brief, let findings { leftBehind = Self.leftBehind(findings) }
    }

    /// The lines as aligned text under a title rule: time, thread, `mode #run.pass`, then the step; with
    /// ``Detail/brief``, then what the run left behind.
    public func text(title: String) -> String {
        var out = "── \(title) · " + (detail == .brief ? "brief narration " : "narration ")
        out += String(repeating: "─", count: max(4, 72 - out.count)) + "\n"
        out += lines.isEmpty ? "  (nothing in this window)\n" : Self.render(lines)
        guard detail == .brief else { return out }
        out += "  left behind:\n"
        return out
            + (leftBehind.isEmpty ? ["nothing: no leak, no parked thread"] : leftBehind)
            .map { "    \($0)\n" }.joined()
    }

    /// Lines as aligned text: time, thread, `mode #run.pass`, then the step (callout work indented) and the flags it
    /// rests on as `[flag = value]`. The first step citing a flag is followed by a note with the flag's source and
    /// how sure its value is.
    public static func render(_ lines: [Line]) -> String {
        var out = ""
        let times = lines.map { TimeText.seconds($0.t) }
        let places = lines.map { l -> String in
            guard let mode = l.mode, let run = l.run else { return "" }
            return "\(mode) #\(run)" + (l.pass.map { ".\($0)" } ?? "")
        }
        let timeWidth = times.map(\.count).max() ?? 0
        let threadWidth = lines.map(\.thread.count).max() ?? 0
        let placeWidth = places.map(\.count).max() ?? 0
        var cited: Set<String> = []
        for (i, l) in lines.enumerated() {
            let indent = String(repeating: "  ", count: max(0, l.depth - 1)) + (l.inCallout ? "  ↳ " : "")
            let flags = l.flags.isEmpty ? "" : " [" + l.flags.map(\.assignment).joined(separator: "; ") + "]"
            out +=
                "  " + String(repeating: " ", count: timeWidth - times[i].count) + times[i] + "  "
                + l.thread.padding(to: threadWidth) + "  " + places[i].padding(to: placeWidth) + "  " + indent + l.text
                + flags + (l.site.map { "  ← \($0)" } ?? "") + "\n"
            let margin =
                String(repeating: " ", count: 2 + timeWidth + 2 + threadWidth + 2 + placeWidth + 2)
                + String(repeating: " ", count: indent.count)
            for flag in l.flags where cited.insert(flag.name).inserted {
                out +=
                    margin + "    · \(flag.assignment) — source: \(flag.source)"
                    + (flag.certainty.map { " — certainty: \($0)" } ?? "") + "\n"
            }
        }
        return out
    }

    /// The lines as JSON objects: `t_ns`, `at_ms`, `thread`, `mode`, `run`, `pass`, `depth`, `in_callout`, `kind`,
    /// `activity`, `text`, `about`, `decisive`, `site` (`FILE:LINE`), and `flags` (each `name`, `value`, `source`,
    /// `certainty`); absent values are null.
    public var json: JSONValue {
        .array(
            lines.map { l in
                .object([
                    "t_ns": .int(l.t), "at_ms": .double(Double(l.t) / 1_000_000), "thread": .string(l.thread),
                    "mode": l.mode.map(JSONValue.string) ?? .null, "run": l.run.map { .int(Int64($0)) } ?? .null,
                    "pass": l.pass.map { .int(Int64($0)) } ?? .null, "depth": .int(Int64(l.depth)),
                    "in_callout": .bool(l.inCallout), "kind": .string(l.kind),
                    "activity": l.activity.map(JSONValue.string) ?? .null, "text": .string(l.text),
                    "about": l.about.map(JSONValue.string) ?? .null, "flags": .array(l.flags.map(\.json)),
                    "decisive": .bool(l.isDecisive), "site": l.site.map(JSONValue.string) ?? .null,
                ])
            })
    }
}
