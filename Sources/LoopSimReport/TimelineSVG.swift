/// Draws ``ThreadTimeline``s as one self-contained SVG: for each variant a block of lanes over a shared time
/// axis, spans coloured by state (each sleeping span by its mode, with the mode's name when it fits), the
/// instants as small marks, every element with a tooltip (`<title>`), and a legend.
///
/// The output is deterministic: numbers are printed with at most two decimals, modes get colours in order
/// of first appearance.
public enum TimelineSVG {
    static let stateColors: [ThreadTimeline.State: String] = [
        .running: "#2f6fb0", .busy: "#e8871e", .blocked: "#8c8c8c", .parked: "url(#parked)", .idle: "#e6e6e6",
        .tracking: "#cab2d6", .lifecycle: "#dddddd", .suspended: "#9e9e9e",
    ]
    static let appStateColors = [
        "active": "#c7e9c0", "inactive": "#fee391", "background": "#bdbdbd", "suspended": "#737373",
        "killed": "#d62728",
    ]
    static let modePalette = ["#a6cee3", "#b2df8a", "#fdbf6f", "#fb9a99", "#ffff99", "#cccccc"]
    static let markerColors: [ThreadTimeline.MarkerKind: String] = [
        .crash: "#d62728", .staleWake: "#ff7f0e", .exit: "#111111", .modeSwitch: "#7b3294", .dealloc: "#555555",
        .fire: "#1f4e79", .skipped: "#d62728", .user: "#1a9850",
    ]

    /// Renders the timelines of one scenario, `width` pixels wide, between `from` and `to` (nanoseconds; default
    /// 0 to the latest end among them).
    public static func render(
        _ timelines: [ThreadTimeline], title: String, width: Int = 960, from: Int64? = nil,
        to: Int64? = nil
    ) -> String {
        let start = max(0, from ?? 0)
        var stop = to ?? (timelines.map(\.end).max() ?? 0)
        let units = timelines.first?.axis ?? .time
        if stop <= start { stop = start + (units == .time ? 1_000_000 : 1) }
        let left = 96.0, right = 16.0
        let plot = Double(width) - left - right
        func x(_ t: Int64) -> Double { left + Double(min(max(t, start), stop) - start) / Double(stop - start) * plot }

        // Mode colours in order of first appearance.
        var modes: [String] = ["default", "tracking"]
        for tl in timelines { for s in tl.spans { if let m = s.mode, !modes.contains(m) { modes.append(m) } } }
        func color(_ s: ThreadTimeline.Span) -> String {
            if s.state == .sleeping, let m = s.mode, let i = modes.firstIndex(of: m) {
                return modePalette[min(i, modePalette.count - 1)]
            }
            if s.state == .lifecycle { return appStateColors[s.mode ?? ""] ?? "#dddddd" }
            return stateColors[s.state] ?? "#999999"
        }

        var body = ""
        var y = 28.0
        body += SVGText.text(title, x: 8, y: 18, size: 14, weight: "bold")
        for tl in timelines.map({ $0.extendingParked(to: stop) }) {
            y += 10
            body += SVGText.text(
                "\(tl.variant) · seed \(tl.seed) · ended at \(units.point(tl.end))", x: 8, y: y + 4,
                size: 12, weight: "bold")
            y += 12
            body += axis(start: start, stop: stop, x: x, y: y, plot: plot, left: left, units: units)
            y += 18
            for lane in tl.lanes {
                let spans = tl.spans(of: lane).filter { $0.end >= start && $0.start <= stop }
                let markers = tl.markers(of: lane).filter { $0.t >= start && $0.t <= stop }
                if lane == ThreadTimeline.appLane && spans.isEmpty && markers.isEmpty { continue }
                body += "<g class=\"lane\" data-lane=\"\(SVGText.escape(lane))\">"
                body += SVGText.text(lane, x: 8, y: y + 17, size: 11)
                body += SVGText.rect(
                    x: left, y: y + 8, width: plot, height: 12, fill: "#fafafa", extra: "stroke=\"#e0e0e0\"")
                // Running instants last, so a wake stays visible on top of the sleep around it.
                for s in spans.filter({ $0.state != .running }) + spans.filter({ $0.state == .running }) {
                    let x0 = x(s.start), x1 = x(s.end)
                    // An instant of running, and a thread parked from the very end, stay visible.
                    let w = s.state == .running || s.state == .parked ? max(1.5, x1 - x0) : x1 - x0
                    let what = s.detail.isEmpty ? s.state.rawValue : s.detail
                    body += SVGText.rect(
                        x: x0, y: y + 8, width: w, height: 12, fill: color(s),
                        title: "\(lane) · \(what) · \(units.point(s.start)) → \(units.point(s.end))",
                        extra: "class=\"span \(s.state.rawValue)\"")
                    let label = s.state == .parked ? "parked" : s.mode ?? ""
                    if [.sleeping, .parked, .tracking, .lifecycle].contains(s.state)
                        && Double(label.count) * 6.2 + 6 < w
                    {
                        let light = s.state == .parked || s.mode == "suspended"
                        body += SVGText.text(label, x: x0 + 3, y: y + 18, size: 9, fill: light ? "#ffffff" : "#333")
                    }
                }
                for m in markers { body += marker(m, x: x(m.t), y: y, units: units) }
                body += "</g>"
                y += 24
            }
            y += 6
        }
        y += 4
        let (legendSVG, legendHeight) = legend(modes: modes, y: y, width: Double(width))
        body += legendSVG
        y += legendHeight
        let height = Int(y.rounded(.up)) + 8
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " font-family=\"Helvetica, Arial, sans-serif\" role=\"img\">"
            + "<defs><pattern id=\"parked\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect width=\"6\" height=\"6\" fill=\"#d62728\"/><rect width=\"2\" height=\"6\" fill=\"#f4a3a3\"/></pattern></defs>"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>" + body + "</svg>\n"
    }

