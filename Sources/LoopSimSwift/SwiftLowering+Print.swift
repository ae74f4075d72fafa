import LoopSimScenario
import SwiftSyntax

/// Swift's `print(_:separator:terminator:)` as the scenario language's `log:` step (docs/swift-scenarios.md, "What
/// print logs"); called by ``callStatement(_:in:)`` (SwiftLowering+Calls.swift).
extension SwiftLowering {
    /// `print("…")`: a `log:` step. An interpolation of a plain `Int`, `Bool` or `String` logs its value when the
    /// step runs; any other is logged as written (SwiftLowering+Interpolation.swift, docs/swift-scenarios.md).
    mutating func printStep(_ call: FunctionCallExprSyntax, in scope: Scope) -> LocatedNode {
        // print(_ items: Any..., separator: String = " ", terminator: String = "\n"): the items joined by the
        // separator (Swift standard library, `print(_:separator:terminator:)`). A string literal gives its text with
        // its interpolations, any other item is one interpolation (``logItem(_:in:)``).
        var separator = " "
        var items: [String] = []
        for argument in call.arguments {
            switch argument.label?.text {
            case "separator":
                if let literal = argument.expression.as(StringLiteralExprSyntax.self) {
                    separator = literalText(literal)
                } else {
                    unsupported(
                        "a `separator:` that is not a string literal", "write the separator as a literal (`\", \"`)",
                        at: argument.expression)
                }
            case "terminator":
                // Each log is one line of output; a terminator other than the newline would join it to the next
                // print's, which a log cannot say (a reviewer's probe: two logs where Swift writes one line).
                let text = argument.expression.as(StringLiteralExprSyntax.self).map { $0.segments.trimmedDescription }
                if text != "\\n" {
                    unsupported(
                        "`print(…, terminator: \(argument.expression.trimmedDescription))`",
                        "a log is one line: print the whole line in one call (`print(\"loading \\(state)\")`)",
                        at: argument)
                }
            default:
                if let literal = argument.expression.as(StringLiteralExprSyntax.self) {
                    items.append(logText(literal, in: scope))
                } else {
                    items.append(logItem(argument.expression, in: scope))
                }
            }
        }
        return .step("log", nil, at: location(call)).replacingArgument(items.joined(separator: separator))
    }

    /// A string literal's text, its interpolations as written (`\(count)`).
    private func literalText(_ literal: StringLiteralExprSyntax) -> String {
        var text = ""
        for segment in literal.segments {
            if let s = segment.as(StringSegmentSyntax.self) {
                text += s.content.text
            } else {
                text += segment.trimmedDescription
            }
        }
        return text
    }
}
