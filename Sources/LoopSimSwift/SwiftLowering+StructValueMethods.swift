import LoopSimScenario
import SwiftSyntax

/// A struct's method that returns a plain value from one expression (`func delay(for attempt: Int) -> TimeInterval {
/// baseDelay * Double(attempt) }`): like a computed property (SwiftLowering+Structs.swift), each call is the
/// expression on the value called, `self` and bare property names being that value's, and each parameter the
/// argument's value, parenthesized. The language's expressions have no side effects and a non-`mutating` method
/// cannot change its value, so the result is what Swift's call computes at that moment; an argument is evaluated
/// where it is used (as often as the parameter is read), which gives the same value for an argument without a call
/// (a call in one is hoisted before the statement, once, as for any call).
extension SwiftLowering {
    /// The one expression `f` returns, when `f` is a struct method that may be read inline: a return type other
    /// than a struct, no effects, generics, `static` or `mutating`, and a body `{ e }` or `{ return e }`.
    func structValueMethodExpression(_ f: FunctionDeclSyntax) -> ExprSyntax? {
        guard let returns = declaredReturnType(f), f.signature.effectSpecifiers == nil,
            f.genericParameterClause == nil,
            !f.modifiers.contains(where: { ["static", "class", "mutating"].contains($0.name.text) }),
            let body = f.body, body.statements.count == 1, let item = body.statements.first?.item
        else { return nil }
        if case .value = typeNamed(returns) { return nil }
        if f.signature.parameterClause.parameters.contains(where: { $0.defaultValue != nil }) { return nil }
        return item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
    }

    /// `policy.delay(for: n)` where `policy` holds a struct whose `delay` returns one expression: the expression on
    /// `policy`'s value with `attempt` the argument's. Nil when `call` is no such call; `.some(nil)` after refusing.
    mutating func structValueMethodCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            case .value(let s) = staticType(base, in: scope, report: false),
            let (decl, value) = structs[s]?.valueMethods[member.declName.baseName.text]
        else { return nil }
        let name = member.declName.baseName.text
        let parameters = Array(decl.signature.parameterClause.parameters)
        let arguments = Array(call.arguments)
        guard parameters.count == arguments.count, call.trailingClosure == nil,
            zip(parameters, arguments).allSatisfy({ p, a in
                (p.firstName.text == "_" ? nil : p.firstName.text) == a.label?.text
            })
        else {
            unsupported(
                "this call of `\(s).\(name)`", "pass one argument per parameter, with its label", at: call)
            return .some(nil)
        }
        if computedInProgress.contains("\(s).\(name)()") {
            unsupported("a struct method that calls itself", "compute the value from stored properties", at: call)
            return .some(nil)
        }
        guard let receiver = expression(base, in: scope) else { return .some(nil) }
        var inner = structScope(s, value: receiver.text)
        for (parameter, argument) in zip(parameters, arguments) {
            let type = typeNamed(parameter.type)
            guard let lowered = withEnumContext(type, { $0.expression(argument.expression, in: scope) }) else {
                return .some(nil)
            }
            let local = (parameter.secondName ?? parameter.firstName).text
            inner.locals[local] = Local(type: lowered.type, isVar: false, lowered: "(\(lowered.text))")
        }
        computedInProgress.insert("\(s).\(name)()")
        defer { computedInProgress.remove("\(s).\(name)()") }
        let returns = declaredReturnType(decl).map { typeNamed($0) } ?? .unknown
        guard let result = withEnumContext(returns, { $0.expression(value, in: inner) }) else { return .some(nil) }
        return .some(("(\(result.text))", result.type))
    }
}
