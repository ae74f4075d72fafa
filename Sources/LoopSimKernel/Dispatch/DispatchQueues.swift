import DequeModule

/// GCD's queues: the main queue and its port, the global queue and its pool of worker threads, the serial
/// queues, and the `dispatch_after` blocks waiting for their deadline. It owns them, and is handed at init the
/// services it uses: the recorder, the lifetimes (``Objects``), the threads, the crash path, and the main run
/// loop's wake-up. Only the frames that run work items take the ``Kernel``.
final class DispatchQueues {
    /// At most this many pool threads (libdispatch's pool is larger; no scenario comes near it).
    static let poolLimit = 64

    /// Blocks for the main thread, in order: drained by the main run loop (`_dispatch_main_queue_callback_4CF`).
    private var main = Deque<WorkItem>()
    /// The main queue's port (`_dispatch_get_main_queue_port_4CF`): a block queued on the main queue posts to it.
    /// Unchecked: every wait of the main run loop reads it (a dynamic exclusivity check each, callgrind); a run is
    /// single-threaded and no access spans a call that could reach it.
    @exclusivity(unchecked) private(set) var mainPort = Port()
    /// Work for the pool, in order.
    private var global = Deque<WorkItem>()
    /// Pool threads with nothing to do, by id (the lowest is reused first).
    private var idleWorkers: [Int] = []
    var serial: [SerialQueue]
    /// `dispatch_after` blocks waiting for their deadline (nil once queued).
    /// `isWorkItem`: `block` is a `DispatchWorkItem`, queued as one at its deadline (DispatchQueues+WorkItems.swift).
    private var afters: [(block: ObjectID, queue: QueueRef, isWorkItem: Bool)?] = []
    /// GCD's timer sources.
    private(set) lazy var sources = DispatchSources(queues: self)
    /// The clock and the event log.
    let recorder: Recorder
    /// Retain, release and the heap.
    let objects: Objects
    /// The threads: pool workers, and the transitions of blocked threads.
    let threads: Threads
    /// The crash path (libdispatch's client bugs).
    let halt: Halt
    /// The variant's flags.
    let profile: VariantProfile
    /// The run loops' port arrival order (the main queue's port is one of the ports).
    let runLoops: RunLoops
    /// Wakes the main run loop if it waits on the main queue's port (set by the kernel once it is made).
    var wakeMainRunLoop: () -> Void = {}
    /// Threads blocked in `dispatch_sync`, by thread id: what each waits for (a lookup table, never iterated).
    var syncWaits: [Int: SyncWait] = [:]
    /// Groups entered and not yet left to zero, in the order they were first entered (each holds a +1 on itself,
    /// as `dispatch_group_enter` retains the group, semaphore.c).
    var activeGroups: [ActiveGroup] = []
    /// `dispatch_once` calls running their block, by run number (the value their token holds meanwhile).
    var onceRuns: [Int: OnceRun] = [:]
    var nextOnceRun = 1
    /// `DispatchWorkItem`s alive, by object (a lookup table, never iterated; ``makeWorkItem(block:label:on:)``).
    var workItems: [ObjectID: WorkItemState] = [:]
    /// `concurrentPerform` runs, in order (``beginApply(_:iterations:on:)``).
    var applies: [ApplyRun] = []

    init(
        serialQueueNames: [String], widths: [Int] = [], targets: [Int?] = [], recorder: Recorder, objects: Objects,
        threads: Threads,
        halt: Halt, profile: VariantProfile, runLoops: RunLoops
    ) {
        self.recorder = recorder
        self.objects = objects
        self.threads = threads
        self.halt = halt
        self.profile = profile
        self.runLoops = runLoops
        serial = serialQueueNames.indices.map { i in
            SerialQueue(
                name: serialQueueNames[i], width: i < widths.count ? max(1, widths[i]) : 1,
                target: i < targets.count ? targets[i] : nil)
        }
    }

    /// `dispatch_async`: the queue holds the block (+1 already taken by the caller) until a thread runs it.
    func async(_ block: ObjectID, to queueRef: QueueRef, from thread: SimThread?) {
        recorder.record(thread, .dispatchAsync(queue: recorder.name(name(of: queueRef)), block: blockName(block)))
        enqueue(.block(block), on: queueRef)
    }

    /// The name a `dispatch_async` event gives `block` (its label), or the empty name if it is gone.
    func blockName(_ block: ObjectID) -> Name {
        objects.heap.object(block).map { recorder.labelName($0) } ?? recorder.name("")
    }

