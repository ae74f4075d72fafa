extension Kernel {
    /// `dispatch_semaphore_wait`: take a unit, or block (for ever, or until `timeout`).
    /// Stores 0 (taken) or 1 (timed out) into `result` when the wait ends.
    func semaphoreWait(_ o: HeapObject, timeout: SimDuration?, on thread: SimThread) -> FrameAction {
        if o.semaphore!.value > 0 {
            o.semaphore!.value -= 1
            thread.returnValue = .int(0)
            return .next
        }
        o.semaphore!.waiters.append(thread.id)
        thread.state = .blocked
        thread.blockedOn = o.id
        thread.blockedSince = now
        retain(o.id)  // the waiting thread holds the semaphore
        record(thread, .semaphoreWait(semaphore: name(o), timeout: timeout.map { now + $0 } ?? .never))
        if let timeout {
            thread.waitTimeoutEntry = queue.schedule(.semaphoreTimeout(thread: thread.id), at: now + timeout, phase: .kernelTimer)
        }
        return .yield
    }

    /// `dispatch_semaphore_signal`: wake the first waiter, or add a unit.
    func semaphoreSignal(_ o: HeapObject, from thread: SimThread) {
        record(thread, .semaphoreSignal(semaphore: name(o)))
        if o.semaphore!.waiters.isEmpty {
            o.semaphore!.value += 1
            return
        }
        let waiter = threads[o.semaphore!.waiters.removeFirst()]
        endSemaphoreWait(waiter, result: 0, releasingOn: thread)
    }

    func semaphoreTimedOut(_ threadID: Int) {
        let thread = threads[threadID]
        thread.waitTimeoutEntry = nil
        guard let id = thread.blockedOn, let o = heap.object(id) else { return }
        o.semaphore!.waiters.removeAll { $0 == threadID }
        record(thread, .semaphoreTimeout(semaphore: name(o)))
        endSemaphoreWait(thread, result: 1, releasingOn: thread)
    }

    private func endSemaphoreWait(_ thread: SimThread, result: Int, releasingOn releaser: SimThread) {
        if let entry = thread.waitTimeoutEntry { queue.cancel(entry) }
        thread.waitTimeoutEntry = nil
        let semaphore = thread.blockedOn
        thread.blockedOn = nil
        thread.blockedSince = nil
        thread.returnValue = .int(result)
        thread.state = .runnable
        if let semaphore { release(semaphore, on: thread) }
        threads.scheduleResume(thread, self)
    }
}
