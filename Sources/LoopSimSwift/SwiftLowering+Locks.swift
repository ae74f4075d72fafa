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
        case ("NSLock", "lock") where bare, ("NSRecursiveLock", "lock") where bare,
            ("NSCondition", "lock") where bare:
            return [.step("lock", receiver, at: at)]
        case ("NSLock", "unlock") where bare, ("NSRecursiveLock", "unlock") where bare,
            ("NSCondition", "unlock") where bare:
            return [.step("unlock", receiver, at: at)]
        case ("NSCondition", "wait") where bare: return [.step("waitCondition", receiver, at: at)]
        case ("NSCondition", "signal") where bare: return [.step("signalCondition", receiver, at: at)]
        case ("NSCondition", "broadcast") where bare: return [.step("broadcastCondition", receiver, at: at)]
        case ("NSLock", "withLock"), ("NSRecursiveLock", "withLock"), ("NSCondition", "withLock"):
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
}
