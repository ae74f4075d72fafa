import LoopSimScenario
import SwiftSyntax

/// Foundation's `Data` as a value (docs/swift-scenarios.md, "Data"; docs/fidelity.md, "Data is its byte count"). The
/// scenarios that hold one — an image cache filled after an awaited download, a request's body — time the work and
/// count downloads; they never look at a byte. So a `Data` is held as its byte count in an `int` place (a field, a
/// local, a dictionary's value, a method's return), ``LoweredType/data``: `Data()` is 0, `Data(count: n)` and
/// `Data(repeating: b, count: n)` are n, `"text".data(using: .utf8)!` is the UTF-8 byte count of the literal, and
/// `data.count`, `data.isEmpty` read it. What needs the bytes — a subscript, `map`, `first`, comparing two values,
/// decoding — is refused where it is written, never answered from the count.
extension SwiftLowering {
    /// `Data()`, `Data(count: n)`, `Data(repeating: b, count: n)`, `"text".data(using: .utf8)`: the byte count. Nil
    /// when `call` is none of these; `.some(nil)` after a refusal.
    mutating func dataValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)?? {
        let arguments = Array(call.arguments)
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Data" {
            let labels = arguments.map { $0.label?.text ?? "_" }
            switch labels {
            case []: return .some(("0", .data))
            case ["count"], ["repeating", "count"]:
                // `Data(count:)` is that many zero bytes, `Data(repeating:count:)` that many copies of the byte
                // (swift-corelibs-foundation Sources/Foundation/Data.swift).
                guard let count = expression(arguments[arguments.count - 1].expression, in: scope) else {
                    return .some(nil)
                }
                guard count.type == .int else {
                    unsupported("this byte count", "give `Data` an `Int` count", at: arguments[arguments.count - 1])
                    return .some(nil)
                }
                return .some((count.text, .data))
            default:
                unsupported(
                    "`\(call.trimmedDescription)`",
                    "LoopSim holds a `Data` as its byte count: make one with `Data()`, `Data(count: n)`, "
                        + "`Data(repeating: 0, count: n)` or `\"text\".data(using: .utf8)!`", at: call)
                return .some(nil)
            }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "data", let base = member.base,
            arguments.count == 1, arguments[0].label?.text == "using"
        else { return nil }
        guard arguments[0].expression.trimmedDescription == ".utf8",
            let literal = base.as(StringLiteralExprSyntax.self),
            !literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }), let text = plainString(base)
        else {
            unsupported(
                "`\(call.trimmedDescription)`",
                "LoopSim holds a `Data` as its byte count and a `String` without its bytes: encode a string literal "
                    + "as UTF-8 (`\"text\".data(using: .utf8)!`) or write `Data(count: n)`", at: call)
            return .some(nil)
        }
        // UTF-8 encoding of a Swift string literal never fails: `!` and `?` read the count alike.
        return .some((String(text.utf8.count), .data))
    }

    /// `data.count` (the bytes it holds) and `data.isEmpty`; every member that reads the bytes is refused.
    mutating func dataMember(_ inner: String, _ name: String, at member: MemberAccessExprSyntax) -> (
        String, LoweredType
    )? {
        switch name {
        case "count": return (inner, .int)
        case "isEmpty": return ("(\(inner) == 0)", .bool)
        default:
            refuseDataBytes("`.\(name)` of a `Data`", at: member)
            return nil
        }
    }

    /// Whether an operator sequence with a `Data` operand reads no bytes: `data ?? Data()`, `data == nil`,
    /// `data != nil`. Comparing two values compares their bytes (Foundation's `Data` is `Equatable` by content), which
    /// a byte count cannot answer.
    static func isDataPresenceTest(_ elements: [ExprSyntax]) -> Bool {
        let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
        if operators.allSatisfy({ $0 == "??" }) { return true }
        return elements.count == 3 && ["==", "!="].contains(operators.first ?? "")
            && (elements[0].is(NilLiteralExprSyntax.self) || elements[2].is(NilLiteralExprSyntax.self))
    }

    /// A use of a `Data` that needs its bytes (a subscript, `map`, `first`, `==`, decoding).
    mutating func refuseDataBytes(_ what: String, at node: some SyntaxProtocol) {
        unsupported(
            what,
            "LoopSim holds a `Data` as its byte count, not its bytes: read `data.count` or `data.isEmpty`, or keep "
                + "the decoded values (an Int, a String) in the file's own types", at: node)
    }
}
