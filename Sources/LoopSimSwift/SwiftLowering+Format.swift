import LoopSimKernel
import LoopSimScenario
import SwiftSyntax

/// `String(format: "%02d:%02d", minutes, seconds)`, the countdown label's text, and `String(format: "%.1f s",
/// elapsed)`: the scenario language's `format(…)` (docs/scenario-format.md §6), whose integer, floating and string
/// conversions write what Foundation writes (LoopSimKernel's `FormatPiece`). The format is a string literal; the
/// compiler checks its conversions and their values, located at the call.
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
        // What each conversion reads; a bad format is the compiler's to locate inside the literal.
        let kinds = (try? FormatPiece.parse(text).get()).map { FormatPiece.arguments(of: $0) } ?? []
        var arguments: [String] = []
        for (index, argument) in call.arguments.dropFirst().enumerated() {
            guard argument.label == nil else {
                unsupported("`\(argument.label!.text):` here", "pass the format's values after it", at: argument)
                return .some(nil)
            }
            guard let value = expression(argument.expression, in: scope) else { return .some(nil) }
            guard [.int, .string, .duration, .unknown].contains(value.type) || isStringEnum(value.type) else {
                unsupported(
                    "a value of type \(value.type) in `String(format:)`",
                    "format an `Int` (`%d`, `%02d`, `%x`), a `TimeInterval` or `Double` (`%.1f`) or a `String` (`%@`)",
                    at: argument.expression)
                return .some(nil)
            }
            if index < kinds.count, let advice = Self.formatMismatch(kinds[index], value.type) {
                // Swift compiles it (the values are `CVarArg`s), and the conversion reads another register or
                // another width than the value was passed in: what prints is not the value.
                bag.error(.exprType, "`String(format:)`: \(advice)", at: location(argument.expression))
                return .some(nil)
            }
            arguments.append(value.text)
        }
        return .some(("format(\"\(text)\"\(arguments.map { ", " + $0 }.joined()))", .string))
    }

    /// Why a value of `type` does not fit a conversion that reads `kind`, with what to write; nil when it fits.
    private static func formatMismatch(_ kind: FormatPiece.Argument, _ type: LoweredType) -> String? {
        switch (kind, type) {
        case (.integer, .duration):
            "this `TimeInterval` is a `Double`, which `%d` does not read: write `Int(x)` or use `%.0f`"
        case (.floating, .int):
            "this `Int` is not a `Double`, which `%f` reads: write `Double(n)` or use `%d`"
        case (.floating, .string), (.integer, .string):
            "this `String` is written with `%@`"
        case (.string, .int), (.string, .duration):
            "`%@` writes an object: write the number with `%d` or `%.1f`, or `String(n)`"
        default: nil
        }
    }

    /// A case of an enum held as its name or `String` raw value: a string for `%@`.
    private func isStringEnum(_ type: LoweredType) -> Bool {
        if case .enumeration(_, let isInt) = type { return !isInt }
        return false
    }
}
