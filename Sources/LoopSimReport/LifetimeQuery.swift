import LoopSimKernel
import LoopSimScenario

/// `loopsim why` and `loopsim graph`: the object graph of a run stopped at an instant.
public enum LifetimeQuery {
    /// Runs `scenario` under `variant` up to `at` (the scenario's horizon when nil) and returns the stopped kernel.
    /// `seed` replaces the scenario's `seed:`; `limits` stop a runaway run where it is (as `run`'s `--max-…`).
    public static func kernel(
        _ scenario: Scenario, variant: String, at: SimInstant?,
        overrides: [(String, String)] = [], seed: UInt64? = nil,
        limits: RunLimits = RunLimits()
    ) throws(VariantError) -> Kernel {
        let profile = try scenario.profile(for: variant, overrides: overrides)
        var configuration = scenario.configuration(profile: profile, seed: seed)
        configuration.limits = limits
        if let at { configuration.until = min(at, scenario.until) }
        let kernel = Kernel(program: scenario.program, configuration: configuration)
        _ = kernel.run()
        return kernel
    }

    /// Why `name` is alive at the end of `kernel`'s run — or when it died, or that it did not exist yet.
    public static func why(_ name: String, in kernel: Kernel, variant: String) -> (text: String, json: JSONValue) {
        let at = kernel.now
        var text = "\(name) at \(at.description) under \(variant):\n"
        var entries: [JSONValue] = []
        let alive = kernel.liveObjects(named: name)
        for o in alive {
            let paths = kernel.rootPaths(to: o)
            let leak = kernel.findings().leaks.first { $0.serial == o.serial }
            let letGo = kernel.letGo(of: o)
            let holder = kernel.holderKind(of: o)
            let site = Self.site(ofSerial: o.serial, in: kernel)
            text +=
                "  \(o.displayName) (#\(o.serial), allocated at \(o.allocatedAt.description) on \(o.allocatedOn)"
                + (site.map { ", made at \($0.shortText)" } ?? "") + ")"
            let letGoText = letGo.map { "let go at \($0.at.description) (\($0.reason))" }
            if let leak {
                text += " — \(leak.kind.rawValue.uppercased()) (\(leak.cause))" + (letGoText.map { ", " + $0 } ?? "")
            } else if let letGoText, holder == "pending work" {
                text += " — \(letGoText); held only by pending work, which lets it go when it runs: not a leak (yet)"
            } else if let letGoText {
                text += " — \(letGoText), not yet freed"
            } else if holder == "app" {
                text += " — alive: the app holds it"
            }
            text += "\n"
            // A Foundation lock: who holds it, and what that thread waits for (a deadlock's chain).
            if let holding = kernel.lockHolding(o) { text += "    \(holding)\n" }
            if paths.isEmpty {
                text +=
                    leak?.cause == "cycle" || leak == nil
                    ? "    no root reaches it: only a reference cycle keeps it alive\n"
                    : "    no root reaches it: \(leak!.cause)\n"
                // The cycle itself, as the run's report prints it: the object, round to the object.
                if let leak, leak.cause == "cycle", leak.path.count > 1 {
                    text +=
                        "    " + zip(leak.path, [""] + leak.edges.map { " -[\($0)]-> " }).map { $1 + $0 }.joined()
                        + "\n"
                }
            }
            for p in paths {
                text += "    " + zip(p.path, [""] + p.edges.map { " -[\($0)]-> " }).map { $1 + $0 }.joined() + "\n"
            }
            entries.append(
                .object([
                    "object": .string(o.label), "class": .string(o.className), "serial": .int(Int64(o.serial)),
                    "alive": .bool(true), "site": site.map { .string($0.shortText) } ?? .null,
                    "leak": leak.map { .string($0.kind.rawValue) } ?? .null,
                    "cause": leak.map { .string($0.cause) } ?? .null,
                    "held_by": holder.map { .string($0) } ?? .null,
                    "let_go_at_ms": letGo.map { .double($0.at.milliseconds) } ?? .null,
                    "paths": .array(
                        paths.map { p in
                            .object([
                                "root": .string(p.root), "holder": .string(p.holder),
                                "path": .array(p.path.map { .string($0) }),
                                "edges": .array(p.edges.map { .string($0) }),
                            ])
                        }),
                ]))
        }
        for death in kernel.records.deaths
        where death.object == name || "#\(death.serial)" == name
            || "\(death.className) \(death.object)" == name
        {
            let delayed = kernel.records.delayed.first { $0.serial == death.serial }
            let site = Self.site(ofSerial: death.serial, in: kernel)
            text +=
                "  \(death.className) \(death.object) (#\(death.serial)) was deallocated at \(death.at.description) "
                + "on thread \(death.thread)"
            if let delayed {
                text +=
                    " — DELAYED: let go at \(delayed.letGoAt.description) (\(delayed.reason)), "
                    + "\(delayed.late.description) late"
            }
            text += (site.map { " (made at \($0.shortText))" } ?? "") + "\n"
            entries.append(
                .object([
                    "object": .string(death.object), "class": .string(death.className),
                    "serial": .int(Int64(death.serial)), "alive": .bool(false),
                    "site": site.map { .string($0.shortText) } ?? .null,
                    "deallocated_at_ms": .double(death.at.milliseconds), "thread": .string(death.thread),
                    "delayed_ms": delayed.map { .double($0.late.milliseconds) } ?? .null,
                ]))
        }
        if entries.isEmpty { text += "  no object named '\(name)' had been allocated by then\n" }
        return (
            text,
            .object([
                "object": .string(name), "at_ms": .double(at.milliseconds), "variant": .string(variant),
                "objects": .array(entries),
            ])
        )
    }

