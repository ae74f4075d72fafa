import LoopSimScenario
import SwiftSyntax

/// `(1...maximum).contains(index)`, `(0..<count).contains(i)`: whether an integer is in a range written in place,
/// the range's bounds compared (the standard library's `ClosedRange.contains` is `lowerBound <= x && x <=
/// upperBound`, `Range.contains` is `lowerBound <= x && x < upperBound`). The language's expressions have no
/// effects, so reading `x` twice reads one value.
extension SwiftLowering {
    /// The comparison a `contains` on a range written in place is; nil when `call` is no such call.
    mutating func rangeContains(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "contains", call.arguments.count == 1,
            call.arguments.first?.label == nil, call.trailingClosure == nil,
            let tuple = member.base?.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let sequence = tuple.elements.first?.expression.as(SequenceExprSyntax.self),
            sequence.elements.count == 3,
            let op = sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..." || op == "..<", let lower = sequence.elements.first, let upper = sequence.elements.last
        else { return nil }
        guard let low = expression(lower, in: scope), let high = expression(upper, in: scope),
            let value = expression(call.arguments.first!.expression, in: scope)
        else { return .some(nil) }
        guard low.type == .int, high.type == .int, value.type == .int else {
            unsupported(
                "`contains` on a range of other values than `Int`s", "compare the bounds: `a <= x && x <= b`",
                at: call)
            return .some(nil)
        }
        let upperTest = op == "..." ? "<=" : "<"
        return ("((\(low.text)) <= (\(value.text)) && (\(value.text)) \(upperTest) (\(high.text)))", .bool)
    }
}
