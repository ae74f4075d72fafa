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
        for o in k.heap.liveObjects where o.isDeclaredRoot {
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
                let label = "\(name) mode \(RunLoopModeName.short(mode.name))"
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

    /// Strong edges out of `o`, in slot order.
    func edges(_ o: HeapObject) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        for (i, value) in o.slots.enumerated() where o.slotStrengths[i] == .strong {
            if case .object(let id) = value, kernel.heap.object(id) != nil { result.append((o.slotNames[i], id)) }
        }
        if let links = kernel.uikit[o.id] {
            for (name, id) in links.strongLinks where kernel.heap.object(id) != nil { result.append((name, id)) }
        }
        return result
    }

    func findings() -> Findings {
        Findings(leaks: leaks(), parkedThreads: parkedThreads())
    }

    func leaks() -> [Leak] {
        let heap = kernel.heap
        enum Parent { case root(Int), object(ObjectID, String) }
        var parent: [ObjectID: Parent] = [:]
        var frontier: [ObjectID] = []
        let roots = roots()
        for (i, root) in roots.enumerated() where parent[root.object] == nil {
            parent[root.object] = .root(i)
            frontier.append(root.object)
        }
        var head = 0
        while head < frontier.count {
            let id = frontier[head]
            head += 1
            guard let o = heap.object(id) else { continue }
            for (edge, child) in edges(o) where parent[child] == nil {
                parent[child] = .object(id, edge)
                frontier.append(child)
            }
        }
        var leaks: [Leak] = []
        for o in heap.liveObjects.sorted(by: { $0.serial < $1.serial }) where o.state == .alive && !o.isDeclaredRoot {
            if let p = parent[o.id] {
                guard o.isAbandoned else { continue }
                var path = [o.displayName]
                var edgeNames: [String] = []
                var cursor = p
                var holder = ""
                while true {
                    switch cursor {
                    case .root(let i):
                        path.insert(roots[i].label, at: 0)
                        edgeNames.insert(roots[i].edge, at: 0)
                        holder = roots[i].holder
                    case .object(let id, let edge):
                        path.insert(heap.object(id)!.displayName, at: 0)
                        edgeNames.insert(edge, at: 0)
                        cursor = parent[id]!
                        continue
                    }
                    break
                }
                leaks.append(Leak(object: o.label, className: o.className, serial: o.serial, kind: .retained, path: path,
                                  edges: edgeNames, holder: holder))
            } else {
                let (path, edgeNames) = cycle(through: o)
                leaks.append(Leak(object: o.label, className: o.className, serial: o.serial, kind: .cycle, path: path, edges: edgeNames,
                                  holder: nil))
            }
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
                let mode = RunLoopModeName.short(a.mode.name)
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