    /// Puts a work item on a queue and makes sure a thread will run it.
    func enqueue(_ item: WorkItem, on queueRef: QueueRef) {
        switch queueRef {
        case .main:
            main.append(item)
            signalMainPort()
        case .global:
            submitToPool(item)
        case .serial(let index) where serial[index].width > 1:
            serial[index].items.append(item)
            pumpConcurrent(index)
        case .serial(let index):
            serial[index].items.append(item)
            if !serial[index].isScheduled {
                serial[index].isScheduled = true
                scheduleDrain(index)
            }
        case .value:
            preconditionFailure("a queue expression is evaluated by its step (StepContext.queue)")
        }
    }

    /// The queue's name as reports and events give it.
    func name(of q: QueueRef) -> String {
        switch q {
        case .main: "main"
        case .global: "global"
        case .serial(let i): serial[i].name
        case .value: preconditionFailure("a queue expression is evaluated by its step (StepContext.queue)")
        }
    }

    // MARK: The main queue

    /// The main queue's port gets a message (collapsing); the main thread wakes if it waits on it.
    func signalMainPort() {
        mainPort.post(&runLoops.portArrivals)
        wakeMainRunLoop()
    }

    /// The main run loop receives the main queue's port message.
    func takeMainPortMessage() { mainPort.take() }

    /// Queues the main-queue input source's handler (no UIKit), unless it is queued and has not started: a
    /// dispatch source's events merge until its handler runs, and once it runs the next event queues it again.
    func enqueueInputHandler() {
        guard !main.contains(where: { if case .inputHandler = $0 { true } else { false } }) else { return }
        enqueue(.inputHandler, on: .main)
    }

    /// How many blocks wait on the main queue.
    var mainCount: Int { main.count }

    /// The next block of the main queue, taken off it.
    func popMain() -> WorkItem? { main.popFirst() }

    // MARK: The pool and serial queues

    /// Hands work to the GCD pool: an idle pool thread is reused, else a new one starts (up to the limit).
    func submitToPool(_ item: WorkItem) {
        global.append(item)
        if !idleWorkers.isEmpty {
            let id = idleWorkers.removeFirst()
            threads.makeRunnable(threads[id])
            threads.scheduleResume(threads[id])
        } else if threads.all.filter({ $0.kind == .poolWorker }).count < Self.poolLimit {
            let worker = threads.makeThread(
                name: "worker-\(threads.all.filter { $0.kind == .poolWorker }.count + 1)",
                kind: .poolWorker)
            worker.frames = [PoolWorkerFrame()]
            threads.scheduleResume(worker)
        }
    }

    /// The most queues a run makes at run time (``makeQueue(label:width:_:)``): libdispatch has no such limit, but
    /// a file that makes a queue per turn of a loop would grow the kernel's table without end; reaching it stops
    /// the run cleanly (a `limit` finding, `max-queues`), as the other limits do.
    static let maxRuntimeQueues = 10_000
    /// The queues made at run time so far.
    private(set) var runtimeQueueCount = 0
    /// How many queues have each label (declared ones counted once), for the names of the queues made at run time:
    /// a lookup table, never iterated.
    private var labelCounts: [String: Int] = [:]

    /// `dispatch_queue_create(label, attr)`, Swift's `DispatchQueue(label:)`: a new queue (each call makes one:
    /// Apple, `DispatchQueue.init(label:qos:attributes:autoreleaseFrequency:target:)`, "Creates a new dispatch
    /// queue"), serial or concurrent (`width`), on the pool; its index (``Value/queue(_:)``). Named by its label;
    /// a second queue with the same label (or a declared queue's name) is `label#2`, the third `label#3`, in the
    /// order they are made. Nil at ``maxRuntimeQueues``: the caller stops the run (`max-queues`).
    func makeQueue(label: String, width: Int) -> Int? {
        guard runtimeQueueCount < Self.maxRuntimeQueues else { return nil }
        runtimeQueueCount += 1
        let count = labelCounts[label] ?? (serial.contains { $0.name == label } ? 1 : 0)
        labelCounts[label] = count + 1
        let name = count == 0 ? label : "\(label)#\(count + 1)"
        serial.append(SerialQueue(name: name, width: max(1, min(width, Program.maxQueueWidth))))
        return serial.count - 1
    }

    /// A concurrent queue the runtime makes (Swift's global concurrent queue, ``Tasks``): its index.
    func addConcurrentQueue(named name: String, width: Int) -> Int {
        serial.append(SerialQueue(name: name, width: max(1, width)))
        return serial.count - 1
    }

    /// Queues serial queue `index`'s drain: on the pool, or, for a queue with a target queue, as one item of its
    /// target (libdispatch wakes a queue by pushing it onto its target, `_dispatch_queue_wakeup` →
    /// `dx_push(tq, dq)`, and the target's drain invokes it, draining its items: `_dispatch_lane_invoke`). So a
    /// serial queue targeting another serial queue runs its blocks only in that queue's turn, never beside them.
    func scheduleDrain(_ index: Int) {
        if let target = serial[index].target {
            enqueue(.serialDrain(index), on: .serial(target))
        } else {
            submitToPool(.serialDrain(index))
        }
    }

