/// Walks the kernel's state as a graph of strong references and finds leaks and parked threads.
///
/// Roots, in the order paths prefer them: the app's own references, declared singletons, each thread's
/// frames (by thread id, bottom frame first), each run loop's modes (their timers, sources and observers),
/// pending run-loop blocks, the dispatch queues, and corelibs' immortal timer contexts. A breadth-first
/// search from the roots, following strong slots in slot order, gives every reachable object its shortest
/// (and, among equals, first-found) path.
struct LeakAnalysis {
    let kernel: Kernel

    struct Root {
        var label: String
        var holder: String
        var edge: String
        var object: ObjectID
    }

    func roots() -> [Root] {
        var roots: [Root] = []
        let k = kernel
        if let env = k.appEnvironment {
            for (i, value) in env.locals.enumerated() {
                if case .object(let id) = value { roots.append(Root(label: "app", holder: "app", edge: env.names[i], object: id)) }
            }
        }
        for index in 0..<k.heap.indexLimit {
            guard let o = k.heap.object(atIndex: index), o.isDeclaredRoot else { continue }
            roots.append(Root(label: "singleton \(o.className)", holder: "singleton", edge: "shared", object: o.id))
        }
        for t in k.threads where t.state != .exited {
            for frame in t.frames {
                for (edge, id) in frame.heldObjects(k) {
                    roots.append(Root(label: "thread \(t.name) frame", holder: "thread", edge: edge, object: id))
                }
            }
            if let block = t.threadBlock {
                roots.append(Root(label: "thread \(t.name)", holder: "thread", edge: "block", object: block))
            }
            for id in t.autoreleasePool {
                roots.append(Root(label: "thread \(t.name) autorelease pool", holder: "thread", edge: "autoreleased", object: id))
            }
            if let semaphore = t.blockedOn {
                roots.append(Root(label: "thread \(t.name) frame", holder: "thread", edge: "waiting on", object: semaphore))
            }
        }
        for rl in k.runLoops {
            let name = k.runLoopName(rl)
            for mode in rl.modes.values {
                let label = "\(name) mode \(mode.shortName)"
                for id in mode.timers.ordered() { roots.append(Root(label: label, holder: "runloop", edge: "timers", object: id)) }
                for id in mode.sources0 { roots.append(Root(label: label, holder: "runloop", edge: "sources", object: id)) }
                for o in mode.observers { roots.append(Root(label: label, holder: "runloop", edge: "observer", object: o.block)) }
            }
            for id in rl.commonTimers { roots.append(Root(label: "\(name) common items", holder: "runloop", edge: "timers", object: id)) }
            for item in rl.blocks { roots.append(Root(label: "\(name) blocks", holder: "runloop", edge: "block", object: item.block)) }
        }
        for item in k.mainQueue {
            if let id = item.heldObject { roots.append(Root(label: "queue main", holder: "queue", edge: "pending", object: id)) }
        }
        for item in k.globalQueue {
            if let id = item.heldObject { roots.append(Root(label: "queue global", holder: "queue", edge: "pending", object: id)) }
        }
        for q in k.serialQueues {
            for item in q.items {
                if let id = item.heldObject { roots.append(Root(label: "queue \(q.name)", holder: "queue", edge: "pending", object: id)) }
            }
        }
        for r in k.notificationRegistrations {
            if case .block(_, let block, _) = r.kind {
                roots.append(Root(label: "notification center", holder: "notification center", edge: r.name, object: block))
            }
            if k.profile.notificationObjectFilterRetained, case .object(let sender) = r.object {
                roots.append(Root(label: "notification center", holder: "notification center", edge: "object", object: sender))
            }
        }
        for item in k.pendingAfters {
            if let item { roots.append(Root(label: "dispatch_after pending", holder: "queue", edge: "block", object: item.block)) }
        }
        for (q, queue) in k.operationQueues.enumerated() {
            for op in queue.operations {
                if let block = op.block {
                    roots.append(Root(label: "operation queue \(k.operationQueues[q].name)", holder: "queue", edge: "operation",
                                      object: block))
                }
            }
        }
        for id in k.corelibsTimerHolds {
            roots.append(Root(label: "corelibs CF timer context", holder: "corelibs", edge: "info", object: id))
        }
        return roots.filter { k.heap.object($0.object) != nil }
    }

