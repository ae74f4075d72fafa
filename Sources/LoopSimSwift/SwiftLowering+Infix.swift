import LoopSimScenario
import SwiftSyntax

/// Operator sequences: `a == b && !c`, `count + 1`, `deadline - now`, moved out of SwiftLowering+Expressions.swift.
extension SwiftLowering {
    /// `a == b && !c`: the operands lowered, the operators kept (the scenario language has Swift's precedence for
    /// the operators it has, §6, so the sequence needs no folding).
    mutating func infix(_ sequence: SequenceExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        infix(Array(sequence.elements), in: scope)
    }

    /// ``infix(_:in:)`` over the elements of a sequence (the right side of an assignment is a tail of one).
    mutating func infix(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)? {
        if elements.count == 1 { return expression(elements[0], in: scope) }
        if let cast = notificationCast(elements, in: scope) { return cast }  // SwiftLowering+Notifications.swift
        if let cast = errorCast(elements, in: scope) { return cast }  // `error is LoadError` (+ErrorCasts.swift)
        if let cast = objectCast(elements, in: scope) { return cast }  // `x as? C` (+ObjectCasts.swift)
        if let cast = bridgingCast(elements, in: scope) { return cast }  // `s as NSString` (+BridgingCasts.swift)
        if elements.count >= 5, elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let found = notificationCast(Array(elements[..<3]), in: scope)
        {
            // `note.userInfo?["n"] as? Int ?? 0`: the cast binds tighter than `??` (CastingPrecedence is above
            // NilCoalescingPrecedence), so the default is the rest.
            guard let cast = found, let fallback = infix(Array(elements[4...]), in: scope) else { return nil }
            return ("(\(cast.text)) ?? \(fallback.text)", cast.type == .unknown ? fallback.type : cast.type)
        }
        if let chosen = hoistedTernary(elements, in: scope) { return chosen }  // SwiftLowering+Conditional.swift
        if let compared = payloadEnumComparison(elements, in: scope) { return compared }  // +PayloadEnums.swift
        if let compared = resultNilComparison(elements, in: scope) { return compared }  // +ResultValues.swift
        if let compared = structEntryNilComparison(elements, in: scope) { return compared }  // +StructDictionaries
        if let compared = optionalStructNilComparison(elements, in: scope) { return compared }  // +OptionalStructs
        var parts: [String] = []
        var type: LoweredType = .unknown
        // Number literals, lowered once the operands' types are known: in a clause (between `&&`s and `||`s) with a
        // timer's interval or date (read in milliseconds) a literal is seconds, as Swift's `TimeInterval` is.
        var literals: [(index: Int, literal: ExprSyntax)] = []
        var isTime = false
        var anyTime = false
        // A `TimeInterval` operand (SwiftLowering+Durations.swift): a floating-point literal beside it, or anywhere
        // outside a timer's milliseconds, is a duration literal (seconds), and `+ - * /` make a duration.
        var anyDuration = false
        var clauseHasDuration = false
        var intOperand: ExprSyntax?  // a non-literal `Int` operand of the clause, which a `Double` may not meet
        var lastOperand: LoweredType = .unknown  // an enum operand names the enum of `.case` after it (+Enums.swift)
        func flush() -> Bool {
            for (index, literal) in literals {
                if !isTime, let decimal = floatLiteralText(literal) {
                    guard let decimal else { return false }
                    parts[index] = decimal
                    clauseHasDuration = true
                    continue
                }
                guard let text = numberText(literal, inMilliseconds: isTime) else { return false }
                parts[index] = text
            }
            if clauseHasDuration, let intOperand {
                refuseMixedNumbers(intOperand)
                return false
            }
            anyDuration = anyDuration || clauseHasDuration
            clauseHasDuration = false
            intOperand = nil
            anyTime = anyTime || isTime
            literals = []
            isTime = false
            return true
        }
        for element in elements {
            if let op = element.as(BinaryOperatorExprSyntax.self), ["&&", "||"].contains(op.operator.text) {
                guard flush() else { return nil }
            }
            if element.is(IntegerLiteralExprSyntax.self) || element.is(FloatLiteralExprSyntax.self)
                || constantLiteral(element) != nil
            {
                literals.append((parts.count, element))
                parts.append("")
                continue
            }
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                let text = op.operator.text
                switch text {
                case "==", "!=", "<", "<=", ">", ">=", "&&", "||": parts.append(text); type = .bool
                case "===":
                    parts.append("==")
                    type = .bool
                case "!==":
                    parts.append("!=")
                    type = .bool
                case "+" where lastOperand == .string:
                    parts.append(text)  // `a + b` of two strings: their concatenation (the language's `+`)
                    if type != .bool { type = .string }
                case "+", "-", "*", "/", "%", "<<", ">>":
                    parts.append(text)
                    if type != .bool { type = .int }
                case "??":
                    // The value's type, or the default's when the value's is unknown (`nil ?? x`).
                    parts.append(text)
                    if type == .unknown { type = lastOperand }
                default:
                    unsupported(
                        "the operator `\(text)`", "use ==, !=, <, <=, >, >=, +, -, *, /, %, <<, >>, ??, &&, || or !",
                        at: op)
                    return nil
                }
            } else if element.is(AssignmentExprSyntax.self) {
                unsupported("an assignment inside an expression", "assign in a statement of its own", at: element)
                return nil
            } else if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) {
                unsupported(
                    "a cast (`as`, `is`) here",
                    "cast an object to a class of the file on its own (`x as? C`, `x is C`, `x as! C`), "
                        + "or bind it first (`let c = x as? C`), then use the local", at: element)
                return nil
            } else if element.is(UnresolvedTernaryExprSyntax.self) {
                unsupported("the conditional operator `?:`", "write an `if` with two stores", at: element)
                return nil
            } else {
                guard let operand = withEnumContext(lastOperand, { $0.expression(element, in: scope) }) else {
                    return nil
                }
                if case .value(let s) = operand.type {
                    // A struct has no value of its own in the model (SwiftLowering+Structs.swift).
                    unsupported(
                        "a whole `\(s)` in an expression", "compare or combine its stored properties (`a.id == b.id`)",
                        at: element)
                    return nil
                }
                if operand.type == .data, !Self.isDataPresenceTest(elements) {
                    refuseDataBytes("`\(elements.map(\.trimmedDescription).joined(separator: " "))`", at: element)
                    return nil  // SwiftLowering+Data.swift: a byte count is no `Data` to compare or add
                }
                lastOperand = operand.type
                parts.append(operand.text)
                if operand.type == .interval || operand.type == .date { isTime = true }
                if operand.type == .duration { clauseHasDuration = true }
                if operand.type == .int, intOperand == nil { intOperand = element }
            }
        }
        guard flush() else { return nil }
        if anyTime && type == .int { type = .interval }
        if anyDuration && type == .int { type = .duration }
        return (parts.joined(separator: " "), type)
    }
}
