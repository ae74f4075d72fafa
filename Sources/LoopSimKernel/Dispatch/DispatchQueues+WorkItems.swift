/// `DispatchWorkItem` (libdispatch's dispatch block objects, `dispatch_block_create`; src/block.cpp and the
/// `_dispatch_block_*` functions of src/queue.c in swift-corelibs-libdispatch at 024805a).
///
/// A work item is an object (`DispatchWorkItem`) holding its block (slot `block`, strong, for its whole life: the
/// dispatch block's private data releases it only in its destructor, block.cpp line 99) and a dispatch group
/// (slot `group`) that `dispatch_block_create` enters once. The first execution leaves the group
/// (`_dispatch_block_invoke_direct`, `_dispatch_block_async_invoke2`: `if (++dbpd_performed == 1)
/// dispatch_group_leave`), so `wait()` is `dispatch_group_wait` and `notify(queue:execute:)` is
/// `dispatch_group_notify` on it. An execution of a cancelled item skips the block but still counts ("Submission to
/// a dispatch queue counts as an execution, even if cancellation means the block's code never runs", block.h
/// `dispatch_block_notify`); an item freed without ever running leaves its group then (block.cpp line 93), so its
/// notify blocks run and its waiters return. A queue holds a submitted item (+1) until it has run.
extension DispatchQueues {
    /// `DispatchWorkItem(block:)`: a new item (+1, the caller's) holding `block` (+1 taken).
    func makeWorkItem(block: ObjectID, label: String?, on thread: SimThread) -> ObjectID {
        let group = objects.allocate(
            kind: .semaphore, className: "dispatch_group", label: "group of " + (label ?? "a work item"),
            slotNames: [], slotStrengths: [], slots: [], isDeclaredRoot: false, isInternal: true,
            at: recorder.now, on: thread.name)
        group.semaphore = SemaphoreState(value: 0, isGroup: true)
        groupEnter(group, on: thread)
        let item = objects.allocate(
            kind: .workItem, className: "DispatchWorkItem", label: label,
            slotNames: ["block", "group"], slotStrengths: [.strong, .strong],
            slots: [.object(block), .object(group.id)], isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(item), className: recorder.name("DispatchWorkItem")))
        workItems[item.id] = WorkItemState(group: group.id)
        return item.id
    }

    /// Whether `object` is a work item; nil when it is not one, else whether it was cancelled
    /// (`dispatch_block_testcancel`).
    func workItemIsCancelled(_ object: HeapObject) -> Bool? { workItems[object.id]?.isCancelled }

    /// `item.cancel()` (`dispatch_block_cancel`): later executions return at once; one in progress goes on.
    func cancelWorkItem(_ item: HeapObject) { workItems[item.id]?.isCancelled = true }

    /// `queue.async(execute: item)`: the queue holds the item (+1 taken here) until a thread runs it.
    func asyncWorkItem(_ item: HeapObject, to queueRef: QueueRef, from thread: SimThread) {
        objects.retain(item.id)
        enqueueWorkItem(item.id, to: queueRef, from: thread)
    }

    /// Queues `item`, whose +1 the queue takes over, as `dispatch_async` queues a block.
    func enqueueWorkItem(_ item: ObjectID, to queueRef: QueueRef, from thread: SimThread?) {
        guard let o = objects.heap.object(item) else { return }
        recorder.record(thread, .dispatchAsync(queue: recorder.name(name(of: queueRef)), block: recorder.labelName(o)))
        enqueue(.workItem(item), on: queueRef)
    }

    /// `queue.asyncAfter(deadline: .now() + delay, execute: item)`: Swift's overlay calls `dispatch_after(deadline,
    /// queue, item._block)` (swift-corelibs-libdispatch src/swift/Queue.swift, `asyncAfter(deadline:execute:)`
    /// with a `DispatchWorkItem`), and `_dispatch_after` copies the block (`_dispatch_continuation_init` with
    /// `DC_FLAG_CONSUME`), a dispatch block whose private data makes its invocation `_dispatch_block_async_invoke2`
    /// (queue.c `_dispatch_continuation_init_slow`): at the deadline the item is queued as `async(execute:)` queues
    /// it — a cancelled one skips its block, and the execution counts. The item is held (+1) from the call until it
    /// has run; cancelling it does not take it back before the deadline (`dispatch_block_cancel` only marks it).
    func asyncAfterWorkItem(_ item: HeapObject, delay: SimDuration, to queueRef: QueueRef, from thread: SimThread) {
        objects.retain(item.id)
        after(item.id, delay: delay, to: queueRef, from: thread, isWorkItem: true)
    }

    /// `item.notify(queue:execute:)` (`dispatch_block_notify`): `block` (+1 taken) is queued on `queueRef` once the
    /// item has executed, at once if it has.
    func notifyWorkItem(_ item: HeapObject, block: ObjectID, to queueRef: QueueRef, from thread: SimThread) {
        guard case .object(let g) = item[slot: 1], let group = objects.heap.object(g) else { return }
        groupNotify(group, block: block, to: queueRef, from: thread)
    }

    /// `item.wait()` / `item.wait(timeout:)` (`dispatch_block_wait`): returns 0 at once when the item has executed,
    /// else blocks until it has (1 on a timeout). Waiting twice is libdispatch's client crash ("A block object may
    /// not be waited for more than once", queue.c `dispatch_block_wait`); a wait that timed out does not count.
    func waitWorkItem(_ item: HeapObject, timeout: SimDuration?, on thread: SimThread) -> FrameAction {
        guard var state = workItems[item.id], case .object(let g) = item[slot: 1], let group = objects.heap.object(g)
        else { return .next }
        if state.isWaited {
            halt.appCrashed(
                "BUG IN CLIENT OF LIBDISPATCH: A block object may not be waited for more than once", on: thread)
            return .next
        }
        // A wait that ends in success sets DBF_WAITED; modelled at the call for a wait that cannot time out.
        if timeout == nil || state.performed > 0 { state.isWaited = true }
        workItems[item.id] = state
        return groupWait(group, timeout: timeout, on: thread)
    }

    /// One execution of `item` is about to begin on `thread`: the block to run (+1 for the run), nil when the item was
    /// cancelled. Running an item that was waited for crashes ("A block object may not be both run more than once
    /// and waited for").
    func beginWorkItem(_ item: ObjectID, on thread: SimThread) -> ObjectID? {
        guard let state = workItems[item], let o = objects.heap.object(item) else { return nil }
        if state.isWaited && state.performed > 0 {
            halt.appCrashed(
                "BUG IN CLIENT OF LIBDISPATCH: A block object may not be both run more than once and waited for",
                on: thread)
            return nil
        }
        guard !state.isCancelled, case .object(let block) = o[slot: 0] else { return nil }
        objects.retain(block)
        return block
    }

    /// An execution of `item` ended: the first one leaves the item's group (its waiters return, its notify blocks
    /// are queued).
    func endWorkItem(_ item: ObjectID, on thread: SimThread) {
        guard workItems[item] != nil else { return }
        workItems[item]!.performed += 1
        guard workItems[item]!.performed == 1, let o = objects.heap.object(item), case .object(let g) = o[slot: 1],
            let group = objects.heap.object(g)
        else { return }
        groupLeave(group, on: thread)
    }

    /// The item was freed: one that never executed leaves its group (block.cpp line 93).
    func workItemFreed(_ item: HeapObject, on thread: SimThread) {
        // The slot is let go of with the item's other references; the group lives on while entered (its own +1).
        guard let state = workItems.removeValue(forKey: item.id) else { return }
        if state.performed == 0, let group = objects.heap.object(state.group) {
            groupLeave(group, on: thread)
        }
    }
}