    static func axis(
        start: Int64, stop: Int64, x: (Int64) -> Double, y: Double, plot: Double, left: Double,
        units: ThreadTimeline.Axis = .time
    ) -> String {
        var s =
            "<line x1=\"\(SVGText.num(left))\" y1=\"\(SVGText.num(y + 14))\" x2=\"\(SVGText.num(left + plot))\" "
            + "y2=\"\(SVGText.num(y + 14))\" stroke=\"#999\"/>"
        let span = stop - start
        let step = TimeText.niceStep(atLeast: max(1, Int64(Double(span) * 80 / max(plot, 1))))
        var tick = (start + step - 1) / step * step
        while tick <= stop {
            let tx = x(tick)
            s +=
                "<line x1=\"\(SVGText.num(tx))\" y1=\"\(SVGText.num(y + 10))\" x2=\"\(SVGText.num(tx))\" y2=\"\(SVGText.num(y + 14))\" stroke=\"#999\"/>"
            s += SVGText.text(units.label(tick), x: tx, y: y + 8, anchor: "middle", size: 9, fill: "#666")
            tick += step
        }
        return s
    }

    static func marker(_ m: ThreadTimeline.Marker, x: Double, y: Double, units: ThreadTimeline.Axis = .time) -> String {
        let c = markerColors[m.kind] ?? "#000"
        let n = SVGText.num
        let shape: String
        switch m.kind {
        case .fire:
            shape =
                "<path d=\"M\(n(x - 3.5)) \(n(y + 1))L\(n(x + 3.5)) \(n(y + 1))L\(n(x)) \(n(y + 7))Z\" fill=\"\(c)\"/>"
        case .skipped:
            shape =
                "<path d=\"M\(n(x - 3)) \(n(y + 1))L\(n(x + 3)) \(n(y + 7))M\(n(x + 3)) \(n(y + 1))L\(n(x - 3)) \(n(y + 7))\" "
                + "stroke=\"\(c)\" stroke-width=\"1.5\"/>"
        case .staleWake:
            shape =
                "<path d=\"M\(n(x)) \(n(y))L\(n(x + 4)) \(n(y + 4))L\(n(x)) \(n(y + 8))L\(n(x - 4)) \(n(y + 4))Z\" fill=\"\(c)\"/>"
        case .exit:
            shape = "<path d=\"M\(n(x)) \(n(y + 1))L\(n(x)) \(n(y + 21))\" stroke=\"\(c)\" stroke-width=\"2\"/>"
        case .modeSwitch:
            shape =
                "<path d=\"M\(n(x)) \(n(y))L\(n(x)) \(n(y + 8))M\(n(x)) \(n(y))L\(n(x + 6)) \(n(y + 2))L\(n(x)) \(n(y + 4))\" "
                + "stroke=\"\(c)\" fill=\"\(c)\" stroke-width=\"1.2\"/>"
        case .dealloc:
            shape =
                "<circle cx=\"\(n(x))\" cy=\"\(n(y + 4))\" r=\"3\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"1.5\"/>"
        case .user:
            shape = "<path d=\"M\(n(x)) \(n(y))L\(n(x + 4)) \(n(y + 8))L\(n(x - 4)) \(n(y + 8))Z\" fill=\"\(c)\"/>"
        case .crash:
            shape = "<circle cx=\"\(n(x))\" cy=\"\(n(y + 4))\" r=\"4\" fill=\"\(c)\"/>"
        }
        return
            "<g class=\"marker \(m.kind.rawValue)\"><title>\(SVGText.escape("\(units.point(m.t)) · \(m.label)"))</title>"
            + shape + "</g>"
    }

