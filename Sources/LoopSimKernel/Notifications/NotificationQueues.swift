/// `NotificationQueue` (`NSNotificationQueue`): the per-thread default queues and the queues the app makes, what each
/// holds until it posts, and the run-loop observers that post it.
///
/// Modelled on swift-corelibs-foundation `Sources/Foundation/NotificationQueue.swift` at 761b621 (line numbers
/// below are that file's):
/// - a queue registers itself in its thread's `notificationQueueList` (`NSThreadSpecific<NSMutableArray>`, lines
///   56-61, 171-173), which retains it: no queue is ever freed (its `deinit` would unregister it, line 78);
/// - `NotificationQueue.default` is one queue per thread, made on first use (lines 64-69);
/// - `enqueue` coalesces first (`dequeueNotifications`, line 94), then posts `.now` at once when the thread's
///   current mode is nil or one of `forModes:` (nil: `[.default]`, lines 88-101; otherwise it drops it), or adds the
///   notification, with its modes, to the asap or idle list and adds that list's observer to the enqueueing thread's
///   run loop, in the default mode and the common modes (lines 103-109, 137-140);
/// - the observers are `CFRunLoopObserverCreateWithHandler(…, repeats: true, order: 0)`; the variant's
///   `notificationQueuePosting` says which activities each observes (corelibs: `idleRunloopObserver` on
///   `kCFRunLoopBeforeTimers`, `asapRunloopObserver` on `kCFRunLoopBeforeWaiting | kCFRunLoopExit`, lines 43-52);
/// - an observer's callout posts, for every queue in the *running* thread's list, the entries of its list whose
///   modes hold the current mode (`notifyQueues`, `notify`, lines 147-169), newest first in corelibs
///   (`enumerated().reversed()`), oldest first as Apple documents ("first in, first out").
///
/// What a queue holds: each waiting entry's `NSNotification` (+1), which holds its name, its sender and its userInfo
/// values (a Swift `Notification` in the list holds them), until it is posted or coalesced away.
final class NotificationQueues {
    typealias PostingStyle = NotificationPostingStyle

    /// One waiting notification: its `NSNotification` (+1 the queue owns), its name and sender (read from it by
    /// coalescing), and the modes it may be posted in (canonical names).
    struct Entry {
        var serial: Int
        var notification: ObjectID
        var name: String
        var object: Value
        var modes: [String]
    }

    /// One `NotificationQueue`: the thread whose list holds it, its two lists, its two observers (made on first use,
    /// as the lazy vars are) and which list a post from it is walking (the inout access corelibs holds).
    final class Queue {
        let serial: Int
        /// The thread whose `notificationQueueList` registered it (the thread that made it), and its name.
        let thread: Int
        let threadName: String
        /// Whether it is its thread's `NotificationQueue.default`.
        let isDefault: Bool
        var asap: [Entry] = []
        var idle: [Entry] = []
        var observers: [PostingStyle: ObjectID] = [:]
        /// The list `notify(_:notificationList:)` holds inout while it posts; nil when none.
        var walking: PostingStyle?

        init(serial: Int, thread: SimThread, isDefault: Bool) {
            self.serial = serial
            self.thread = thread.id
            self.threadName = thread.name
            self.isDefault = isDefault
        }

        /// The list of `style` (asap or whenIdle).
        func list(_ style: PostingStyle) -> [Entry] { style == .asap ? asap : idle }
    }

    /// Every queue, in the order made: a thread's list is its queues in this order.
    private(set) var queues: [Queue] = []
    private var nextEntry = 0
    private let recorder: Recorder
    private let objects: Objects
    private let runLoops: RunLoops
    private let profile: VariantProfile

    init(recorder: Recorder, objects: Objects, runLoops: RunLoops, profile: VariantProfile) {
        self.recorder = recorder
        self.objects = objects
        self.runLoops = runLoops
        self.profile = profile
    }

    // MARK: Queues

    /// `NotificationQueue.default` of `thread`: made, and registered in the thread's list, on first use.
    func defaultQueue(of thread: SimThread) -> Queue {
        if let q = queues.first(where: { $0.thread == thread.id && $0.isDefault }) { return q }
        return makeQueue(on: thread, isDefault: true)
    }

