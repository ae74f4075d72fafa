/// The key-value observing verbs' steps (docs/scenario-format.md §7.10): each evaluates its arguments and calls
/// ``KeyValueObserving``.

/// `[object addObserver:observer forKeyPath:@"field" options:0 context:NULL]`.
public struct AddKeyPathObserverStep: ExecutableStep {
    public var verb: String { "addKeyPathObserver" }
    public var object: Expr
    public var slot: Int
    public var keyPath: String
    public var observer: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let fault = c.kernel.keyValueObserving.unavailable("addObserver:forKeyPath:options:context:") { throw fault }
        guard let observed = try c.object(object, expecting: "an object to observe"),
            let o = try c.object(observer, expecting: "an observer")
        else { return .next }
        c.kernel.keyValueObserving.add(o, to: observed, slot: slot, keyPath: keyPath, on: c.thread)
        return .next
    }
}

/// `[object removeObserver:observer forKeyPath:@"field"]`.
public struct RemoveKeyPathObserverStep: ExecutableStep {
    public var verb: String { "removeKeyPathObserver" }
    public var object: Expr
    public var keyPath: String
    public var observer: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let fault = c.kernel.keyValueObserving.unavailable("removeObserver:forKeyPath:") { throw fault }
        guard let observed = try c.object(object, expecting: "an observed object"),
            let o = try c.object(observer, expecting: "an observer")
        else { return .next }
        try c.kernel.keyValueObserving.remove(o, from: observed, keyPath: keyPath, on: c.thread)
        return .next
    }
}

/// Swift's `object.observe(\.field) { … }`: binds the `NSKeyValueObservation` token to `into` (or drops it, which
/// ends the observation at once).
public struct ObserveKeyPathStep: ExecutableStep {
    public var verb: String { "observeKeyPath" }
    public var object: Expr
    public var slot: Int
    public var keyPath: String
    public var block: Expr
    public var into: LValue?
    /// What the handler is passed, in the order of its parameters (``KeyValueChangeArgument``).
    public var passes: [KeyValueChangeArgument] = []
    /// `.initial`: the handler is called once at registration, before the thread's next step, with the field's
    /// value as its new value and no old value.
    public var initial: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let fault = c.kernel.keyValueObserving.unavailable("observe(_:changeHandler:)") { throw fault }
        guard let observed = try c.object(object, expecting: "an object to observe") else { return .next }
        guard let block = try c.retainedObject(block) else { return .next }
        let token = c.kernel.keyValueObserving.observe(
            observed, slot: slot, keyPath: keyPath, block: block, passes: passes, initial: initial,
            on: c.thread)
        try c.bind(token, into: into)
        return .next
    }
}
