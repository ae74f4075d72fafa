/// The default notification center (`NSNotificationCenter.defaultCenter`): its registrations, in registration
/// order, and what adding, removing and posting do to them. It owns the registrations; the kernel's services
/// (the heap, events, queues) are reached through the ``Kernel`` each call is given.
final class NotificationCenter {
    /// The registrations, in registration order.
    private(set) var registrations: [NotificationRegistration] = []
    private var nextID = 0
    /// The clock and the event log.
    private let recorder: Recorder
    /// Retain, release and the heap.
    private let objects: Objects
    /// The variant's flags.
    private let profile: VariantProfile

    init(recorder: Recorder, objects: Objects, profile: VariantProfile) {
        self.recorder = recorder
        self.objects = objects
        self.profile = profile
    }

    /// `addObserverForName:object:queue:usingBlock:` — the center keeps the block (the caller's +1 on it) until
    /// `removeObserver:`; returns the token (+1 for the caller), which only names the registration. A nil `name`
    /// observes every name.
    func addBlockObserver(
        name: String?, object: Value, queue: QueueRef?, operationQueue: Int? = nil, block: ObjectID,
        on thread: SimThread, _ k: Kernel
    ) -> ObjectID {
        let token = k.objects.allocate(
            kind: .observerToken, className: "NSObserver", label: nil, slotNames: [],
            slotStrengths: [], slots: [], isDeclaredRoot: false, at: k.now, on: thread.name)
        if k.profile.notificationObjectFilterRetained, case .object(let id) = object {
            k.retain(id)  // an older corelibs kept the sender; released with the registration
        }
        nextID += 1
        var registration = NotificationRegistration(
            id: nextID, name: name, object: object,
            kind: .block(token: token.id, block: block, queue: queue),
            operationQueue: operationQueue)
        if case .block(let t) = k.heap.object(block)?.kind {
            registration.takesNotification = k.program.blocks[t].body.parameterCount > 0
        }
        registrations.append(registration)
        let queueName = operationQueue.map { k.operations.name(of: $0) } ?? queue.map(k.dispatch.name(of:))
        k.record(
            thread,
            .observerAddBlock(
                name: k.name(name ?? NotificationRegistration.everyName),
                token: k.name(token),
                queue: k.name(queueName ?? "posting thread")))
        return token.id
    }

    /// `addObserver:selector:name:object:`; a nil `name` observes every name.
    func addSelectorObserver(
        _ observer: HeapObject, classIndex: Int, method: Int, name: String?, object: Value,
        on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) {
        if k.profile.selectorObserverRef == .none {
            throw RuntimeFault.missingInCorelibs(
                "addObserver:selector:name:object:", instead: "only addObserver(forName:object:queue:using:)")
        }
        nextID += 1
        var registration = NotificationRegistration(
            id: nextID, name: name, object: object,
            kind: .selector(observer: observer.id, classIndex: classIndex, method: method))
        // `- (void)handle:(NSNotification *)note`: the method's first parameter gets the notification
        registration.takesNotification = k.program.classes[classIndex].methods[method].body.parameterCount > 0
        registrations.append(registration)
        k.record(
            thread,
            .observerAddSelector(
                name: k.name(name ?? NotificationRegistration.everyName),
                observer: k.name(observer),
                held: k.name(k.profile.selectorObserverRef.rawValue)))
    }

    /// A registration's token died while it was registered: nothing can remove the registration any more, so its
    /// block is let go (the center keeps it for ever: an abandoned block, docs/scenario-format.md §10.1).
    func tokenFreed(_ token: ObjectID) {
        for r in registrations {
            guard case .block(let t, let block, _) = r.kind, t == token, let o = objects.heap.object(block) else {
                continue
            }
            objects.abandon(o, because: "its observer token was freed: nothing can remove the registration")
        }
    }

    /// `removeObserver:` — a token ends its block registration; any other object ends all its selector ones.
    func removeObserver(_ value: Value, on thread: SimThread) {
        guard case .object(let id) = value else { return }
        var released: [ObjectID] = []
        registrations.removeAll { registration in
            switch registration.kind {
            case .block(let token, let block, _) where token == id:
                released.append(block)
                if profile.notificationObjectFilterRetained, case .object(let sender) = registration.object {
                    released.append(sender)
                }
                return true
            case .selector(let observer, _, _) where observer == id:
                return true
            default:
                return false
            }
        }
        let observer = objects.heap.object(id).map { recorder.name($0) } ?? recorder.name("\(id)")
        recorder.record(thread, .observerRemove(observer: observer, registrations: Int64(released.count)))
        for object in released { objects.release(object, on: thread) }
    }

