/// The lock verbs' steps (docs/scenario-format.md §7.14), run by ``Locks``.

/// `[[NSLock alloc] init]`, `NSRecursiveLock`, `NSCondition`, or `[[NSConditionLock alloc]
/// initWithCondition:]`, stored into `into`.
public struct MakeLockStep: ExecutableStep {
    public var verb: String { "newLock" }
    public var kind: LockKind
    /// `NSConditionLock`'s initial condition (`init()` is `init(condition: 0)`, NSLock.swift line 180).
    public var condition: Int
    public var into: LValue
    /// The lock's label in reports: the place's name.
    public var label: String
    /// `lock.name = …` right after it was made (nil: not set).
    public var name: String? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let id = c.kernel.locks.makeLock(kind, condition: condition, label: label, name: name, on: c.thread)
        try c.bind(id, into: into)
        return .next
    }
}

/// `lock`, `lock(before:)`, `lock(whenCondition:)`, `lock(whenCondition:before:)`, and (`isTry`) `try` and
/// `tryLock(whenCondition:)`; `result` receives true when the lock was taken.
public struct LockStep: ExecutableStep {
    public var verb: String { isTry ? "tryLock" : "lock" }
    public var lock: Expr
    public var isTry: Bool
    /// `lock(before: Date(timeIntervalSinceNow: before))`; nil: no limit (`lock()`).
    public var before: SimDuration?
    /// `NSConditionLock`'s `whenCondition:`.
    public var whenCondition: Expr?
    public var result: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let selector = whenCondition == nil ? (isTry ? "tryLock" : "lock") : "lockWhenCondition:"
        guard let o = try c.lock(lock, for: selector, conditionLockOnly: whenCondition != nil) else {
            // A message to nil does nothing and answers NO.
            return try c.waiting(into: result) {
                c.thread.returnValue = .bool(false)
                return .next
            }
        }
        var condition: Int?
        if let whenCondition {
            guard case .int(let n) = try c.value(whenCondition) else {
                throw RuntimeFault("lock whenCondition: needs an integer")
            }
            condition = n
        }
        let now = c.kernel.now
        let deadline = isTry ? now : before.map { now + $0 } ?? .never
        if let result { c.frame.pendingResult = result }
        return StepOutcome(.push(LockAcquireFrame(lock: o.id, deadline: deadline, condition: condition)))
    }
}

/// `unlock`, or `NSConditionLock`'s `unlock(withCondition:)`.
public struct UnlockStep: ExecutableStep {
    public var verb: String { "unlock" }
    public var lock: Expr
    public var withCondition: Expr?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let selector = withCondition == nil ? "unlock" : "unlockWithCondition:"
        guard let o = try c.lock(lock, for: selector, conditionLockOnly: withCondition != nil) else { return .next }
        var condition: Int?
        if let withCondition {
            guard case .int(let n) = try c.value(withCondition) else {
                throw RuntimeFault("unlock withCondition: needs an integer")
            }
            condition = n
        }
        c.kernel.locks.unlock(o, withCondition: condition, on: c.thread)
        return .next
    }
}

/// `-[NSCondition wait]`, or `wait(until: Date(timeIntervalSinceNow: until))`; `result` receives true when
/// signalled, false when the deadline came first.
public struct ConditionWaitStep: ExecutableStep {
    public var verb: String { "waitCondition" }
    public var condition: Expr
    public var until: SimDuration?
    public var result: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.condition(condition, for: until == nil ? "wait" : "waitUntilDate:") else {
            return try c.waiting(into: result) {
                c.thread.returnValue = .bool(false)
                return .next
            }
        }
        let deadline = until.map { c.kernel.now + $0 } ?? .never
        if let result { c.frame.pendingResult = result }
        return StepOutcome(.push(ConditionWaitFrame(condition: o.id, deadline: deadline)))
    }
}

/// `-[NSCondition signal]` or `broadcast`.
public struct ConditionSignalStep: ExecutableStep {
    public var verb: String { broadcast ? "broadcastCondition" : "signalCondition" }
    public var condition: Expr
    public var broadcast: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.condition(condition, for: broadcast ? "broadcast" : "signal") else { return .next }
        c.kernel.locks.signal(o, broadcast: broadcast, on: c.thread)
        return .next
    }
}

/// `NSConditionLock.condition`, stored into `into` (0 for nil, as a message to nil answers).
public struct LockConditionStep: ExecutableStep {
    public var verb: String { "lockCondition" }
    public var lock: Expr
    public var into: LValue

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let o = try c.lock(lock, for: "condition", conditionLockOnly: true)
        let value = Value.int(o?.lock?.condition ?? 0)
        try c.kernel.interpreter.store(value, owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
        return .next
    }
}

extension StepContext {
    /// The lock `expr` names, nil for nil (a message to nil does nothing). Another object does not respond to
    /// `selector`: Objective-C raises (NSInvalidArgumentException, unrecognized selector), the app's crash.
    fileprivate func lock(_ expr: Expr, for selector: String, conditionLockOnly: Bool) throws(RuntimeFault)
        -> HeapObject?
    {
        guard let o = try object(expr, expecting: "a lock") else { return nil }
        guard let s = o.lock, !conditionLockOnly || s.kind == .conditionLock else {
            throw RuntimeFault("-[\(o.className) \(selector)]: unrecognized selector sent to instance")
        }
        return o
    }

    /// The `NSCondition` `expr` names, nil for nil; another object does not respond to `selector`.
    fileprivate func condition(_ expr: Expr, for selector: String) throws(RuntimeFault) -> HeapObject? {
        guard let o = try object(expr, expecting: "an NSCondition") else { return nil }
        guard o.lock?.kind == .condition else {
            throw RuntimeFault("-[\(o.className) \(selector)]: unrecognized selector sent to instance")
        }
        return o
    }
}
