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
        guard let only else { return storeClosureReturns(closure, into: value, in: &inner) }
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

    /// A `sync` closure of several statements used as a value (`let v = queue.sync { () -> Int in if let c =
    /// cached[key] { return c }; …; return x }`): its statements, each `return e` storing into the `__block`
    /// variable and leaving the block (``syncValueReturn(_:value:into:leaves:in:)``). The closure's written result
    /// type, when there is one, types the variable; else its first `return`'s value does. Nil (after refusing)
    /// when no `return` gives it a value the lowering follows.
    private mutating func storeClosureReturns(
        _ closure: ClosureExprSyntax, into value: SyncValue, in inner: inout Scope
    ) -> [LocatedNode]? {
        if let written = closure.signature?.returnClause?.type {
            let type = typeNamed(written)
            guard Self.isReturnable(type) || type == .duration else {
                unsupported(
                    "a `sync` closure returning `\(written.trimmedDescription)` used as a value",
                    "return an Int, Bool, String, TimeInterval or object from it, or store into a variable inside: "
                        + "`queue.sync { n = … }`", at: written)
                return nil
            }
            syncValueTypes[value.name] = type
        }
        inner.syncValueInto = value.name
        let outer = hoisting  // the statement the `sync` is hoisted out of: its own, restored after the body
        hoisting = Hoisting()
        let steps = lowerStatements(closure.statements, in: &inner, tail: true)
        hoisting = outer
        guard let type = syncValueTypes[value.name] else {
            if !bag.hasErrors {
                unsupported(
                    "a `sync` closure of several statements used as a value without a `return` of a known value",
                    "end it with `return e`, or write its type: `queue.sync { () -> Int in … }`", at: closure)
            }
            return nil
        }
        inner.locals[value.name] = Local(type: type, isVar: true, isBlock: true)
        return steps
    }

    /// `return e` in a `sync` closure used as a value: `set: TEMP = e` (after what `e` hoists), then `return` to
    /// leave the block unless it is the block's last statement.
    mutating func syncValueReturn(
        _ ret: ReturnStmtSyntax, value: ExprSyntax, into name: String, leaves: Bool, in scope: inout Scope
    ) -> [LocatedNode] {
        let known = syncValueTypes[name]
        let before = hoisting
        hoisting = Hoisting(isOpen: true, root: Syntax(value))
        let lowered = withEnumContext(known ?? .unknown) { $0.expression(value, in: scope) }
        let hoisted = hoisting.steps
        let releases = hoisting.releases
        hoisting = before
        guard let lowered else { return [] }
        if lowered.type == .unknown, bag.hasErrors { return [] }  // a local an earlier refusal left untyped
        guard lowered.type != .unknown, Self.isReturnable(lowered.type) || lowered.type == .duration else {
            unsupported(
                "a `sync` closure whose value is `\(value.trimmedDescription)` used as a value",
                "return an Int, Bool, String, TimeInterval or object from it, or store into a variable inside: "
                    + "`queue.sync { n = … }`", at: value)
            return []
        }
        if let known, known != lowered.type {
            unsupported(
                "a `sync` closure whose returns have different types",
                "return one type from every `return`, or write it: `queue.sync { () -> Int in … }`", at: value)
            return []
        }
        syncValueTypes[name] = lowered.type
        let at = location(ret)
        return hoisted + [.step("set", "\(name) = \(lowered.text)", at: at)] + releases
            + (leaves ? [.plain("return", at: at)] : [])
    }
}

extension SwiftLowering {
    /// How `print` shows the value of `x.sync { … }` of several statements (+Interpolation.swift): as its written
    /// result type (`{ () -> Int in … }`), else as its first `return`'s value; nil for any other call.
    func syncClosureReturnedType(_ call: FunctionCallExprSyntax) -> InterpolatedType? {
        guard call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sync",
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { return nil }
        if let written = closure.signature?.returnClause?.type { return annotatedType(written) }
        let finder = FirstReturnFinder()
        finder.walk(closure.statements)
        return finder.first.flatMap { interpolatedType($0) }
    }
}

/// The first `return e` of a closure's own statements (not of a closure nested in them).
final class FirstReturnFinder: SyntaxVisitor {
    /// Its value.
    var first: ExprSyntax?

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if first == nil, let value = node.expression { first = value }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
