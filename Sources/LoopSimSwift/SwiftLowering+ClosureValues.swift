import LoopSimScenario
import SwiftSyntax

/// Closures kept as values (docs/swift-scenarios.md, "Closures kept as values"): a property or local of closure type
/// (`var onTick: (() -> Void)?`, `let work = { … }`), a closure stored into it (`block:`), and a call of it
/// (`callBlock:`, behind a nil test for `onTick?()`). A closure retains what it captures strongly, so
/// `self.onTick = { self.count += 1 }` is the cycle self → onTick → closure → self (The Swift Programming Language,
/// "Strong Reference Cycles for Closures"). Only closures without parameters are kept as values here.
extension SwiftLowering {
    /// The lowered type of a closure value (`block` in the scenario language, docs/scenario-format.md §4).
    static let closureValueType = LoweredType.api("Block")

    /// Whether `type` is a closure type: `() -> Void`, `(() -> Void)?`, `@escaping () -> Void`, `(Int) -> Void`.
    func isClosureType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isClosureType(attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isClosureType(only.type)
        }
        return false
    }

    /// Whether `e` is a closure value this body can see (a local, a parameter or a field of closure type, also
    /// another object's: `viewModel.onChange`, `self?.onChange`), found without reporting anything.
    mutating func isClosureValue(_ e: ExprSyntax, in scope: Scope) -> Bool {
        staticType(e, in: scope, report: false) == Self.closureValueType
    }

    /// `onTick?()`, `self.onTick?()` (called only when not nil), `work()`: `callBlock:`. Nil when `call` calls no
    /// closure value.
    mutating func closureValueCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        var callee = call.calledExpression
        var isOptional = false
        if let chain = callee.as(OptionalChainingExprSyntax.self) {
            callee = chain.expression
            isOptional = true
        }
        guard isClosureValue(callee, in: scope) else { return nil }
        let at = location(call)
        if !call.arguments.isEmpty || call.trailingClosure != nil {
            unsupported(
                "calling a closure value with arguments",
                "keep closures without parameters (`() -> Void`) and pass values through fields", at: call)
            return []
        }
        guard let value = expression(callee, in: scope) else { return [] }
        let invoke = LocatedNode.step("callBlock", value.text, at: at)
        guard isOptional else { return [invoke] }
        // Optional chaining: the call happens only when the closure is there (nil does nothing).
        return [.step("if", "\(value.text) != nil", at: at, [("then", .list([invoke], at: at))])]
    }

    /// `PLACE = { … }` where PLACE holds a closure: `block: PLACE` with the closure's captures and steps. Nil when
    /// `lhs = rhs` is not that.
    mutating func closureValueAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, place: String, in scope: Scope)
        -> [LocatedNode]?
    {
        guard let closure = rhs.as(ClosureExprSyntax.self), isClosureValue(lhs, in: scope) else { return nil }
        return closureValueSteps(closure, place: place, in: scope)
    }

    /// `let work = { … }` in a body: a `block` local. Nil when `value` is no closure.
    mutating func closureValueLocal(_ value: ExprSyntax, name: String, in scope: inout Scope) -> [LocatedNode]? {
        guard let closure = value.as(ClosureExprSyntax.self) else { return nil }
        let steps = closureValueSteps(closure, place: name, in: scope)
        scope.locals[name] = Local(type: Self.closureValueType, isVar: false)
        return steps
    }

    /// The `block:` step storing `closure` into `place`.
    private mutating func closureValueSteps(_ closure: ClosureExprSyntax, place: String, in scope: Scope)
        -> [LocatedNode]
    {
        if let parameters = closure.signature?.parameterClause {
            unsupported(
                "a closure with parameters kept as a value",
                "keep closures without parameters (`() -> Void`) and pass values through fields", at: parameters)
            return []
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        return [.step("block", place, at: location(closure), block)]
    }

    /// `queue.async(execute: work)` with a closure value: the queue holds a block that calls it, retaining it
    /// (`dispatch_async` copies the block it is given; the extra block is the model's, docs/fidelity.md).
    mutating func asyncClosureValue(_ queue: String, _ e: ExprSyntax, at call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]?
    {
        guard isClosureValue(e, in: scope), let value = expression(e, in: scope) else { return nil }
        let at = location(call)
        let isName = !value.text.contains(".")
        let capture = isName ? "strong \(value.text)" : "strong \(value.text) as work"
        return [
            .step(
                "dispatch_async", queue, at: at,
                [
                    ("captures", .list([.plain(capture, at: at)], at: at)),
                    ("do", .list([.step("callBlock", isName ? value.text : "work", at: at)], at: at)),
                ])
        ]
    }
}
