import LoopSimScenario
import SwiftSyntax

/// `Theme(rawValue: name)`: the case whose raw value is `name`, or nil when no case has it (the initializer the
/// compiler gives an enum with raw values, the Swift book, "Enumerations" › "Initializing from a Raw Value": "a
/// failable initializer … returns either an enumeration case or nil"). The model holds such an enum's value as its
/// raw value (SwiftLowering+Enums.swift), so the case is `name` itself when `name` is one of the raw values: an
/// `if:` chooses it, or nil, into a temporary before the statement (``Hoisting``), which `??`, `if let` and
/// `guard let` then read as any optional.
extension SwiftLowering {
    /// The optional case of `E(rawValue: x)`; nil when `call` is no such call, `.some(nil)` after a refusal.
    mutating func enumRawInit(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let e = enums[callee.baseName.text], scope.locals[callee.baseName.text] == nil,
            call.arguments.count == 1, call.arguments.first?.label?.text == "rawValue", call.trailingClosure == nil
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        guard let rawType = e.rawType else {
            unsupported(
                "`\(e.name)(rawValue:)` of an enum without raw values",
                "declare raw values (`enum \(e.name): String { … }`), or compare with its cases", at: call)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported(
                "`\(e.name)(rawValue:)` here", "make the value into a local first (`let t = \(e.name)(rawValue: x)`)",
                at: call)
            return .some(nil)
        }
        if let why = notEvaluatedEachTime(ExprSyntax(call)) {
            unsupported(
                "`\(e.name)(rawValue:)` \(why)",
                "Swift may not evaluate it each time the statement runs: make it into a local first", at: call)
            return .some(nil)
        }
        guard let raw = expression(call.arguments.first!.expression, in: scope) else { return .some(nil) }
        guard raw.type == (rawType == "Int" ? .int : .string) else {
            unsupported(
                "this raw value", "pass \(rawType == "Int" ? "an `Int`" : "a `String`"), as `\(e.name)` declares",
                at: call.arguments.first!.expression)
            return .some(nil)
        }
        let at = location(call)
        let temporary = Self.temporaryName("rawValue_", at: at)
        let isCase = e.cases.map { "(\(raw.text)) == \($0.value)" }.joined(separator: " || ")
        // Declared with its type first, nil, so that the `if let` and `??` reading it see an optional of that type.
        let declared = LocatedNode.step("let", "\(temporary): \(rawType == "Int" ? "int" : "string") = nil", at: at)
        let choice = LocatedNode.step(
            "if", e.cases.isEmpty ? "false" : isCase, at: at,
            [("then", .list([.step("let", "\(temporary) = \(raw.text)", at: at)], at: at))])
        return .some(hoisted([declared, choice], into: temporary, type: e.type, for: call.id, at: at))
    }
}