    /// `NotificationQueue(notificationCenter: .default)`: a new queue registered in `thread`'s list, which keeps it.
    func makeQueue(on thread: SimThread, isDefault: Bool = false) -> Queue {
        let q = Queue(serial: queues.count + 1, thread: thread, isDefault: isDefault)
        queues.append(q)
        recorder.record(thread, .notificationQueueMake(queue: recorder.name(label(of: q))))
        return q
    }

    /// The queue with this serial.
    func queue(_ serial: Int) -> Queue? { queues.first { $0.serial == serial } }

    /// How the trace names a queue: `default queue of main`, `NotificationQueue#2`.
    func label(of q: Queue) -> String {
        q.isDefault ? "default queue of \(q.threadName)" : "NotificationQueue#\(q.serial)"
    }

    // MARK: Enqueue and dequeue

    /// `enqueue(_:postingStyle:coalesceMask:forModes:)` of `notification` (a +1 the queue takes over) on `q`, from
    /// `thread`: coalesces, then posts (`.now`) or keeps it. Returns the post to run, if any.
    /// - Throws: the exclusivity trap (``notificationQueueReentryTraps``) when `q` is posting from a list this
    ///   enqueue writes.
    func enqueue(
        _ notification: ObjectID, name: String, object: Value, style: PostingStyle, coalesceOnName: Bool,
        coalesceOnSender: Bool, modes: [String]?, to q: Queue, on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) -> FrameAction {
        let runLoopModes = (modes ?? [RunLoopModeName.default]).map(RunLoopModeName.canonical)
        var coalesced = 0
        if coalesceOnName || coalesceOnSender {
            // `dequeueNotifications` assigns both lists (lines 131-132).
            try checkAccess(q, writing: [.asap, .whenIdle], on: thread)
            coalesced = dequeue(
                name: name, object: object, onName: coalesceOnName, onSender: coalesceOnSender, from: q, on: thread)
        }
        recorder.record(
            thread,
            .notificationEnqueue(
                name: recorder.name(name), style: recorder.name(style.rawValue), coalesced: Int64(coalesced),
                queue: recorder.name(label(of: q))))
        switch style {
        case .now:
            let rl = runLoops.runLoop(for: thread)
            let current = rl.currentActivation?.mode.name
            if let current, !runLoopModes.contains(current) {
                // Neither posted nor kept (lines 99-101).
                recorder.record(
                    thread, .notificationQueueDrop(name: recorder.name(name), mode: recorder.name(current)))
                objects.release(notification, on: thread)
                return .next
            }
            return k.notifications.post(name: name, object: object, existing: notification, on: thread)
        case .asap, .whenIdle:
            try checkAccess(q, writing: [style], on: thread)
            addObserver(style, of: q, on: thread)
            nextEntry += 1
            let entry = Entry(
                serial: nextEntry, notification: notification, name: name, object: object, modes: runLoopModes)
            if style == .asap { q.asap.append(entry) } else { q.idle.append(entry) }
            return .next
        }
    }

    /// `dequeueNotifications(matching:coalesceMask:)`: removes from both lists every entry that matches on the name,
    /// the sender, or both; with neither it removes nothing (the `default: return` of lines 127-128). Each removed
    /// notification is let go. Returns how many were removed.
    @discardableResult
    func dequeue(
        name: String, object: Value, onName: Bool, onSender: Bool, from q: Queue, on thread: SimThread
    ) -> Int {
        guard onName || onSender else { return 0 }
        func matches(_ e: Entry) -> Bool {
            (!onName || e.name == name) && (!onSender || sameSender(e.object, object))
        }
        let removed = (q.asap.filter(matches) + q.idle.filter(matches)).map(\.notification)
        q.asap.removeAll(where: matches)
        q.idle.removeAll(where: matches)
        for n in removed { objects.release(n, on: thread) }
        return removed.count
    }

    /// The step form of ``dequeue(name:object:onName:onSender:from:on:)``, which records it.
    func dequeueStep(
        name: String, object: Value, onName: Bool, onSender: Bool, from q: Queue, on thread: SimThread
    ) throws(RuntimeFault) {
        if onName || onSender { try checkAccess(q, writing: [.asap, .whenIdle], on: thread) }
        let n = dequeue(name: name, object: object, onName: onName, onSender: onSender, from: q, on: thread)
        recorder.record(thread, .notificationDequeue(name: recorder.name(name), removed: Int64(n)))
    }

