/// The scenario's `NSOperationQueue`s and their operations (docs/scenario-format.md §7.8).
///
/// An operation is an object (`NSBlockOperation`: its block and `completionBlock` are strong slots); this part keeps
/// what Foundation keeps beside it: its dependencies, whether it was cancelled, and its state (`isReady`,
/// `isExecuting`, `isFinished`). A queue starts its enqueued operations in the order they were added, at most
/// `maxConcurrentOperationCount` at once, each once it is ready: every dependency finished, or the operation
/// cancelled (swift-corelibs-foundation `Operation.swift`: `cancel()` zeroes `__unfinishedDependencyCount`; Apple,
/// `NSOperation` "Canceling Operations"). A started operation runs its block on a GCD pool thread (the main
/// queue's on the main thread, through the main dispatch queue: corelibs `_schedule()` dispatches to
/// `DispatchQueue.main` for `__mainQ`); a cancelled one finishes without running it. Once it has finished, its
/// dependents on other queues may start, its completion block is queued on the global queue (corelibs:
/// `DispatchQueue.global().async { complete() }` in `observeValue` `.toFinished`; Apple, `completionBlock`: "on a
/// secondary thread"), then its own queue lets go of it (`_operationFinished`) and starts what is ready.
/// The queue holds each operation (a +1) from `addOperation:` until it has finished; an operation holds its
/// dependencies (a +1 each: corelibs `__dependencies`) until it is freed.
final class OperationQueues {
    var queues: [OperationQueueState]
    /// Every operation made, in order; an operation's record index never changes.
    var records: [OperationRecord] = []
    /// Lookup only (never iterated): an operation object's record.
    private(set) var recordOf: [ObjectID: Int] = [:]
    /// Lookup only: the queue whose operation a thread is running (`NSOperationQueue.currentQueue`).
    private(set) var currentQueue: [Int: Int] = [:]
    /// The next place in a priority list (``OperationRecord/listSequence``).
    var nextListSequence = 0

    /// The declared queues, then `mainQueue` (index `declared.count`, `maxConcurrentOperationCount` 1).
    /// The clock and the event log.
    private let recorder: Recorder
    /// Retain, release and the heap.
    let objects: Objects
    /// The crash path.
    let halt: Halt
    /// The threads.
    private let threads: Threads
    /// The variant's flags.
    let profile: VariantProfile
    /// GCD's queues.
    let dispatch: DispatchQueues

    init(
        _ declared: [(name: String, maxConcurrent: Int)], recorder: Recorder, objects: Objects, halt: Halt,
        threads: Threads, profile: VariantProfile, dispatch: DispatchQueues
    ) {
        self.recorder = recorder
        self.objects = objects
        self.halt = halt
        self.threads = threads
        self.profile = profile
        self.dispatch = dispatch
        queues = declared.map {
            OperationQueueState(
                name: $0.name, maxConcurrent: $0.maxConcurrent,
                width: Self.width(maxConcurrent: $0.maxConcurrent, pool: profile.operationPoolWidth), isMain: false)
        }
        queues.append(OperationQueueState(name: "main", maxConcurrent: 1, width: 1, isMain: true))
    }

    /// How many operations a queue runs at once: its `maxConcurrentOperationCount` (the default: no limit of its
    /// own), bounded by the pool that runs its blocks (`operationQueuePoolWidth`). corelibs sends every operation
    /// of a queue to one concurrent `DispatchQueue` (`_schedule()`, `queue.async(execute: schedule)`), and Linux's
    /// libdispatch, without the kernel workqueue, runs as many of those blocks at once as there are active cores;
    /// on 2 cores 4 sleeping 100 ms operations of `OperationQueue()` finish at about 200 ms (conformance c64).
    /// The pool is shared with the other queues and with `global`: the bound is applied per queue (docs/fidelity.md).
    static func width(maxConcurrent: Int, pool: Int?) -> Int {
        let own = maxConcurrent < 0 ? Int.max : maxConcurrent
        return pool.map { min(own, $0) } ?? own
    }

