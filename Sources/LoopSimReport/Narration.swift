/// A run told step by step for a learner: one line per step of every run-loop pass — the observer activity
/// reached, what was handled, why the loop went to sleep and on which ports, what woke it, why it returned —
/// with the work done inside each callout indented below the step that ran it.
///
/// Built from the kernel trace alone. A *pass* is one iteration of `__CFRunLoopRun`: it begins at
/// BeforeTimers (the first pass also carries Entry) and ends when the loop decides to go round again or to
/// return (the last pass also carries Exit), so a pass that sleeps once and then returns lists the six
/// observer activities in CFRunLoop's order: Entry, BeforeTimers, BeforeSources, BeforeWaiting,
/// AfterWaiting, Exit.
///
/// ```swift
/// let n = Narration(events: try TraceEvent.parse(outcome.traceLines), thread: "worker-1")
/// print(n.text(title: "ios9"))
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
    }

    public private(set) var lines: [Line] = []

    private struct Activation {
        var mode: String
        var run: Int
        var pass = 0
        /// BeforeTimers of the current pass was reached (so the next one starts a new pass).
        var passStarted = false
        var inCallout = false
    }

    /// Kinds that end a callout: the loop is back in its own code.
    private static let loopLevel: Set<String> = [
        "rl.activity", "rl.sleep", "rl.wake", "rl.exit", "rl.dispatch-peek", "rl.timers.none-due", "timer.fire",
        "source.callout", "block.callout", "observer.callout", "mainqueue.drain",
    ]
    /// Whether the loop itself (not code it called out to) recorded the event: its own steps, and the
    /// rescheduling of a repeating timer or the invalidation of a one-shot timer after its callout returned.
    static func isLoopLevel(_ e: TraceEvent) -> Bool {
        loopLevel.contains(e.kind) || e.kind == "timer.reschedule"
            || (e.kind == "timer.invalidate" && e.string("reason") == "one-shot fired")
    }

    /// Kinds that start a callout.
    private static let callouts: Set<String> = [
        "timer.fire", "source.callout", "block.callout", "observer.callout", "mainqueue.drain",
    ]

    /// Narrates `events`, keeping the lines of `thread` (all threads when nil) between `from` and `to`
    /// (inclusive, nanoseconds).
    public init(events: [TraceEvent], thread: String? = nil, from: Int64? = nil, to: Int64? = nil) {
        var stacks: [String: [Activation]] = [:]
        var runCounts: [String: Int] = [:]
        var all: [Line] = []
        for e in events {
            if e.kind == "run.start" || e.kind == "run.end" { continue }
            var stack = stacks[e.thread] ?? []
            func line(_ kind: String, _ text: String, activity: String? = nil, inCallout: Bool = false) -> Line {
                let top = stack.last
                return Line(t: e.t, thread: e.thread, mode: top?.mode, run: top?.run,
                            pass: top.flatMap { $0.pass == 0 ? nil : $0.pass }, depth: stack.count,
                            inCallout: inCallout, kind: kind, activity: activity, text: text)
            }
            if Self.isLoopLevel(e), !stack.isEmpty { stack[stack.count - 1].inCallout = false }
            switch e.kind {
            case "rl.run":
                let n = (runCounts[e.thread] ?? 0) + 1
                runCounts[e.thread] = n
                stack.append(Activation(mode: e.string("mode") ?? "?", run: n))
                all.append(line(e.kind, EventPhrases.describe(e)))
            case "rl.activity":
                let name = e.string("activity") ?? "?"
                if !stack.isEmpty {
                    let top = stack[stack.count - 1]
                    if name == "Entry" {
                        stack[stack.count - 1].pass = 1
                    } else if name == "BeforeTimers" {
                        if top.pass == 0 {
                            stack[stack.count - 1].pass = 1
                        } else if top.passStarted {
                            all.append(line("decide", "decides to go round again: not stopped, no time limit reached, "
                                            + "mode \(top.mode) still has sources or timers"))
                            stack[stack.count - 1].pass += 1
                        }
                        stack[stack.count - 1].passStarted = true
                    }
                }
                all.append(line(e.kind, EventPhrases.describe(e), activity: name))
            case "rl.exit":
                all.append(line(e.kind, EventPhrases.describe(e)))
                if !stack.isEmpty { stack.removeLast() }
            default:
                let inside = stack.last?.inCallout ?? false
                all.append(line(e.kind, EventPhrases.describe(e), inCallout: inside && !Self.isLoopLevel(e)))
                if Self.callouts.contains(e.kind), !stack.isEmpty { stack[stack.count - 1].inCallout = true }
            }
            stacks[e.thread] = stack
        }
        lines = all.filter { l in
            (thread == nil || l.thread == thread) && (from.map { l.t >= $0 } ?? true) && (to.map { l.t <= $0 } ?? true)
        }
    }

    /// The lines as aligned text under a title rule: time, thread, `mode #run.pass`, then the step.
    public func text(title: String) -> String {
        var out = "── \(title) · narration "
        out += String(repeating: "─", count: max(4, 72 - out.count)) + "\n"
        if lines.isEmpty { return out + "  (nothing in this window)\n" }
        return out + Self.render(lines)
    }

    /// Lines as aligned text: time, thread, `mode #run.pass`, then the step (callout work indented).
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
        for (i, l) in lines.enumerated() {
            let indent = String(repeating: "  ", count: max(0, l.depth - 1)) + (l.inCallout ? "  ↳ " : "")
            out += "  " + String(repeating: " ", count: timeWidth - times[i].count) + times[i] + "  "
                + l.thread.padding(to: threadWidth) + "  " + places[i].padding(to: placeWidth) + "  " + indent + l.text + "\n"
        }
        return out
    }

    /// The lines as JSON objects: `t_ns`, `at_ms`, `thread`, `mode`, `run`, `pass`, `depth`, `in_callout`, `kind`,
    /// `activity`, `text` (absent values are null).
    public var json: JSONValue {
        .array(lines.map { l in
            .object([
                "t_ns": .int(l.t), "at_ms": .double(Double(l.t) / 1_000_000), "thread": .string(l.thread),
                "mode": l.mode.map(JSONValue.string) ?? .null, "run": l.run.map { .int(Int64($0)) } ?? .null,
                "pass": l.pass.map { .int(Int64($0)) } ?? .null, "depth": .int(Int64(l.depth)),
                "in_callout": .bool(l.inCallout), "kind": .string(l.kind),
                "activity": l.activity.map(JSONValue.string) ?? .null, "text": .string(l.text),
            ])
        })
    }
}