/// What libdispatch keeps in a dispatch block's private data beside the block: `DBF_CANCELED`, `dbpd_performed`,
/// `DBF_WAITED`.
struct WorkItemState {
    /// The item's dispatch group (also its `group` slot), entered once at creation.
    var group: ObjectID
    var isCancelled = false
    /// Executions so far (a cancelled one counts).
    var performed = 0
    /// A wait for it succeeded, or is under way with no timeout.
    var isWaited = false
}

/// Runs one execution of a work item on the thread that took it: the block unless the item was cancelled, then
/// the item's bookkeeping; a queue's execution then lets go of the queue's reference to the item.
final class WorkItemFrame: Frame {
    let item: ObjectID
    /// Queued with `async(execute:)` (the queue's +1 is released at the end), or run by `perform()`.
    let isQueued: Bool
    var ran = false

    init(item: ObjectID, isQueued: Bool) {
        self.item = item
        self.isQueued = isQueued
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !ran {
            ran = true
            if let block = kernel.dispatch.beginWorkItem(item, on: thread) {
                return .push(kernel.interpreter.blockFrame(block, edge: "work item"))
            }
            if kernel.crash != nil { return .pop(.null) }
        }
        kernel.dispatch.endWorkItem(item, on: thread)
        if isQueued { kernel.release(item, on: thread) }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { isQueued ? [("work item", item)] : [] }
}
