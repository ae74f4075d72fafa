/// `dispatch_sync`: the caller waits until the queue is free and runs the block on its own thread (queue.c
/// `_dispatch_sync_f_slow`), except on the main queue, whose blocks run on the main thread (a thread-bound
/// queue: `__DISPATCH_WAIT_FOR_QUEUE__`, "Blocks submitted to the main thread MUST run on the main thread").
///
/// A `dispatch_sync` onto a queue the caller already holds — the serial queue whose block it is running, or the
/// main queue from the main thread, which libdispatch binds to it (`_dispatch_queue_set_bound_thread`) — waits
/// for itself. libdispatch-685 and later (iOS 10, current Linux) detect it and crash with "dispatch_sync called
/// on queue already owned by current thread"; older ones wait on a thread semaphore for ever (libdispatch-501's
/// `_dispatch_sync_f_slow`). The variant flag `dispatchOwnedLockCrashes` chooses.

/// What a thread blocked in `dispatch_sync` waits for.
struct SyncWait {
    /// The queue it waits for.
    var queue: QueueRef
    /// The thread that holds the queue (nil: nobody yet, the queue's earlier work has not reached the caller).
    var holder: Int?
    /// True when the holder is the waiting thread itself: a deadlock.
    var isSelfDeadlock: Bool
    /// A `dispatch_barrier_sync`.
    var isBarrier = false
}

/// A `dispatch_once` whose block is running: its thread, and the threads waiting for it to finish.
struct OnceRun {
    var thread: Int
    var waiters: [Int] = []
}

extension DispatchQueues {
    /// The thread that holds `queue` now: the main thread for the main queue; for a serial queue, a thread
    /// running one of its blocks or a `dispatch_sync` on it; nil for the global queue (concurrent, never held).
    func holder(of queue: QueueRef) -> Int? {
        switch queue {
        case .main: return 0
        case .global, .value: return nil  // a queue expression is evaluated by its step (StepContext.queue)
        case .serial(let i) where serial[i].width > 1:
            return barrierHolder(of: i)  // concurrent: only a barrier takes the drain lock
        case .serial(let i):
            if let owner = serial[i].syncOwner { return owner }
            for t in threads.all where t.kind == .poolWorker && t.state != .idle {
                if t.frames.contains(where: { ($0 as? SerialDrainFrame)?.queue == i }) { return t.id }
            }
            return nil
        }
    }

    /// Starts a `dispatch_sync` of `block` (+1, owned by `frame`) onto `queue` from `thread`.
    /// - Returns: true when the caller may run the block now; false when it waits (or the app crashed).
    func beginSync(_ frame: DispatchSyncFrame, on thread: SimThread) -> Bool {
        let queue = frame.queue
        if holder(of: queue) == thread.id {
            if profile.dispatchOwnedLockCrashes {
                halt.appCrashed(
                    "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by "
                        + "current thread (queue \(name(of: queue)))", on: thread)
                return false
            }
            block(thread, SyncWait(queue: queue, holder: thread.id, isSelfDeadlock: true))
            return false
        }
        switch queue {
        case .global:
            return true
        case .value:
            preconditionFailure("a queue expression is evaluated by its step (StepContext.queue)")
        case .main:
            // the block goes to the main queue; the main thread runs it and then wakes the caller
            frame.handedOver = true
            block(thread, SyncWait(queue: .main, holder: 0, isSelfDeadlock: false))
            enqueue(.syncOnMain(frame.block, waiter: thread.id), on: .main)
            return false
        case .serial(let i) where serial[i].width > 1 && frame.isBarrier:
            if beginConcurrentBarrierSync(i, on: thread) { return true }
            // a reader of the queue waiting for its barrier waits for itself (the queue never drains to it)
            let own = isReader(thread, of: i)
            block(thread, SyncWait(queue: queue, holder: own ? thread.id : nil, isSelfDeadlock: own, isBarrier: true))
            return false
        case .serial(let i) where serial[i].width > 1:
            if beginConcurrentSync(i, on: thread) { return true }
            block(thread, SyncWait(queue: queue, holder: nil, isSelfDeadlock: false))
            return false
        case .serial(let i):
            if !serial[i].isScheduled && serial[i].items.isEmpty {
                serial[i].isScheduled = true
                serial[i].syncOwner = thread.id
                return true
            }
            serial[i].items.append(.syncWaiter(thread.id))
            block(thread, SyncWait(queue: queue, holder: holder(of: queue), isSelfDeadlock: false))
            return false
        }
    }

    /// The drain of serial queue `index` reached a `dispatch_sync` caller: the queue is now the caller's.
    func handOffSerial(_ index: Int, to waiter: SimThread) {
        serial[index].syncOwner = waiter.id
        endSyncWait(waiter)
    }

    /// The caller's `dispatch_sync` block returned: it lets go of the queue, whose drain goes on if work waits.
    func endSync(_ queue: QueueRef, isBarrier: Bool = false, on thread: SimThread) {
        if case .serial(let i) = queue, serial[i].width > 1 {
            if isBarrier { serial[i].barrierSyncOwner = nil }
            concurrentItemEnded(i, isBarrier: isBarrier)
            return
        }
        guard case .serial(let i) = queue, serial[i].syncOwner == thread.id else { return }
        serial[i].syncOwner = nil
        if serial[i].items.isEmpty {
            serial[i].isScheduled = false
        } else {
            scheduleDrain(i)
        }
    }

    /// Blocks `thread` in `dispatch_sync` (state `blocked`, no timeout).
    private func block(_ thread: SimThread, _ wait: SyncWait) {
        syncWaits[thread.id] = wait
        threads.block(thread)
    }