    /// `postNotificationName:object:userInfo:` — the matching registrations, delivered now, in the variant's
    /// `notificationDeliveryOrder`: registration order (Darwin), or swift-foundation's buckets
    /// (``bucket(of:object:)``).
    ///
    /// Delivery goes to a snapshot taken at the post: removing an observer while the post is delivered does not
    /// cancel its remaining deliveries (the seed's S4 bug — a manager registered twice runs its block twice even
    /// though its handler removes it — depends on this). Blocks of the snapshot are retained until delivered.
    ///
    /// A post with a `userInfo` (each value with whether it is a +1 the post takes over), or one that an observer
    /// reads (its block or method takes the notification), makes its `NSNotification` object; the post keeps it
    /// until its last synchronous delivery, and each delivery queued on another queue until it ran, so a payload
    /// the app let go lives until its last delivery. Without either, nothing could tell it exists, and none is
    /// made.
    ///
    /// `existing`: a notification already made (a +1 the post takes over), as a `NotificationQueue` posts the one it
    /// kept (``NotificationQueues``).
    func post(
        name: String, object: Value, userInfo: [(key: String, value: Value, owned: Bool)]? = nil,
        existing: ObjectID? = nil, on thread: SimThread
    ) -> FrameAction {
        var matching = registrations.filter { $0.matches(name: name, object: object) }
        if profile.notificationDeliveryOrder == .buckets {
            // registration order within a bucket: a stable sort
            let ranked = matching.enumerated().map { (bucket: Self.bucket(of: $1, object: object), index: $0, r: $1) }
            matching = ranked.sorted { ($0.bucket, $0.index) < ($1.bucket, $1.index) }.map(\.r)
        }
        var notification = existing
        if notification == nil, userInfo != nil || matching.contains(where: \.takesNotification) {
            notification = makeNotification(name: name, object: object, userInfo: userInfo ?? [], on: thread)
        }
        recorder.record(thread, .notificationPost(name: recorder.name(name), observers: Int64(matching.count)))
        var blocks: [ObjectID?] = []
        for r in matching {
            if case .block(_, let block, _) = r.kind, objects.heap.object(block) != nil {
                objects.retain(block)
                blocks.append(block)
            } else {
                blocks.append(nil)
            }
        }
        if matching.isEmpty {
            if let notification { objects.release(notification, on: thread) }
            return .next
        }
        return .push(PostFrame(name: name, registrations: matching, blocks: blocks, notification: notification))
    }

    /// The `NSNotification` of a post (+1 for the caller): its name, its sender (retained) and its userInfo values
    /// (``NotificationSlots``); a value the post owns is handed over, any other retained.
    func makeNotification(
        name: String, object: Value, userInfo: [(key: String, value: Value, owned: Bool)],
        on thread: SimThread
    ) -> ObjectID {
        let slots = [Value.string(name), object] + userInfo.map(\.value)
        let names = ["name", "object"] + userInfo.map { NotificationSlots.userInfoPrefix + $0.key }
        let o = objects.allocate(
            kind: .notification, className: "NSNotification", label: name, slotNames: names,
            slotStrengths: Array(repeating: .strong, count: slots.count), slots: slots,
            isDeclaredRoot: false, at: recorder.now, on: thread.name)
        if case .object(let sender) = object { objects.retain(sender) }
        for entry in userInfo where !entry.owned {
            if case .object(let id) = entry.value { objects.retain(id) }
        }
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name("NSNotification")))
        return o.id
    }

    /// Where swift-foundation's `_post` puts a matching registration in its list: first the observers of the
    /// name and the sender, then those of every name and the sender, then — when the post has a sender — those of
    /// every name and any sender, then those of the name and any sender. Without a sender only the last two match,
    /// name first (`_registrar[name]?[nil]`, then `_registrar[nil]?[nil]`). swift-foundation
    /// `Sources/FoundationEssentials/NotificationCenter/NotificationCenter.swift`, `_post`; conformance c61.
    static func bucket(of r: NotificationRegistration, object: Value) -> Int {
        let hasSender = r.object != .null
        switch (r.name != nil, hasSender, object != .null) {
        case (true, true, _): return 0
        case (false, true, _): return 1
        case (false, false, true): return 2
        case (true, false, true): return 3
        case (true, false, false): return 0
        case (false, false, false): return 1
        }
    }

    /// Ends a selector registration whose zeroing-weak observer was found gone at a delivery (Foundation RN 10.11).
    func unregister(_ id: Int) { registrations.removeAll { $0.id == id } }

    /// What the center holds strongly, for the leak analysis: each block registration's block, and the sender
    /// of an `object:` filter where the variant retains it.
    func strongReferences(retainingSenders: Bool) -> [(edge: String, object: ObjectID)] {
        var held: [(edge: String, object: ObjectID)] = []
        for r in registrations {
            if case .block(_, let block, _) = r.kind { held.append((r.nameText, block)) }
            if retainingSenders, case .object(let sender) = r.object { held.append(("object", sender)) }
        }
        return held
    }
}
