import LoopSimKernel

/// The retain graph of a run at every step, for the player (``PlayerPage``): the objects, the roots that hold them and
/// the references between them, recorded as what changed at each event, not as a graph per event.
///
/// The trace has no event for a reference (a `set:` records nothing), and it must not get one: the fingerprints are
/// fixed. So the graph is read from the kernel's heap instead, as the run goes: the kernel hands every event to its
/// ``TraceSink`` as it records it, and at each one this sink reads the graph (``Kernel/forEachReference(_:)``) and
/// keeps the difference from the last. A change made between two events is shown at the later one; the last event,
/// `run.end`, comes after the run's end, so the graph there is the run's end state. Nothing is written into the
/// trace, and a run without this sink reads nothing.
///
/// - `nodes`: every object the run made that the graph saw alive, in the order it first saw them: display name,
///   class, serial.
/// - `deltas`: six numbers per change, in event order: event, op, then the op's three or four numbers: 0 an object
///   appears (node), 1 its dealloc begins (node), 2 it is freed (node), 3 a reference appears and 4 one goes (from,
///   label, to, strength). `from` is a node, or `-1 - label` for a root (its label in `labels`); `label` the slot,
///   link or root edge in `labels`; strength 0 strong, 1 weak, 2 unretained. 5: the graph stopped being read at that
///   event, because more than ``objectLimit`` objects were alive.
///
/// ```swift
/// let graph = PlayerGraph()
/// let runs = try ScenarioRunner.run(scenario, keepsTrace: true, traceSink: { _ in graph },
///                                   attach: { _, kernel in graph.kernel = kernel })
/// ```
public final class PlayerGraph: TraceSink {
    /// One object of the graph.
    public struct Node: Sendable, Hashable {
        public var name: String
        public var className: String
        public var serial: Int
    }

    /// A reference between two nodes, or from a root to a node.
    private struct Edge: Hashable, Comparable {
        var from: Int
        var label: Int
        var to: Int
        var strength: Int
        static func < (a: Edge, b: Edge) -> Bool {
            (a.from, a.label, a.to, a.strength) < (b.from, b.label, b.to, b.strength)
        }
    }

    /// The kernel whose heap it reads (weak: the kernel's configuration holds this sink).
    public weak var kernel: Kernel?
    /// How many live objects it draws at most: beyond, reading the graph at every event would cost more than the
    /// run (it stops, and says so at that event).
    public let objectLimit: Int
    /// The objects, in the order the graph first saw them.
    public private(set) var nodes: [Node] = []
    /// Root labels and reference labels.
    public private(set) var labels: [String] = []
    /// Six numbers per change (see ``PlayerGraph``).
    public private(set) var deltas: [Int] = []
    /// The event where it stopped reading the graph (too many objects), if it did.
    public private(set) var stoppedAt: Int?

    private var nodeOfSerial: [Int: Int] = [:]
    private var labelIndex: [String: Int] = [:]
    private var edges: Set<Edge> = []
    /// Per node: 0 not alive (yet, or any more), 1 alive, 2 deallocating.
    private var states: [UInt8] = []

    /// A graph that stops reading past `objectLimit` live objects.
    public init(objectLimit: Int = 400) {
        self.objectLimit = objectLimit
    }

    /// The ``TraceSink`` call: reads the graph as it is at event `seq`.
    public func record(_ event: SimEvent, seq: Int, names: borrowing NameTable) {
        sample(at: seq)
    }

    private func label(_ s: String) -> Int {
        if let i = labelIndex[s] { return i }
        labels.append(s)
        labelIndex[s] = labels.count - 1
        return labels.count - 1
    }

    private func node(_ o: HeapObject) -> Int {
        if let i = nodeOfSerial[o.serial] { return i }
        nodes.append(Node(name: o.displayName, className: o.className, serial: o.serial))
        states.append(0)
        nodeOfSerial[o.serial] = nodes.count - 1
        return nodes.count - 1
    }

    private func emit(_ event: Int, _ op: Int, _ a: Int, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0) {
        deltas += [event, op, a, b, c, d]
    }

    /// A reference as ``Kernel/forEachReference(_:)`` gives it, before its labels are numbered.
    private struct RawReference: Equatable {
        var from: Int
        var root: String
        var edge: String
        var to: Int
        var strength: Int
    }

    /// The last reading, as read: when the next one is the same, nothing changed (most events change nothing).
    private var lastRead: [RawReference] = []
    private var lastStates: [UInt8] = []

    /// Reads the graph and records how it differs from the last reading, as changes at `event`.
    private func sample(at event: Int) {
        guard let kernel, stoppedAt == nil else { return }
        if kernel.heap.liveCount > objectLimit {
            stoppedAt = event
            emit(event, 5, 0)
            return
        }
        var now = [UInt8](repeating: 0, count: states.count)
        kernel.forEachLiveObject { o in
            let n = node(o)
            if n >= now.count { now.append(0) }
            now[n] = o.state == .alive ? 1 : 2
        }
        var read: [RawReference] = []
        read.reserveCapacity(lastRead.count)
        kernel.forEachReference { from, root, edge, to, strength in
            let s = strength == .strong ? 0 : strength == .weak ? 1 : 2
            read.append(
                RawReference(from: from.map { node($0) } ?? -1, root: root, edge: edge, to: node(to), strength: s))
        }
        while now.count < states.count { now.append(0) }
        if read == lastRead && now == lastStates { return }
        lastRead = read
        lastStates = now
        // Labels are numbered in sorted order within a reading: the order the kernel lists a run loop's modes in is
        // not one the page may depend on.
        let fresh = Set(read.flatMap { [$0.root, $0.edge] }).filter { !$0.isEmpty && labelIndex[$0] == nil }
        for l in fresh.sorted() { _ = label(l) }
        var current: Set<Edge> = []
        for r in read {
            current.insert(
                Edge(
                    from: r.from >= 0 ? r.from : -1 - label(r.root), label: label(r.edge), to: r.to,
                    strength: r.strength))
        }
        for edge in edges.subtracting(current).sorted() {
            emit(event, 4, edge.from, edge.label, edge.to, edge.strength)
        }
        for n in states.indices where states[n] != now[n] {
            switch (states[n], now[n]) {
            case (0, 1): emit(event, 0, n)
            case (0, 2):
                emit(event, 0, n)
                emit(event, 1, n)
            case (1, 2): emit(event, 1, n)
            case (_, 0): emit(event, 2, n)
            default: break
            }
        }
        for edge in current.subtracting(edges).sorted() {
            emit(event, 3, edge.from, edge.label, edge.to, edge.strength)
        }
        states = now
        edges = current
    }
}
