import LoopSimKernel

/// Draws a run's leaks as a retain graph: each retention path from its root (a thread's frame, a run loop's
/// mode, a queue, the app) through every strong edge to the leaked object, paths sharing a prefix drawn as
/// one tree; a cycle leak as its ring of objects with the edge that closes it curving back.
///
/// Nodes are boxes (roots dark, leaked objects red, abandoned ones orange, others white); each arrow is labelled with
/// the field or slot that holds the next object (`dispatch block`, `self`, `target`…).
public enum RetainGraphSVG {
    struct Node {
        var key: String
        var label: String
        var column: Int
        var row: Int
        var kind: Kind
        /// The finding's kind, for a ``Kind/leaked`` node (the object a path or a cycle is about).
        var finding: Leak.Kind = .leaked
        enum Kind { case root, object, leaked }
    }
    struct Edge {
        var from: String
        var to: String
        var label: String
        var back: Bool
    }

    /// The graph of `leaks`, or a short note when there are none; `id` keeps the arrow marker's id unique when
    /// several graphs share a page.
    public static func render(_ leaks: [Leak], width: Int = 900, id: String = "retain") -> String {
        var nodes: [Node] = []
        var edges: [Edge] = []
        var nextRow = 0
        var finding = Leak.Kind.leaked
        func node(_ key: String, _ label: String, column: Int, kind: Node.Kind) {
            if let i = nodes.firstIndex(where: { $0.key == key }) {
                if kind == .leaked {
                    nodes[i].kind = .leaked
                    nodes[i].finding = finding
                }
                return
            }
            nodes.append(Node(key: key, label: label, column: column, row: nextRow, kind: kind, finding: finding))
        }
        for leak in leaks {
            finding = leak.kind
            let rowBefore = nodes.count
            switch leak.kind {
            case .abandoned:
                var key = ""
                for (i, label) in leak.path.enumerated() {
                    let parent = key
                    key += "/" + label
                    let isLast = i == leak.path.count - 1
                    node(key, label, column: i, kind: i == 0 ? .root : isLast ? .leaked : .object)
                    if i > 0, !edges.contains(where: { $0.from == parent && $0.to == key }) {
                        edges.append(
                            Edge(
                                from: parent, to: key, label: i - 1 < leak.edges.count ? leak.edges[i - 1] : "",
                                back: false))
                    }
                }
            case .leaked:
                let ring =
                    leak.path.count > 1 && leak.path.first == leak.path.last ? Array(leak.path.dropLast()) : leak.path
                let base = "cycle:\(leak.object)"
                for (i, label) in ring.enumerated() {
                    node(base + "/\(i)", label, column: i, kind: i == 0 ? .leaked : .object)
                    if i > 0 {
                        edges.append(
                            Edge(
                                from: base + "/\(i - 1)", to: base + "/\(i)",
                                label: i - 1 < leak.edges.count ? leak.edges[i - 1] : "", back: false))
                    }
                }
                if ring.count > 1 || leak.path.count > 1 {
                    edges.append(
                        Edge(
                            from: base + "/\(ring.count - 1)", to: base + "/0",
                            label: ring.count - 1 < leak.edges.count ? leak.edges[ring.count - 1] : "", back: true))
                }
            }
            if nodes.count > rowBefore { nextRow += 1 }
            // A path that shares its prefix with an earlier one still gets its own row for its new nodes.
            for i in rowBefore..<nodes.count { nodes[i].row = nextRow - 1 }
        }
        guard !nodes.isEmpty else {
            return
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"36\" viewBox=\"0 0 \(width) 36\" "
                + "font-family=\"Helvetica, Arial, sans-serif\" role=\"img\"><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
                + SVGText.text(
                    "no leaks: every object the scenario let go was deallocated", x: 8, y: 22, size: 12, fill: "#1a9850"
                )
                + "</svg>"
        }
        let columns = (nodes.map(\.column).max() ?? 0) + 1
        let colWidth = max(150.0, (Double(width) - 16) / Double(columns))
        let boxWidth = min(colWidth - 110, 230), boxHeight = 26.0, rowHeight = 64.0
        func center(_ n: Node) -> (Double, Double) {
            (8 + Double(n.column) * colWidth + boxWidth / 2, 16 + Double(n.row) * rowHeight + boxHeight / 2)
        }
        var body = ""
        for e in edges {
            guard let a = nodes.first(where: { $0.key == e.from }), let b = nodes.first(where: { $0.key == e.to })
            else { continue }
            let (ax, ay) = center(a), (bx, by) = center(b)
            let n = SVGText.num
            if e.back {
                let top = ay - boxHeight / 2 - 4
                body +=
                    "<path d=\"M\(n(ax)) \(n(top))C\(n(ax)) \(n(top - 14)) \(n(bx)) \(n(top - 14)) \(n(bx)) \(n(top))\" fill=\"none\" "
                    + "stroke=\"#d62728\" stroke-width=\"1.5\" marker-end=\"url(#\(id)-arrow)\"/>"
                body += SVGText.text(
                    e.label, x: (ax + bx) / 2, y: top - 12, anchor: "middle", size: 10, fill: "#d62728")
            } else {
                let x1 = ax + boxWidth / 2, x2 = bx - boxWidth / 2 - 2
                body +=
                    "<path d=\"M\(n(x1)) \(n(ay))C\(n(x1 + 20)) \(n(ay)) \(n(x2 - 20)) \(n(by)) \(n(x2)) \(n(by))\" fill=\"none\" "
                    + "stroke=\"#555\" stroke-width=\"1.5\" marker-end=\"url(#\(id)-arrow)\"/>"
                body += SVGText.text(
                    e.label, x: (x1 + x2) / 2, y: (ay + by) / 2 - 4, anchor: "middle", size: 10, fill: "#555")
            }
        }
        for nd in nodes {
            let (cx, cy) = center(nd)
            let findingFill = nd.finding == .leaked ? "#d62728" : "#e6550d"
            let fill = nd.kind == .root ? "#34495e" : nd.kind == .leaked ? findingFill : "#ffffff"
            let ink = nd.kind == .object ? "#222" : "#ffffff"
            let what = nd.kind == .root ? "root" : nd.kind == .leaked ? nd.finding.rawValue : "held"
            body += "<g class=\"node \(what)\"><title>\(SVGText.escape("\(nd.label) (\(what))"))</title>"
            body += SVGText.rect(
                x: cx - boxWidth / 2, y: cy - boxHeight / 2, width: boxWidth, height: boxHeight, fill: fill,
                extra: "rx=\"5\" stroke=\"#34495e\"")
            let maxChars = Int(boxWidth / 6.3)
            let label = nd.label.count > maxChars ? String(nd.label.prefix(max(1, maxChars - 1))) + "…" : nd.label
            body += SVGText.text(label, x: cx, y: cy + 4, anchor: "middle", size: 11, fill: ink) + "</g>"
        }
        let height = Int(16 + Double((nodes.map(\.row).max() ?? 0) + 1) * rowHeight)
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "font-family=\"Helvetica, Arial, sans-serif\" role=\"img\"><defs><marker id=\"\(id)-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" "
            + "refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10Z\" fill=\"#555\"/>"
            + "</marker></defs><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>" + body + "</svg>"
    }
}
