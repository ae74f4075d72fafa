/// The object graph at an instant: live objects, the roots that hold them, and every reference between them.
public struct ObjectGraph: Sendable {
    public struct Node: Sendable, Hashable {
        public var serial: Int
        public var name: String
        public var className: String
        public var label: String
        public var leak: Leak.Kind?
    }
    public struct Edge: Sendable, Hashable {
        /// A node serial, or nil when the edge starts at a root.
        public var from: Int?
        /// The root's label when `from` is nil.
        public var root: String?
        public var to: Int
        public var label: String
        public var strength: Strength
    }
    public var nodes: [Node]
    public var roots: [String]
    public var edges: [Edge]
}

/// One root's shortest strong path to an object.
public struct RootPath: Sendable, Hashable {
    public var root: String
    public var holder: String
    public var path: [String]
    public var edges: [String]
}

extension Kernel {
    /// The graph of live scenario objects now (kernel-internal objects left out), nodes by allocation order.
    public func objectGraph() -> ObjectGraph {
        let analysis = LeakAnalysis(kernel: self)
        let leaks = analysis.leakedSerials()
        let live = heap.liveObjects.filter { !$0.isInternal }.sorted { $0.serial < $1.serial }
        let serials = Set(live.map(\.serial))
        var edges: [ObjectGraph.Edge] = []
        var rootLabels: [String] = []
        for root in analysis.roots() {
            guard let o = heap.object(root.object), serials.contains(o.serial) else { continue }
            if !rootLabels.contains(root.label) { rootLabels.append(root.label) }
            edges.append(.init(from: nil, root: root.label, to: o.serial, label: root.edge, strength: .strong))
        }
        for o in live {
            for (i, value) in o.slots.enumerated() {
                // An array field is an edge per object element, `timers[2]`.
                for (label, id) in value.objectEdges(o.slotNames[i]) {
                    guard let target = heap.object(id), serials.contains(target.serial) else { continue }
                    edges.append(
                        .init(from: o.serial, root: nil, to: target.serial, label: label, strength: o.slotStrengths[i]))
                }
            }
            let links = uikit.links(of: o.id)
            var uikitEdges = links.strongLinks.map { ($0.0, $0.1, Strength.strong) }
            if let presenting = links.presenting { uikitEdges.append(("presentingViewController", presenting, .weak)) }
            // An operation's dependencies: a strong reference each (`addDependency:` retains; LeakAnalysis.edges).
            uikitEdges += operations.heldReferences(of: o.id).map { ($0.name, $0.id, Strength.strong) }
            for (name, id, strength) in uikitEdges {
                guard let target = heap.object(id), serials.contains(target.serial) else { continue }
                edges.append(.init(from: o.serial, root: nil, to: target.serial, label: name, strength: strength))
            }
        }
        let nodes = live.map { o in
            ObjectGraph.Node(
                serial: o.serial, name: o.displayName, className: o.className, label: o.label,
                leak: leaks[o.serial])
        }
        return ObjectGraph(nodes: nodes, roots: rootLabels, edges: edges)
    }

    /// Live objects whose label, printed name or `#serial` is `name`.
    public func liveObjects(named name: String) -> [HeapObject] {
        heap.liveObjects.filter {
            !$0.isInternal && ($0.label == name || $0.displayName == name || "#\($0.serial)" == name)
        }
        .sorted { $0.serial < $1.serial }
    }

    /// For every root that reaches `object` through strong references, its shortest path, shortest first.
    public func rootPaths(to object: HeapObject) -> [RootPath] {
        let analysis = LeakAnalysis(kernel: self)
        var result: [RootPath] = []
        var seenRoots: [String] = []
        for root in analysis.roots() {
            guard let path = analysis.shortestPath(from: root.object, to: object.id) else { continue }
            let key = root.label + "/" + root.edge
            guard !seenRoots.contains(key) else { continue }
            seenRoots.append(key)
            result.append(
                RootPath(
                    root: root.label, holder: root.holder,
                    path: [root.label] + path.map { heap.object($0.0)!.displayName },
                    edges: [root.edge] + path.dropFirst().map(\.1)))
        }
        return result.enumerated().sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }
            .map(\.element)
    }
}

extension LeakAnalysis {
    /// Serial → leak kind for every leaked object.
    func leakedSerials() -> [Int: Leak.Kind] {
        Dictionary(leaks().map { ($0.serial, $0.kind) }, uniquingKeysWith: { first, _ in first })
    }

    /// The shortest strong path from `start` to `target`: (object, edge that reached it), `start` first.
    func shortestPath(from start: ObjectID, to target: ObjectID) -> [(ObjectID, String)]? {
        var parent: [ObjectID: (ObjectID, String)] = [:]
        var frontier = [start]
        var visited: Set<ObjectID> = [start]
        var head = 0
        while head < frontier.count {
            let id = frontier[head]
            head += 1
            if id == target {
                var path: [(ObjectID, String)] = []
                var cursor = id
                while cursor != start {
                    let (p, e) = parent[cursor]!
                    path.insert((cursor, e), at: 0)
                    cursor = p
                }
                path.insert((start, ""), at: 0)
                return path
            }
            guard let o = heap.object(id) else { continue }
            for (edge, child) in edges(o) where !visited.contains(child) {
                visited.insert(child)
                parent[child] = (id, edge)
                frontier.append(child)
            }
        }
        return nil
    }
}

extension Kernel {
    /// What holds `object` now, in the leak analysis's terms (docs/scenario-format.md §10.1): `app`,
    /// `deallocation under way`, `system` (a thread, a run loop, the notification center), `pending work` (a
    /// block or a one-shot timer, which let go when they run), or nil when no root reaches it.
    public func holderKind(of object: HeapObject) -> String? {
        LeakAnalysis(kernel: self).rootCategory(of: object.id)?.heldBy.rawValue
    }

    /// When and why the app let go of `object`, or UIKit ended its lifecycle, if either happened.
    public func letGo(of object: HeapObject) -> LetGo? {
        objects.letGo(of: object.id) ?? objects.lifecycleEnd(of: object.id)
    }

    /// Leaks and parked threads as of now.
    public func findings() -> Findings { LeakAnalysis(kernel: self).findings() }
}
