/// Delivers one post to its snapshot of registrations, one after another, on the posting thread.
///
/// It keeps the post's `NSNotification`, when the post made one, until its last synchronous delivery has returned;
/// a delivery queued on another queue gets it in a bound block (``HeapObject/Kind/boundBlock``), which keeps it
/// until that delivery ran: `{ block(notification) }`, as Foundation queues it (swift-corelibs-foundation
/// `NSNotification.swift`, `queue.addOperation { block(notification) }`).
final class PostFrame: Frame {
    let name: String
    let registrations: [NotificationRegistration]
    /// The retained block of each block registration (nil for selector ones).
    var blocks: [ObjectID?]
    /// The post's notification (a +1 the frame owns), nil when the post made none or once it is released.
    var notification: ObjectID?
    var index = 0

    init(name: String, registrations: [NotificationRegistration], blocks: [ObjectID?], notification: ObjectID?) {
        self.name = name
        self.registrations = registrations
        self.blocks = blocks
        self.notification = notification
    }

    /// What a delivery passes to an observer's parameter: the notification, when the post made one.
    private var arguments: [Value] { notification.map { [.object($0)] } ?? [] }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        while index < registrations.count {
            let r = registrations[index]
            let block = blocks[index]
            blocks[index] = nil
            index += 1
            switch r.kind {
            case .block(_, _, let queue):
                guard let block else { continue }
                kernel.record(
                    thread,
                    .notificationDeliver(
                        name: kernel.name(name),
                        to: kernel.labelName(kernel.heap.object(block)!)))
                if let operationQueue = r.operationQueue {
                    // An NSOperationQueue: the block becomes an operation on it (`addOperationWithBlock:`). corelibs
                    // runs it at once when the queue is the poster's current queue, else adds it and waits
                    // (`waitUntilAllOperationsAreFinished`; SCF-HEAD NSNotification.swift addObserver(forName:…));
                    // Darwin adds it without waiting (modelled so, as for dispatch queues; UNCONFIRMED).
                    let waits = kernel.profile.notificationPosterWaits
                    if waits && kernel.operations.isCurrent(operationQueue, on: thread) {
                        return .push(
                            kernel.interpreter.blockFrame(
                                block, edge: "notification block",
                                arguments: arguments))
                    }
                    kernel.operations.add(
                        queued(block, on: thread, kernel), to: operationQueue, dependsOnLast: false,
                        from: thread)
                    if waits, let action = kernel.operations.waitUntilAllFinished(operationQueue, on: thread) {
                        return action
                    }
                    continue
                }
                // corelibs runs the block at once when its queue is the poster's own (the main queue on the main
                // thread); Darwin queues it either way (modelled so; UNCONFIRMED).
                let onOwnQueue = kernel.profile.notificationPosterWaits && queue == .main && thread.isMain
                if let queue, !onOwnQueue {
                    guard kernel.profile.notificationPosterWaits else {
                        kernel.dispatch.async(queued(block, on: thread, kernel), to: queue, from: thread)
                        continue
                    }
                    // corelibs: the poster waits until the block has run on its queue (SCF-HEAD post).
                    let s = kernel.dispatch.internalSemaphore(className: "dispatch_semaphore", on: thread)
                    kernel.retain(s.id)
                    kernel.dispatch.enqueue(
                        .blockThenSignal(queued(block, on: thread, kernel), semaphore: s.id),
                        on: queue)
                    let action = kernel.dispatch.semaphoreWait(s, timeout: nil, on: thread)
                    kernel.release(s.id, on: thread)
                    return action
                }
                return .push(kernel.interpreter.blockFrame(block, edge: "notification block", arguments: arguments))
            case .selector(let observer, let classIndex, let method):
                switch kernel.profile.selectorObserverRef {
                case .weak:
                    guard kernel.heap.isAlive(observer), let o = kernel.heap.object(observer) else {
                        // a zeroing-weak observer that is gone: skipped and unregistered (Foundation RN 10.11)
                        kernel.notifications.unregister(r.id)
                        kernel.record(thread, .notificationSkipDead(name: kernel.name(name)))
                        continue
                    }
                    kernel.record(thread, .notificationDeliver(name: kernel.name(name), to: kernel.name(o)))
                    return .push(
                        kernel.interpreter.methodFrame(
                            o, classIndex: classIndex, method: method,
                            arguments: arguments))
                case .unretained, .none:
                    guard let o = kernel.heap.object(observer) else {
                        let freed = kernel.objects.describeFreed(observer)
                        kernel.appCrashed(
                            "message sent to deallocated instance \(freed): "
                                + "the notification center still held it as an unretained observer for '\(name)' "
                                + "(remove observers in dealloc before iOS 9)",
                            on: thread)
                        return .next
                    }
                    kernel.record(thread, .notificationDeliver(name: kernel.name(name), to: kernel.name(o)))
                    return .push(
                        kernel.interpreter.methodFrame(
                            o, classIndex: classIndex, method: method,
                            arguments: arguments))
                }
            }
        }
        if let notification {
            self.notification = nil
            kernel.release(notification, on: thread)
        }
        return .pop(.null)
    }

    /// What a queued delivery hands to its queue for `block` (whose +1 it takes over): the block itself, or, when the
    /// post made a notification, a bound block holding the block and the notification (+1 for the queue).
    private func queued(_ block: ObjectID, on thread: SimThread, _ kernel: Kernel) -> ObjectID {
        guard let notification else { return block }
        kernel.retain(notification)
        return kernel.objects.allocate(
            kind: .boundBlock, className: "block", label: "delivery of \(name)",
            slotNames: ["block", "notification"], slotStrengths: [.strong, .strong],
            slots: [.object(block), .object(notification)], isDeclaredRoot: false,
            isInternal: true, at: kernel.now, on: thread.name
        ).id
    }

    func heldObjects() -> [(String, ObjectID)] {
        blocks[index...].compactMap { $0 }.map { ("notification block", $0) }
            + (notification.map { [("notification", $0)] } ?? [])
    }
}
