/// Walks the kernel's state as a graph of strong references and finds leaks and parked threads.
///
/// Roots, in the order paths prefer them: the app's own references, declared singletons, each thread's
/// frames (by thread id, bottom frame first), each run loop's modes (their timers, sources and observers),
/// pending run-loop blocks, the dispatch queues, and corelibs' immortal timer contexts. A breadth-first
/// search from the roots, following strong slots in slot order, gives every reachable object its shortest
/// (and, among equals, first-found) path.
struct LeakAnalysis {
    let kernel: Kernel
    /// The kernel's heap, read once: reading `kernel.heap` copies the struct (retaining every array in it),
    /// too much to do per object.
    let heap: ObjectHeap

    init(kernel: Kernel) {
        self.kernel = kernel
        heap = kernel.heap
    }

    /// Every root whose object is alive, in the order paths prefer them (``LeakAnalysis``); or, when not
    /// `ordered`, with each mode's timers in its list's own order (``Roots/append(timers:label:holder:edge:)``).
    func roots(ordered: Bool = true) -> Roots {
        var roots = Roots(heap: heap)
        let k = kernel
        let heap = self.heap
        func add(_ objects: some Sequence<ObjectID>, _ label: String, _ holder: String, _ edge: String) {
            roots.append(objects, label: label, holder: holder, edge: edge, where: heap.contains)
        }
        let env = k.app.environment
        for (i, value) in env.locals.enumerated() {
            if case .object(let id) = value { add(CollectionOfOne(id), "app", "app", env.names[i]) }
        }
        for o in heap.declaredRoots { add(CollectionOfOne(o.id), "singleton \(o.className)", "singleton", "shared") }
        for t in k.threads.all where t.state != .exited {
            for frame in t.frames {
                for (edge, id) in frame.heldObjects(k) { add(CollectionOfOne(id), "thread \(t.name) frame", "thread", edge) }
            }
            if let block = t.threadBlock { add(CollectionOfOne(block), "thread \(t.name)", "thread", "block") }
            add(t.autoreleasePool, "thread \(t.name) autorelease pool", "thread", "autoreleased")
            if let semaphore = t.blockedOn { add(CollectionOfOne(semaphore), "thread \(t.name) frame", "thread", "waiting on") }
        }
        for rl in k.runLoops.all {
            let name = rl.name
            for mode in rl.modes.values {
                let label = "\(name) mode \(mode.shortName)"
                if ordered {
                    add(mode.timers.ordered().lazy.map { heap.timer(at: $0).id }, label, "runloop", "timers")
                } else {
                    roots.append(timers: mode.timers, label: label, holder: "runloop", edge: "timers")
                }
                add(mode.sources0, label, "runloop", "sources")
                add(mode.observers.lazy.map(\.block), label, "runloop", "observer")
            }
            add(rl.commonTimers, "\(name) common items", "runloop", "timers")
            add(rl.blocks.lazy.map(\.block), "\(name) blocks", "runloop", "block")
        }
        for (queue, held) in k.dispatch.heldObjects() { add(held, "queue \(queue)", "queue", "pending") }
        for (edge, object) in k.notifications.strongReferences(retainingSenders: k.profile.notificationObjectFilterRetained) {
            add(CollectionOfOne(object), "notification center", "notification center", edge)
        }
        add(k.dispatch.pendingAfterBlocks, "dispatch_after pending", "queue", "block")
        for (queue, held) in k.operations.heldObjects() { add(held, "operation queue \(queue)", "queue", "operation") }
        add(k.objects.corelibsTimerHolds, "corelibs CF timer context", "corelibs", "info")
        return roots
    }