    /// The queue is free for the waiting caller (or the main thread ran its block): it runs again.
    func endSyncWait(_ thread: SimThread) {
        syncWaits[thread.id] = nil
        _ = threads.unblock(thread)
        threads.scheduleResume(thread)
    }

    /// Why a thread blocked in `dispatch_sync`, `dispatch_once` or on a Foundation lock waits, following the chain
    /// of holders until it ends or comes back (a deadlock): "dispatch_sync onto q, held by worker-1 → worker-1 waits
    /// in dispatch_sync onto main, held by main → …", "waits for lock acc.a (NSLock a), held by worker-2 → …". Nil
    /// when the thread waits for none of them.
    func waitChain(of threadID: Int, _ k: Kernel) -> String? {
        guard
            syncWaits[threadID] != nil || onceWait(of: threadID) != nil
                || k.locks.lockWait(of: k.threads[threadID]).map({ !$0.forSignal }) == true
        else { return nil }
        var parts: [String] = []
        var seen: [Int] = []
        var current = threadID
        while true {
            seen.append(current)
            let name = k.threads[current].name
            var holder: Int?
            if let wait = syncWaits[current] {
                holder = wait.holder ?? self.holder(of: wait.queue)
                let queueName = wait.queue == .main ? "the main queue" : "queue \(self.name(of: wait.queue))"
                let by =
                    holder.map { $0 == current ? "held by \(name) itself" : "held by \(k.threads[$0].name)" }
                    ?? "waiting behind its earlier blocks"
                let call = wait.isBarrier ? "dispatch_barrier_sync" : "dispatch_sync"
                let held = wait.isBarrier && holder == current ? "behind \(name)'s own block on it" : by
                parts.append("\(name) waits in \(call) onto \(queueName), \(held)")
            } else if let run = onceWait(of: current) {
                holder = run.thread
                let by = run.thread == current ? "its own" : "\(k.threads[run.thread].name)'s"
                parts.append("\(name) waits in dispatch_once for \(by) dispatch_once of the same token")
            } else if let wait = k.locks.lockWait(of: k.threads[current]), !wait.forSignal {
                // A Foundation lock (Locks): its holder, or none for an NSConditionLock whose condition is not yet
                // the one it waits for.
                holder = wait.holder
                let lock = LeakAnalysis(kernel: k).lockName(of: wait.lock)
                let by =
                    wait.holder.map { $0 == current ? "held by \(name) itself" : "held by \(k.threads[$0].name)" }
                    ?? "free, its condition not the one it waits for"
                parts.append("\(name) waits for lock \(lock), \(by)")
            } else {
                let t = k.threads[current]
                let doing =
                    switch t.state {
                    case .blocked:
                        t.blockedOn.flatMap { k.heap.object($0) }
                            .map { "waits on \(LeakAnalysis(kernel: k).appName(of: $0))" } ?? "blocked"
                    case .sleeping: "sleeps in its run loop"
                    case .busy: "is busy"
                    case .exited: "has exited"
                    default: "runs"
                    }
                parts.append("\(name) \(doing)")
                break
            }
            guard let next = holder else { break }
            if seen.contains(next) {
                parts.append("deadlock: \(k.threads[next].name) waits for itself")
                break
            }
            current = next
        }
        return parts.joined(separator: " → ")
    }

    /// The `dispatch_once` run a thread waits for, if it waits in `dispatch_once`.
    private func onceWait(of threadID: Int) -> OnceRun? {
        for number in onceRuns.keys.sorted() where onceRuns[number]!.waiters.contains(threadID) {
            return onceRuns[number]
        }
        return nil
    }
}

/// A `dispatch_sync` (or `dispatch_barrier_sync`) in progress on the caller's thread: wait for the queue, run the
/// block, let the queue go.
final class DispatchSyncFrame: Frame {
    let queue: QueueRef
    /// The block, +1: the frame's until it runs it (the block frame then owns it) or hands it to the main queue.
    let block: ObjectID
    /// `dispatch_barrier_sync`: on a concurrent queue the block runs alone; elsewhere it is a `dispatch_sync`.
    let isBarrier: Bool
    var handedOver = false
    private var phase = Phase.start
    private enum Phase { case start, waiting, ran }

    init(queue: QueueRef, block: ObjectID, isBarrier: Bool = false) {
        self.queue = queue
        self.block = block
        self.isBarrier = isBarrier
    }

    /// The caller runs its block as one of the queue's readers (not a barrier).
    var isRunningReader: Bool { phase == .ran && !isBarrier }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        switch phase {
        case .start:
            if kernel.dispatch.beginSync(self, on: thread) { return runBlock(kernel) }
            if kernel.crash != nil {
                kernel.release(block, on: thread)
                handedOver = true
                return .pop(.null)
            }
            phase = .waiting
            return .yield
        case .waiting:
            // resumed: the main thread ran the block, or the serial queue is ours now
            if handedOver { return .pop(.null) }
            return runBlock(kernel)
        case .ran:
            kernel.dispatch.endSync(queue, isBarrier: isBarrier, on: thread)
            return .pop(.null)
        }
    }

    private func runBlock(_ kernel: Kernel) -> FrameAction {
        phase = .ran
        handedOver = true
        return .push(kernel.interpreter.blockFrame(block, edge: "dispatch_sync block"))
    }

    func heldObjects() -> [(String, ObjectID)] { handedOver ? [] : [("dispatch_sync block", block)] }
}