    /// The pool's next work item, taken off the global queue.
    func popGlobal() -> WorkItem? { global.popFirst() }

    /// A pool thread found no work: it waits to be handed some.
    func parkIdle(_ threadID: Int) {
        idleWorkers.append(threadID)
        idleWorkers.sort()
    }

    /// The next item of serial queue `index`; nil, and the queue unscheduled, when it is empty.
    func popSerial(_ index: Int) -> WorkItem? {
        guard let item = serial[index].items.popFirst() else {
            serial[index].isScheduled = false
            return nil
        }
        return item
    }

    // MARK: dispatch_after

    /// `dispatch_after`: the block waits (retained) until `delay` has passed, then is queued.
    /// Modelled to fire at its deadline; libdispatch allows up to 10 % leeway (semantics §6).
    @discardableResult
    func after(
        _ block: ObjectID, delay: SimDuration, to queueRef: QueueRef, from thread: SimThread, isWorkItem: Bool = false
    ) -> Int? {
        if delay <= .zero {
            if isWorkItem {
                enqueueWorkItem(block, to: queueRef, from: thread)
            } else {
                async(block, to: queueRef, from: thread)
            }
            return nil
        }
        afters.append((block: block, queue: queueRef, isWorkItem: isWorkItem))
        recorder.record(
            thread,
            .dispatchAfter(
                queue: recorder.name(name(of: queueRef)), at: recorder.now + delay,
                block: blockName(block)))
        recorder.clock.schedule(.dispatchAfter(afters.count - 1), at: recorder.now + delay, phase: .kernelTimer)
        return afters.count - 1
    }

    /// The deadline of `dispatch_after` block `index` came: it is queued, if it is still waiting.
    func afterFired(_ index: Int) {
        guard let item = afters[index] else { return }
        afters[index] = nil
        if item.isWorkItem {
            enqueueWorkItem(item.block, to: item.queue, from: nil)
        } else {
            async(item.block, to: item.queue, from: nil)
        }
    }

    // MARK: Work items

    /// The frame that runs one work item on the current thread.
    func frame(for item: WorkItem, edge: String, _ k: Kernel) -> Frame {
        switch item {
        case .block(let block): k.interpreter.blockFrame(block, edge: edge)
        case .sourceHandler(let source): SourceHandlerFrame(source: source)
        case .serialDrain(let index): SerialDrainFrame(queue: index)
        case .blockThenSignal(let block, let semaphore):
            BlockThenFrame(block: block, edge: "notification block") { kernel, thread in
                if let s = kernel.heap.object(semaphore) { kernel.dispatch.semaphoreSignal(s, from: thread) }
                kernel.release(semaphore, on: thread)
            }
        case .operation(let queue, let operation): k.operations.frame(queue: queue, operation: operation)
        case .workItem(let item): WorkItemFrame(item: item, isQueued: true)
        case .applyWorker(let run): ApplyFrame(run: run, isCaller: false)
        case .sourceCancel(let source): k.dispatch.sources.cancelFrame(source)
        case .inputHandler: UserEventsFrame()
        case .taskJob(let task, let generation): TaskJobFrame(task: task, generation: generation)
        case .syncOnMain(let block, let waiter):
            BlockThenFrame(block: block, edge: "dispatch_sync block") { kernel, _ in
                kernel.dispatch.endSyncWait(kernel.threads[waiter])
            }
        case .syncWaiter, .barrierSyncWaiter:
            preconditionFailure("a dispatch_sync waiter is handed the queue by its drain, never run as a block")
        case .concurrentItem(let queue, let inner, let isBarrier):
            ConcurrentItemFrame(queue: queue, isBarrier: isBarrier, inner: frame(for: inner, edge: edge, k))
        case .barrier:
            preconditionFailure("a barrier waits on its concurrent queue, which runs it as a concurrentItem")
        case .groupBlock(let block, let group):
            BlockThenFrame(block: block, edge: edge) { kernel, thread in
                if let g = kernel.heap.object(group) { kernel.dispatch.groupLeave(g, on: thread) }
            }
        }
    }

    /// What the queues hold strongly, for the leak analysis, queue by queue: (queue name, held objects): each
    /// item's block, and the group of a `dispatch_group_async` item, whose leave comes after its block. An entered
    /// group is no root of its own: its hold on itself is a count, not a reference, and its notify blocks are the
    /// group's edges (``ActiveGroup``, ``LeakAnalysis/forEachEdge(of:_:)``) — a group no root reaches can never be
    /// left, so it, its notify blocks and what they capture are leaked (docs/fidelity.md, "GCD").
    func heldObjects() -> [(queue: String, objects: [ObjectID])] {
        func held(_ items: some Sequence<WorkItem>) -> [ObjectID] {
            var ids: [ObjectID] = []
            for item in items {
                if let id = item.heldObject { ids.append(id) }
                if let group = item.enteredGroup { ids.append(group) }
            }
            return ids
        }
        return [("main", held(main)), ("global", held(global))] + serial.map { ($0.name, held($0.items)) }
    }

