/// Concurrent queues from `queues:` (`DISPATCH_QUEUE_CONCURRENT`) and their barriers.
///
/// A concurrent queue starts its blocks in FIFO order on pool threads, at most `width` at once. A barrier
/// (`dispatch_barrier_async`) waits until the blocks started before it have returned, then runs alone; the
/// blocks after it wait until it returns (Apple, "dispatch_barrier_async": "When the barrier block reaches the
/// front of a private concurrent queue, it is not executed immediately. Instead, the queue waits until its
/// currently executing blocks finish executing. At that point, the barrier block executes by itself. Any blocks
/// submitted after the barrier block are not executed until the barrier block completes."). On a serial queue or
/// `global` a barrier is a plain `dispatch_async` (the same page). A `dispatch_sync` onto a concurrent queue runs
/// on the caller as soon as the queue would start it (it takes one of the width's places meanwhile): a reader holds
/// no lock (queue.c `_dispatch_queue_try_reserve_sync_width` only reserves width), so a `dispatch_sync` nested in
/// a reader goes on. A `dispatch_barrier_sync` runs on the caller once the blocks before it have returned, alone
/// (`_dispatch_barrier_sync_f_inline` takes the barrier only on an idle queue, else `_dispatch_sync_f_slow` queues
/// a barrier waiter): nested in a reader of the same queue it waits for itself for ever, with no crash, as the
/// "already owned" check (`__DISPATCH_WAIT_FOR_QUEUE__`, `_dq_state_drain_locked_by`) sees only the drain lock,
/// which a barrier takes and a reader does not.
extension DispatchQueues {
    /// `dispatch_barrier_async`: the block (+1) waits for the running blocks, then runs alone.
    func barrierAsync(_ block: ObjectID, to queue: QueueRef, from thread: SimThread) {
        guard case .serial(let index) = queue, serial[index].width > 1 else {
            async(block, to: queue, from: thread)
            return
        }
        recorder.record(
            thread,
            .dispatchAsync(
                queue: recorder.name(name(of: queue)),
                block: blockName(block)))
        serial[index].items.append(.barrier(block))
        pumpConcurrent(index)
    }

    /// Starts what concurrent queue `index` may start now: items in order, up to its width, a barrier only when
    /// nothing runs, nothing while a barrier runs.
    func pumpConcurrent(_ index: Int) {
        while let first = serial[index].items.first, !serial[index].barrierRunning {
            switch first {
            case .barrier(let block):
                guard serial[index].running == 0 else { return }
                serial[index].items.removeFirst()
                serial[index].barrierRunning = true
                submitToPool(.concurrentItem(queue: index, item: .block(block), isBarrier: true))
            case .syncWaiter(let waiter):
                guard serial[index].running < serial[index].width else { return }
                serial[index].items.removeFirst()
                serial[index].running += 1
                endSyncWait(threads[waiter])
            case .barrierSyncWaiter(let waiter):
                guard serial[index].running == 0 else { return }
                serial[index].items.removeFirst()
                serial[index].barrierRunning = true
                serial[index].barrierSyncOwner = waiter
                endSyncWait(threads[waiter])
            default:
                guard serial[index].running < serial[index].width else { return }
                serial[index].items.removeFirst()
                serial[index].running += 1
                submitToPool(.concurrentItem(queue: index, item: first, isBarrier: false))
            }
        }
    }

    /// A block (or barrier) of concurrent queue `index` returned.
    func concurrentItemEnded(_ index: Int, isBarrier: Bool) {
        if isBarrier {
            serial[index].barrierRunning = false
        } else {
            serial[index].running -= 1
        }
        pumpConcurrent(index)
    }

    /// `dispatch_sync` onto concurrent queue `index`: true when the caller runs at once (nothing waits before it,
    /// no barrier runs, the width has room); else it waits in the queue as a ``WorkItem/syncWaiter(_:)``.
    func beginConcurrentSync(_ index: Int, on thread: SimThread) -> Bool {
        if serial[index].items.isEmpty && !serial[index].barrierRunning && serial[index].running < serial[index].width {
            serial[index].running += 1
            return true
        }
        serial[index].items.append(.syncWaiter(thread.id))
        return false
    }

    /// `dispatch_barrier_sync` onto concurrent queue `index`: true when the caller runs at once (the queue is idle:
    /// queue.c `_dispatch_queue_try_acquire_barrier_sync`); else it waits in the queue as a
    /// ``WorkItem/barrierSyncWaiter(_:)``, for ever when the caller itself runs one of the queue's blocks.
    func beginConcurrentBarrierSync(_ index: Int, on thread: SimThread) -> Bool {
        if serial[index].items.isEmpty && !serial[index].barrierRunning && serial[index].running == 0 {
            serial[index].barrierRunning = true
            serial[index].barrierSyncOwner = thread.id
            return true
        }
        serial[index].items.append(.barrierSyncWaiter(thread.id))
        return false
    }

    /// The thread running a barrier of concurrent queue `index` (a `dispatch_barrier_sync` caller, or the pool thread
    /// running a `dispatch_barrier_async` block): it holds the queue's drain lock. Nil when no barrier runs.
    func barrierHolder(of index: Int) -> Int? {
        guard serial[index].barrierRunning else { return nil }
        if let owner = serial[index].barrierSyncOwner { return owner }
        return threads.all.first { t in
            t.frames.contains { ($0 as? ConcurrentItemFrame).map { $0.queue == index && $0.isBarrier } ?? false }
        }?.id
    }

    /// Whether `thread` is running a non-barrier block of concurrent queue `index` (a `dispatch_async` block, or the
    /// block of its own `dispatch_sync`).
    func isReader(_ thread: SimThread, of index: Int) -> Bool {
        thread.frames.contains { frame in
            if let item = frame as? ConcurrentItemFrame { return item.queue == index && !item.isBarrier }
            if let sync = frame as? DispatchSyncFrame { return sync.queue == .serial(index) && sync.isRunningReader }
            return false
        }
    }
}

/// Runs an item a concurrent queue started on the pool, then lets the queue start more.
final class ConcurrentItemFrame: Frame {
    let queue: Int
    let isBarrier: Bool
    let inner: Frame
    var ran = false

    init(queue: Int, isBarrier: Bool, inner: Frame) {
        self.queue = queue
        self.isBarrier = isBarrier
        self.inner = inner
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !ran {
            ran = true
            return .push(inner)
        }
        kernel.dispatch.concurrentItemEnded(queue, isBarrier: isBarrier)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
