/// Draws a ``ThreadTimeline`` for a terminal: a lane per thread, one character per slice of virtual time,
/// and under each lane a row of its instants (timer fires, skipped slots, stale wakes, mode switches,
/// exits, deallocs).
///
/// A column shows the state that covers most of its slice; a thread that woke inside a slice it otherwise
/// slept through shows `█` there, so every wake of a sleeping loop stays visible at any zoom. A sleeping run
/// carries its mode's name when the run is long enough to hold it.
///
/// ```
/// ── ios10 (seed 1) · timeline 0 → 3.500 s · 1 column = 50 ms ──
///            0         1s        2s        3s
/// app                                        U
/// main      ██─default─────█─────────█──────────█───
/// worker-1  ██─default─────█─────────█──────────░░░░
///                          T         T          T
/// ```
public enum TimelineText {
    /// The glyph of a state.
    static func glyph(_ s: ThreadTimeline.State) -> Character {
        switch s {
        case .running: "█"
        case .busy: "▓"
        case .sleeping: "─"
        case .blocked: "▒"
        case .parked: "░"
        case .idle: "·"
        case .tracking: "≡"
        case .lifecycle: "▁"
        case .suspended: "┄"
        }
    }

    /// Which state wins a column when two cover it equally.
    private static let priority: [ThreadTimeline.State] = [
        .busy, .blocked, .parked, .suspended, .tracking, .lifecycle,
        .sleeping, .idle, .running,
    ]

