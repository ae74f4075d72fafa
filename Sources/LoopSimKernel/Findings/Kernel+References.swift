extension Kernel {
    /// Calls `body` with every reference of the object graph now, the references ``objectGraph()`` lists but
    /// without its leak verdicts, so that a viewer can read the graph at every event of a run (the player's retain
    /// graph samples it from a ``TraceSink``, which the kernel calls as it records each event; it changes neither
    /// the trace nor the fingerprint, and costs nothing when nobody calls it).
    ///
    /// First each root's hold on a live object, in the leak analysis's order (``LeakAnalysis``: the app's names,
    /// singletons, threads' frames, run loops' modes, queues…): `from` is nil, `root` the root's label
    /// (`thread worker-1 frame`) and `edge` the root's edge (`timers`). Then each live object's references, by heap
    /// index: its slots in order (any strength, to a live object; an array slot's elements each), then UIKit's links (strong, and the weak
    /// `presentingViewController`) and an operation's dependencies (strong): `from` is the object and `root` empty.
    /// Kernel-internal objects are left out, as ``objectGraph()`` leaves them out.
    ///
    /// - Complexity: O(roots + live objects × slots), plus the parked-thread search the roots' categories need.
    public func forEachReference(
        _ body: (_ from: HeapObject?, _ root: String, _ edge: String, _ to: HeapObject, _ strength: Strength) -> Void
    ) {
        let analysis = LeakAnalysis(kernel: self)
        let heap = analysis.heap
        for root in analysis.roots() {
            guard let o = heap.object(root.object), !o.isInternal else { continue }
            body(nil, root.label, root.edge, o, .strong)
        }
        for index in 0..<heap.indexLimit {
            guard let o = heap.object(atIndex: index), !o.isInternal else { continue }
            for i in 0..<o.slotCount {
                switch o[slot: i] {
                case .object(let id):
                    guard let target = heap.object(id), !target.isInternal else { continue }
                    body(o, "", o.slotNames[i], target, o.slotStrengths[i])
                case .array, .dictionary:
                    // A collection field: a reference per object element, `timers[2]`, `timers["poll"]`, as
                    // objectGraph() lists them.
                    let value = o[slot: i]
                    for (j, element) in (value.heldElements ?? []).enumerated() {
                        guard case .object(let id) = element, let target = heap.object(id), !target.isInternal else {
                            continue
                        }
                        body(o, "", value.elementEdgeName(o.slotNames[i], j), target, o.slotStrengths[i])
                    }
                default: continue
                }
            }
            guard !uikit.links.isEmpty || o.kind == .operation else { continue }
            let links = uikit.links(of: o.id)
            for (name, id) in links.strongLinks {
                if let target = heap.object(id), !target.isInternal { body(o, "", name, target, .strong) }
            }
            if let presenting = links.presenting, let target = heap.object(presenting), !target.isInternal {
                body(o, "", "presentingViewController", target, .weak)
            }
            // `addDependency:` retains the dependency (``LeakAnalysis/forEachEdge(of:_:)``).
            for (name, id) in operations.heldReferences(of: o.id) {
                if let target = heap.object(id), !target.isInternal { body(o, "", name, target, .strong) }
            }
        }
    }

    /// Calls `body` with each object alive or deallocating, by heap index, kernel-internal objects left out (the
    /// nodes ``objectGraph()`` lists), without building an array of them.
    public func forEachLiveObject(_ body: (HeapObject) -> Void) {
        let heap = objects.heap
        for index in 0..<heap.indexLimit {
            if let o = heap.object(atIndex: index), !o.isInternal { body(o) }
        }
    }
}