    // MARK: Operations

    /// `[NSBlockOperation blockOperationWithBlock:]`: a new operation (+1, the caller's) holding `block` (+1 taken).
    func makeOperation(block: ObjectID, label: String?, on thread: SimThread) -> ObjectID {
        let o = objects.allocate(
            kind: .operation, className: "NSBlockOperation", label: label,
            slotNames: ["block", "completionBlock"], slotStrengths: [.strong, .strong],
            slots: [
                .object(block),
                .null,
            ], isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name("NSBlockOperation")))
        recordOf[o.id] = records.count
        records.append(OperationRecord(id: o.id))
        return o.id
    }

    /// An instance of a scenario class that subclasses `Operation` was made (`new`): it is an operation from now on,
    /// with its class's overrides (``OperationSubclass``). One that overrides `start()` finishes only when it marks
    /// itself finished (`finishOperation:`), as corelibs' `_schedule(_:)` finishes after `start()` only an operation
    /// whose `isFinished` reads true.
    func adopt(_ instance: ObjectID, classIndex: Int, overrides: OperationSubclass) {
        recordOf[instance] = records.count
        var record = OperationRecord(id: instance)
        record.subclass = (classIndex, overrides)
        record.isAsynchronous = overrides.start != nil
        record.readsAsynchronous = overrides.isAsynchronous
        records.append(record)
    }

    /// Whether `object` is an operation this part made (an `NSBlockOperation`, or an `Operation` subclass's
    /// instance).
    func isOperation(_ object: HeapObject) -> Bool { recordOf[object.id] != nil }

    /// `addDependency:`: `operation` waits for `dependency` to finish; it holds it (+1) until it is freed. Adding
    /// one already there does nothing (corelibs: `__dependencies.first(where:) == nil`); a dependency added to an
    /// operation that has started has no effect on it.
    func addDependency(_ operation: HeapObject, on dependency: HeapObject) {
        let r = recordOf[operation.id]!, d = recordOf[dependency.id]!
        guard !records[r].dependencies.contains(d) else { return }
        records[r].dependencies.append(d)
        objects.retain(dependency.id)
    }

    /// The dependencies `operation` holds now (a +1 each), in the order added; empty for one freed or never made.
    /// The leak analysis follows them as strong references (``LeakAnalysis/forEachEdge(of:_:)``).
    func dependencies(of operation: ObjectID) -> [ObjectID] {
        guard let r = recordOf[operation] else { return [] }
        return records[r].dependencies.compactMap { records[$0].isFreed ? nil : records[$0].id }
    }

    /// What `operation` holds beside its slots, each with its edge's name: its dependencies (a +1 each), then the
    /// blocks `addExecutionBlock:` gave it after its first (corelibs `_executionBlocks`, a strong array). The leak
    /// analysis follows them as strong references.
    func heldReferences(of operation: ObjectID) -> [(name: String, id: ObjectID)] {
        guard let r = recordOf[operation] else { return [] }
        return dependencies(of: operation).map { ("dependencies", $0) }
            + records[r].executionBlocks.map { ("executionBlocks", $0) }
            + (records[r].completion.map { [("completionBlock", $0)] } ?? [])
    }

    /// `[operation addExecutionBlock:]` (`block` is a +1 the operation takes): the operation's block when it has
    /// none, else one more to run after it (corelibs `addExecutionBlock`, Operation.swift lines 667-679). Adding one
    /// to an operation that executes or has finished is corelibs' `fatalError` ("blocks cannot be added after the
    /// operation has started executing or finished"): a crash.
    func addExecutionBlock(_ operation: HeapObject, block: ObjectID, on thread: SimThread) {
        let r = recordOf[operation.id]!
        guard records[r].state == .created || records[r].state == .enqueued else {
            objects.release(block, on: thread)
            halt.appCrashed(
                "Fatal error: blocks cannot be added after the operation has started executing or finished",
                on: thread)
            return
        }
        if case .null = operation[slot: 0] {
            operation[slot: 0] = .object(block)
        } else {
            records[r].executionBlocks.append(block)
        }
    }

    /// The operation is an asynchronous one: an `Operation` subclass whose `isAsynchronous` is true and whose
    /// `start()` (its block) begins work that ends later.
    func makeAsynchronous(_ operation: ObjectID) {
        records[recordOf[operation]!].isAsynchronous = true
        records[recordOf[operation]!].readsAsynchronous = true
    }

    /// An asynchronous operation sets `isExecuting` false and `isFinished` true with their KVO notifications
    /// (`didChangeValue(forKey: "isFinished")`): corelibs' `Operation.didChangeValue(forKey:)` calls
    /// `observeValue(forKeyPath:ofObject:)`, whose `.toFinished` transition finishes it there, on the calling thread
    /// (its dependents, its completion block, `_operationFinished`: Operation.swift lines 232-307, 614-616 at
    /// 761b621). Until then it keeps its place among the queue's running operations (Apple, "Configuring
    /// Operations for Concurrent Execution": "the isFinished key path … lets the queue know it can remove the
    /// operation"). Marking one finished while its start still runs finishes it there and then, as the KVO
    /// notification does; marking one not started, finished, or not asynchronous does nothing here.
    func finishAsynchronous(_ operation: HeapObject, on thread: SimThread) {
        let r = recordOf[operation.id]!
        guard records[r].isAsynchronous, records[r].state == .running, let index = records[r].queue else { return }
        finished(index, r, on: thread)
    }

    /// `setCompletionBlock:`: replaces the operation's completion block (`block` is a +1 the slot takes).
    func setCompletion(_ operation: HeapObject, block: ObjectID?, on thread: SimThread) {
        let r = recordOf[operation.id]!
        if records[r].subclass != nil {
            let old = records[r].completion
            records[r].completion = block
            if let old { objects.release(old, on: thread) }
            return
        }
        let old = operation[slot: 1]
        operation[slot: 1] = block.map { .object($0) } ?? .null
        if case .object(let id) = old { objects.release(id, on: thread) }
    }

    /// `cancel`: marks a not yet finished operation cancelled. One that has not started becomes ready at once and,
    /// when its queue starts it, finishes without running its block; one that runs goes on (its block could read
    /// `isCancelled`). A finished operation ignores it (corelibs `cancel()`: `if isFinished { return }`).
    func cancel(_ operation: HeapObject) {
        let r = recordOf[operation.id]!
        guard records[r].state != .finished else { return }
        records[r].isCancelled = true
        if records[r].state == .enqueued { startReady() }
    }

    /// `cancelAllOperations`: cancels every operation the queue holds, as Darwin does on every queue (Apple,
    /// `cancelAllOperations`). corelibs does nothing on the main queue (`if !__mainQ`, Operation.swift line 1389 at
    /// 761b621): `mainQueueCancelAllOperations` false.
    func cancelAll(_ index: Int) {
        if queues[index].isMain && !profile.mainQueueCancelsAll { return }
        for r in queues[index].held where records[r].state != .finished { records[r].isCancelled = true }
        startReady()
    }

    /// The operation's record, for reads (`isCancelled`, `isFinished`…).
    func state(of operation: HeapObject) -> (state: OperationState, isCancelled: Bool)? {
        recordOf[operation.id].map { (records[$0].state, records[$0].isCancelled) }
    }

    /// The operation was freed: it lets go of its dependencies.
    func operationFreed(_ id: ObjectID, on thread: SimThread) {
        guard let r = recordOf.removeValue(forKey: id) else { return }
        let dependencies = records[r].dependencies
        records[r].dependencies = []
        records[r].isFreed = true
        for d in dependencies where !records[d].isFreed { objects.release(records[d].id, on: thread) }
        let blocks = records[r].executionBlocks
        records[r].executionBlocks = []
        for b in blocks { objects.release(b, on: thread) }
        if let completion = records[r].completion {
            records[r].completion = nil
            objects.release(completion, on: thread)
        }
    }

    // MARK: Queues

    /// Queue `index`'s name (`main` for the main queue).
    func name(of index: Int) -> String { queues[index].name }

    /// `[queue addOperationWithBlock:]`, optionally depending on the previously added operation (`dependsOnLast:`).
    func add(_ block: ObjectID, to index: Int, dependsOnLast: Bool, from thread: SimThread) {
        let op = makeOperation(block: block, label: nil, on: thread)
        records[recordOf[op]!].isQueueBlock = true
        // corelibs `addOperation(_ block:)`: `if let qos = __propertyQoS { op.qualityOfService = qos }`.
        records[recordOf[op]!].qualityOfService = queues[index].qualityOfService
        if dependsOnLast, let last = queues[index].lastAdded, let o = objects.heap.object(records[last].id),
            let opObject = objects.heap.object(op)
        {
            addDependency(opObject, on: o)
        }
        add(operation: objects.heap.object(op)!, to: index, from: thread)
        objects.release(op, on: thread)  // the queue's +1 keeps it
    }

    /// `[queue addOperation:]`: the queue holds the operation (+1) until it finishes. An operation already in a
    /// queue, or finished, cannot be added: Foundation raises NSInvalidArgumentException ("operation is already
    /// enqueued on a queue" / "operation is finished and cannot be enqueued"; corelibs `_addOperations`).
    func add(operation o: HeapObject, to index: Int, from thread: SimThread) {
        let r = recordOf[o.id]!
        switch records[r].state {
        case .created: break
        case .finished:
            halt.appCrashed(
                "*** -[NSOperationQueue addOperation:]: operation is finished and cannot be enqueued",
                on: thread)
            return
        case .enqueued, .running:
            halt.appCrashed(
                "*** -[NSOperationQueue addOperation:]: operation is already enqueued on a queue",
                on: thread)
            return
        }
        objects.retain(o.id)
        if !records[r].isBarrier {
            for b in waitingBarriers(index) where !records[r].dependencies.contains(b) {
                records[r].dependencies.append(b)
                objects.retain(records[b].id)
            }
        }
        if !records[r].hasOwnPriority, !records[r].isBarrier, queues[index].maxConcurrent != 1,
            let qos = records[r].qualityOfService
        {
            // corelibs `_addOperations`: an operation without a `queuePriority` of its own enters the priority list
            // of its QoS, unless its queue's `maxConcurrentOperationCount` is 1 (`__actualMaxNumOps == 1 ? nil`).
            records[r].priority = qos.priority.rawValue
        }
        records[r].state = .enqueued
        records[r].queue = index
        records[r].listSequence = nextListSequence
        nextListSequence += 1
        queues[index].held.append(r)
        queues[index].lastAdded = r
        queues[index].added += 1
        recorder.record(
            thread,
            .operationAdd(
                queue: recorder.name(queues[index].name),
                operation: Int64(queues[index].added - 1)))
        startReady()
    }

    /// Whether the operation may start: cancelled, or every dependency finished.
    func isReady(_ r: Int) -> Bool {
        records[r].isCancelled || records[r].dependencies.allSatisfy { records[$0].state == .finished }
    }

    /// Starts, queue by queue in declaration order, each queue's ready operations while it has room and is not
    /// suspended: by `queuePriority`, highest first (a barrier block's above `veryHigh`), and within one priority
    /// in the order they entered that priority's list (corelibs `_schedule()` walks `QueuePriority.priorities`,
    /// each list in order, and stops when `slotsAvail` is 0 or the queue `_suspended`: Operation.swift lines
    /// 972-1037 at 761b621). An operation goes to the queue's `underlyingQueue` when it has one (line 1008).
    func startReady() {
        for index in queues.indices where !queues[index].isSuspended {
            let order = queues[index].held.sorted {
                (records[$0].priority, -records[$0].listSequence) > (records[$1].priority, -records[$1].listSequence)
            }
            for r in order where queues[index].running < queues[index].width {
                guard records[r].state == .enqueued, isReady(r) else { continue }
                if queues[index].held.contains(where: { records[$0].isBarrier && records[$0].state == .running }) {
                    break
                }
                records[r].state = .running
                queues[index].running += 1
                let target: QueueRef = queues[index].isMain ? .main : queues[index].underlying ?? .global
                dispatch.enqueue(.operation(queue: index, operation: r), on: target)
            }
        }
    }

    /// Runs one operation: its block (a +1 for the run) unless it was cancelled before it started, then
    /// ``finished(_:_:on:_:)``.
    func frame(queue index: Int, operation r: Int) -> Frame {
        if let (classIndex, overrides) = records[r].subclass {
            // corelibs `_schedule(_:)` calls `start()`; `Operation.start()` calls `main()` unless cancelled. An
            // overridden `start()` runs whether or not the operation was cancelled (it must check `isCancelled`).
            let method = overrides.start ?? (records[r].isCancelled ? nil : overrides.main)
            return OperationFrame(
                queue: index, record: r, blocks: [], method: method.map { (classIndex, $0) })
        }
        var blocks: [ObjectID] = []
        if !records[r].isCancelled, let o = objects.heap.object(records[r].id), case .object(let id) = o[slot: 0] {
            if records[r].isQueueBlock {
                // corelibs `_BlockOperation.main` takes its block out (`_block = nil`) before calling it: the run's
                // reference is the operation's own, and the block goes when it returns.
                o[slot: 0] = .null
            } else {
                objects.retain(id)
            }
            blocks.append(id)
        }
        if !records[r].isCancelled {
            // corelibs `BlockOperation.main` runs `_block`, then each of `_executionBlocks`, in order, on the thread
            // that started it (Operation.swift lines 696-709); each call holds its block.
            for id in records[r].executionBlocks {
                objects.retain(id)
                blocks.append(id)
            }
        }
        return OperationFrame(queue: index, record: r, blocks: blocks)
    }

    /// An operation of queue `index` begins on `thread`: the queue is the thread's current queue until it returns.
    func began(_ index: Int, _ r: Int, on thread: SimThread) {
        currentQueue[thread.id] = index
        // corelibs `start()`: `_state = .executing` only when not cancelled (Operation.swift lines 346-350).
        if !records[r].isCancelled { records[r].isExecuting = true }
    }

    /// Whether queue `index` is `NSOperationQueue.currentQueue` on `thread`: the main queue on the main thread
    /// (corelibs `OperationQueue.current`: `if Thread.isMainThread { return main }`), else the queue whose operation
    /// the thread runs.
    func isCurrent(_ index: Int, on thread: SimThread) -> Bool {
        queues[index].isMain ? thread.isMain : currentQueue[thread.id] == index
    }

    /// `waitUntilAllOperationsAreFinished`: nil when the queue holds nothing; else the thread blocks (state
    /// `blocked`, on an internal semaphore) until the queue has let go of its last operation. Waiting on the
    /// queue whose operation the thread runs waits for ever (as Foundation does: the operation never finishes).
    func waitUntilAllFinished(_ index: Int, on thread: SimThread) -> FrameAction? {
        guard !queues[index].held.isEmpty else { return nil }
        let s = dispatch.internalSemaphore(className: "dispatch_semaphore", on: thread)
        objects.retain(s.id)  // the queue's, until it signals
        queues[index].finishWaiters.append(s.id)
        let action = dispatch.semaphoreWait(s, timeout: nil, on: thread)
        objects.release(s.id, on: thread)
        return action
    }

    // MARK: Waiting for operations

    /// The operation object of record `r`, when it is alive.
    func liveOperation(record r: Int) -> HeapObject? { objects.heap.object(records[r].id) }

    /// The record index of an operation object this part made (for ``WaitForOperationFrame``).
    func record(of operation: HeapObject) -> Int? { recordOf[operation.id] }

    /// `-[NSOperation waitUntilFinished]` on record `r`: nil when it has finished; else the thread blocks (state
    /// `blocked`, on an internal semaphore) until it finishes. Apple, `waitUntilFinished`: "Blocks execution of the
    /// current thread until the operation object finishes its task", and "an operation object must never call
    /// this method on itself"; corelibs' `waitUntilFinished()` waits on the operation's `__waitGroup`, which it leaves
    /// when it finishes. So an operation waiting on itself, on an operation queued behind it on a queue with no room
    /// (`maxConcurrentOperationCount` 1), or on one that was never added to a queue, waits for ever.
    func waitUntilFinished(record r: Int, on thread: SimThread) -> FrameAction? {
        guard records[r].state != .finished else { return nil }
        // Named after the operation, so that a wait for ever says what it waits for.
        let label = "waitUntilFinished of " + (objects.heap.object(records[r].id)?.displayName ?? "an operation")
        let s = dispatch.internalSemaphore(className: "NSOperation", label: label, on: thread)
        objects.retain(s.id)  // the operation's, until it signals
        records[r].finishWaiters.append(s.id)
        let action = dispatch.semaphoreWait(s, timeout: nil, on: thread)
        objects.release(s.id, on: thread)
        return action
    }

    /// The operation queue a thread waits on in `waitUntilAllOperationsAreFinished` with internal semaphore
    /// `semaphore`, and how many operations it still holds, for the parked-thread reason; nil when none.
    func finishWait(on semaphore: ObjectID) -> (queue: String, unfinished: Int)? {
        queues.first { $0.finishWaiters.contains(semaphore) }.map { ($0.name, $0.held.count) }
    }

    /// The operation a thread waits for in `waitUntilFinished` (or `addOperations:waitUntilFinished:YES`) with
    /// internal semaphore `semaphore`, for the parked-thread reason; nil when none.
    func operationWait(on semaphore: ObjectID) -> ObjectID? {
        records.first { $0.finishWaiters.contains(semaphore) }?.id
    }

    /// The operation's blocks returned on `thread`: a synchronous operation has finished; an asynchronous one has
    /// returned from `start()` and goes on executing until it marks itself finished (``finishAsynchronous(_:on:)``).
    /// Either way the thread no longer runs one of the queue's operations (`_schedule(_:)` clears the current
    /// queue after `start()`).
    func returned(_ index: Int, _ r: Int, on thread: SimThread) {
        currentQueue[thread.id] = nil
        guard records[r].state != .finished else { return }  // an asynchronous one that finished in its start
        // A cancelled asynchronous operation's start is taken to finish at once (Apple: "check isCancelled … at the
        // start and finish"); the model runs none of its blocks. A subclass's own `start()` ran whether cancelled or
        // not, and the operation finishes when that code says so.
        if records[r].isAsynchronous && (!records[r].isCancelled || records[r].subclass != nil) { return }
        finished(index, r, on: thread)
    }

    func finished(_ index: Int, _ r: Int, on thread: SimThread) {
        records[r].state = .finished
        records[r].isExecuting = false
        // Threads in `waitUntilFinished` on it go on (corelibs: `__waitGroup.leave()` as it finishes).
        let operationWaiters = records[r].finishWaiters
        records[r].finishWaiters = []
        for s in operationWaiters {
            if let o = objects.heap.object(s) { dispatch.semaphoreSignal(o, from: thread) }
            objects.release(s, on: thread)
        }
        // Dependents first (corelibs: `ready_deps` are told before the completion block and before the queue
        // counts the operation done, so only dependents on other queues, or with room, can start now).
        startReady()
        if records[r].isQueueBlock {
            // `_BlockOperation.main` ends with `_removeAllDependencies()`.
            let dependencies = records[r].dependencies
            records[r].dependencies = []
            for d in dependencies where !records[d].isFreed { objects.release(records[d].id, on: thread) }
        }
        if let completion = records[r].completion {
            // A subclass's `completionBlock`: corelibs keeps `__completion` (the queued block is a reference of its
            // own); Apple sets it to nil once it begins (`operationCompletionReleased`).
            if profile.operationCompletionReleased { records[r].completion = nil } else { objects.retain(completion) }
            dispatch.async(completion, to: .global, from: thread)
        } else if records[r].subclass == nil, let o = objects.heap.object(records[r].id),
            case .object(let completion) = o[slot: 1]
        {
            if profile.operationCompletionReleased {
                // Apple, `completionBlock`: "set to nil after the completion block begins executing" (iOS 8 and
                // later): the queued block takes the operation's reference.
                o[slot: 1] = .null
            } else {
                objects.retain(completion)  // corelibs keeps `__completion`: the queued block is a reference of its own
            }
            dispatch.async(completion, to: .global, from: thread)
        }
        queues[index].running -= 1
        queues[index].held.removeAll { $0 == r }
        objects.release(records[r].id, on: thread)  // the queue's reference to the finished operation
        if queues[index].held.isEmpty {
            let waiters = queues[index].finishWaiters
            queues[index].finishWaiters = []
            for s in waiters {
                if let o = objects.heap.object(s) { dispatch.semaphoreSignal(o, from: thread) }
                objects.release(s, on: thread)
            }
        }
        startReady()
    }

    /// What each queue holds strongly, for the leak analysis, queue by queue: the operations not yet finished,
    /// split into those that will start (`pending`) and those that never can (`stuck`): an operation waits for ever
    /// when one of its dependencies, or theirs, is on a cycle, or is in no queue and not cancelled. The
    /// dependencies an operation holds are its strong references (``dependencies(of:)``), reached through it.
    func heldObjects() -> [(queue: String, pending: [ObjectID], stuck: [ObjectID])] {
        queues.map { q in
            var pending: [ObjectID] = [], stuck: [ObjectID] = []
            for r in q.held {
                if waitsForever(r) { stuck.append(records[r].id) } else { pending.append(records[r].id) }
            }
            return (q.name, pending, stuck)
        }
    }

    /// Each queue's executors, for the leak analysis's stuck work (``LeakAnalysis/stuckWork(parked:)``): its name,
    /// `maxConcurrentOperationCount`, whether it is the main queue, the operations it runs (each with the thread
    /// running it, nil while its work item waits on a dispatch queue) and those waiting to start.
    func executors() -> [OperationQueueExecutors] {
        var threadOf: [Int: Int] = [:]  // lookup only: record → the thread whose frames run it
        for t in threads.all where t.state != .exited {
            for case let f as OperationFrame in t.frames { threadOf[f.record] = t.id }
        }
        return queues.map { q in
            OperationQueueExecutors(
                name: q.name, maxConcurrent: q.maxConcurrent, width: q.width, isMain: q.isMain,
                running: q.held.filter { records[$0].state == .running }.map { (records[$0].id, threadOf[$0]) },
                waiting: q.held.filter { records[$0].state == .enqueued }.map { records[$0].id })
        }
    }

    /// Whether enqueued operation `r` can never start: a dependency cycle, or a chain of dependencies ending at an
    /// operation that is in no queue and not cancelled (nothing in the simulation will ever start it, unless the
    /// app adds it later: the analysis at the end of a run says what would happen from here).
    private func waitsForever(_ r: Int) -> Bool {
        var visiting = Array(repeating: false, count: records.count)
        var known: [Bool?] = Array(repeating: nil, count: records.count)
        func blocked(_ i: Int) -> Bool {
            if records[i].state == .finished || records[i].state == .running || records[i].isCancelled { return false }
            if records[i].state == .created { return true }
            if visiting[i] { return true }  // a cycle
            if let answer = known[i] { return answer }
            visiting[i] = true
            let answer = records[i].dependencies.contains { blocked($0) }
            visiting[i] = false
            known[i] = answer
            return answer
        }
        return records[r].state == .enqueued && blocked(r)
    }
}
