/// The notification verbs' steps (docs/scenario-format.md §7.9): each evaluates its arguments and calls the
/// default center (``NotificationCenter``).

/// `addObserverForName:object:queue:usingBlock:`: the center keeps the token, and the token its block, until
/// `removeObserver:`; binds the token to `into`.
public struct AddBlockObserverStep: ExecutableStep {
    public var verb: String { "addObserverForName" }
    /// The notification name; nil observes every name.
    public var name: String?
    public var object: Expr?
    /// The queue the block runs on; nil: the posting thread.
    public var queue: QueueRef?
    /// The `NSOperationQueue` the block runs on as an operation (an index of the program's `operationQueues:`),
    /// instead of a dispatch queue.
    public var operationQueue: Int? = nil
    public var block: Expr
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let object = try c.value(object)
        let queue = try queue.map { q throws(RuntimeFault) in try c.queue(q) }
        guard let block = try c.retainedObject(block) else { return .next }
        let token = c.kernel.notifications.addBlockObserver(
            name: name, object: object, queue: queue,
            operationQueue: operationQueue, block: block,
            on: c.thread, c.kernel)
        try c.bind(token, into: into)
        return .next
    }
}

/// `addObserver:selector:name:object:`: how the center holds the observer depends on the variant.
public struct AddSelectorObserverStep: ExecutableStep {
    public var verb: String { "addSelectorObserver" }
    public var observer: Expr
    public var classIndex: Int
    public var method: Int
    /// The notification name; nil observes every name.
    public var name: String?
    public var object: Expr?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let observer = try c.object(observer, expecting: "an observer") else { return .next }
        try c.kernel.notifications.addSelectorObserver(
            observer, classIndex: classIndex, method: method, name: name,
            object: try c.value(object), on: c.thread, c.kernel)
        return .next
    }
}

/// `removeObserver:` with a token (block registration) or an observer (all its selector registrations).
public struct RemoveObserverStep: ExecutableStep {
    public var verb: String { "removeObserver" }
    public var observer: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        c.kernel.notifications.removeObserver(try c.value(observer), on: c.thread)
        return .next
    }
}

/// `postNotificationName:object:userInfo:`, synchronous on the posting thread.
public struct PostNotificationStep: ExecutableStep {
    public var verb: String { "postNotification" }
    public var name: String
    public var object: Expr?
    /// The userInfo's keys and values, in the scenario's order; nil: no userInfo (`postNotificationName:object:`).
    public var userInfo: [(key: String, value: Expr)]? = nil

    /// Evaluates the sender, then the userInfo values in order (a `new` value is a +1 the notification takes over);
    /// a value that is nil leaves its key out, as a Swift `[AnyHashable: Any]` built from optionals reads it: nil.
    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let object = try c.value(object)
        var values: [(key: String, value: Value, owned: Bool)]?
        if let userInfo {
            var evaluated: [(key: String, value: Value, owned: Bool)] = []
            for entry in userInfo {
                let (value, owned) = try c.ownedValue(entry.value)
                if value == .null { continue }
                if !owned { try c.kernel.objects.requireRetainable(value) }
                evaluated.append((entry.key, value, owned))
            }
            values = evaluated
        }
        return StepOutcome(c.kernel.notifications.post(name: name, object: object, userInfo: values, on: c.thread))
    }
}