    /// The notify blocks an entered group holds (none when it is not entered: they were queued then).
    func notifyBlocks(of group: ObjectID) -> [ObjectID] {
        activeGroups.first { $0.id == group }?.notify.map(\.block) ?? []
    }

    /// The objects the queues' pending work items hold, by queue (``heldObjects()`` without the groups).
    func queuedObjects() -> [(queue: String, objects: [ObjectID])] {
        [("main", main.compactMap(\.heldObject)), ("global", global.compactMap(\.heldObject))]
            + serial.map { ($0.name, $0.items.compactMap(\.heldObject)) }
    }

    /// The queue whose pending notification block a poster waits on with internal semaphore `semaphore`
    /// (corelibs' posting to a queue: ``PostFrame``), for the parked-thread reason; nil when none does.
    func postWait(on semaphore: ObjectID) -> String? {
        func waits(_ items: some Sequence<WorkItem>) -> Bool {
            items.contains { if case .blockThenSignal(_, semaphore) = $0 { true } else { false } }
        }
        if waits(main) { return "the main queue" }
        if waits(global) { return "a global queue" }
        return serial.first { waits($0.items) }.map { "queue \($0.name)" }
    }

    /// The `dispatch_after` blocks still waiting.
    var pendingAfterBlocks: [ObjectID] { afters.compactMap { $0?.block } }
}

/// A serial dispatch queue: FIFO, one block at a time, drained on a pool thread.
struct SerialQueue {
    var name: String
    var items = Deque<WorkItem>()
    /// A drain is queued or running, or a `dispatch_sync` caller holds the queue.
    var isScheduled = false
    /// The thread running a `dispatch_sync` block on this queue (it holds the queue's drain lock meanwhile).
    var syncOwner: Int?
    /// 1: serial. More: a concurrent queue, running at most this many blocks at once.
    var width = 1
    /// A concurrent queue's blocks in flight (barriers not counted).
    var running = 0
    /// A concurrent queue's barrier block is running: nothing else starts until it returns.
    var barrierRunning = false
    /// The thread running a `dispatch_barrier_sync` block on this concurrent queue (it holds the drain lock).
    var barrierSyncOwner: Int?
    /// The serial queue it targets (`DispatchQueue(label:target:)`), nil for the default root queue.
    var target: Int? = nil
}

/// The base frame of a GCD pool thread: take the next work item, run it inside an autorelease pool, go idle
/// when there is none.
final class PoolWorkerFrame: Frame {
    var ranItem = false

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if ranItem {
            ranItem = false
            kernel.objects.drainAutoreleasePool(of: thread, reason: "end of work item")
            if !thread.pendingDeallocs.isEmpty { return .next }
        }
        guard let item = kernel.dispatch.popGlobal() else {
            kernel.threads.idle(thread)
            kernel.dispatch.parkIdle(thread.id)
            kernel.record(thread, .threadIdle)
            return .yield
        }
        ranItem = true
        return .push(kernel.dispatch.frame(for: item, edge: "dispatch block", kernel))
    }
    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// Runs a block (the frame owns a +1 on it), then one follow-up on the same thread: signal a poster's
/// semaphore, finish an operation.
final class BlockThenFrame: Frame {
    let block: ObjectID?
    let edge: String
    let then: (Kernel, SimThread) -> Void
    var ran = false

    init(block: ObjectID?, edge: String, then: @escaping (Kernel, SimThread) -> Void) {
        self.block = block
        self.edge = edge
        self.then = then
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !ran {
            ran = true
            if let block, kernel.heap.object(block) != nil {
                return .push(kernel.interpreter.blockFrame(block, edge: edge))
            }
        }
        then(kernel, thread)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// Runs a serial queue's blocks one after another on one pool thread.
final class SerialDrainFrame: Frame {
    let queue: Int
    init(queue: Int) { self.queue = queue }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let item = kernel.dispatch.popSerial(queue) else { return .pop(.null) }
        if case .syncWaiter(let waiter) = item {
            // _dispatch_sync_waiter_wake: the drain hands the queue to the waiting caller and stops; the caller
            // runs its block on its own thread and resumes the drain when it is done
            kernel.dispatch.handOffSerial(queue, to: kernel.threads[waiter])
            return .pop(.null)
        }
        return .push(
            kernel.dispatch.frame(for: item, edge: "\(kernel.dispatch.name(of: .serial(queue))) block", kernel))
    }
    func heldObjects() -> [(String, ObjectID)] { [] }
}