    /// Renders the timeline `width` characters wide, between `from` and `to` (nanoseconds; default the whole run).
    public static func render(_ tl: ThreadTimeline, width: Int, from: Int64? = nil, to: Int64? = nil) -> String {
        let start = max(0, from ?? 0)
        var stop = to ?? tl.end
        if stop <= start { stop = start + (tl.axis == .time ? 1_000_000 : 1) }
        let tl = tl.extendingParked(to: stop)
        let span = stop - start
        let labelWidth = max(8, (tl.lanes.map(\.count).max() ?? 0) + 2)
        let available = max(20, width - labelWidth)
        // A column is a round slice of time (1, 2 or 5 × 10^k ns), so ticks fall on column edges.
        let slice = TimeText.niceStep(atLeast: max(1, (span + Int64(available) - 1) / Int64(available)))
        let columns = Int(max(1, (span + slice - 1) / slice))
        func columnStart(_ i: Int) -> Int64 { start + Int64(i) * slice }
        func column(of t: Int64) -> Int? {
            guard t >= start && t <= stop else { return nil }
            return min(columns - 1, Int((t - start) / slice))
        }
        let step = TimeText.niceStep(atLeast: slice * 10)
        var out =
            "── \(tl.variant) (seed \(tl.seed)) · timeline \(tl.axis.label(start)) → \(tl.axis.point(stop))"
            + " · 1 column = \(tl.axis.length(slice)) "
        out += String(repeating: "─", count: max(0, min(width, labelWidth + columns) - out.count))
        out = String(out.prefix(max(width, 20))) + "\n"

        // The axis.
        var axis = Array(repeating: Character(" "), count: columns + 12)
        var tick = (start + step - 1) / step * step
        var lastEnd = -1
        while tick <= stop {
            if let c = column(of: tick), c > lastEnd {
                let label = Array(tl.axis.label(tick))
                for (k, ch) in label.enumerated() where c + k < axis.count { axis[c + k] = ch }
                lastEnd = c + label.count
            }
            tick += step
        }
        out += String(repeating: " ", count: labelWidth) + String(axis).trimmingTrailingSpaces + "\n"

        for lane in tl.lanes {
            let spans = tl.spans(of: lane)
            let markers = tl.markers(of: lane).filter { $0.t >= start && $0.t <= stop }
            if lane == ThreadTimeline.appLane && spans.isEmpty && markers.isEmpty { continue }
            var row = Array(repeating: Character(" "), count: columns)
            var chosen: [(ThreadTimeline.State, String?)?] = Array(repeating: nil, count: columns)
            for i in 0..<columns {
                let lo = columnStart(i), hi = i == columns - 1 ? stop + 1 : columnStart(i + 1)
                var best: (ThreadTimeline.State, String?, Int64)?
                var woke = false
                for s in spans where s.start < hi && s.end > lo || (s.start == s.end && s.start >= lo && s.start < hi) {
                    if s.state == .running && s.start >= lo && s.start < hi { woke = true }
                    let overlap = min(s.end, hi) - max(s.start, lo)
                    guard overlap > 0 else { continue }
                    if let b = best,
                        b.2 > overlap
                            || (b.2 == overlap && priority.firstIndex(of: b.0)! <= priority.firstIndex(of: s.state)!)
                    {
                        continue
                    }
                    best = (s.state, s.mode, overlap)
                }
                if var b = best {
                    if woke && [.sleeping, .idle, .blocked, .suspended].contains(b.0) { b = (.running, nil, b.2) }
                    chosen[i] = (b.0, b.1)
                    row[i] = glyph(b.0)
                } else if woke {
                    chosen[i] = (.running, nil)
                    row[i] = glyph(.running)
                }
            }
            // A thread parked for ever from the very end still shows it, in the last column.
            if let last = spans.last, last.state == .parked, last.end >= stop, chosen[columns - 1]?.0 != .parked {
                row[columns - 1] = glyph(.parked)
            }
            // Name each long enough run of one sleeping mode, parked or tracking.
            var i = 0
            while i < columns {
                guard let (state, mode) = chosen[i], [.sleeping, .parked, .tracking, .lifecycle].contains(state) else {
                    i += 1; continue
                }
                var j = i
                while j < columns, let c = chosen[j], c.0 == state, c.1 == mode { j += 1 }
                let name = state == .parked ? "parked" + (mode.map { " in \($0)" } ?? "") : (mode ?? "")
                let label = Array(name.count + 2 <= j - i ? name : state == .parked && j - i >= 8 ? "parked" : "")
                for (k, ch) in label.enumerated() { row[i + 1 + k] = ch }
                i = j
            }
            // Instants: one row per kind that shares a column, most telling first (at most three rows);
            // the app lane draws them on its own row.
            var kindsAt = Array(repeating: [ThreadTimeline.MarkerKind](), count: columns)
            for m in markers {
                guard let c = column(of: m.t), !kindsAt[c].contains(m.kind) else { continue }
                kindsAt[c].append(m.kind)
            }
            let order = ThreadTimeline.MarkerKind.allCases
            for c in 0..<columns { kindsAt[c].sort { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! } }
            var first = 0
            if lane == ThreadTimeline.appLane {
                for c in 0..<columns where !kindsAt[c].isEmpty { row[c] = kindsAt[c][0].glyph }
                first = 1
            }
            out += lane.padding(to: labelWidth) + String(row).trimmingTrailingSpaces + "\n"
            let rows = min(3, kindsAt.map(\.count).max() ?? 0)
            if rows > first {
                for r in first..<rows {
                    let marks = kindsAt.map { $0.count > r ? $0[r].glyph : Character(" ") }
                    out += String(repeating: " ", count: labelWidth) + String(marks).trimmingTrailingSpaces + "\n"
                }
            }
        }
        out += legend(tl, from: start, to: stop, width: width)
        return out
    }

    /// The legend, wrapped to `width`: the states, then only the instant kinds that occur.
    static func legend(_ tl: ThreadTimeline, from: Int64, to: Int64, width: Int) -> String {
        var items = [
            "█ running", "▓ busy (work:)", "─ asleep in its run loop (mode named)", "▒ blocked", "░ parked for ever",
            "· idle in the pool", "≡ tracking a touch",
        ]
        if tl.lanes.contains(ThreadTimeline.appStateLane) {
            items += ["▁ app state (named)", "┄ frozen while suspended"]
        }
        let kinds = ThreadTimeline.MarkerKind.allCases.filter { k in
            tl.markers.contains { $0.kind == k && $0.t >= from && $0.t <= to }
        }
        items += kinds.map { "\($0.glyph) \($0.meaning)" }
        var out = "", line = " "
        for item in items {
            if line.count + 2 + item.count > max(width, 40) && line.count > 1 {
                out += line.trimmingTrailingSpaces + "\n"
                line = " "
            }
            line += " " + item + " "
        }
        return out + line.trimmingTrailingSpaces + "\n"
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
