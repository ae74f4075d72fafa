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

    /// What the analysis computes once: the parked threads and the work stuck behind them.
    let cache = Cache()

    init(kernel: Kernel) {
        self.kernel = kernel
        heap = kernel.heap
    }

    /// Every root whose object is alive, in the order paths prefer them (``LeakAnalysis``), each with its
    /// ``RootCategory``; or, when not `ordered`, with each mode's timers in its list's own order, all of them
    /// ``RootCategory/persistent`` (``Roots/append(timers:label:holder:edge:category:)``: ``ReachedObjects`` only).
    func roots(ordered: Bool = true, appOnly: Bool = false) -> Roots {
        var roots = Roots(heap: heap)
        let k = kernel
        let heap = self.heap
        func add(
            _ objects: some Sequence<ObjectID>, _ label: String, _ holder: String, _ edge: String,
            _ category: RootCategory
        ) {
            roots.append(objects, label: label, holder: holder, edge: edge, category: category, where: heap.contains)
        }
        let env = k.app.environment
        // The app's own names only: the slots after them are a running handler's locals (its frame's).
        for (i, value) in env.locals.prefix(k.app.appNameCount).enumerated() {
            for (edge, id) in value.objectEdges(env.names[i]) { add(CollectionOfOne(id), "app", "app", edge, .app) }
        }
        for o in heap.declaredRoots {
            add(CollectionOfOne(o.id), "singleton \(o.className)", "singleton", "shared", .app)
        }
        // What the app reaches needs no more (``appReachable()``, at every instant that drops a reference).
        if appOnly { return roots }
        // Work whose only executor is stuck for ever never runs: persistent, not pending (``StuckWork``).
        let stuckWork = self.stuck
        for t in k.threads.all where t.state != .exited {
            for frame in t.frames {
                if let d = frame as? DeallocFrame {
                    add(
                        CollectionOfOne(d.object.id), "thread \(t.name) dealloc", "thread", "deallocating",
                        .deallocating)
                }
                for (edge, id) in frame.heldObjects() {
                    add(CollectionOfOne(id), "thread \(t.name) frame", "thread", edge, .persistent)
                }
            }
            add(t.pendingDeallocs.lazy.map(\.id), "thread \(t.name) dealloc", "thread", "deallocating", .deallocating)
            if let block = t.threadBlock {
                add(CollectionOfOne(block), "thread \(t.name)", "thread", "block", .persistent)
            }
            add(t.autoreleasePool, "thread \(t.name) autorelease pool", "thread", "autoreleased", .pending)
            if let semaphore = t.blockedOn {
                add(CollectionOfOne(semaphore), "thread \(t.name) frame", "thread", "waiting on", .persistent)
            }
        }
        for rl in k.runLoops.all {
            let name = rl.name
            // Work waiting in a loop nobody runs never runs (docs/scenario-format.md §10.1, "Work that never
            // runs"): what it holds stays for as long as the loop does, persistent, abandoned once the app lets go.
            let neverRuns = loopNeverRuns(rl)
            // Perform requests first, so that an afterDelay request's timer is named as the request it is.
            if neverRuns {
                add(
                    k.runLoops.pendingPerformTimers(of: rl), "\(name) perform requests", "runloop",
                    "perform request", .persistent)
            }
            add(
                rl.threadPerforms.map(\.request), "\(name) perform requests", "runloop", "perform request",
                neverRuns ? .persistent : .pending)
            // A timer (or display link) added for `.common` sits in each common mode's list too: its common-items
            // entry comes first, so that its path names what the code wrote rather than the first common mode.
            add(rl.commonTimers, "\(name) common items", "runloop", "timers", .persistent)
            for mode in rl.modes.values {
                let label = "\(name) mode \(mode.shortName)"
                if ordered {
                    // A repeating timer stays until invalidated; a one-shot one lets go when it fires, unless its
                    // loop never runs.
                    let timers = mode.timers.ordered().lazy.map { heap.timer(at: $0) }
                    add(timers.filter { $0.timer.isRepeating }.map(\.id), label, "runloop", "timers", .persistent)
                    add(
                        timers.filter { !$0.timer.isRepeating }.map(\.id), label, "runloop", "timers",
                        neverRuns ? .persistent : .pending)
                } else {
                    roots.append(
                        timers: mode.timers, label: label, holder: "runloop", edge: "timers", category: .persistent)
                }
                add(mode.sources0, label, "runloop", "sources", .persistent)
                add(mode.sources1, label, "runloop", "ports", .persistent)
                add(mode.observers.lazy.map(\.object), label, "runloop", "observer", .persistent)
            }
            add(rl.blocks.lazy.map(\.block), "\(name) blocks", "runloop", "block", neverRuns ? .persistent : .pending)
        }
        for (queue, held) in k.dispatch.heldObjects() {
            add(held, "queue \(queue)", "queue", "pending", stuckWork.queueNeverRuns(queue) ? .persistent : .pending)
        }
        for (edge, object) in k.notifications.strongReferences(
            retainingSenders: k.profile.notificationObjectFilterRetained)
        {
            add(CollectionOfOne(object), "notification center", "notification center", edge, .persistent)
        }
        // A NotificationQueue keeps each waiting notification until it posts it; the queue lives as long as its
        // thread's list, for ever (swift-corelibs-foundation NotificationQueue.swift).
        for (queue, held) in k.notificationQueues.heldObjects() {
            add(held, queue, "notification queue", "notification", .pending)
        }
        for (queue, held) in k.notificationQueues.heldObservers() {
            add(held, queue, "notification queue", "observer", .persistent)
        }
        // UIApplication holds a background task, and through it its expiration handler, until the task is ended
        // (`-[UIApplication endBackgroundTask:]`): the app's own identifier is a number that holds nothing.
        add(k.app.runningBackgroundTasks, "UIApplication background tasks", "app lifecycle", "task", .persistent)
        add(k.dispatch.pendingAfterBlocks, "dispatch_after pending", "queue", "block", .pending)
        // An operation waits in its queue until it runs, or for ever when a dependency can never finish (a cycle,
        // or one in no queue): what it holds then stays as long as the queue does (docs/fidelity.md).
        for (queue, pending, stuck) in k.operations.heldObjects() {
            let never = pending.filter { stuckWork.operations.contains($0.index) }
            add(
                pending.filter { !stuckWork.operations.contains($0.index) }, "operation queue \(queue)", "queue",
                "operation", .pending)
            add(stuck + never, "operation queue \(queue)", "queue", "operation", .persistent)
        }
        add(k.objects.corelibsTimerHolds, "corelibs CF timer context", "corelibs", "info", .persistent)
        // The Swift runtime holds a task until it finishes, and a suspended task its frames (``Tasks``).
        add(k.tasks.liveTasks, "Swift concurrency runtime", "runtime", "task", .persistent)
        for (task, edge, object) in k.tasks.suspendedHolds {
            add(
                CollectionOfOne(object), "suspended \(heap.object(task)?.displayName ?? "task")", "runtime", edge,
                .persistent)
        }
        // A controller popped or dismissed, or a completion block, until the transition ends: pending work.
        add(k.uikit.transitionHolds, "UIKit transition", "uikit", "transition", .pending)
        return roots
    }

    /// Whether nobody runs `rl` and nobody can make it run: it has no activation, and its thread has exited or is
    /// a GCD pool thread between blocks (idle: the block that used its loop returned, and the pool gives the next
    /// block to whichever thread it likes). Work in such a loop — a one-shot timer, a perform request, a
    /// `CFRunLoopPerformBlock` block, a signalled source — never runs: it is not pending work, the loop holds what
    /// it holds for as long as it lives (docs/scenario-format.md §10.1; Apple's Threading Programming Guide, "Run
    /// Loops": a secondary thread's run loop runs only when the thread runs it). A thread still running its own
    /// code (an `NSThread` before its `-run`, the main thread before `UIApplicationMain`) may yet run it. A parked
    /// thread never runs its loop on either (``StuckWork``).
    func loopNeverRuns(_ rl: SimRunLoop) -> Bool {
        // A parked thread never runs its loop on (``StuckWork``): asleep in one mode for ever, or blocked.
        if stuck.parked.contains(rl.threadID) { return true }
        guard rl.activations.isEmpty else { return false }
        let state = kernel.threads[rl.threadID].state
        return state == .exited || state == .idle
    }

    /// Strong edges out of `o`, in slot order, then UIKit's links, then an operation's dependencies or an entered
    /// group's notify blocks.
    func edges(_ o: HeapObject) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        forEachEdge(of: o) { edge, child in result.append((edgeName(o, edge), child)) }
        return result
    }

    /// Calls `body` with each strong edge out of `o` to a live object, in ``edges(_:)``'s order. An edge is a
    /// slot index (≥ 0), `-1 - k` for UIKit's `k`-th link, or `-1 - (links + j)` for an operation's `j`-th
    /// dependency; ``edgeName(_:_:)`` names it. Allocates nothing for an object without UIKit links or
    /// dependencies (the leak analysis visits every live object this way).
    @inline(__always)
    func forEachEdge(of o: HeapObject, _ body: (Int32, ObjectID) -> Void) {
        for i in 0..<o.slotCount where o.slotStrengths[i] == .strong {
            switch o[slot: i] {
            case .object(let id): if heap.contains(id) { body(Int32(i), id) }
            case .array, .dictionary:
                // A collection field's element `j`: the slot in the low 16 bits, `j + 1` above them (``edgeName``).
                for (j, element) in (o[slot: i].heldElements ?? []).enumerated() {
                    if case .object(let id) = element, heap.contains(id) { body(Int32(i | (j + 1) << 16), id) }
                }
            default: break
            }
        }
        var linkCount: Int32 = 0
        if !kernel.uikit.links.isEmpty, let links = kernel.uikit.links[o.id] {
            linkCount = Int32(links.strongLinks.count)
            for (k, (_, id)) in links.strongLinks.enumerated() where heap.contains(id) { body(-1 - Int32(k), id) }
        }
        // `addDependency:` retains the dependency until the operation lets go of it (corelibs Operation.swift:
        // `__dependencies.append(op)` in a strong array; Apple, NSOperation `dependencies`): a reference like a
        // slot, or the dependency looks over-retained, or held straight by its dependent's queue.
        if o.kind == .operation {
            for (j, (_, id)) in kernel.operations.heldReferences(of: o.id).enumerated() where heap.contains(id) {
                body(-1 - linkCount - Int32(j), id)
            }
        }
        // An entered group holds its `dispatch_group_notify` blocks until it empties (`_dispatch_group_notify`
        // keeps them on the group, semaphore.c): edges, numbered like an operation's dependencies.
        if o.semaphore?.isGroup == true, !kernel.dispatch.activeGroups.isEmpty {
            for (j, id) in kernel.dispatch.notifyBlocks(of: o.id).enumerated() where heap.contains(id) {
                body(-1 - linkCount - Int32(j), id)
            }
        }
    }

    /// The name of edge `edge` out of `o` (see ``forEachEdge(of:_:)``).
    func edgeName(_ o: HeapObject, _ edge: Int32) -> String {
        if edge >= 0 {
            let element = Int(edge >> 16)
            let slot = Int(edge & 0xFFFF)
            return element == 0 ? o.slotNames[slot] : o[slot: slot].elementEdgeName(o.slotNames[slot], element - 1)
        }
        let links = kernel.uikit.links[o.id]?.strongLinks ?? []
        let k = Int(-1 - edge)
        if k < links.count { return links[k].0 }
        if o.semaphore?.isGroup == true { return "notify" }
        let held = kernel.operations.heldReferences(of: o.id)
        return k - links.count < held.count ? held[k - links.count].name : "dependencies"
    }

    func findings() -> Findings {
        let (parked, waiting) = threadWaits()
        let tasks = taskWaits()
        return Findings(
            leaks: leaks(), parkedThreads: parked, waitingThreads: waiting, suspendedTasks: tasks.suspended,
            waitingTasks: tasks.waiting, delayed: kernel.records.delayed)
    }

    /// How the breadth-first search reached an object: from root `edge` (`from == Self.fromRoot`), or from the
    /// object in heap slot `from` along `edge`.
    struct Reach {
        var from: Int32
        var edge: Int32
        static let unreached = Reach(from: -2, edge: 0)
        static let fromRoot: Int32 = -1
        var isReached: Bool { from != Self.unreached.from }
    }

    /// A search from the roots, category by category (``RootCategory``): how each object was first reached, and
    /// by which category. Tables indexed by heap slot, not dictionaries: the search visits every live object once.
    struct Search {
        var reach: [Reach]
        /// The category that reached each heap slot (its raw value), or `unreachedCategory`.
        var category: [UInt8]
        static let unreachedCategory = UInt8.max
    }

    /// The roots in order and the search from them: what gives each object its path.
    struct PathSearch {
        var roots: Roots
        var search: Search

        init(_ analysis: LeakAnalysis) {
            roots = analysis.roots()
            search = analysis.search(roots)
        }
    }

    /// Searches from the roots of each category in ``RootCategory``'s order, up to `last`; `visit` sees every
    /// object reached, once.
    func search(
        _ roots: Roots, through last: RootCategory = .pending,
        visit: (HeapObject, RootCategory) -> Void = { _, _ in }
    ) -> Search {
        var s = Search(
            reach: [Reach](repeating: .unreached, count: heap.indexLimit),
            category: [UInt8](repeating: Search.unreachedCategory, count: heap.indexLimit))
        // Heap slots: roots and edges lead only to live objects.
        var frontier: [UInt32] = []
        frontier.reserveCapacity(heap.liveCount)
        var head = 0
        for category in [RootCategory.app, .deallocating, .persistent, .pending] where category <= last {
            roots.forEachIndex(of: category) { i in
                let index = Int(roots.slot(i))
                guard !s.reach[index].isReached else { return }
                s.reach[index] = Reach(from: Reach.fromRoot, edge: Int32(i))
                s.category[index] = category.rawValue
                frontier.append(UInt32(index))
            }
            while head < frontier.count {
                let index = frontier[head]
                head += 1
                let o = heap.object(atIndex: Int(index))!
                visit(o, category)
                forEachEdge(of: o) { edge, child in
                    let c = Int(child.index)
                    if !s.reach[c].isReached {
                        s.reach[c] = Reach(from: Int32(index), edge: edge)
                        s.category[c] = category.rawValue
                        frontier.append(child.index)
                    }
                }
            }
        }
        return s
    }

    /// The path `s` found from a root to the object in heap slot `index`: the root's label first and the object's
    /// name last, the names of the references between them (the root's edge first, one fewer), and the root; nil
    /// when no root reaches it. `visit` sees each object on the way, from the one that refers to it back to the
    /// root's object.
    func rootPath(to index: Int, in s: Search, from roots: Roots, visit: (HeapObject) -> Void = { _ in })
        -> (path: [String], edges: [String], root: Root)?
    {
        var r = s.reach[index]
        guard r.isReached else { return nil }
        var path = [heap.object(atIndex: index)!.displayName]
        var edges: [String] = []
        while r.from != Reach.fromRoot {
            let parent = heap.object(atIndex: Int(r.from))!
            path.append(parent.displayName)
            edges.append(edgeName(parent, r.edge))
            visit(parent)
            r = s.reach[Int(r.from)]
        }
        let root = roots[Int(r.edge)]
        if root.holder == "singleton", path.count > 1 {
            // The root's label names the singleton (`singleton Store`): the path goes on from the field of it that
            // holds the next object, rather than naming the singleton twice (`singleton Store -> Store Store`).
            path.removeLast()
        } else {
            edges.append(root.edge)
        }
        path.append(root.label)
        return (path.reversed(), edges.reversed(), root)
    }

    /// The category of the first roots that reach `id` (``RootCategory``), or nil when none does.
    func rootCategory(of id: ObjectID) -> RootCategory? {
        let s = search(roots())
        return RootCategory(rawValue: s.category[Int(id.index)])
    }

    /// Which heap slots the app's own roots reach through strong references (``RootCategory/app``).
    func appReachable() -> [Bool] {
        var reached = [Bool](repeating: false, count: heap.indexLimit)
        _ = search(roots(appOnly: true), through: .app) { o, _ in reached[Int(o.id.index)] = true }
        return reached
    }

    /// Heap slots reached from the roots of `category` without passing through a slot `isBarrier` accepts.
    private func reached(from roots: Roots, _ category: RootCategory, avoiding isBarrier: (Int) -> Bool) -> [Bool] {
        var reached = [Bool](repeating: false, count: heap.indexLimit)
        var frontier: [UInt32] = []
        roots.forEachIndex(of: category) { i in
            let index = Int(roots.slot(i))
            guard !reached[index], !isBarrier(index) else { return }
            reached[index] = true
            frontier.append(UInt32(index))
        }
        var head = 0
        while head < frontier.count {
            let o = heap.object(atIndex: Int(frontier[head]))!
            head += 1
            forEachEdge(of: o) { _, child in
                let c = Int(child.index)
                if !reached[c], !isBarrier(c) {
                    reached[c] = true
                    frontier.append(child.index)
                }
            }
        }
        return reached
    }

    /// The leak taxonomy (docs/scenario-format.md §10.1), for every live object a scenario made:
    /// - reached from the app's roots: alive, unless UIKit's lifecycle ended it (popped, dismissed) or every app
    ///   path to it passes through such a controller: *abandoned* (MLeaksFinder's rule);
    /// - reached from a deallocation under way: nothing (what it holds is released when the dealloc ends);
    /// - reached from persistent roots (threads, run-loop modes, the notification center): *abandoned* when the
    ///   app let go of it, or when every scenario object that refers to it (strongly or not) is itself abandoned
    ///   or leaked, or when every path to it passes through such objects; otherwise alive (the app never held it,
    ///   or still refers to it);
    /// - reached only from pending work (a block, a one-shot timer): nothing yet (it is let go when the work runs);
    /// - reached from no root: *leaked* — on a strong cycle, over-retained, or held by a leaked object.
    func leaks() -> [Leak] {
        var paths: PathSearch?
        return leaks(reusing: &paths)
    }

    /// ``leaks()``, leaving in `paths` the roots and the search from them it made, if it needed them (the alive
    /// listing at the end of a run reads the same paths: ``endOfRun()``).
    func leaks(reusing paths: inout PathSearch?) -> [Leak] {
        // Most runs end with nothing to classify: a set of bits says so without the tables of the search for paths
        // (8 bytes and a category an object, the end of a million-timer run's peak: BENCHMARKS.md).
        if !kernel.objects.hasLifecycleEnds, !ReachedObjects(self).mayHoldFindings { return [] }
        let found = paths ?? PathSearch(self)
        paths = found
        let roots = found.roots
        let s = found.search
        let app = RootCategory.app.rawValue, persistent = RootCategory.persistent.rawValue
        // Lifecycle ends: app-reached objects that no app path reaches without passing through one.
        var lifecycleAbandoned = [Bool]()
        if kernel.objects.hasLifecycleEnds {
            let ended = { (index: Int) in
                self.heap.object(atIndex: index).map { self.kernel.objects.lifecycleEnd(of: $0.id) != nil } ?? false
            }
            let clean = reached(from: roots, .app, avoiding: ended)
            lifecycleAbandoned = s.category.indices.map { s.category[$0] == app && !clean[$0] }
        }
        // Persistent roots: seeds are the objects let go; then objects all of whose referrers are abandoned or
        // leaked, until nothing changes.
        var abandoned = [Bool]()
        var seeds = [Bool](repeating: false, count: heap.indexLimit)
        var needsOwnerRule = false
        for index in s.category.indices {
            guard let o = heap.object(atIndex: index), o.state == .alive, o.canLeak else { continue }
            // Let go by the app, or ended by UIKit's lifecycle (a popped controller the run loop still holds).
            if s.category[index] == persistent, o.isAbandoned || kernel.objects.lifecycleEnd(of: o.id) != nil {
                seeds[index] = true
                needsOwnerRule = true
            }
            if s.category[index] == Search.unreachedCategory { needsOwnerRule = true }
        }
        if needsOwnerRule {
            for round in 1...Self.ownerRounds {
                let clean = reached(from: roots, .persistent, avoiding: { seeds[$0] })
                abandoned = s.category.indices.map { s.category[$0] == persistent && !clean[$0] }
                if round == Self.ownerRounds { break }
                var liveOwner = [Bool](repeating: false, count: heap.indexLimit)
                var goneOwner = [Bool](repeating: false, count: heap.indexLimit)
                for index in 0..<heap.indexLimit {
                    guard let o = heap.object(atIndex: index), o.state == .alive, o.isScenarioMade else { continue }
                    let isGone = abandoned[index] || s.category[index] == Search.unreachedCategory
                    for i in 0..<o.slotCount {
                        // A slot's object, or an array slot's elements: the owner's references either way.
                        o[slot: i].forEachObject { id in
                            guard heap.isAlive(id) else { return }
                            let c = Int(id.index)
                            guard s.category[c] == persistent, !abandoned[c] else { return }
                            if isGone { goneOwner[c] = true } else { liveOwner[c] = true }
                        }
                    }
                }
                var grew = false
                for index in seeds.indices where goneOwner[index] && !liveOwner[index] && !seeds[index] {
                    seeds[index] = true
                    grew = true
                }
                if !grew { break }
            }
        }
        // Leak candidates, by serial. The system's own objects (``HeapObject/isInternal``: a work item's group)
        // are no findings, as they are counted in no census figure: what holds them is reported instead.
        var candidates: [HeapObject] = []
        for index in 0..<heap.indexLimit {
            guard let o = heap.object(atIndex: index), o.state == .alive, o.canLeak, !o.isInternal else { continue }
            let isFinding =
                s.category[index] == Search.unreachedCategory
                || (!abandoned.isEmpty && abandoned[index])
                || (!lifecycleAbandoned.isEmpty && lifecycleAbandoned[index])
            if isFinding { candidates.append(o) }
        }
        candidates.sort { $0.serial < $1.serial }
        var incoming: [Int32]?
        var leaks: [Leak] = []
        for o in candidates {
            let index = Int(o.id.index)
            let letGo = kernel.objects.letGo(of: o.id) ?? kernel.objects.lifecycleEnd(of: o.id)
            // The first object on the way back to the root that the app let go of or UIKit ended.
            var through: HeapObject?
            guard
                let (path, edgeNames, root) = rootPath(
                    to: index, in: s, from: roots,
                    visit: { parent in
                        if through == nil, parent.isAbandoned || kernel.objects.lifecycleEnd(of: parent.id) != nil {
                            through = parent
                        }
                    })
            else {
                let (path, edgeNames) = cycle(through: o)
                let cause: String
                if path.count > 1 {
                    cause = "cycle"
                } else if o.retainCount
                    > {
                        if incoming == nil { incoming = strongReferrers(ofUnreached: s) }
                        return Int(incoming![index])
                    }()
                {
                    cause = "over-retain"
                } else {
                    cause = "held by a leaked object"
                }
                leaks.append(
                    Leak(
                        object: o.label, className: o.className, serial: o.serial, kind: .leaked,
                        cause: cause, path: path, edges: edgeNames, holder: nil, letGo: letGo))
                continue
            }
            let cause: String
            if let own = kernel.objects.lifecycleEnd(of: o.id) {
                cause = own.reason
            } else if let own = kernel.objects.letGo(of: o.id), o.isAbandoned {
                cause = own.reason
            } else if let through {
                cause = "held through \(through.displayName)"
            } else {
                cause = "its owners are abandoned"
            }
            leaks.append(
                Leak(
                    object: o.label, className: o.className, serial: o.serial, kind: .abandoned,
                    cause: cause, path: path, edges: edgeNames, holder: root.holder, letGo: letGo))
        }
        return leaks
    }

    /// How many times the owner rule (``leaks()``) looks again for objects whose owners are all abandoned: each
    /// look follows one more link of ownership (a controller, its timer, the timer's proxy…).
    static let ownerRounds = 8

    /// For each unreached object, how many strong references live objects hold to it (only unreached objects can
    /// hold one: a reached object's strong edges are reached too). More retains than that is an over-retain.
    private func strongReferrers(ofUnreached s: Search) -> [Int32] {
        var counts = [Int32](repeating: 0, count: heap.indexLimit)
        for index in 0..<heap.indexLimit where !s.reach[index].isReached {
            guard let o = heap.object(atIndex: index) else { continue }
            forEachEdge(of: o) { _, child in counts[Int(child.index)] += 1 }
        }
        return counts
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
}

extension HeapObject {
    /// An instance of a scenario class or a block: what the scenario's code makes and refers to (the owners the
    /// leak analysis's owner rule counts).
    var isScenarioMade: Bool {
        switch kind {
        case .instance, .block: true
        default: false
        }
    }
}
