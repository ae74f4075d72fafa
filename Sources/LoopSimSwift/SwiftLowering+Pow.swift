import LoopSimScenario
import SwiftSyntax

/// `pow(2.0, Double(attempt - 1))`, the exponential back-off (docs/swift-scenarios.md, "Durations from
/// expressions"): Foundation's `pow(Double, Double) -> Double` of a `TimeInterval` base and a whole exponent, the
/// scenario language's `pow(b, n)` (docs/scenario-format.md §6), which the kernel computes as `n` fixed-point
/// products of `b` (docs/fidelity.md, "Durations computed from values"). The exponent must be a whole number the file writes as one: `Double(n)`
/// of an `Int`, or an integer literal (`3`, `3.0`); any other `Double` exponent (`pow(x, 0.5)`, a square root) is
/// refused, as the fixed point has no roots.
extension SwiftLowering {
    /// The value of `call` when it is `pow(b, e)`; nil when it is not; `.some(nil)` after refusing it.
    mutating func powValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "pow",
            scope.locals["pow"] == nil, call.arguments.count == 2, call.trailingClosure == nil,
            call.arguments.allSatisfy({ $0.label == nil })
        else { return nil }
        let baseSyntax = call.arguments.first!.expression
        let exponentSyntax = call.arguments.last!.expression
        guard let exponent = powExponent(exponentSyntax, in: scope) else { return .some(nil) }
        let base: String
        if let literal = baseSyntax.as(FloatLiteralExprSyntax.self) {
            guard let text = decimalLiteral(literal) else { return .some(nil) }
            base = text + "s"
        } else if let literal = baseSyntax.as(IntegerLiteralExprSyntax.self) {
            base = literal.literal.text.replacingUnderscores() + "s"
        } else {
            guard let lowered = expression(baseSyntax, in: scope) else { return .some(nil) }
            guard lowered.type == .duration || lowered.type == .unknown else {
                unsupported(
                    "`pow(…)` of `\(baseSyntax.trimmedDescription)`, which is not a `Double`",
                    "write the base as a `TimeInterval` or `Double(n)`; `pow` of an `Int` or a `Decimal` is not "
                        + "modelled", at: baseSyntax)
                return .some(nil)
            }
            base = lowered.text
        }
        return .some(("pow(\(base), \(exponent))", .duration))
    }

    /// The exponent of `pow` as the language's int expression: `Double(n)` / `TimeInterval(n)` of an `Int`, an
    /// integer literal, or a float literal with no fraction (`3.0`); nil after refusing any other.
    private mutating func powExponent(_ e: ExprSyntax, in scope: Scope) -> String? {
        var literal = e
        var sign = ""
        if let negated = e.as(PrefixOperatorExprSyntax.self), negated.operator.text == "-" {
            literal = negated.expression
            sign = "-"
        }
        if let i = literal.as(IntegerLiteralExprSyntax.self) {
            return sign + i.literal.text.replacingUnderscores()
        }
        if let f = literal.as(FloatLiteralExprSyntax.self) {
            let parts = f.literal.text.replacingUnderscores().split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy({ $0 == "0" }),
                !parts[1].isEmpty
            {
                return sign + parts[0]
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
            call.arguments.first?.label == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["Double", "TimeInterval", "CGFloat"].contains(callee.baseName.text),
            scope.locals[callee.baseName.text] == nil
        {
            let inner = call.arguments.first!.expression
            guard let lowered = expression(inner, in: scope) else { return nil }
            if lowered.type == .int { return "(\(lowered.text))" }
        }
        unsupported(
            "the `pow` exponent `\(e.trimmedDescription)`, which is not a whole number written as one",
            "write the exponent as `Double(n)` of an `Int` (`pow(2.0, Double(attempt - 1))`) or a whole literal; "
                + "LoopSim's durations are fixed-point nanoseconds and have no fractional powers", at: e)
        return nil
    }
}
