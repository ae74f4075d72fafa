import LoopSimScenario
import SwiftSyntax

/// `String(format: "%02d:%02d", minutes, seconds)`, the countdown label's text: the scenario language's
/// `format(…)` (docs/scenario-format.md §6), whose integer and string conversions write what Foundation writes
/// (LoopSimKernel's `FormatPiece`). The format is a string literal; a floating-point conversion is refused by the
/// compiler, located at it.
extension SwiftLowering {
    /// `String(format: "…", a, b)`; nil when `call` is not one, `.some(nil)` after refusing it.
    mutating func formatCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            scope.locals["String"] == nil, let first = call.arguments.first, first.label?.text == "format",
            call.trailingClosure == nil
        else { return nil }
        guard let literal = first.expression.as(StringLiteralExprSyntax.self),
            !literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }),
            let text = plainString(first.expression), !text.contains("\""), !text.contains("\\")
        else {
            unsupported(
                "this format", "write the format as a one-line string literal without `\\(…)`, `\"` or `\\`",
                at: first.expression)
            return .some(nil)
        }
        var arguments: [String] = []
        for argument in call.arguments.dropFirst() {
            guard argument.label == nil else {
                unsupported("`\(argument.label!.text):` here", "pass the format's values after it", at: argument)
                return .some(nil)
            }
            guard let value = expression(argument.expression, in: scope) else { return .some(nil) }
            guard [.int, .string, .unknown].contains(value.type) || isStringEnum(value.type) else {
                unsupported(
                    "a value of type \(value.type) in `String(format:)`",
                    "format an `Int` (`%d`, `%02d`, `%x`) or a `String` (`%@`); for a `TimeInterval`, `Int(x)`",
                    at: argument.expression)
                return .some(nil)
            }
            arguments.append(value.text)
        }
        return .some(("format(\"\(text)\"\(arguments.map { ", " + $0 }.joined()))", .string))
    }

    /// A case of an enum held as its name or `String` raw value: a string for `%@`.
    private func isStringEnum(_ type: LoweredType) -> Bool {
        if case .enumeration(_, let isInt) = type { return !isInt }
        return false
    }
}
