import LoopSimScenario
import SwiftSyntax

/// `switch (state, event) { case (.idle, .start): …; case (.running, .stop), (.paused, .stop): …; case (_, .reset):
/// …; case (.loading, let n) where n > 2: …; default: … }`: a `switch` over a tuple written in place, each element an
/// enum of the file without associated values, an `Int`, a `Bool` or a `String`. A tuple pattern matches when each of
/// its element patterns matches the subject's element at its position (the Swift book, "Patterns" › "Tuple
/// Pattern"); `_` matches anything, `let n` binds the element; the cases are tried in order and the first that
/// matches runs (the Swift book, "Control Flow" › "Tuples"). Lowered onto the binding `switch`
/// (SwiftLowering+Language.swift): nested `if:` steps whose tests join the elements' tests with `&&`. Each element is
/// read where a case tests it; no case body has run before a later case is tested, so it is the value Swift
/// evaluated once. Exhaustiveness is the compiler's.
extension SwiftLowering {
    /// The lowered `switch` over a tuple written in place, with `rest` (the statements after it) when a case ends
    /// in `return` at the end of a body's flow; nil when the subject is no such tuple. `consumedRest` says the rest
    /// is in the steps.
    mutating func tupleSwitch(
        _ s: SwitchExprSyntax, rest: ArraySlice<CodeBlockItemSyntax>, in scope: inout Scope, tail: Bool
    ) -> (steps: [LocatedNode], consumedRest: Bool)? {
        guard let tuple = Self.unparenthesized(s.subject).as(TupleExprSyntax.self), tuple.elements.count >= 2 else {
            if case .value(let shape) = staticType(s.subject, in: scope, report: false), Self.isTupleShape(shape) {
                unsupported(
                    "a `switch` over a tuple held in a variable",
                    "write the tuple in place from its elements: `switch (pair.0, pair.1)`, `switch (w.count, "
                        + "w.limit)`", at: s.subject)
                return ([], false)
            }
            return nil
        }
        guard let parts = tupleSwitchParts(tuple, in: scope) else { return ([], false) }
        let cases = s.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        let returns = tail && !rest.isEmpty && cases.contains(where: Self.endsWithBareReturn)
        let outer = scope
        let steps = bindingSwitch(s, in: &scope, tail: tail && rest.isEmpty, rest: returns ? rest : nil) {
            lowering, pattern in lowering.tupleCaseTest(pattern, parts: parts, in: outer)
        }
        return (steps, returns)
    }

    /// `((a, b))`: the expression inside parentheses around one element.
    static func unparenthesized(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil
        {
            e = only.expression
        }
        return e
    }

    /// The subject's elements, each lowered once as the value its cases test; nil after refusing one that is no
    /// enum of the file without associated values, `Int`, `Bool` or `String`, or a label.
    private mutating func tupleSwitchParts(_ tuple: TupleExprSyntax, in scope: Scope) -> [(
        text: String, type: LoweredType
    )]? {
        var parts: [(text: String, type: LoweredType)] = []
        for element in tuple.elements {
            if let label = element.label {
                unsupported(
                    "a labelled element in a `switch` subject", "write the tuple without labels: `switch (a, b)`",
                    at: label)
                return nil
            }
            if case .value(let name) = staticType(element.expression, in: scope, report: false),
                payloadEnums[name] != nil
            {
                unsupported(
                    "an enum with associated values inside a tuple `switch`",
                    "switch on `\(element.expression.trimmedDescription)` alone and test the other value with `if` "
                        + "in its cases", at: element.expression)
                return nil
            }
            guard let part = expression(element.expression, in: scope) else { return nil }
            switch part.type {
            case .enumeration, .int, .bool, .string:
                break
            default:
                unsupported(
                    "a tuple `switch` over this value",
                    "each element of the subject is an enum of the file without associated values, an Int, a Bool "
                        + "or a String", at: element.expression)
                return nil
            }
            if part.text.contains("new ") {
                unsupported("a `switch` on a new object", "switch on an Int, Bool or String value", at: element)
                return nil
            }
            parts.append(part)
        }
        return parts
    }

