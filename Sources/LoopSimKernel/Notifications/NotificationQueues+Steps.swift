/// The notification-queue verbs' steps (docs/scenario-format.md §7.9): each evaluates its arguments and calls the
/// thread's default `NotificationQueue` (``NotificationQueues``).

/// `NotificationQueue.default.enqueue(Notification(name:object:userInfo:), postingStyle:coalesceMask:forModes:)`:
/// the notification is made now and the queue keeps it (its sender and userInfo values with it) until it posts it.
public struct EnqueueNotificationStep: ExecutableStep {
    public var verb: String { "enqueueNotification" }
    public var name: String
    public var object: Expr?
    /// The userInfo's keys and values, in the scenario's order; nil: no userInfo.
    public var userInfo: [(key: String, value: Expr)]? = nil
    public var style: NotificationPostingStyle
    /// `coalesceMask`: `.onName`, `.onSender`, both (the default of `enqueue(_:postingStyle:)`) or none.
    public var coalesceOnName: Bool = true
    public var coalesceOnSender: Bool = true
    /// `forModes:` (mode names as written); nil: `[.default]`.
    public var modes: [String]? = nil

    /// Evaluates the sender, then the userInfo values in order, makes the notification (+1 for the queue) and
    /// enqueues it on the current thread's default queue.
    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let object = try c.value(object)
        var values: [(key: String, value: Value, owned: Bool)] = []
        for entry in userInfo ?? [] {
            let (value, owned) = try c.ownedValue(entry.value)
            if value == .null { continue }
            if !owned { try c.kernel.objects.requireRetainable(value) }
            values.append((entry.key, value, owned))
        }
        let k = c.kernel
        let notification = k.notifications.makeNotification(
            name: name, object: object, userInfo: values, on: c.thread)
        let q = k.notificationQueues.defaultQueue(of: c.thread)
        return StepOutcome(
            try k.notificationQueues.enqueue(
                notification, name: name, object: object, style: style, coalesceOnName: coalesceOnName,
                coalesceOnSender: coalesceOnSender, modes: modes, to: q, on: c.thread, k))
    }
}

/// `NotificationQueue.default.dequeueNotifications(matching:coalesceMask:)`: removes the waiting notifications that
/// match the name, the sender or both (none: nothing), and lets them go.
public struct DequeueNotificationsStep: ExecutableStep {
    public var verb: String { "dequeueNotifications" }
    public var name: String
    public var object: Expr?
    public var coalesceOnName: Bool
    public var coalesceOnSender: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let object = try c.value(object)
        let nq = c.kernel.notificationQueues
        try nq.dequeueStep(
            name: name, object: object, onName: coalesceOnName, onSender: coalesceOnSender,
            from: nq.defaultQueue(of: c.thread), on: c.thread)
        return .next
    }
}
