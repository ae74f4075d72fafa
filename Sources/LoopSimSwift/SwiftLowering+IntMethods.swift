import LoopSimScenario
import SwiftSyntax

/// `n.isMultiple(of: k)` of an `Int` (docs/swift-scenarios.md, "Numbers"). The standard library's
/// `BinaryInteger.isMultiple(of:)` (stdlib/public/core/Integers.swift) answers `self == 0` for `other == 0` and
/// otherwise `self.magnitude % other.magnitude == 0`; with a non-zero literal `k` that is the language's
/// `(n % |k|) == 0` (its `%` takes the dividend's sign, so a negative `n` still gives 0 exactly when `k` divides it).
extension SwiftLowering {
    /// The value of `call` when it is `isMultiple(of:)`; nil when it is not; `.some(nil)` after refusing it.
    mutating func isMultipleValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "isMultiple", call.arguments.count == 1,
            call.arguments.first?.label?.text == "of", call.trailingClosure == nil
        else { return nil }
        let argument = call.arguments.first!.expression
        var literal = argument
        if let negated = argument.as(PrefixOperatorExprSyntax.self), negated.operator.text == "-" {
            literal = negated.expression
        }
        guard
            let k = literal.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text.replacingUnderscores()) }),
            k != 0
        else {
            unsupported(
                "`isMultiple(of:)` of a value that is not a non-zero integer literal",
                "write the divisor as a literal (`n.isMultiple(of: 2)`), or test `k != 0 && n % k == 0`", at: argument)
            return .some(nil)
        }
        guard let value = expression(base, in: scope) else { return .some(nil) }
        guard value.type == .int else {
            unsupported(
                "`isMultiple(of:)` of `\(base.trimmedDescription)`, which is not an `Int`",
                "call it on an `Int` (`count.isMultiple(of: 2)`)", at: base)
            return .some(nil)
        }
        return .some(("((\(value.text)) % \(k) == 0)", .bool))
    }
}