    /// Strong edges out of `o`, in slot order, then UIKit's links.
    func edges(_ o: HeapObject) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        let links = kernel.uikit.links[o.id]?.strongLinks ?? []
        forEachEdge(of: o) { edge, child in
            result.append((edge >= 0 ? o.slotNames[Int(edge)] : links[Int(-1 - edge)].0, child))
        }
        return result
    }

    /// Calls `body` with each strong edge out of `o` to a live object, in ``edges(_:)``'s order. An edge is a
    /// slot index (≥ 0) or `-1 - k` for UIKit's `k`-th link; ``edgeName(_:_:)`` names it. Allocates nothing
    /// for an object without UIKit links (the leak analysis visits every live object this way).
    @inline(__always)
    func forEachEdge(of o: HeapObject, _ body: (Int32, ObjectID) -> Void) {
        for i in 0..<o.slotCount where o.slotStrengths[i] == .strong {
            if case .object(let id) = o[slot: i], heap.contains(id) { body(Int32(i), id) }
        }
        if !kernel.uikit.links.isEmpty, let links = kernel.uikit.links[o.id] {
            for (k, (_, id)) in links.strongLinks.enumerated() where heap.contains(id) { body(-1 - Int32(k), id) }
        }
    }

    /// The name of edge `edge` out of `o` (see ``forEachEdge(of:_:)``).
    func edgeName(_ o: HeapObject, _ edge: Int32) -> String {
        edge >= 0 ? o.slotNames[Int(edge)] : kernel.uikit.links[o.id]!.strongLinks[Int(-1 - edge)].0
    }

    func findings() -> Findings {
        Findings(leaks: leaks(), parkedThreads: parkedThreads())
    }

    /// How the breadth-first search reached an object: from root `edge` (`from == Self.fromRoot`), or from the
    /// object in heap slot `from` along `edge`.
    private struct Reach {
        var from: Int32
        var edge: Int32
        static let unreached = Reach(from: -2, edge: 0)
        static let fromRoot: Int32 = -1
    }

    func leaks() -> [Leak] {
        // Leak candidates: alive, not declared roots or global blocks, and let go of or unreached. What the roots
        // reach is a bit an object (``ReachedObjects``); the paths from the roots, 8 bytes an object with the roots
        // in order, are searched for only when a candidate is reached, where they were the end of a million-timer
        // run's peak (BENCHMARKS.md, memory per timer).
        let reached = ReachedObjects(self)
        var candidates = reached.candidates
        for index in 0..<heap.indexLimit where !reached.contains(index) {
            if let o = heap.object(atIndex: index), o.state == .alive, o.canLeak { candidates.append(o) }
        }
        candidates.sort { $0.serial < $1.serial }
        let paths = reached.candidates.isEmpty ? nil : shortestPaths()
        var leaks: [Leak] = []
        for o in candidates {
            guard reached.contains(Int(o.id.index)), let (roots, reach) = paths else {
                let (path, edgeNames) = cycle(through: o)
                leaks.append(Leak(object: o.label, className: o.className, serial: o.serial, kind: .cycle, path: path, edges: edgeNames,
                                  holder: nil))
                continue
            }
            var r = reach[Int(o.id.index)]
            var path = [o.displayName]
            var edgeNames: [String] = []
            while r.from != Reach.fromRoot {
                let parent = heap.object(atIndex: Int(r.from))!
                path.append(parent.displayName)
                edgeNames.append(edgeName(parent, r.edge))
                r = reach[Int(r.from)]
            }
            let root = roots[Int(r.edge)]
            path.append(root.label)
            edgeNames.append(root.edge)
            leaks.append(Leak(object: o.label, className: o.className, serial: o.serial, kind: .retained,
                              path: path.reversed(), edges: edgeNames.reversed(), holder: root.holder))
        }
        return leaks
    }

    /// The roots in order, and how the breadth-first search from them reached each object: the shortest (and,
    /// among equals, first-found) path to each.
    private func shortestPaths() -> (Roots, [Reach]) {
        let roots = roots()
        // Tables indexed by heap slot, not dictionaries: the search visits every live object once.
        var reach = [Reach](repeating: .unreached, count: heap.indexLimit)
        // Heap slots: roots and edges lead only to live objects.
        var frontier: [UInt32] = []
        frontier.reserveCapacity(heap.liveCount)
        for i in roots.indices {
            let index = roots.slot(i)
            guard reach[Int(index)].from == Reach.unreached.from else { continue }
            reach[Int(index)] = Reach(from: Reach.fromRoot, edge: Int32(i))
            frontier.append(index)
        }
        var head = 0
        while head < frontier.count {
            let index = frontier[head]
            head += 1
            forEachEdge(of: heap.object(atIndex: Int(index))!) { edge, child in
                let c = Int(child.index)
                if reach[c].from == Reach.unreached.from {
                    reach[c] = Reach(from: Int32(index), edge: edge)
                    frontier.append(child.index)
                }
            }
        }
        return (roots, reach)
    }

    /// The shortest strong cycle from `o` back to itself; just `o` when it is not on a cycle itself but only
    /// hangs off one (the cycle's own members are reported with their cycle).
    private func cycle(through o: HeapObject) -> ([String], [String]) {
        var parent: [ObjectID: (ObjectID, String)] = [:]
        var frontier = [o.id]
        var head = 0
        while head < frontier.count {
            let id = frontier[head]
            head += 1
            for (edge, child) in edges(heap.object(id)!) {
                if child == o.id {
                    var path = [o.displayName]
                    var names = [edge]
                    var cursor = id
                    while cursor != o.id {
                        path.insert(heap.object(cursor)!.displayName, at: 0)
                        let (p, e) = parent[cursor]!
                        names.insert(e, at: 0)
                        cursor = p
                    }
                    path.insert(o.displayName, at: 0)
                    return (path, names)
                }
                if parent[child] == nil {
                    parent[child] = (id, edge)
                    frontier.append(child)
                }
            }
        }
        return ([o.displayName], [])
    }

    func parkedThreads() -> [ParkedThread] {
        var parked: [ParkedThread] = []
        for t in kernel.threads.all where t.state == .sleeping && !t.isMain {
            guard let rlID = t.runLoopID, let a = kernel.runLoops[rlID].currentActivation else { continue }
            let rl = kernel.runLoops[rlID]
            let canWake = a.timeoutEntry != nil || a.mode.port.entry != nil || a.mode.port.pendingMessage
                || rl.wakeUpPort.hasMessage
            if !canWake {
                let mode = a.mode.shortName
                let what = kernel.runLoops.isModeEmpty(rl, a.mode.name, on: t, kernel) ? "an empty mode" : "a mode whose items never fire"
                parked.append(ParkedThread(
                    name: t.name, since: t.sleepingSince,
                    reason: "asleep in \(rl.name) mode \(mode) (\(what)): no armed timer port, no deadline, no pending wake-up"))
            }
        }
        for t in kernel.threads.all where t.state == .blocked && t.waitTimeoutEntry == nil {
            let name = t.blockedOn.flatMap { kernel.heap.object($0)?.displayName } ?? "a semaphore"
            parked.append(ParkedThread(name: t.name, since: t.blockedSince,
                                       reason: "waiting for ever on \(name), which nothing signalled"))
        }
        return parked
    }
}
