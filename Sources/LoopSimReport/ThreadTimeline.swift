import LoopSimKernel

/// A run as lanes over virtual time, built from its trace: for each thread the spans it spent running,
/// busy in `work:`, asleep in its run loop (with the mode), blocked on a semaphore, parked for ever, or idle
/// in the GCD pool; and the instants that matter on it — timer fires, skipped slots, stale timer-port wakes,
/// mode switches, run-loop exits, deallocs, crashes. An `app` lane carries the user's actions and the
/// periods UIKit tracks a scroll.
///
/// The text renderer (``TimelineText``), the SVG renderer (``TimelineSVG``) and `--format json` all draw
/// this one model.
public struct ThreadTimeline: Sendable {
    /// What a thread is doing during a span.
    public enum State: String, Sendable, Hashable, CaseIterable {
        case running, busy, sleeping, blocked, parked, idle
        /// The app lane: UIKit tracks a touch (the main loop runs `tracking`).
        case tracking
        /// The app-state lane: the app's lifecycle state, named in the span's `mode` (`background`, `suspended`…).
        case lifecycle
        /// A thread of a suspended app: frozen whatever it was doing.
        case suspended
    }

    /// A stretch of one state on one lane, `[start, end)` in nanoseconds.
    public struct Span: Sendable, Hashable {
        public var lane: String
        public var state: State
        /// The run-loop mode, for `sleeping` and `parked` in a run loop.
        public var mode: String?
        public var start: Int64
        public var end: Int64
        /// A short explanation (`blocked on DispatchSemaphore#1`).
        public var detail: String
    }

    /// Kinds of instants, in the order they win a shared text column.
    public enum MarkerKind: String, Sendable, Hashable, CaseIterable {
        case crash, staleWake = "stale-wake", modeSwitch = "mode-switch", fire, skipped, exit, dealloc, user

        /// The one-character glyph of the text timeline.
        public var glyph: Character {
            switch self {
            case .crash: "!"
            case .staleWake: "S"
            case .modeSwitch: "M"
            case .fire: "T"
            case .skipped: "x"
            case .exit: "E"
            case .dealloc: "D"
            case .user: "U"
            }
        }

        public var meaning: String {
            switch self {
            case .crash: "crash"
            case .staleWake: "stale timer-port wake"
            case .exit: "run loop returns"
            case .modeSwitch: "mode switch"
            case .dealloc: "dealloc"
            case .fire: "timer fire"
            case .skipped: "skipped timer slot"
            case .user: "user action"
            }
        }
    }

    public struct Marker: Sendable, Hashable {
        public var lane: String
        public var kind: MarkerKind
        public var t: Int64
        public var label: String
    }

    /// The name of the lane for the app and the user.
    public static let appLane = "app"
    /// The lane of the app's lifecycle state (present only when it changes).
    public static let appStateLane = "app state"

    public var variant: String
    public var seed: UInt64
    /// When the run ended.
    public var end: Int64
    /// The lanes in order: `app`, then threads in order of creation.
    public var lanes: [String]
    public var spans: [Span]
    public var markers: [Marker]

    /// Builds the timeline of one run (its outcome must keep the trace).
    public init(_ run: VariantRun) {
        self.init(events: (try? TraceEvent.parse(run.outcome.traceLines)) ?? [], outcome: run.outcome)
    }

    /// Builds the timeline from trace events and the run's findings (for parked threads).
    public init(events: [TraceEvent], outcome: RunOutcome) {
        variant = outcome.variant
        seed = outcome.seed
        end = outcome.endTime.nanoseconds
        var builder = Builder()
        for e in events { builder.apply(e) }
        builder.finish(at: end, parked: outcome.findings.parkedThreads)
        lanes = [Self.appLane] + (builder.hasAppState ? [Self.appStateLane] : []) + builder.threads
        spans = builder.spans.filter { $0.end > $0.start || $0.state == .running }
        markers = builder.markers
    }

    /// Every span of a lane, in time order.
    public func spans(of lane: String) -> [Span] { spans.filter { $0.lane == lane } }

    /// Every marker of a lane, in time order.
    public func markers(of lane: String) -> [Marker] { markers.filter { $0.lane == lane } }