    static func legend(modes: [String], y: Double, width: Double) -> (String, Double) {
        var items: [(String, String)] = modes.enumerated().map {
            ("asleep in \($1)", modePalette[min($0, modePalette.count - 1)])
        }
        items += [
            ("running", "#2f6fb0"), ("busy (work:)", "#e8871e"), ("blocked", "#8c8c8c"), ("parked for ever", "#d62728"),
            ("idle in the pool", "#e6e6e6"), ("frozen (suspended)", "#9e9e9e"),
            ("UIKit tracks a touch (app lane)", stateColors[.tracking]!),
        ]
        items += ["active", "inactive", "background", "suspended", "killed"].map { ("app \($0)", appStateColors[$0]!) }
        var s = ""
        var cx = 8.0, cy = y
        for (label, fill) in items {
            let w = 16 + Double(label.count) * 6 + 14
            if cx + w > width - 8 { cx = 8; cy += 16 }
            s += SVGText.rect(x: cx, y: cy, width: 12, height: 10, fill: fill)
            s += SVGText.text(label, x: cx + 16, y: cy + 9, size: 10, fill: "#444")
            cx += w
        }
        cx = 8
        cy += 18
        for kind in ThreadTimeline.MarkerKind.allCases {
            let w = 16 + Double(kind.meaning.count) * 6 + 14
            if cx + w > width - 8 { cx = 8; cy += 16 }
            if kind == .exit {
                s +=
                    "<path d=\"M\(SVGText.num(cx + 5)) \(SVGText.num(cy - 1))L\(SVGText.num(cx + 5)) \(SVGText.num(cy + 10))\" "
                    + "stroke=\"\(markerColors[.exit]!)\" stroke-width=\"2\"/>"
            } else {
                s += marker(ThreadTimeline.Marker(lane: "", kind: kind, t: 0, label: kind.meaning), x: cx + 5, y: cy)
            }
            s += SVGText.text(kind.meaning, x: cx + 14, y: cy + 8, size: 10, fill: "#444")
            cx += w
        }
        return (s, cy - y + 24)
    }
}