    /// Strong edges out of `o`, in slot order, then UIKit's links.
    func edges(_ o: HeapObject) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        let links = kernel.uikit[o.id]?.strongLinks ?? []
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
        let heap = kernel.heap
        for i in o.slots.indices where o.slotStrengths[i] == .strong {
            if case .object(let id) = o.slots[i], heap.object(id) != nil { body(Int32(i), id) }
        }
        if !kernel.uikit.isEmpty, let links = kernel.uikit[o.id] {
            for (k, (_, id)) in links.strongLinks.enumerated() where heap.object(id) != nil { body(-1 - Int32(k), id) }
        }
    }

    /// The name of edge `edge` out of `o` (see ``forEachEdge(of:_:)``).
    func edgeName(_ o: HeapObject, _ edge: Int32) -> String {
        edge >= 0 ? o.slotNames[Int(edge)] : kernel.uikit[o.id]!.strongLinks[Int(-1 - edge)].0
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
        let heap = kernel.heap
        let roots = roots()
        // Tables indexed by heap slot, not dictionaries: the search visits every live object once.
        var reach = [Reach](repeating: .unreached, count: heap.indexLimit)
        var frontier: [ObjectID] = []
        frontier.reserveCapacity(heap.liveCount)
        for (i, root) in roots.enumerated() where reach[Int(root.object.index)].from == Reach.unreached.from {
            reach[Int(root.object.index)] = Reach(from: Reach.fromRoot, edge: Int32(i))
            frontier.append(root.object)
        }
        var head = 0
        while head < frontier.count {
            let id = frontier[head]
            head += 1
            guard let o = heap.object(id) else { continue }
            forEachEdge(of: o) { edge, child in
                let c = Int(child.index)
                if reach[c].from == Reach.unreached.from {
                    reach[c] = Reach(from: Int32(id.index), edge: edge)
                    frontier.append(child)
                }
            }
        }
        var candidates: [HeapObject] = []
        for index in 0..<heap.indexLimit {
            if let o = heap.object(atIndex: index), o.state == .alive, !o.isDeclaredRoot,
               o.isAbandoned || reach[index].from == Reach.unreached.from {
                candidates.append(o)
            }
        }
        candidates.sort { $0.serial < $1.serial }
        var leaks: [Leak] = []
        for o in candidates {
            var r = reach[Int(o.id.index)]
            if r.from == Reach.unreached.from {
                let (path, edgeNames) = cycle(through: o)
                leaks.append(Leak(object: o.label, className: o.className, serial: o.serial, kind: .cycle, path: path, edges: edgeNames,
                                  holder: nil))
                continue
            }
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

    /// The shortest strong cycle from `o` back to itself; just `o` when it is not on a cycle itself but only
    /// hangs off one (the cycle's own members are reported with their cycle).
    private func cycle(through o: HeapObject) -> ([String], [String]) {
        let heap = kernel.heap
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
        for t in kernel.threads where t.state == .sleeping && !t.isMain {
            guard let rlID = t.runLoopID, let a = kernel.runLoops[rlID].currentActivation else { continue }
            let rl = kernel.runLoops[rlID]
            let canWake = a.timeoutEntry != nil || a.mode.port.entry != nil || a.mode.port.pendingMessage
                || rl.wakeUpPending
            if !canWake {
                let mode = a.mode.shortName
                let what = kernel.isModeEmpty(rl, a.mode.name, on: t) ? "an empty mode" : "a mode whose items never fire"
                parked.append(ParkedThread(
                    name: t.name, since: t.sleepingSince,
                    reason: "asleep in \(kernel.runLoopName(rl)) mode \(mode) (\(what)): no armed timer port, no deadline, no pending wake-up"))
            }
        }
        for t in kernel.threads where t.state == .blocked && t.waitTimeoutEntry == nil {
            let name = t.blockedOn.flatMap { kernel.heap.object($0)?.displayName } ?? "a semaphore"
            parked.append(ParkedThread(name: t.name, since: t.blockedSince,
                                       reason: "waiting for ever on \(name), which nothing signalled"))
        }
        return parked
    }
}