    /// `{variant, seed, end_ns, lanes, spans: [{lane, state, mode, start_ns, end_ns, detail}],
    /// markers: [{lane, kind, t_ns, label}]}`.
    public var json: JSONValue {
        .object([
            "variant": .string(variant), "seed": .int(Int64(bitPattern: seed)), "end_ns": .int(end),
            "lanes": .array(lanes.map(JSONValue.string)),
            "spans": .array(spans.map { s in
                .object(["lane": .string(s.lane), "state": .string(s.state.rawValue), "mode": s.mode.map(JSONValue.string) ?? .null,
                         "start_ns": .int(s.start), "end_ns": .int(s.end), "detail": .string(s.detail)])
            }),
            "markers": .array(markers.map { m in
                .object(["lane": .string(m.lane), "kind": .string(m.kind.rawValue), "t_ns": .int(m.t), "label": .string(m.label)])
            }),
        ])
    }

    /// Replays events into spans and markers.
    private struct Builder {
        struct Open {
            var state: State
            var mode: String?
            var start: Int64
            var detail: String
        }
        var threads: [String] = []
        var open: [String: Open] = [:]
        var spans: [Span] = []
        var markers: [Marker] = []
        var modeStacks: [String: [String]] = [:]
        var lastMode: [String: String] = [:]
        var timerIntervals: [String: Int64] = [:]
        var hasAppState = false
        var beforeSuspension: [String: Open] = [:]

        mutating func close(_ lane: String, at t: Int64) {
            guard let o = open[lane] else { return }
            spans.append(Span(lane: lane, state: o.state, mode: o.mode, start: o.start, end: max(t, o.start), detail: o.detail))
            open[lane] = nil
        }

        mutating func enter(_ lane: String, _ state: State, at t: Int64, mode: String? = nil, detail: String = "") {
            if let o = open[lane], o.state == state, o.mode == mode { return }
            close(lane, at: t)
            open[lane] = Open(state: state, mode: mode, start: t, detail: detail)
        }

        mutating func mark(_ lane: String, _ kind: MarkerKind, _ t: Int64, _ label: String) {
            markers.append(Marker(lane: lane, kind: kind, t: t, label: label))
        }

        mutating func switchMode(_ thread: String, at t: Int64) {
            guard let now = modeStacks[thread]?.last else { return }
            if let before = lastMode[thread], before != now { mark(thread, .modeSwitch, t, "\(before) → \(now)") }
            lastMode[thread] = now
        }

