extension Kernel {
    /// `dispatch_async`: the queue holds the block (+1 already taken by the caller) until a thread runs it.
    func dispatchAsync(_ block: ObjectID, to queueRef: QueueRef, from thread: SimThread?) {
        record(thread, .dispatchAsync(queue: name(queueName(queueRef)),
                                      block: heap.object(block).map { labelName($0) } ?? name("")))
        enqueue(.block(block), on: queueRef)
    }

    /// Puts a work item on a queue and makes sure a thread will run it.
    func enqueue(_ item: WorkItem, on queueRef: QueueRef) {
        switch queueRef {
        case .main:
            mainQueue.append(item)
            signalMainQueuePort()
        case .global:
            submitToPool(item)
        case .serial(let index):
            serialQueues[index].items.append(item)
            if !serialQueues[index].isScheduled {
                serialQueues[index].isScheduled = true
                submitToPool(.serialDrain(index))
            }
        }
    }

    /// The frame that runs one work item on the current thread.
    func workFrame(_ item: WorkItem, edge: String) -> Frame {
        switch item {
        case .block(let block): blockFrame(block, edge: edge)
        case .sourceHandler(let source): SourceHandlerFrame(source: source)
        case .serialDrain(let index): SerialDrainFrame(queue: index)
        case .blockThenSignal(let block, let semaphore):
            BlockThenFrame(block: block, edge: "notification block") { kernel, thread in
                if let s = kernel.heap.object(semaphore) { kernel.semaphoreSignal(s, from: thread) }
                kernel.release(semaphore, on: thread)
            }
        case .operation(let queue, let operation): operationFrame(queue: queue, operation: operation)
        case .sourceCancel(let source): sourceCancelFrame(source)
        }
    }

    func queueName(_ q: QueueRef) -> String {
        switch q {
        case .main: "main"
        case .global: "global"
        case .serial(let i): serialQueues[i].name
        }
    }

    /// The main queue's port gets a message (collapsing); the main thread wakes if it waits on it.
    func signalMainQueuePort() {
        mainQueuePort.post(&portArrivals)
        wakeIfWaiting(runLoops[0], on: .mainQueue)
    }

    /// Hands work to the GCD pool: an idle pool thread is reused, else a new one starts (up to the limit).
    private func submitToPool(_ item: WorkItem) {
        globalQueue.append(item)
        if !idleWorkers.isEmpty {
            let id = idleWorkers.removeFirst()
            threads[id].state = .runnable
            scheduleResume(threads[id])
        } else if threads.filter({ $0.kind == .poolWorker }).count < Self.poolLimit {
            let worker = makeThread(name: "worker-\(threads.filter { $0.kind == .poolWorker }.count + 1)", kind: .poolWorker)
            worker.frames = [PoolWorkerFrame()]
            scheduleResume(worker)
        }
    }

    /// `+[NSThread detachNewThreadWithBlock:]`: the thread object retains the block until the thread exits.
    func detachThread(name: String, block: ObjectID) {
        let thread = makeThread(name: name, kind: .thread)
        thread.threadBlock = block
        retain(block)
        thread.frames = [blockFrame(block, edge: "thread entry block")]
        scheduleResume(thread)
    }
}

/// The base frame of a GCD pool thread: take the next work item, run it inside an autorelease pool, go idle
/// when there is none.
final class PoolWorkerFrame: Frame {
    var ranItem = false

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if ranItem {
            ranItem = false
            kernel.drainAutoreleasePool(of: thread, reason: "end of work item")
            if !thread.pendingDeallocs.isEmpty { return .next }
        }
        guard let item = kernel.globalQueue.popFirst() else {
            thread.state = .idle
            kernel.idleWorkers.append(thread.id)
            kernel.idleWorkers.sort()
            kernel.record(thread, .threadIdle)
            return .yield
        }
        ranItem = true
        return .push(kernel.workFrame(item, edge: "dispatch block"))
    }
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
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
            if let block, kernel.heap.object(block) != nil { return .push(kernel.blockFrame(block, edge: edge)) }
        }
        then(kernel, thread)
        return .pop(.null)
    }

    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
}

/// Runs a serial queue's blocks one after another on one pool thread.
final class SerialDrainFrame: Frame {
    let queue: Int
    init(queue: Int) { self.queue = queue }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let item = kernel.serialQueues[queue].items.popFirst() else {
            kernel.serialQueues[queue].isScheduled = false
            return .pop(.null)
        }
        return .push(kernel.workFrame(item, edge: "\(kernel.serialQueues[queue].name) block"))
    }
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
}