    /// Whether two senders coalesce: the same object, or both nil (Darwin); in corelibs, both nil only, because
    /// `__SwiftValue.store(_:)` wraps an object that is not an `NSObject` (every scenario class, on Linux a Swift
    /// class) in a new `__SwiftValue` on each call, so `!==` never finds it identical (Bridging.swift lines 180-193;
    /// `notificationQueueSenderCoalescing`).
    private func sameSender(_ a: Value, _ b: Value) -> Bool {
        if a == .null || b == .null { return a == .null && b == .null }
        return profile.notificationQueueSenderIdentity && a == b
    }

    /// corelibs passes the list it posts from inout to `notify` for the whole walk (lines 164, 166): an enqueue or a
    /// dequeue that writes the same stored property meanwhile is Swift's dynamic exclusivity violation, a trap.
    private func checkAccess(_ q: Queue, writing lists: [PostingStyle], on thread: SimThread) throws(RuntimeFault) {
        guard profile.notificationQueueReentryTraps, let walking = q.walking, lists.contains(walking) else { return }
        let list = walking == .asap ? "asapList" : "idleList"
        throw RuntimeFault(
            "Simultaneous accesses to NotificationQueue.\(list), but modification requires exclusive access: "
                + "\(label(of: q)) is posting from it (notify(_:notificationList:) holds it inout) and this "
                + "enqueue writes it. Fatal access conflict detected.")
    }

    // MARK: Observers

    /// The activities the observer of `style` observes, per the variant (``NotificationQueuePosting``).
    func activities(of style: PostingStyle) -> RunLoopActivity {
        switch (profile.notificationQueuePosting, style) {
        case (.corelibs, .whenIdle): .beforeTimers
        case (.corelibs, _): [.beforeWaiting, .exit]
        case (.documented, .whenIdle): .beforeWaiting
        case (.documented, _): [.beforeTimers, .beforeWaiting, .exit]
        }
    }

    /// `addRunloopObserver`: the list's observer (made on first use, kept by the queue for ever) into the current
    /// thread's run loop, default mode and common modes; adding it again does nothing (`CFRunLoopAddObserver`
    /// finds it there). An observer serves one run loop: enqueueing on another thread adds nothing there.
    private func addObserver(_ style: PostingStyle, of q: Queue, on thread: SimThread) {
        let observer: ObjectID
        if let existing = q.observers[style] {
            observer = existing
        } else {
            observer = runLoops.makeKernelObserver(
                activities: activities(of: style), order: 0,
                callout: .notificationQueue(style == .asap ? .asap : .whenIdle), on: thread)
            q.observers[style] = observer
        }
        let rl = runLoops.runLoop(for: thread)
        // Already in both: CF finds it there and does nothing (no trace event for a call that changes nothing).
        let inDefault = rl.modes[RunLoopModeName.default]?.observers.contains { $0.object == observer } ?? false
        if inDefault && rl.commonObservers.contains(where: { $0.object == observer }) { return }
        runLoops.addObserver(observer, to: rl, mode: RunLoopModeName.default, on: thread)
        runLoops.addObserver(observer, to: rl, mode: RunLoopModeName.common, on: thread)
    }

    // MARK: Posting

    /// The queues `notifyQueues` walks on `thread`: its list, in registration order.
    func queues(of thread: SimThread) -> [Queue] { queues.filter { $0.thread == thread.id } }

    /// The entries of `q`'s `style` list in the order `notify` posts them (newest first in corelibs).
    func postingOrder(_ q: Queue, _ style: PostingStyle) -> [Int] {
        let serials = q.list(style).map(\.serial)
        return profile.notificationQueuePosting == .corelibs ? serials.reversed() : serials
    }

    /// Takes entry `serial` out of `q`'s `style` list for posting, if it is still there and may be posted in `mode`
    /// (nil: no current mode, every entry may); its +1 goes to the caller.
    func take(_ serial: Int, of q: Queue, _ style: PostingStyle, in mode: String?) -> Entry? {
        let list = q.list(style)
        guard let i = list.firstIndex(where: { $0.serial == serial }) else { return nil }
        let entry = list[i]
        if let mode, !entry.modes.contains(mode) { return nil }
        if style == .asap { q.asap.remove(at: i) } else { q.idle.remove(at: i) }
        return entry
    }

