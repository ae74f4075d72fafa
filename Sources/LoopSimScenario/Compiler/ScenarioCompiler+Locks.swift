import LoopSimKernel

extension ScenarioCompiler {
    /// The lock verbs (docs/scenario-format.md §7.14): Foundation's `NSLock`, `NSRecursiveLock`, `NSCondition` and
    /// `NSConditionLock`. Each makes its step of `Locks/Locks+Steps.swift`.
    static let lockVerbs: [StepVerb] = [
        StepVerb("newLock", keys: ["class", "condition", "name"]) { c, s in
            var kind = LockKind.lock
            if let node = s.map["class"] {
                guard let name = c.string(node, what: "class") else { return [] }
                guard let k = LockKind(rawValue: name) else {
                    let names = LockKind.allCases.map(\.rawValue)
                    c.bag.error(
                        .valueInvalid,
                        "newLock class: is one of \(names.joined(separator: ", ")), not '\(name)'"
                            + c.suggestion(name, names), at: node.location)
                    return []
                }
                kind = k
            }
            var condition = 0
            if let node = s.map["condition"] {
                if kind != .conditionLock {
                    c.bag.error(
                        .keyUnknown, "condition: is NSConditionLock's (initWithCondition:); add class: NSConditionLock",
                        at: node.location)
                }
                guard let n = c.int(node, what: "condition") else { return [] }
                condition = n
            }
            guard let (into, type) = c.lvalue(s.arg, scope: s.scope, declare: .anyObject) else { return [] }
            if !type.isObject { c.bag.error(.exprType, "a lock is an object, not \(type)", at: s.arg.location) }
            let label = s.arg.scalar?.text.split(separator: ".").last.map(String.init) ?? "lock"
            var name: String?
            if let node = s.map["name"] {
                guard let text = c.string(node, what: "name") else { return [] }
                name = text
            }
            return [
                .perform(MakeLockStep.make(kind: kind, condition: condition, into: into, label: label, name: name))
            ]
        },
        StepVerb("withLock", keys: ["do"]) { c, s in
            // NSLocking.withLock (swift-corelibs-foundation NSLock.swift: `lock(); defer { unlock() }; return try
            // body()`): the body is a closure, so `break` and `continue` cannot leave it.
            guard let lock = c.lockExpression(s.arg, s) else { return [] }
            guard let bodyNode = c.required(s, "do", example: "do: [increment: self.count]") else { return [] }
            let depth = s.scope.loopDepth
            s.scope.loopDepth = 0
            let body = c.compileSteps(bodyNode, scope: s.scope)
            s.scope.loopDepth = depth
            return [.perform(LockStep.make(lock: lock, isTry: false, before: nil, whenCondition: nil, result: nil))]
                + body + [.perform(UnlockStep.make(lock: lock, withCondition: nil))]
        },
        StepVerb("lock", keys: ["before", "whenCondition", "result"]) { c, s in c.lockStep(s, isTry: false) },
        StepVerb("tryLock", keys: ["whenCondition", "result"]) { c, s in c.lockStep(s, isTry: true) },
        StepVerb("unlock", keys: ["withCondition"]) { c, s in
            guard let lock = c.lockExpression(s.arg, s) else { return [] }
            let condition = s.map["withCondition"].flatMap { c.intExpression($0, "withCondition:", s) }
            if s.map["withCondition"] != nil, condition == nil { return [] }
            return [.perform(UnlockStep.make(lock: lock, withCondition: condition))]
        },
        StepVerb("waitCondition", keys: ["until", "result"]) { c, s in
            guard let condition = c.lockExpression(s.arg, s) else { return [] }
            var until: SimDuration?
            if let node = s.map["until"], node.scalar?.text != "distantFuture" {
                guard let d = c.duration(node, what: "until") else { return [] }
                until = d
            }
            let result = s.map["result"].flatMap { c.lvalue($0, scope: s.scope, declare: .bool)?.0 }
            return [.perform(ConditionWaitStep.make(condition: condition, until: until, result: result))]
        },
        StepVerb("signalCondition", keys: []) { c, s in
            guard let condition = c.lockExpression(s.arg, s) else { return [] }
            return [.perform(ConditionSignalStep.make(condition: condition, broadcast: false))]
        },
        StepVerb("broadcastCondition", keys: []) { c, s in
            guard let condition = c.lockExpression(s.arg, s) else { return [] }
            return [.perform(ConditionSignalStep.make(condition: condition, broadcast: true))]
        },
        StepVerb("objcSyncEnter", keys: []) { c, s in
            // objc_sync_enter (objc4 objc-sync.mm): the object's own recursive mutex (Locks/ObjcSync.swift).
            guard let object = c.syncObject(s) else { return [] }
            return [.perform(ObjcSyncEnterStep.make(object: object))]
        },
        StepVerb("objcSyncExit", keys: []) { c, s in
            guard let object = c.syncObject(s) else { return [] }
            return [.perform(ObjcSyncExitStep.make(object: object))]
        },
        StepVerb("lockCondition", keys: ["into"]) { c, s in
            guard let lock = c.lockExpression(s.arg, s),
                let node = c.required(s, "into", example: "into: box.stage"),
                let (into, _) = c.lvalue(node, scope: s.scope, declare: .int)
            else { return [] }
            return [.perform(LockConditionStep.make(lock: lock, into: into))]
        },
    ]

    /// `lock: L` or `tryLock: L`, with `before:` (a duration from now, or `distantFuture`), `whenCondition:` and
    /// `result:`.
    private func lockStep(_ s: StepSite, isTry: Bool) -> [Step] {
        guard let lock = lockExpression(s.arg, s) else { return [] }
        var before: SimDuration?
        if let node = s.map["before"], node.scalar?.text != "distantFuture" {
            guard let d = duration(node, what: "before") else { return [] }
            before = d
        }
        let condition = s.map["whenCondition"].flatMap { intExpression($0, "whenCondition:", s) }
        if s.map["whenCondition"] != nil, condition == nil { return [] }
        let result = s.map["result"].flatMap { lvalue($0, scope: s.scope, declare: .bool)?.0 }
        return [
            .perform(
                LockStep.make(lock: lock, isTry: isTry, before: before, whenCondition: condition, result: result))
        ]
    }

    /// An expression that should name a lock (an object: which object is checked when the step runs).
    private func lockExpression(_ node: LocatedNode, _ s: StepSite) -> Expr? {
        guard let (e, t) = expression(node, scope: s.scope) else { return nil }
        if !t.isObject {
            bag.error(.exprType, "\(s.verb) needs a lock (made by `newLock:`), not \(t)", at: node.location)
        }
        return e
    }

    /// The object of `objcSyncEnter:` or `objcSyncExit:`: any object (which one is read when the step runs).
    private func syncObject(_ s: StepSite) -> Expr? {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return nil }
        if !t.isObject {
            bag.error(
                .exprType, "\(s.verb) needs an object (objc_sync_enter locks the object's own mutex), not \(t)",
                at: s.arg.location)
            return nil
        }
        return e
    }

    /// An integer expression (an `NSConditionLock` condition).
    private func intExpression(_ node: LocatedNode, _ what: String, _ s: StepSite) -> Expr? {
        guard let (e, t) = expression(node, scope: s.scope) else { return nil }
        if t != .int && t != .anyObject {
            bag.error(.exprType, "\(what) is an integer condition, not \(t)", at: node.location)
            return nil
        }
        return e
    }
}