    /// The test of one tuple case pattern on the subject's `parts` and the names it binds (each to its element):
    /// `(.idle, .start)` is `state == "idle" && event == "start"`, `(_, .reset)` tests the second element only,
    /// `(.loading, let n)` and `let (.loading, n)` bind `n`. Nil after refusing a pattern the lowering does not follow.
    mutating func tupleCaseTest(
        _ pattern: PatternSyntax, parts: [(text: String, type: LoweredType)], in scope: Scope
    ) -> (test: String, bindings: [(String, String, LoweredType)])? {
        var bindAll = false
        var inner = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            bindAll = true
            inner = binding.pattern
        }
        let value = inner.as(ExpressionPatternSyntax.self)?.expression
        if let value, value.is(DiscardAssignmentExprSyntax.self) { return ("true", []) }  // `case _:`
        guard let tuple = value?.as(TupleExprSyntax.self) else {
            unsupported(
                "this pattern in a `switch` over a tuple",
                "write a tuple of patterns, one per element: `case (.idle, .start):`, `case (_, let n):`",
                at: pattern)
            return nil
        }
        guard tuple.elements.count == parts.count else {
            unsupported(
                "a tuple pattern of \(tuple.elements.count) elements for a subject of \(parts.count)",
                "write one pattern per element of the subject", at: tuple)
            return nil
        }
        var tests: [String] = []
        var bindings: [(String, String, LoweredType)] = []
        for (element, part) in zip(tuple.elements, parts) {
            if let label = element.label {
                unsupported("a labelled element in a tuple pattern", "write the pattern without labels", at: label)
                return nil
            }
            let e = element.expression
            if e.is(DiscardAssignmentExprSyntax.self) { continue }
            if let name = Self.boundPayloadName(e, bindAll: bindAll) {  // SwiftLowering+Result.swift
                bindings.append((name, part.text, part.type))
                continue
            }
            if e.is(PatternExprSyntax.self) || e.is(TupleExprSyntax.self) {
                unsupported(
                    "this element pattern", "an element pattern is a value, a range, `_` or `let name`", at: e)
                return nil
            }
            guard let test = withEnumContext(part.type, { $0.tupleElementTest(e, part: part.text, in: scope) }) else {
                return nil
            }
            tests.append(test)
        }
        return (tests.isEmpty ? "true" : tests.joined(separator: " && "), bindings)
    }

    /// One element's test: `part == value`, `part >= a && part <= b` for a range `a...b` (`part < b` for `a..<b`),
    /// or one bound of a one-sided range (`5...`, `...3`, `..<3`).
    private mutating func tupleElementTest(_ e: ExprSyntax, part: String, in scope: Scope) -> String? {
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let op = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self),
            op.operator.text == "..." || op.operator.text == "..<"
        {
            let elements = Array(sequence.elements)
            guard let low = expression(elements[0], in: scope), let high = expression(elements[2], in: scope) else {
                return nil
            }
            let upper = op.operator.text == "..." ? "<=" : "<"
            return "\(part) >= \(low.text) && \(part) \(upper) \(high.text)"
        }
        if let open = e.as(PostfixOperatorExprSyntax.self), open.operator.text == "..." {
            guard let low = expression(open.expression, in: scope) else { return nil }
            return "\(part) >= \(low.text)"  // `5...`: from 5 up
        }
        if let open = e.as(PrefixOperatorExprSyntax.self), ["...", "..<"].contains(open.operator.text) {
            guard let high = expression(open.expression, in: scope) else { return nil }
            return "\(part) \(open.operator.text == "..." ? "<=" : "<") \(high.text)"  // `...3`, `..<3`
        }
        guard let value = expression(e, in: scope) else { return nil }
        return "\(part) == \(value.text)"
    }

    /// Whether a case's last statement is a `return` without a value.
    static func endsWithBareReturn(_ c: SwitchCaseSyntax) -> Bool {
        c.statements.last?.item.as(ReturnStmtSyntax.self).map { $0.expression == nil } ?? false
    }
}
