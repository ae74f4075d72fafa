/// What ``OperationQueues`` keeps beside each operation and queue, and the frame that waits for operations.

/// An operation queue's executors as the leak analysis sees them (``OperationQueues/executors(_:)``).
struct OperationQueueExecutors {
    var name: String
    /// `maxConcurrentOperationCount`; ``Program/defaultMaxConcurrentOperationCount`` for the default.
    var maxConcurrent: Int
    /// How many run at once (``OperationQueues/width(maxConcurrent:pool:)``).
    var width: Int
    var isMain: Bool
    /// The running operations, each with the thread running it (nil: its work item waits on a dispatch queue).
    var running: [(id: ObjectID, thread: Int?)]
    /// The enqueued operations that have not started.
    var waiting: [ObjectID]
}

/// An `NSOperationQueue`: the operations it holds in the order they were added, and how many run.
struct OperationQueueState {
    var name: String
    /// `maxConcurrentOperationCount`; ``Program/defaultMaxConcurrentOperationCount`` for the default.
    var maxConcurrent: Int
    /// How many run at once (``OperationQueues/width(maxConcurrent:pool:)``).
    var width: Int
    var isMain: Bool
    /// Record indices of the operations it holds (enqueued or running), in the order they were added.
    var held: [Int] = []
    var lastAdded: Int?
    var added = 0
    var running = 0
    /// `isSuspended`: starts nothing new (corelibs `_schedule()` checks `_suspended`).
    var isSuspended = false
    /// `underlyingQueue`: the dispatch queue its operations run on; nil, its own concurrent queue on the pool.
    var underlying: QueueRef?
    /// `qualityOfService` once set (corelibs `__propertyQoS`); the main queue's is `userInteractive`.
    var qualityOfService: OperationQualityOfService?
    /// Internal semaphores of threads in `waitUntilAllOperationsAreFinished`, signalled when `held` empties.
    var finishWaiters: [ObjectID] = []
}

/// What Foundation keeps beside an operation object.
struct OperationRecord {
    var id: ObjectID
    var dependencies: [Int] = []
    var isCancelled = false
    var state: OperationState = .created
    var queue: Int?
    var isFreed = false
    /// Made by `addOperationWithBlock:` (corelibs `_BlockOperation`): lets go of its block and its dependencies
    /// once it has run.
    var isQueueBlock = false
    /// Internal semaphores of threads in `waitUntilFinished` on it, signalled when it finishes.
    var finishWaiters: [ObjectID] = []
    /// `queuePriority`, as corelibs stores it: -8 `veryLow` … 8 `veryHigh`, 12 a barrier block's.
    var priority = OperationPriority.normal.rawValue
    /// Its place in its priority list: set when it is added to a queue and when its priority changes there
    /// (corelibs `changePriority` appends it to the new list).
    var listSequence = 0
    /// `isExecuting`: its block runs (corelibs `_state == .executing`; a cancelled one never executes).
    var isExecuting = false
    /// A barrier block's operation (`addBarrierBlock`): not counted in `operationCount`.
    var isBarrier = false
    /// The blocks `addExecutionBlock:` added after the first (+1 each, until the operation is freed).
    var executionBlocks: [ObjectID] = []
    /// An asynchronous operation (`isAsynchronous`): its block is its `start()`, and it finishes when it marks
    /// itself finished (`finishOperation:`), not when the block returns. For an `Operation` subclass: it overrides
    /// `start()`.
    var isAsynchronous = false
    /// What `op.isAsynchronous` reads: true for `operation:` with `asynchronous: true`, an `Operation` subclass's
    /// `isAsynchronous:` override.
    var readsAsynchronous = false
    /// An instance of a scenario class that subclasses `Operation`: its class and overrides. Its `start` or `main`
    /// method runs instead of a block, and its completion block is ``completion`` (its slots are its fields).
    var subclass: (classIndex: Int, overrides: OperationSubclass)?
    /// A subclass instance's `completionBlock` (+1 while set); an `NSBlockOperation` keeps its own in slot 1.
    var completion: ObjectID?
    /// `qualityOfService` once set (corelibs `__propertyQoS`).
    var qualityOfService: OperationQualityOfService?
    /// Whether `queuePriority` was set (corelibs `__priorityValue` not nil): else its QoS may choose its list.
    var hasOwnPriority = false
}

/// `-[NSOperation waitUntilFinished]` on each of `records` in turn (`addOperations:waitUntilFinished:YES` waits
/// for all it added): each step waits for the first unfinished one, and pops once every one has finished.
final class WaitForOperationFrame: Frame {
    let records: [Int]
    var index = 0

    init(records: [Int]) { self.records = records }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        while index < records.count {
            if let action = kernel.operations.waitUntilFinished(record: records[index], on: thread),
                !action.isNext
            {
                return action
            }
            index += 1
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// An operation's life: made, in a queue waiting, running (`isExecuting`), finished (`isFinished`).
enum OperationState { case created, enqueued, running, finished }

/// Runs one operation on the thread that took it: its block (the frame owns a +1 on it) unless it was cancelled
/// before it started, with the queue as the thread's current queue meanwhile, then finishes it.
final class OperationFrame: Frame {
    let queue: Int
    let record: Int
    /// The blocks to run in order, the frame owning a +1 on each until it is called.
    let blocks: [ObjectID]
    /// An `Operation` subclass's `start` or `main` method to run (its class and index), called on the operation.
    let method: (classIndex: Int, index: Int)?
    var next = 0
    var began = false
    var calledMethod = false

    init(queue: Int, record: Int, blocks: [ObjectID], method: (classIndex: Int, index: Int)? = nil) {
        self.queue = queue
        self.record = record
        self.blocks = blocks
        self.method = method
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !began {
            began = true
            kernel.operations.began(queue, record, on: thread)
        }
        if let method, !calledMethod {
            calledMethod = true
            if let o = kernel.operations.liveOperation(record: record) {
                return .push(kernel.interpreter.methodFrame(o, classIndex: method.classIndex, method: method.index))
            }
        }
        while next < blocks.count {
            let block = blocks[next]
            next += 1
            if kernel.heap.object(block) != nil {
                return .push(kernel.interpreter.blockFrame(block, edge: "operation"))
            }
        }
        kernel.operations.returned(queue, record, on: thread)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
