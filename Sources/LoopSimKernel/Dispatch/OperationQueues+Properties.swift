/// Priority, suspension, quality of service, the underlying queue and barrier blocks of the scenario's
/// `NSOperationQueue`s and their operations (issue 34 item 5; docs/scenario-format.md §7.8), and the properties
/// an operation or queue answers. Moved out of `OperationQueues.swift` to keep each file under ~600 lines; the
/// state it reads and writes is the part's own (``OperationQueues``).
extension OperationQueues {
    /// `operation.queuePriority = value`: corelibs' setter rounds `value` to the nearest level at or below it
    /// (`high` for 5, `normal` for -3, `veryLow` below -7; Operation.swift lines 535-561 at 761b621) and, when the
    /// level changes on an operation waiting in a queue, moves it to the end of the new level's list
    /// (`changePriority`). It orders only ready operations of one queue: never a dependency.
    func setPriority(_ operation: HeapObject, _ value: Int) {
        let r = recordOf[operation.id]!
        let level = OperationPriority.level(of: value)
        records[r].hasOwnPriority = true
        guard records[r].priority != level.rawValue else { return }
        records[r].priority = level.rawValue
        if records[r].state == .enqueued {
            records[r].listSequence = nextListSequence
            nextListSequence += 1
        }
    }

    /// `queue.maxConcurrentOperationCount = value` while the app runs: the queue's width from then on; the main
    /// queue's setter does nothing. corelibs stores the count and schedules (`_maxNumOps = newValue`, then
    /// `_schedule()`: Operation.swift at 761b621), so a wider queue starts its ready operations at once, and a
    /// narrower one lets the running ones finish and starts none until fewer run; Apple documents the same count
    /// ("The maximum number of queued operations that can run at the same time").
    func setMaxConcurrent(_ index: Int, _ value: Int) {
        guard !queues[index].isMain else { return }
        queues[index].maxConcurrent = value
        queues[index].width = Self.width(maxConcurrent: value, pool: profile.operationPoolWidth)
        startReady()
    }

    /// `queue.isSuspended = value`: a suspended queue starts nothing new; the operations it runs go on. Resuming
    /// it starts what is ready (corelibs: `if !newValue { _schedule() }`, Operation.swift lines 1326-1336).
    func setSuspended(_ index: Int, _ value: Bool) {
        queues[index].isSuspended = value
        if !value { startReady() }
    }

    /// `operation.qualityOfService = value` (corelibs `__propertyQoS`): read back by `operationQualityOfService:`,
    /// and it chooses the operation's priority list when it is added (``add(operation:to:from:)``).
    func setQualityOfService(_ operation: HeapObject, _ value: OperationQualityOfService) {
        records[recordOf[operation.id]!].qualityOfService = value
    }

    /// `queue.qualityOfService = value`: the main queue's setter does nothing (corelibs `if !__mainQ`; Apple: the
    /// main queue's "is NSQualityOfServiceUserInteractive and cannot be changed"); another queue gives it to the
    /// operations `addOperationWithBlock:` makes from now on.
    func setQualityOfService(queue index: Int, _ value: OperationQualityOfService) {
        guard !queues[index].isMain else { return }
        queues[index].qualityOfService = value
    }

    /// Queue `index`'s state, for reads (``property(_:of:)``).
    func queue(at index: Int) -> OperationQueueState { queues[index] }

    /// Record `r`'s quality of service, nil until set.
    func recordQualityOfService(_ r: Int) -> OperationQualityOfService? { records[r].qualityOfService }

    /// `queue.underlyingQueue = queue`: its operations run on that dispatch queue from now on (a serial queue
    /// runs them one at a time, whatever `maxConcurrentOperationCount` says). corelibs traps when the queue holds
    /// operations ("operation queue must be empty in order to change underlying dispatch queue", line 1381):
    /// modelled as a crash with that message.
    func setUnderlying(_ index: Int, _ queue: QueueRef?, on thread: SimThread) {
        if operationCount(index) > 0 {
            halt.appCrashed(
                "Fatal error: operation queue must be empty in order to change underlying dispatch queue", on: thread)
            return
        }
        queues[index].underlying = queue
    }

    /// `operationCount`: the operations the queue holds (waiting or running), barrier blocks not counted (corelibs
    /// `_operationCount` walks `__firstOperation` skipping `_BarrierOperation`, lines 1084-1096).
    func operationCount(_ index: Int) -> Int { queues[index].held.count { !records[$0].isBarrier } }

    /// `addBarrierBlock:`. On a queue holding operations, a barrier operation (priority above `veryHigh`) that
    /// depends on every one of them; operations added after it, while it waits, depend on it (corelibs
    /// `addBarrierBlock` and `_addOperations`, lines 1282-1303 and 1199-1205). On an empty queue the block goes
    /// straight to the queue's own concurrent dispatch queue as a barrier (`_synthesizeBackingQueue()`,
    /// `async(flags: .barrier)`), which with nothing in it runs it at once on a pool thread: modelled as
    /// `dispatch_async` onto the global queue. While a barrier operation runs, its queue starts nothing else
    /// (its blocks would wait behind the barrier on the backing queue).
    func addBarrier(_ block: ObjectID, to index: Int, from thread: SimThread) {
        guard !queues[index].held.isEmpty else {
            dispatch.async(block, to: .global, from: thread)
            return
        }
        let op = makeOperation(block: block, label: "barrier block", on: thread)
        let r = recordOf[op]!
        records[r].isQueueBlock = true  // `_BarrierOperation.main` takes its block out and drops its dependencies
        records[r].isBarrier = true
        records[r].priority = OperationPriority.barrier
        for d in queues[index].held where !records[d].isFreed {
            records[r].dependencies.append(d)
            objects.retain(records[d].id)
        }
        add(operation: objects.heap.object(op)!, to: index, from: thread)
        objects.release(op, on: thread)  // the queue's +1 keeps it
    }

    /// The barrier operations of queue `index` that have not started: an operation added now depends on each.
    func waitingBarriers(_ index: Int) -> [Int] {
        queues[index].held.filter { records[$0].isBarrier && records[$0].state == .enqueued }
    }

    /// A property of an operation (`op.isCancelled`…), as corelibs answers it (Operation.swift lines 365-400):
    /// `isReady` is its unfinished-dependency count being 0, which `cancel()` zeroes.
    func property(_ property: OperationProperty, of operation: HeapObject) -> Bool {
        let r = recordOf[operation.id]!
        switch property {
        case .isCancelled: return records[r].isCancelled
        case .isExecuting: return records[r].isExecuting
        case .isFinished: return records[r].state == .finished
        case .isReady: return isReady(r)
        case .isAsynchronous: return records[r].readsAsynchronous
        }
    }

    /// `OperationQueue.current`'s name on `thread`: `main` on the main thread (corelibs: `if Thread.isMainThread
    /// { return main }`, line 1409), else the queue whose operation the thread runs (the thread-specific value
    /// `_schedule(_:)` sets around `start()`), nil when none.
    func currentQueueName(on thread: SimThread) -> String? {
        if thread.isMain { return "main" }
        return currentQueue[thread.id].map { queues[$0].name }
    }
}