        mutating func apply(_ e: TraceEvent) {
            switch e.kind {
            case "user.action": mark(ThreadTimeline.appLane, .user, e.t, e.string("label") ?? "user action")
            case "ui.scroll":
                if let until = e.int("until") {
                    spans.append(Span(lane: ThreadTimeline.appLane, state: .tracking, mode: "tracking", start: e.t, end: until,
                                      detail: "the user scrolls: UIKit tracks the touch"))
                }
            case "crash": mark(e.thread == "kernel" ? ThreadTimeline.appLane : e.thread, .crash, e.t, e.string("message") ?? "crash")
            case "app.state":
                let state = e.string("state") ?? "?"
                let asleep = e.bool("device_asleep") == true
                hasAppState = true
                close(ThreadTimeline.appStateLane, at: e.t)
                open[ThreadTimeline.appStateLane] = Open(state: .lifecycle, mode: state, start: e.t,
                                                         detail: "app \(state)" + (asleep ? ", device asleep" : ""))
                if state == "suspended" {
                    for lane in threads {
                        guard let o = open[lane], o.state != .suspended else { continue }
                        beforeSuspension[lane] = o
                        close(lane, at: e.t)
                        open[lane] = Open(state: .suspended, mode: nil, start: e.t, detail: "frozen: the app is suspended")
                    }
                } else {
                    for lane in threads {
                        guard let o = beforeSuspension[lane], open[lane]?.state == .suspended else { continue }
                        close(lane, at: e.t)
                        open[lane] = Open(state: o.state, mode: o.mode, start: e.t, detail: o.detail)
                    }
                    beforeSuspension = [:]
                }
            case "app.killed":
                mark(ThreadTimeline.appLane, .crash, e.t, "app killed: \(e.string("why") ?? "")")
                close(ThreadTimeline.appStateLane, at: e.t)
            case "app.action": mark(ThreadTimeline.appLane, .user, e.t, "system: \(e.string("action") ?? "?")")
            case "timer.create": if let name = e.string("timer") { timerIntervals[name] = e.int("interval_ns") ?? 0 }
            default: break
            }
            guard e.thread != "kernel" else { return }
            let lane = e.thread
            if e.kind == "thread.start" {
                if !threads.contains(lane) { threads.append(lane) }
                enter(lane, .running, at: e.t)
                return
            }
            guard threads.contains(lane) else { return }
            switch e.kind {
            case "port.arm", "port.cancel":
                return  // recorded under the loop owner's name, whichever thread armed it
            case "port.fire":
                if e.bool("stale") == true { mark(lane, .staleWake, e.t, "timer port of mode \(e.string("mode") ?? "?") fires stale") }
                return
            case "rl.sleep":
                let mode = e.string("mode") ?? "?"
                enter(lane, .sleeping, at: e.t, mode: mode,
                      detail: "asleep in \(mode) on " + e.strings("ports").map(EventPhrases.port).joined(separator: ", "))
            case "thread.busy":
                let until = e.t + (e.int("for_ns") ?? 0)
                enter(lane, .busy, at: e.t, detail: "work: \(TimeText.ms(until - e.t))")
                close(lane, at: until)
                open[lane] = Open(state: .running, mode: nil, start: until, detail: "")
            case "sem.wait":
                let semaphore = e.string("semaphore") ?? "a semaphore"
                enter(lane, .blocked, at: e.t, detail: "blocked on \(semaphore)")
            case "thread.idle": enter(lane, .idle, at: e.t, detail: "idle in the GCD pool")
            case "thread.exit": close(lane, at: e.t)
            default:
                if open[lane]?.state != .running { enter(lane, .running, at: e.t) }
            }
            switch e.kind {
            case "timer.fire":
                let late = e.int("latency_ns") ?? 0
                mark(lane, .fire, e.t, "\(e.string("timer") ?? "timer") fires" + (late > 0 ? ", \(TimeText.ms(late)) late" : ""))
            case "timer.reschedule":
                let skipped = e.int("skipped") ?? 0
                if skipped > 0, let next = e.int("next"), let name = e.string("timer"), let interval = timerIntervals[name], interval > 0 {
                    for k in stride(from: skipped, through: 1, by: -1) {
                        mark(lane, .skipped, next - k * interval, "\(name): slot \(TimeText.seconds(next - k * interval)) skipped")
                    }
                }
            case "obj.dealloc": mark(lane, .dealloc, e.t, "\(e.string("object") ?? "?") deallocated")
            case "rl.run":
                modeStacks[lane, default: []].append(e.string("mode") ?? "?")
                switchMode(lane, at: e.t)
            case "rl.exit":
                if e.bool("entered") != false {
                    mark(lane, .exit, e.t, "run loop returns \(e.string("result") ?? "?") from \(e.string("mode") ?? "?")")
                }
                if modeStacks[lane]?.isEmpty == false { modeStacks[lane]!.removeLast() }
                switchMode(lane, at: e.t)
            default: break
            }
        }

        mutating func finish(at end: Int64, parked: [ParkedThread]) {
            close(ThreadTimeline.appStateLane, at: end)
            for lane in threads {
                guard let o = open[lane] else { continue }
                if let p = parked.first(where: { $0.name == lane }), o.state == .sleeping || o.state == .blocked {
                    let since = max(o.start, p.since?.nanoseconds ?? o.start)
                    if since > o.start { close(lane, at: since) } else { open[lane] = nil }
                    spans.append(Span(lane: lane, state: .parked, mode: o.mode, start: since, end: max(end, since),
                                      detail: "parked for ever: \(p.reason)"))
                } else {
                    close(lane, at: end)
                }
            }
            // Sorted with the original position as the last key, so equal instants keep trace order.
            spans = spans.enumerated().sorted { ($0.element.start, lanesIndex($0.element.lane), $0.offset)
                < ($1.element.start, lanesIndex($1.element.lane), $1.offset) }.map(\.element)
            markers = markers.enumerated().sorted { ($0.element.t, lanesIndex($0.element.lane), $0.offset)
                < ($1.element.t, lanesIndex($1.element.lane), $1.offset) }.map(\.element)
        }

        func lanesIndex(_ lane: String) -> Int {
            if lane == ThreadTimeline.appLane { return -2 }
            if lane == ThreadTimeline.appStateLane { return -1 }
            return threads.firstIndex(of: lane) ?? threads.count
        }
    }
}
