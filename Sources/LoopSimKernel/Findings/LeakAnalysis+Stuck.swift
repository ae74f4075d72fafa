extension LeakAnalysis {
    /// Pending work whose only possible executor is stuck for ever, so that it never runs
    /// (docs/scenario-format.md §10.1, "Work that never runs"): the main queue while the main thread is parked (its
    /// blocks run only on the main thread: `_dispatch_main_queue_callback_4CF`, "Blocks submitted to the main
    /// thread MUST run on the main thread"); a serial queue whose holder — the thread draining it or in a
    /// `dispatch_sync` on it — is parked (a serial queue runs one block at a time: Apple, "Dispatch Queues"); an
    /// operation whose thread is parked, or whose work item waits on a stuck main queue; and an operation queue's
    /// operations not yet started, when its running operations fill its `maxConcurrentOperationCount` and are all
    /// stuck (Apple, `maxConcurrentOperationCount`: the queue starts no more than that many at once).
    struct StuckWork {
        /// The threads parked (or, inside ``threadWaits()``, not yet known to be woken), by id.
        var parked: Set<Int>
        var mainQueue: Bool
        /// Serial dispatch queues (by name) whose holder is parked.
        var serialQueues: Set<String>
        /// Operations (running or not yet started) that never run on, by heap slot.
        var operations: Set<UInt32>
        /// The queue and its executors behind which each operation waiting to start is stuck, by heap slot.
        var stuckOperationQueues: [UInt32: OperationQueueExecutors]

        /// Whether the work items of dispatch queue `queue` (as ``DispatchQueues/heldObjects()`` names it) never run.
        func queueNeverRuns(_ queue: String) -> Bool {
            queue == "main" ? mainQueue : serialQueues.contains(queue)
        }
    }

    /// The work stuck behind the threads in `parked` (``StuckWork``). Depends only on the threads' states and the
    /// queues, not on what the roots reach: ``threadWaits()`` applies it to the threads it has not (yet) seen woken.
    func stuckWork(parked: Set<Int>) -> StuckWork {
        guard !parked.isEmpty else {
            return StuckWork(parked: [], mainQueue: false, serialQueues: [], operations: [], stuckOperationQueues: [:])
        }
        let k = kernel
        let mainQueue = parked.contains(0)
        var serialQueues: Set<String> = []
        for (i, q) in k.dispatch.serial.enumerated() where q.width == 1 {
            if let holder = k.dispatch.holder(of: .serial(i)), parked.contains(holder) {
                serialQueues.insert(q.name)
            }
        }
        var operations: Set<UInt32> = []
        var behind: [UInt32: OperationQueueExecutors] = [:]
        for q in k.operations.executors() {
            var allStuck = true
            for (id, thread) in q.running {
                let stuck = thread.map { parked.contains($0) } ?? (q.isMain && mainQueue)
                if stuck { operations.insert(id.index) } else { allStuck = false }
            }
            guard q.running.count >= q.width, allStuck else { continue }
            for id in q.waiting {
                operations.insert(id.index)
                behind[id.index] = q
            }
        }
        return StuckWork(
            parked: parked, mainQueue: mainQueue, serialQueues: serialQueues, operations: operations,
            stuckOperationQueues: behind)
    }

    /// The stuck work at this instant, from the parked threads (computed once an analysis).
    var stuck: StuckWork {
        if let s = cache.stuck { return s }
        let s = stuckWork(parked: Set(threadWaitsWithIDs().parkedIDs))
        cache.stuck = s
        return s
    }

    /// Results the analysis computes once (the kernel does not change while an analysis reads it).
    final class Cache {
        var stuck: StuckWork?
        var waits: (parked: [ParkedThread], waiting: [WaitingThread], parkedIDs: [Int])?
    }
}