    /// What the queues hold, for the leak analysis: each waiting notification, by its queue's label. The queues
    /// themselves live as long as their thread's list, for ever.
    func heldObjects() -> [(queue: String, objects: [ObjectID])] {
        queues.map { q in (label(of: q), (q.asap + q.idle).map(\.notification)) }
    }

    /// The observers the queues keep (their lazy vars' +1), by queue label, for as long as the queue lives.
    func heldObservers() -> [(queue: String, objects: [ObjectID])] {
        queues.map { q in
            (label(of: q), PostingStyle.allCases.compactMap { q.observers[$0] })
        }
    }
}

/// `NotificationQueue.PostingStyle`: when an enqueued notification is posted.
public enum NotificationPostingStyle: String, Sendable, Hashable, CaseIterable {
    /// `.whenIdle`: by the idle observer (corelibs: at BeforeTimers; documented: when the loop is about to wait).
    case whenIdle
    /// `.asap`: by the asap observer (corelibs: at BeforeWaiting and Exit; documented: at the end of a pass).
    case asap
    /// `.now`: at once, after coalescing, if the current mode is one of its modes.
    case now
}

/// An observer callout the kernel runs itself rather than a scenario block (``RunLoops/makeKernelObserver``).
enum KernelObserverCallout: Sendable, Hashable {
    /// A `NotificationQueue` observer's handler, `notifyQueues(style)`, which posts that style's lists.
    case notificationQueue(NotificationQueues.PostingStyle)

    /// The frame of one callout.
    func frame() -> Frame {
        switch self {
        case .notificationQueue(let style): NotificationQueueNotifyFrame(style: style)
        }
    }
}

/// `notifyQueues(_:)` in an observer's callout: for every queue in the running thread's list, the entries of one
/// style's list that may be posted in the current mode, each taken out and posted to the center in turn.
final class NotificationQueueNotifyFrame: Frame {
    let style: NotificationQueues.PostingStyle
    /// The queues left to walk (serials), and the entries left of the one being walked.
    private var queuesLeft: [Int]?
    private var current: Int?
    private var entriesLeft: [Int] = []
    private var mode: String?
    /// The notifications posted from the list being walked, each with a +1 of the walk's copy of the list
    /// (`notificationList.enumerated().reversed()` is an array that keeps them until the walk ends), let go in the
    /// copy's order when it ends.
    private var walked: [ObjectID] = []

    init(style: NotificationQueues.PostingStyle) { self.style = style }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let nq = kernel.notificationQueues
        if queuesLeft == nil {
            queuesLeft = nq.queues(of: thread).map(\.serial)
            // `RunLoop.current.currentMode`, read once (line 160).
            mode = kernel.runLoops.runLoop(for: thread).currentActivation?.mode.name
        }
        while true {
            if let serial = current, let q = nq.queue(serial) {
                while !entriesLeft.isEmpty {
                    let e = entriesLeft.removeFirst()
                    guard let entry = nq.take(e, of: q, style, in: mode) else { continue }
                    kernel.record(
                        thread,
                        .notificationQueuePost(
                            name: kernel.name(entry.name), style: kernel.name(style.rawValue),
                            queue: kernel.name(nq.label(of: q))))
                    kernel.retain(entry.notification)
                    walked.append(entry.notification)
                    let action = kernel.notifications.post(
                        name: entry.name, object: entry.object, existing: entry.notification, on: thread)
                    if case .next = action { continue }
                    return action
                }
                q.walking = nil
                current = nil
                let copy = walked
                walked = []
                for n in copy { kernel.release(n, on: thread) }
            }
            guard !queuesLeft!.isEmpty else { return .pop(.null) }
            let serial = queuesLeft!.removeFirst()
            guard let q = nq.queue(serial) else { continue }
            current = serial
            q.walking = style
            entriesLeft = nq.postingOrder(q, style)
        }
    }

    func heldObjects() -> [(String, ObjectID)] { walked.map { ("notification queue walk", $0) } }
}
