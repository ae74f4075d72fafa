/// `dispatch_semaphore_wait` and `dispatch_semaphore_signal`, with the queues.
///
/// A semaphore's state (its value and waiting threads) is its object's ``HeapObject/semaphore``, freed with it, so
/// a part of their own would own nothing; and a semaphore is how GCD makes a thread wait for a queue's work: a
/// block queued with ``WorkItem/blockThenSignal(_:semaphore:)`` signals the poster's semaphore once it has run
/// (corelibs' notification post). So the operations live with ``DispatchQueues``, as libdispatch's
/// `semaphore.c` sits beside `queue.c`.
extension DispatchQueues {
    /// A semaphore the system makes (value 0, internal: never a finding, not counted as the app's) for a thread to
    /// block on until the work it waits for signals it: a queue that finishes, an operation, a performed selector,
    /// a queued notification block. The caller owns the +1.
    func internalSemaphore(className: String, label: String? = nil, on thread: SimThread) -> HeapObject {
        let s = objects.allocate(
            kind: .semaphore, className: className, label: label, slotNames: [],
            slotStrengths: [], slots: [], isDeclaredRoot: false, isInternal: true,
            at: recorder.now, on: thread.name)
        s.semaphore = SemaphoreState(value: 0)
        return s
    }

    /// `dispatch_semaphore_wait`: take a unit, or block (for ever, or until `timeout`).
    /// Stores 0 (taken) or 1 (timed out) into `result` when the wait ends.
    func semaphoreWait(_ o: HeapObject, timeout: SimDuration?, on thread: SimThread) -> FrameAction {
        if o.semaphore!.value > 0 {
            o.semaphore!.value -= 1
            thread.returnValue = .int(0)
            return .next
        }
        return block(thread, on: o, timeout: timeout)
    }

    /// Blocks `thread` on `o`'s semaphore (a semaphore's, or a group's) until a signal or `timeout`: the thread holds
    /// `o` while it waits, and the wait is traced with its deadline.
    func block(_ thread: SimThread, on o: HeapObject, timeout: SimDuration?) -> FrameAction {
        o.semaphore!.waiters.append(thread.id)
        threads.block(thread, on: o.id)
        objects.retain(o.id)  // the waiting thread holds the semaphore (or group)
        recorder.record(
            thread,
            .semaphoreWait(
                semaphore: recorder.name(o),
                timeout: timeout.map { recorder.now + $0 } ?? .never))
        if let timeout { threads.armWaitTimeout(thread, after: timeout) }
        return .yield
    }

    /// `dispatch_semaphore_signal`: wake the first waiter, or add a unit.
    func semaphoreSignal(_ o: HeapObject, from thread: SimThread) {
        recorder.record(thread, .semaphoreSignal(semaphore: recorder.name(o)))
        if o.semaphore!.waiters.isEmpty {
            guard o.semaphore!.value < Int.max else {
                // libdispatch's semaphore.c: the value wraps to LONG_MIN and dispatch_semaphore_signal crashes
                halt.appCrashed(
                    "BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_semaphore_signal() "
                        + "(the semaphore's value passed LONG_MAX)", on: thread)
                return
            }
            o.semaphore!.value += 1
            return
        }
        let waiter = threads[o.semaphore!.waiters.removeFirst()]
        endSemaphoreWait(waiter, result: 0)
    }

    /// The timeout of a thread's `dispatch_semaphore_wait` came before a signal: the wait returns non-zero.
    func semaphoreTimedOut(_ threadID: Int) {
        let thread = threads[threadID]
        threads.waitTimeoutFired(thread)
        guard let id = thread.blockedOn, let o = objects.heap.object(id) else { return }
        o.semaphore!.waiters.removeAll { $0 == threadID }
        recorder.record(thread, .semaphoreTimeout(semaphore: recorder.name(o)))
        endSemaphoreWait(thread, result: 1)
    }

    /// The thread's wait ends with `result`: it lets the semaphore go and runs again.
    func endSemaphoreWait(_ thread: SimThread, result: Int) {
        let semaphore = threads.unblock(thread)
        thread.returnValue = .int(result)
        if let semaphore { objects.release(semaphore, on: thread) }
        threads.scheduleResume(thread)
    }
}
