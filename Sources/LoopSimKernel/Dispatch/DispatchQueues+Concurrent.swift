/// Concurrent queues from `queues:` (`DISPATCH_QUEUE_CONCURRENT`) and their barriers.
///
/// A concurrent queue starts its blocks in FIFO order on pool threads, at most `width` at once. A barrier
/// (`dispatch_barrier_async`) waits until the blocks started before it have returned, then runs alone; the
/// blocks after it wait until it returns (Apple, "dispatch_barrier_async": "When the barrier block reaches the
/// front of a private concurrent queue, it is not executed immediately. Instead, the queue waits until its
/// currently executing blocks finish executing. At that point, the barrier block executes by itself. Any blocks
/// submitted after the barrier block are not executed until the barrier block completes."). On a serial queue or
/// `global` a barrier is a plain `dispatch_async` (the same page). A `dispatch_sync` onto a concurrent queue runs
/// on the caller as soon as the queue would start it (it takes one of the width's places meanwhile), and is never
/// a self-deadlock: only a barrier excludes other blocks.
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
}

/// Runs a work item's frame, then one follow-up on the same thread (a concurrent queue's bookkeeping).
final class ThenFrame: Frame {
    let inner: Frame
    let then: (Kernel, SimThread) -> Void
    var ran = false

    init(inner: Frame, then: @escaping (Kernel, SimThread) -> Void) {
        self.inner = inner
        self.then = then
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !ran {
            ran = true
            return .push(inner)
        }
        then(kernel, thread)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
