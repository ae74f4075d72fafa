import LoopSimScenario
import SwiftSyntax

/// Locks and conditions (NSLock, NSRecursiveLock, NSCondition; docs/scenario-format.md §7.14): the calls on them.
extension SwiftLowering {
    /// A method of a lock: `lock`/`unlock`/`withLock` of NSLock, NSRecursiveLock and NSCondition, and a
    /// condition's `wait`/`signal`/`broadcast`; nil when `name` is none of them on `type`.
    mutating func lockMethod(
        _ type: String, _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(call)
        let bare = call.arguments.isEmpty && call.trailingClosure == nil
        switch (type, name) {
        case ("NSConditionLock", "lock"), ("NSConditionLock", "unlock"):
            return conditionLockCall(receiver, name, call, in: scope)
        case ("NSLock", "lock") where bare, ("NSRecursiveLock", "lock") where bare,
            ("NSCondition", "lock") where bare:
            return [.step("lock", receiver, at: at)]
        case ("NSLock", "unlock") where bare, ("NSRecursiveLock", "unlock") where bare,
            ("NSCondition", "unlock") where bare:
            return [.step("unlock", receiver, at: at)]
        case ("NSCondition", "wait") where bare: return [.step("waitCondition", receiver, at: at)]
        case ("NSCondition", "signal") where bare: return [.step("signalCondition", receiver, at: at)]
        case ("NSCondition", "broadcast") where bare: return [.step("broadcastCondition", receiver, at: at)]
        case ("NSLock", "withLock"), ("NSRecursiveLock", "withLock"), ("NSCondition", "withLock"),
            ("NSConditionLock", "withLock"):
            // NSLocking.withLock: lock(); defer { unlock() }; return try body() — the body runs in place, its
            // names the enclosing body's (swift-corelibs-foundation NSLock.swift).
            guard let closure = trailingOrLabelled(call, "body") else { return unknownFoundationCall(call) }
            if closure.signature != nil {
                unsupported(
                    "a `withLock` closure with a signature", "write the body only: `lock.withLock { … }`",
                    at: closure)
                return []
            }
            var body = scope
            let steps = lowerStatements(closure.statements, in: &body, tail: false)
            return [.step("withLock", receiver, at: at, [("do", .list(steps, at: location(closure)))])]
        default: return nil
        }
    }

    /// `NSConditionLock(condition: N)` (or `NSConditionLock()`, condition 0): `newLock:` with `class:
    /// NSConditionLock` and `condition:` (docs/scenario-format.md §7.14; swift-corelibs-foundation `NSLock.swift`,
    /// `NSConditionLock.init(condition:)`).
    mutating func conditionLockCreation(_ call: FunctionCallExprSyntax, place: String)
        -> (steps: [LocatedNode], type: LoweredType)
    {
        let at = location(call)
        let type = LoweredType.api("NSConditionLock")
        var extra: [(String, LocatedNode)] = [("class", .plain("NSConditionLock", at: at))]
        let arguments = Array(call.arguments)
        if let first = arguments.first {
            guard arguments.count == 1, first.label?.text == "condition",
                let n = first.expression.as(IntegerLiteralExprSyntax.self)
            else {
                unsupported(
                    "this NSConditionLock initializer", "write `NSConditionLock(condition: 0)` with an integer literal",
                    at: call)
                return ([], type)
            }
            extra.append(("condition", .plain(n.literal.text.replacingUnderscores(), at: location(first.expression))))
        }
        return ([.step("newLock", place, at: at, extra)], type)
    }

    /// `l.lock()`, `l.lock(whenCondition: c)`, `l.unlock()`, `l.unlock(withCondition: c)` on an NSConditionLock:
    /// `lock:` (`whenCondition:`), `unlock:` (`withCondition:`), the condition an integer expression.
    mutating func conditionLockCall(
        _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let label = name == "lock" ? "whenCondition" : "withCondition"
        let arguments = Array(call.arguments)
        guard call.trailingClosure == nil, arguments.count <= 1 else { return unknownFoundationCall(call) }
        guard let argument = arguments.first else { return [.step(name, receiver, at: at)] }
        guard argument.label?.text == label else {
            unsupported(
                "`\(name)(\(argument.label?.text ?? "_"):)` on an NSConditionLock",
                "write `lock()`, `lock(whenCondition: c)`, `unlock()` or `unlock(withCondition: c)`; a deadline is "
                    + "written in YAML (`before:`)", at: argument)
            return []
        }
        guard let condition = expression(argument.expression, in: scope) else { return [] }
        guard condition.type == .int else {
            unsupported("a condition that is not an Int", "pass an Int", at: argument.expression)
            return []
        }
        return [.step(name, receiver, at: at, [(label, .plain(condition.text, at: location(argument.expression)))])]
    }
}