    /// Where the object of `serial` was made: the statement that allocated it (docs/kernel.md, "Sites").
    static func site(ofSerial serial: Int, in kernel: Kernel) -> SourceSite? {
        let index = Int(kernel.heap.allocationSite(ofSerial: serial))
        return index > 0 && index < kernel.program.sites.count ? kernel.program.sites[index] : nil
    }

    /// The object graph as Graphviz DOT: roots as boxes, strong edges solid, weak dashed, unretained dotted,
    /// leaked objects filled red.
    public static func dot(_ graph: ObjectGraph, title: String) -> String {
        var out = "digraph \"\(escape(title))\" {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        return out + statements(graph, prefix: "", indent: "  ") + "}\n"
    }

    /// Several graphs (one per variant) in one DOT document, each a cluster titled with its own title, so that
    /// `dot -Tsvg` draws them side by side in one picture; one graph is ``dot(_:title:)`` itself.
    public static func dot(_ graphs: [(title: String, graph: ObjectGraph)], title: String) -> String {
        if graphs.count == 1 { return dot(graphs[0].graph, title: graphs[0].title) }
        var out = "digraph \"\(escape(title))\" {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for (i, item) in graphs.enumerated() {
            out += "  subgraph cluster_\(i) {\n    label=\"\(escape(item.title))\";\n"
            out += statements(item.graph, prefix: "v\(i)_", indent: "    ") + "  }\n"
        }
        return out + "}\n"
    }

    /// The graph as JSON: its roots, its nodes (`serial`, `name`, `class`, `label`, `leak` or null) and its edges
    /// (`from`: a node's serial, or null with `root` naming the root; `to`, `label`, `strength`).
    public static func json(_ graph: ObjectGraph) -> JSONValue {
        .object([
            "roots": .array(graph.roots.map(JSONValue.string)),
            "nodes": .array(
                graph.nodes.map { node in
                    .object([
                        "serial": .int(Int64(node.serial)), "name": .string(node.name),
                        "class": .string(node.className), "label": .string(node.label),
                        "leak": node.leak.map { .string($0.rawValue) } ?? .null,
                    ])
                }),
            "edges": .array(
                graph.edges.map { edge in
                    .object([
                        "from": edge.from.map { .int(Int64($0)) } ?? .null,
                        "root": edge.root.map(JSONValue.string) ?? .null,
                        "to": .int(Int64(edge.to)), "label": .string(edge.label),
                        "strength": .string(edge.strength.rawValue),
                    ])
                }),
        ])
    }

    /// The node and edge statements of `graph`, each node id prefixed with `prefix` (a cluster's own ids).
    private static func statements(_ graph: ObjectGraph, prefix: String, indent: String) -> String {
        var out = ""
        for (i, root) in graph.roots.enumerated() {
            out +=
                "\(indent)\(prefix)r\(i) [label=\"\(escape(root))\", shape=box, style=filled, "
                + "fillcolor=\"#e8eef7\"];\n"
        }
        for node in graph.nodes {
            var attributes = "label=\"\(escape(node.name))\\n#\(node.serial)\", shape=ellipse"
            if let leak = node.leak {
                attributes += ", style=filled, fillcolor=\"#f4b6b6\", color=\"#b00000\", xlabel=\"\(leak.rawValue)\""
            }
            out += "\(indent)\(prefix)o\(node.serial) [\(attributes)];\n"
        }
        for edge in graph.edges {
            let from = prefix + (edge.from.map { "o\($0)" } ?? "r\(graph.roots.firstIndex(of: edge.root ?? "") ?? 0)")
            let style: String
            switch edge.strength {
            case .strong: style = "solid"
            case .weak: style = "dashed"
            case .unretained, .unowned: style = "dotted"
            }
            out += "\(indent)\(from) -> \(prefix)o\(edge.to) [label=\"\(escape(edge.label))\", style=\(style)];\n"
        }
        return out
    }

    static func escape(_ s: String) -> String {
        s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
