import LoopSimScenario
import SwiftSyntax

/// `scores[i] = v`, `scores[i] += 1` on an array property or local: the language's `replaceAt:` (docs/
/// scenario-format.md §7.1.1), which evaluates the index, then the value, retains the new element and releases the
/// old one, and traps outside the array as Swift's subscript does. An observed array property's observers run
/// around it, as Swift mutates the array through the property's `inout` access (SwiftLowering+Observers.swift).
extension SwiftLowering {
    /// The steps of `lhs OP rest` when `lhs` is an element of an array (`=`, `+=`, `-=`, `*=`, `/=`, `%=`); nil
    /// for any other place.
    mutating func arrayElementAssignment(
        _ lhs: ExprSyntax, operator op: String, _ rest: [ExprSyntax], at e: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let call = lhs.as(SubscriptCallExprSyntax.self), call.arguments.count == 1,
            let indexArgument = call.arguments.first, indexArgument.label == nil,
            case .array = quietType(call.calledExpression, in: scope)
        else { return nil }
        let base = call.calledExpression
        guard let place = expression(base, in: scope), let index = expression(indexArgument.expression, in: scope),
            let amount = infix(rest, in: scope)
        else { return [] }
        guard index.type == .int else {
            unsupported("an array index that is not an `Int`", "index the array with an `Int`", at: indexArgument)
            return []
        }
        let at = location(e)
        // Swift reads the element (trapping outside the array) and stores `element OP amount` back.
        guard
            let value = compoundStoreValue(
                "\(place.text)[\(index.text)]", op, amount.text, what: "an array's element",
                instead: "write `a[i] = a[i] + n`", at: e)
        else { return [] }
        let step = LocatedNode.step(
            "replaceAt", place.text, at: at,
            [("index", .plain(index.text, at: location(indexArgument))), ("value", .plain(value, at: at))])
        return observedMutation(base, in: scope, [step], at: e)
    }
}

extension SwiftLowering {
    /// The value a store `PLACE op AMOUNT` writes: the amount for `=`; for `+=`, `-=`, `*=`, `/=` and `%=`,
    /// `read OP (amount)`, the place read first, as Swift reads it. Nil after refusing another operator on `what`
    /// with `instead`.
    mutating func compoundStoreValue(
        _ read: String, _ op: String, _ amount: String, what: String, instead: String, at e: some SyntaxProtocol
    ) -> String? {
        switch op {
        case "=": return amount
        case "+=", "-=", "*=", "/=", "%=": return "\(read) \(op.dropLast()) (\(amount))"
        default:
            unsupported("`\(op)` on \(what)", instead, at: e)
            return nil
        }
    }

    /// `amount` as a store into a place of `type` writes it: an integer literal's arithmetic stored into a
    /// `TimeInterval` is seconds (`(2) * 1s`), as Swift's literal is a `Double` there.
    static func storedAmount(_ amount: (text: String, type: LoweredType), into type: LoweredType) -> String {
        guard type == .duration, amount.type == .int, isLiteralArithmetic(amount.text) else { return amount.text }
        return "(\(amount.text)) * 1s"
    }
}
