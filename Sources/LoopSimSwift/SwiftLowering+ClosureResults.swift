import LoopSimScenario
import SwiftSyntax

/// Closures that return a value (`compute: () -> Int`, `var format: ((Int) -> String)?`): the cache's
/// get-or-compute helper, `measure { … }`, a lazy builder. A closure's result is what its `return e` (or its one
/// expression) gives its caller (the Swift book, "Closures" › "Closure Expressions" and "Implicit Returns from
/// Single-Expression Closures"). Lowered onto the language's own block values: the closure literal is a
/// `block:` with `returns: TYPE` whose body ends in `return: e`, and `let v = compute()` is `callBlock:` with
/// `returns:` and `result:` — the kernel hands the block's value to the calling frame as a method's `return:` goes
/// to its `call:`, so it is the value of this very call, on the calling thread, with nothing run in between
/// (docs/fidelity.md, "Swift scenarios: queues kept in properties and closures kept as values"). Only an `Int`,
/// `Bool` or `String` result is followed; any other result type (and a throwing closure's) is a closure that
/// returns nothing, as before: `return e` in it and a call of it for its value stay refused.
extension SwiftLowering {
    /// The prefix of the marker a closure type's list ends with when it returns a value (``closureReturnsMarker``).
    private static let returnsMarkerPrefix = "Returns "

    /// The marker that ends a `.closure` list of a closure returning `type` (an `.int`, `.bool` or `.string`).
    static func closureReturnsMarker(_ type: LoweredType) -> LoweredType {
        .conformer(returnsMarkerPrefix + (type.fieldTypeName ?? "id"))
    }

    /// The result type a closure type spells (`() -> Int`): `.int`, `.bool` or `.string`; nil for `Void` or any
    /// other type, which the model does not follow.
    func closureResultType(_ function: FunctionTypeSyntax) -> LoweredType? {
        let written = function.returnClause.type
        guard !written.is(OptionalTypeSyntax.self), !written.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
            return nil
        }
        let type = typeNamed(written)
        return [.int, .bool, .string].contains(type) ? type : nil
    }

    /// A `.closure` list's parameters and, when it ends with the marker, the type the closure returns.
    static func splitClosureResult(_ types: [LoweredType]) -> (parameters: [LoweredType], result: LoweredType?) {
        guard case .conformer(let name)? = types.last, name.hasPrefix(returnsMarkerPrefix) else { return (types, nil) }
        let result: LoweredType? =
            switch name.dropFirst(returnsMarkerPrefix.count) {
            case "int": .int
            case "bool": .bool
            case "string": .string
            default: nil
            }
        return (Array(types.dropLast()), result)
    }

    /// `compute()`, `format(n)` of a closure value that returns an `Int`, `Bool` or `String`, used as a value:
    /// the `callBlock:` hoisted before the statement with `result:` a new local, the statement reading it. Nil
    /// when `call` calls no such closure; `.some(nil)` after refusing.
    mutating func closureResultValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        var callee = call.calledExpression
        let isOptional = callee.is(OptionalChainingExprSyntax.self)
        if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression }
        guard case .closure(let types) = staticType(callee, in: scope, report: false),
            let result = Self.splitClosureResult(types).result
        else { return nil }
        if isOptional {
            unsupported(
                "calling an optional closure for its value (`\(call.trimmedDescription)`)",
                "unwrap it first: `guard let compute = compute else { … }`, then `let v = compute()`", at: call)
            return .some(nil)
        }
        guard hoisting.isOpen, computedInProgress.isEmpty else {
            unsupported(
                "calling the closure `\(callee.trimmedDescription)` for its value here",
                "call it in a statement of a method or closure body: `let v = \(call.trimmedDescription)`", at: call)
            return .some(nil)
        }
        if let why = notEvaluatedEachTime(call) {
            unsupported(
                "calling the closure `\(callee.trimmedDescription)` for its value \(why)",
                "call it first into a local (`let v = \(call.trimmedDescription)`), then use the local", at: call)
            return .some(nil)
        }
        let at = location(call)
        let temporary = Self.temporaryName("value", at: at)
        guard let typeName = result.fieldTypeName,
            let steps = closureValueCall(call, in: scope, result: (typeName, temporary)), !steps.isEmpty
        else { return .some(nil) }
        return .some(hoisted(steps, into: temporary, type: result, for: call.id, at: at))
    }

    /// How `print` shows `compute()` (or a local bound to it) of a closure named `name` that returns an `Int`, `Bool`
    /// or `String`, found syntactically as the other printed types are (+Interpolation.swift): a parameter of the
    /// function or closure around `call`, else a property of the class around it, whose declared closure type says
    /// so; nil otherwise.
    func closureResultInterpolatedType(_ call: FunctionCallExprSyntax, named name: String) -> InterpolatedType? {
        guard
            call.calledExpression.is(DeclReferenceExprSyntax.self)
                || call.calledExpression.as(
                    MemberAccessExprSyntax.self)?.base?.trimmedDescription == "self"
        else { return nil }
        var declared: TypeSyntax?
        var node = call.parent
        while let current = node, declared == nil {
            if let f = current.as(FunctionDeclSyntax.self) {
                declared =
                    f.signature.parameterClause.parameters.first {
                        ($0.secondName ?? $0.firstName).text == name
                    }?.type
            } else if let i = current.as(InitializerDeclSyntax.self) {
                declared =
                    i.signature.parameterClause.parameters.first {
                        ($0.secondName ?? $0.firstName).text == name
                    }?.type
            } else if let c = current.as(ClassDeclSyntax.self) {
                for member in c.memberBlock.members {
                    guard let v = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in v.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        declared = binding.typeAnnotation?.type
                    }
                }
                break
            }
            node = current.parent
        }
        guard let declared, case .closure(let types) = closureType(declared),
            Self.splitClosureResult(types).result != nil
        else { return nil }
        return .plain
    }
}
