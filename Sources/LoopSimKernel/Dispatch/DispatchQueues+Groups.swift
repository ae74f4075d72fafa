/// Dispatch groups (libdispatch `semaphore.c`, where groups live beside semaphores): a count of enters not yet
/// left, the threads in `dispatch_group_wait`, and the `dispatch_group_notify` blocks queued when the count
/// comes back to zero. A group's count and waiters are its object's ``HeapObject/semaphore`` with `isGroup` set;
/// an entered group's notify blocks are its ``ActiveGroup`` here.
///
/// While entered, a group holds a reference on itself (`dispatch_group_enter`: `_dispatch_retain(dg)` when the
/// count leaves zero, released by the leave that brings it back), so an entered group outlives its creator's
/// references. That hold is a count, not a reference: the leak analysis roots no group. A group is reached through
/// what can still leave it — the app's references, a thread's frame, a queued `dispatch_group_async` item, a block
/// or timer that captured its owner — and reaches its notify blocks; one nothing reaches can never be left, and it,
/// its notify blocks and what they capture are leaked (a `guard … else { return }` that skips `leave()`).
extension DispatchQueues {
    /// `dispatch_group_enter`.
    func groupEnter(_ g: HeapObject, on thread: SimThread) {
        if g.semaphore!.value == 0 {
            objects.retain(g.id)
            activeGroups.append(ActiveGroup(id: g.id, name: "group " + g.displayName))
        }
        g.semaphore!.value += 1
    }

    /// `dispatch_group_leave`: an unbalanced leave crashes (semaphore.c: "Unbalanced call to
    /// dispatch_group_leave()"); the leave that brings the count to zero wakes every waiter and queues the
    /// notify blocks in the order they were added.
    func groupLeave(_ g: HeapObject, on thread: SimThread) {
        guard g.semaphore!.value > 0 else {
            halt.appCrashed("BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_group_leave()", on: thread)
            return
        }
        g.semaphore!.value -= 1
        guard g.semaphore!.value == 0 else { return }
        let waiters = g.semaphore!.waiters
        g.semaphore!.waiters = []
        let index = activeGroups.firstIndex { $0.id == g.id }!
        let notify = activeGroups.remove(at: index).notify
        for waiter in waiters { endSemaphoreWait(threads[waiter], result: 0) }
        for item in notify { async(item.block, to: item.queue, from: thread) }
        objects.release(g.id, on: thread)
    }

    /// `dispatch_group_async`: enter, queue the block, leave once it has run on the queue's thread.
    func groupAsync(_ g: HeapObject, block: ObjectID, to queue: QueueRef, from thread: SimThread) {
        groupEnter(g, on: thread)
        recorder.record(
            thread,
            .dispatchAsync(
                queue: recorder.name(name(of: queue)),
                block: blockName(block)))
        enqueue(.groupBlock(block, group: g.id), on: queue)
    }

    /// `dispatch_group_notify`: the block (+1) is queued now if the group is empty, else when it empties.
    func groupNotify(_ g: HeapObject, block: ObjectID, to queue: QueueRef, from thread: SimThread) {
        if g.semaphore!.value == 0 {
            async(block, to: queue, from: thread)
        } else {
            let index = activeGroups.firstIndex { $0.id == g.id }!
            activeGroups[index].notify.append((block: block, queue: queue))
        }
    }

    /// `dispatch_group_wait`: returns 0 at once for an empty group, else blocks the thread (for ever, or until
    /// `timeout`, when it returns non-zero: modelled as 1).
    func groupWait(_ g: HeapObject, timeout: SimDuration?, on thread: SimThread) -> FrameAction {
        if g.semaphore!.value == 0 {
            thread.returnValue = .int(0)
            return .next
        }
        if timeout == .zero {  // DISPATCH_TIME_NOW: a poll
            thread.returnValue = .int(1)
            return .next
        }
        return block(thread, on: g, timeout: timeout)
    }
}

/// A group entered and not yet left to zero: it holds a +1 on itself, and its notify blocks (+1 each) wait in it.
struct ActiveGroup {
    var id: ObjectID
    /// How the leak analysis names what it holds (`queue group NAME`).
    var name: String
    var notify: [(block: ObjectID, queue: QueueRef)] = []
}
