extension Kernel {
    /// `dispatch_async`: the queue holds the block (+1 already taken by the caller) until a thread runs it.
    func dispatchAsync(_ block: ObjectID, to queueRef: QueueRef, from thread: SimThread) {
        record(thread, "dispatch.async", [("queue", .string(queueName(queueRef))),
                                          ("block", .string(heap.object(block)?.label ?? ""))])
        switch queueRef {
        case .main:
            mainQueue.append(block)
            signalMainQueuePort()
        case .global:
            submitToPool(.block(block))
        case .serial(let index):
            serialQueues[index].items.append(block)
            if !serialQueues[index].isScheduled {
                serialQueues[index].isScheduled = true
                submitToPool(.serialDrain(index))
            }
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
        if !mainQueuePortPending {
            portSequence += 1
            mainQueuePortPending = true
            mainQueuePortSequence = portSequence
        }
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

/// The base frame of a GCD pool thread: take the next work item, run it, go idle when there is none.
final class PoolWorkerFrame: Frame {
    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let item = kernel.globalQueue.popFirst() else {
            thread.state = .idle
            kernel.idleWorkers.append(thread.id)
            kernel.idleWorkers.sort()
            kernel.record(thread, "thread.idle")
            return .yield
        }
        switch item {
        case .block(let block):
            return .push(kernel.blockFrame(block, edge: "dispatch block"))
        case .serialDrain(let index):
            return .push(SerialDrainFrame(queue: index))
        }
    }
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
}

/// Runs a serial queue's blocks one after another on one pool thread.
final class SerialDrainFrame: Frame {
    let queue: Int
    init(queue: Int) { self.queue = queue }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let block = kernel.serialQueues[queue].items.popFirst() else {
            kernel.serialQueues[queue].isScheduled = false
            return .pop(.null)
        }
        return .push(kernel.blockFrame(block, edge: "\(kernel.serialQueues[queue].name) block"))
    }
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
}
