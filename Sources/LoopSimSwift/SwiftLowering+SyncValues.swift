import LoopSimScenario
import SwiftSyntax

/// `queue.sync { expr }` used as a value: `return queue.sync { items.count }`, `let n = queue.sync { cache[key] }`
/// — the reader of the reader-writer pattern. `DispatchQueue.sync(execute:)` returns what its closure returns
/// (Dispatch's `sync<T>(execute work: () throws -> T) rethrows -> T`, swift-corelibs-libdispatch
/// `Queue.swift`), after running it on the queue while the caller waits. The lowering writes what an Objective-C
/// engineer writes for it: a `__block` variable the block stores the value into, declared before the statement,
/// the `dispatch_sync:` hoisted before it (SwiftLowering+Returns.swift, ``Hoisting``), the statement reading the
/// variable. So the caller waits as for any `sync`, and the value is read on the queue, after the queue's earlier
/// blocks (a barrier write before it, say).
extension SwiftLowering {
    /// The `__block` variable a closure's value is stored into.
    struct SyncValue {
        var name: String
    }

    /// `queue.sync { e }` (or `{ return e }`, `execute: { … }`) as a value: hoisted; nil when `call` is no such call,
    /// `.some(nil)` when it is refused here.
    mutating func syncValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "sync", let base = member.base,
            let queue = queueName(base, in: scope)
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        // `sync { … }`, `sync(execute: { … })`, `sync({ … })`
        let closure =
            call.trailingClosure
            ?? call.arguments.first(where: { $0.label == nil || $0.label?.text == "execute" })?.expression.as(
                ClosureExprSyntax.self)
        if let flags = call.arguments.first(where: { $0.label?.text == "flags" }) {
            unsupported(
                "`sync(flags:)` as a value",
                "store into a variable inside: `var v = 0; queue.sync(flags: "
                    + "\(flags.expression.trimmedDescription)) { v = … }`", at: call)
            return .some(nil)
        }
        guard let closure, call.arguments.count == (call.trailingClosure == nil ? 1 : 0) else {
            unsupported(
                "`\(call.calledExpression.trimmedDescription)(…)` as a value with these arguments",
                "pass the closure alone: `queue.sync { items.count }`", at: call)
            return .some(nil)
        }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "`queue.sync { … }` as a value \(why)",
                "store it first into a local (`let n = queue.sync { … }`), then use the local", at: call)
            return .some(nil)
        }
        let at = location(call)
        let temporary = Self.temporaryName("sync_", at: at)
        syncValueTypes[temporary] = nil
        guard let block = lowerClosure(closure, in: scope, parameters: 0, valueInto: SyncValue(name: temporary)),
            let type = syncValueTypes[temporary]
        else { return .some(nil) }
        let typed =
            [.int, .bool, .string, .duration].contains(type) ? type.fieldTypeName.map { ": \($0)" } ?? "" : ""
        let steps: [LocatedNode] = [
            .step("let", "__block \(temporary)\(typed) = nil", at: at), .step("dispatch_sync", queue, at: at, block),
        ]
        return .some(hoisted(steps, into: temporary, type: type, for: call.id, at: at))
    }

    /// The one expression (or `return e`) of `x.sync { … }`'s closure, syntactically; nil for anything else.
    func syncClosureValue(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sync",
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count == (call.trailingClosure == nil ? 1 : 0), closure.statements.count == 1,
            let item = closure.statements.first?.item
        else { return nil }
        return item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
    }

    /// The steps of a `sync` closure used as a value: what its one expression (or `return e`) hoists, then
    /// `set: TEMP = e`. Nil (after refusing) for a closure of several statements.
    mutating func storeClosureValue(
        _ closure: ClosureExprSyntax, into value: SyncValue, in inner: inout Scope
    ) -> [LocatedNode]? {
        let items = Array(closure.statements)
        let only: ExprSyntax? =
            items.count == 1
            ? items[0].item.as(ExprSyntax.self) ?? items[0].item.as(ReturnStmtSyntax.self)?.expression : nil
        guard let only else {
            unsupported(
                "a `sync` closure of several statements used as a value",
                "give it one expression (`queue.sync { items.count }`), or store into a variable inside: "
                    + "`var n = 0; queue.sync { n = items.count }`", at: closure)
            return nil
        }
        let before = hoisting
        hoisting = Hoisting(isOpen: true, root: Syntax(only))
        let lowered = expression(only, in: inner)
        let steps = hoisting.steps
        let releases = hoisting.releases
        hoisting = before
        guard let lowered else { return nil }
        guard lowered.type != .unknown, Self.isReturnable(lowered.type) || lowered.type == .duration else {
            unsupported(
                "a `sync` closure whose value is `\(only.trimmedDescription)` used as a value",
                "return an Int, Bool, String, TimeInterval or object from it, or store into a variable inside: "
                    + "`queue.sync { n = … }`", at: only)
            return nil
        }
        syncValueTypes[value.name] = lowered.type
        inner.locals[value.name] = Local(type: lowered.type, isVar: true, isBlock: true)
        return steps + [.step("set", "\(value.name) = \(lowered.text)", at: location(only))] + releases
    }
}
