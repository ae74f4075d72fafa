import LoopSimKernel

/// A run as lanes over virtual time, built from its events: for each thread the spans it spent running,
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

    /// What a timeline's positions count.
    public enum Axis: String, Sendable, Hashable, CaseIterable {
        /// Nanoseconds of virtual time: a run-loop pass, which takes none, is a hairline.
        case time
        /// Kernel events (their sequence numbers): every event is one step wide, so a pass has width.
        case steps
    }

    public var variant: String
    public var seed: UInt64
    /// What ``end`` and every span's and marker's position count.
    public var axis: Axis = .time
    /// When the run ended (on a ``Axis/steps`` axis: its last event's step).
    public var end: Int64
    /// The lanes in order: `app`, then threads in order of creation.
    public var lanes: [String]
    public var spans: [Span]
    public var markers: [Marker]

    /// Builds the timeline of one run (its outcome must keep its events).
    /// This timeline drawn up to `stop`, later than its end (several variants on one axis): a thread parked for
    /// ever at the end stays parked to `stop`.
    public func extendingParked(to stop: Int64) -> ThreadTimeline {
        guard stop > end else { return self }
        var copy = self
        for i in copy.spans.indices where copy.spans[i].state == .parked && copy.spans[i].end == end {
            copy.spans[i].end = stop
        }
        return copy
    }

    public init(_ run: VariantRun) {
        self.init(events: RunEvents(run.outcome), outcome: run.outcome)
    }

    /// The timeline of one run on `axis` (its outcome must keep its events).
    public init(_ run: VariantRun, axis: Axis) {
        self.init(events: RunEvents(run.outcome), outcome: run.outcome, axis: axis)
    }

    /// Builds the timeline from a run's events and its findings (for parked threads), on virtual time or by steps: on
    /// a ``Axis/steps`` axis an instant that is not an event's (a `work:` step's end, a skipped slot) is placed at the
    /// first event at or after it.
    public init(events run: RunEvents, outcome: RunOutcome, axis: Axis = .time) {
        variant = outcome.variant
        seed = outcome.seed
        self.axis = axis
        let instants = run.events.map(\.instant.nanoseconds)
        let position: (Int64) -> Int64 =
            axis == .time
            ? { $0 }
            : { ns in
                var low = 0, high = instants.count  // the first event at or after ns
                while low < high {
                    let mid = (low + high) / 2
                    if instants[mid] < ns { low = mid + 1 } else { high = mid }
                }
                return Int64(min(low, max(instants.count - 1, 0)))
            }
        end = axis == .time ? outcome.endTime.nanoseconds : Int64(max(run.events.count - 1, 0))
        var builder = Builder(names: run.names, position: position)
        for (i, e) in run.events.enumerated() { builder.apply(e, at: axis == .time ? e.instant.nanoseconds : Int64(i)) }
        builder.finish(at: end, parked: outcome.findings.parkedThreads)
        lanes = [Self.appLane] + (builder.hasAppState ? [Self.appStateLane] : []) + builder.threads
        // A thread parked from the very end keeps its empty span: drawn up to a later axis end it is parked for ever.
        spans = builder.spans.filter { $0.end > $0.start || $0.state == .running || $0.state == .parked }
        markers = builder.markers
    }

    /// Every span of a lane, in time order.
    public func spans(of lane: String) -> [Span] { spans.filter { $0.lane == lane } }

    /// Every marker of a lane, in time order.
    public func markers(of lane: String) -> [Marker] { markers.filter { $0.lane == lane } }

    /// `{variant, seed, end_ns, lanes, spans: [{lane, state, mode, start_ns, end_ns, detail}],
    /// markers: [{lane, kind, t_ns, label}]}`.
    public var json: JSONValue {
        // On a steps axis the positions are steps: keys `end_step`, `start_step`, `t_step`, and `"axis": "steps"`.
        let u = axis == .time ? "_ns" : "_step"
        var fields: [String: JSONValue] = [
            "variant": .string(variant), "seed": .int(Int64(bitPattern: seed)), "end" + u: .int(end),
            "lanes": .array(lanes.map(JSONValue.string)),
            "spans": .array(
                spans.map { s in
                    .object([
                        "lane": .string(s.lane), "state": .string(s.state.rawValue),
                        "mode": s.mode.map(JSONValue.string) ?? .null,
                        "start" + u: .int(s.start), "end" + u: .int(s.end), "detail": .string(s.detail),
                    ])
                }),
            "markers": .array(
                markers.map { m in
                    .object([
                        "lane": .string(m.lane), "kind": .string(m.kind.rawValue), "t" + u: .int(m.t),
                        "label": .string(m.label),
                    ])
                }),
        ]
        if axis == .steps { fields["axis"] = .string("steps") }
        return .object(fields)
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
        /// The last instant each run loop's timer port was cancelled (`port.cancel`): a thread asleep in it since then,
        /// and parked at the end, became unwakeable then, not when it fell asleep (S2: 3.5 s, not 3.0 s).
        var lastPortCancel: [String: Int64] = [:]
        var timerIntervals: [String: Int64] = [:]
        var hasAppState = false
        var beforeSuspension: [String: Open] = [:]
        /// The strings the events name.
        let names: NameTable
        /// An instant's position on the axis (itself on a time axis).
        let position: (Int64) -> Int64

        init(names: NameTable, position: @escaping (Int64) -> Int64) {
            self.names = names
            self.position = position
        }

        mutating func close(_ lane: String, at t: Int64) {
            guard let o = open[lane] else { return }
            spans.append(
                Span(lane: lane, state: o.state, mode: o.mode, start: o.start, end: max(t, o.start), detail: o.detail))
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

        /// Applies event `e`, at position `t` on the axis.
        mutating func apply(_ e: SimEvent, at t: Int64) {
            switch e.body {
            case .userAction(let label): mark(ThreadTimeline.appLane, .user, t, names[label])
            case .portCancel(let runLoop, _): lastPortCancel[names[runLoop]] = t
            case .scroll(let until):
                if !until.isNever {
                    spans.append(
                        Span(
                            lane: ThreadTimeline.appLane, state: .tracking, mode: "tracking", start: t,
                            end: position(until.nanoseconds), detail: "the user scrolls: UIKit tracks the touch"))
                }
            case .crash(let message):
                mark(e.thread == .kernel ? ThreadTimeline.appLane : names[e.thread], .crash, t, names[message])
            case .appState(let stateName, let asleep):
                let state = names[stateName]
                hasAppState = true
                close(ThreadTimeline.appStateLane, at: t)
                open[ThreadTimeline.appStateLane] = Open(
                    state: .lifecycle, mode: state, start: t,
                    detail: "app \(state)" + (asleep ? ", device asleep" : ""))
                if state == "suspended" {
                    for lane in threads {
                        guard let o = open[lane], o.state != .suspended else { continue }
                        beforeSuspension[lane] = o
                        close(lane, at: t)
                        open[lane] = Open(
                            state: .suspended, mode: nil, start: t,
                            detail: "frozen: the app is suspended")
                    }
                } else {
                    for lane in threads {
                        guard let o = beforeSuspension[lane], open[lane]?.state == .suspended else { continue }
                        close(lane, at: t)
                        open[lane] = Open(state: o.state, mode: o.mode, start: t, detail: o.detail)
                    }
                    beforeSuspension = [:]
                }
            case .appKilled(let why):
                mark(ThreadTimeline.appLane, .crash, t, "app killed: \(names[why])")
                close(ThreadTimeline.appStateLane, at: t)
            case .appAction(let action): mark(ThreadTimeline.appLane, .user, t, "system: \(names[action])")
            case .timerCreate(let timer, let interval, _, _): timerIntervals[names[timer]] = interval.nanoseconds
            default: break
            }
            guard e.thread != .kernel else { return }
            let lane = names[e.thread]
            if case .threadStart = e.body {
                if !threads.contains(lane) { threads.append(lane) }
                enter(lane, .running, at: t)
                return
            }
            guard threads.contains(lane) else { return }
            switch e.body {
            case .portArm, .portCancel:
                return  // recorded under the loop owner's name, whichever thread armed it
            case .portFire(_, let mode, let stale):
                if stale { mark(lane, .staleWake, t, "timer port of mode \(names[mode]) fires stale") }
                return
            case .sleep(let modeName, let waitSet):
                let mode = names[modeName]
                enter(
                    lane, .sleeping, at: t, mode: mode,
                    detail: "asleep in \(mode) on " + EventPhrases.ports(waitSet).joined(separator: ", "))
            case .threadBusy(let duration):
                let until = position(e.instant.nanoseconds + duration.nanoseconds)
                enter(lane, .busy, at: t, detail: "work: \(TimeText.ms(duration.nanoseconds))")
                close(lane, at: until)
                open[lane] = Open(state: .running, mode: nil, start: until, detail: "")
            case .semaphoreWait(let semaphore, _):
                enter(lane, .blocked, at: t, detail: "blocked on \(names[semaphore])")
            case .threadIdle: enter(lane, .idle, at: t, detail: "idle in the GCD pool")
            case .threadExit: close(lane, at: t)
            default:
                if open[lane]?.state != .running { enter(lane, .running, at: t) }
            }
            switch e.body {
            case .timerFire(let timer, _, let latency):
                let late = latency.nanoseconds
                mark(lane, .fire, t, "\(names[timer]) fires" + (late > 0 ? ", \(TimeText.ms(late)) late" : ""))
            case .timerReschedule(let timer, let next, let skipped):
                let name = names[timer]
                if skipped > 0, !next.isNever, let interval = timerIntervals[name], interval > 0 {
                    for k in stride(from: skipped, through: 1, by: -1) {
                        let slot = next.nanoseconds - k * interval
                        mark(lane, .skipped, position(slot), "\(name): slot \(TimeText.seconds(slot)) skipped")
                    }
                }
            case .dealloc(let object): mark(lane, .dealloc, t, "\(names[object]) deallocated")
            case .runLoopRun(_, let mode, _, _):
                modeStacks[lane, default: []].append(names[mode])
                switchMode(lane, at: t)
            case .runLoopExit(let mode, let result, let entered):
                if entered { mark(lane, .exit, t, "run loop returns \(names[result]) from \(names[mode])") }
                if modeStacks[lane]?.isEmpty == false { modeStacks[lane]!.removeLast() }
                switchMode(lane, at: t)
            default: break
            }
        }

        mutating func finish(at end: Int64, parked: [ParkedThread]) {
            close(ThreadTimeline.appStateLane, at: end)
            for lane in threads {
                guard let o = open[lane] else { continue }
                if let p = parked.first(where: { $0.name == lane }), o.state == .sleeping || o.state == .blocked {
                    let cancelled = lastPortCancel["runloop(\(lane))"].flatMap { $0 >= o.start ? $0 : nil } ?? o.start
                    let since = max(
                        o.start, p.since.map { position($0.nanoseconds) } ?? o.start,
                        o.state == .sleeping ? cancelled : o.start)
                    if since > o.start { close(lane, at: since) } else { open[lane] = nil }
                    spans.append(
                        Span(
                            lane: lane, state: .parked, mode: o.mode, start: since, end: max(end, since),
                            detail: "parked for ever: \(p.reason)"))
                } else {
                    close(lane, at: end)
                }
            }
            // Sorted with the original position as the last key, so equal instants keep trace order.
            spans = spans.enumerated().sorted {
                ($0.element.start, lanesIndex($0.element.lane), $0.offset)
                    < ($1.element.start, lanesIndex($1.element.lane), $1.offset)
            }.map(\.element)
            markers = markers.enumerated().sorted {
                ($0.element.t, lanesIndex($0.element.lane), $0.offset)
                    < ($1.element.t, lanesIndex($1.element.lane), $1.offset)
            }.map(\.element)
        }

        func lanesIndex(_ lane: String) -> Int {
            if lane == ThreadTimeline.appLane { return -2 }
            if lane == ThreadTimeline.appStateLane { return -1 }
            return threads.firstIndex(of: lane) ?? threads.count
        }
    }
}

extension ThreadTimeline.Axis {
    /// A position as a tick label: `1.5 s` on a time axis, `120` on a steps axis.
    func label(_ t: Int64) -> String { self == .time ? TimeText.axis(t) : "\(t)" }
    /// A position in words: `1.500 s`, or `step 120`.
    func point(_ t: Int64) -> String { self == .time ? TimeText.seconds(t) : "step \(t)" }
    /// A length along the axis: `0.5 ms`, or `10 steps`.
    func length(_ d: Int64) -> String { self == .time ? TimeText.ms(d) : "\(d) step" + (d == 1 ? "" : "s") }
}
