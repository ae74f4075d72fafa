import Foundation
import LoopSimScenario
import SwiftSyntax

/// `for i in stride(from: a, to: b, by: s)`, `stride(from:through:by:)` and `for i in (a..<b).reversed()`
/// (docs/swift-scenarios.md, "Strides"): the loops the scenario language's `for:` (an ascending range) cannot write.
extension SwiftLowering {
    /// The steps of `f` when its sequence is a stride or a reversed range; nil when it is neither.
    mutating func strideForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        let sequence = unparenthesized(f.sequence)
        guard let call = sequence.as(FunctionCallExprSyntax.self) else { return nil }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == "stride",
            scope.locals["stride"] == nil
        {
            return strideCall(f, call, in: scope)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "reversed", call.arguments.isEmpty, call.trailingClosure == nil,
            let base = member.base, isArrayExpression(base, in: scope)
        {
            return reversedArray(f, base, in: scope)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "reversed", call.arguments.isEmpty, call.trailingClosure == nil,
            let base = member.base.map({ unparenthesized($0) })?.as(SequenceExprSyntax.self),
            base.elements.count == 3,
            let op = base.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..<" || op == "..."
        {
            return reversedRange(f, base, closed: op == "...", in: scope)
        }
        return nil
    }

    /// `(e)` as `e`.
    func unparenthesized(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            e = only.expression
        }
        return e
    }

    /// `stride(from: A, to: B, by: S)` (`through:`). Integers: a `while:` over a hidden counter, A, B and S
    /// evaluated once before the first turn (Swift builds the `StrideTo` value first); each turn binds the loop's
    /// name and advances the counter first, so `continue` goes on to the next value. The test is Swift's
    /// (`StrideToIterator`, `StrideThroughIterator`, stdlib Stride.swift): go on while the value is below the end
    /// for a positive stride, above it for a negative one; `through:` includes the end. A zero stride traps, as
    /// Swift's `_precondition(stride != 0, "Stride size must not be zero")` does.
    /// `TimeInterval`s: the bounds must be literals (or folded constants); the lowering counts the turns as Swift
    /// computes the values, `start.addingProduct(Double(i), stride)`, in binary floating point, and lowers a
    /// `for:` over that count whose turn binds `A + i * S`, a duration exact to the nanosecond.
    private mutating func strideCall(_ f: ForStmtSyntax, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard labels == ["from", "to", "by"] || labels == ["from", "through", "by"], call.trailingClosure == nil,
            f.whereClause == nil, f.tryKeyword == nil
        else {
            unsupported(
                "this `stride`", "write `stride(from: a, to: b, by: s)` or `stride(from: a, through: b, by: s)`",
                at: call)
            return []
        }
        let through = labels[1] == "through"
        let arguments = call.arguments.map(\.expression)
        guard let name = loopName(f) else { return [] }
        let at = location(f.pattern)
        var lowered: [(text: String, type: LoweredType)] = []
        for argument in arguments {
            guard let value = expression(argument, in: scope) else { return [] }
            lowered.append(value)
        }
        let isDuration = lowered.contains { $0.type == .duration }
        if isDuration {
            return durationStride(f, call, lowered, through: through, name: name, in: scope)
        }
        guard lowered.allSatisfy({ $0.type == .int }) else {
            unsupported(
                "a `stride` over values that are neither `Int`s nor `TimeInterval`s",
                "stride over `Int`s, or over `TimeInterval` literals", at: call)
            return []
        }
        let tag = "\(location(call).line)x\(location(call).column)"
        let counter = "stride\(tag)"
        let end = "strideEnd\(tag)"
        let by = "strideBy\(tag)"
        let step = literalInteger(lowered[2].text)
        if step == 0 {
            unsupported("a `stride` whose step is 0", "Swift traps: \"Stride size must not be zero\"", at: arguments[2])
            return []
        }
        var steps: [LocatedNode] = [
            .step("let", "\(counter) = \(lowered[0].text)", at: location(arguments[0])),
            .step("let", "\(end) = \(lowered[1].text)", at: location(arguments[1])),
        ]
        let byText: String
        if let step {
            byText = "\(step)"
        } else {
            byText = by
            steps.append(.step("let", "\(by) = \(lowered[2].text)", at: location(arguments[2])))
            let trap = LocatedNode.step("trap", nil, at: location(arguments[2])).replacingArgument(
                "Fatal error: Stride size must not be zero")
            steps.append(.step("if", "\(by) == 0", at: location(arguments[2]), [("then", .list([trap], at: at))]))
        }
        let up = through ? "<=" : "<"
        let down = through ? ">=" : ">"
        let test: String
        switch step {
        case .some(let s) where s > 0: test = "\(counter) \(up) \(end)"
        case .some: test = "\(counter) \(down) \(end)"
        case nil: test = "(\(by) > 0 && \(counter) \(up) \(end)) || (\(by) < 0 && \(counter) \(down) \(end))"
        }
        var body = scope
        body.returnBreaksLoop = false
        var turn: [LocatedNode] = []
        if let name {
            body.locals[name] = Local(type: .int, isVar: false)
            turn.append(.step("let", "\(name) = \(counter)", at: at))
        }
        turn.append(.step("set", "\(counter) = \(counter) + \(byText)", at: at))
        turn += lowerStatements(f.body.statements, in: &body, tail: false)
        steps.append(.step("while", test, at: at, [("do", .list(turn, at: location(f)))]))
        return steps
    }

    /// A stride of `TimeInterval` literals: `for: i in 0..<N`, N the number of values Swift's floating-point
    /// stride yields, each turn binding `A + i * S`.
    private mutating func durationStride(
        _ f: ForStmtSyntax, _ call: FunctionCallExprSyntax, _ lowered: [(text: String, type: LoweredType)],
        through: Bool, name: String?, in scope: Scope
    ) -> [LocatedNode] {
        let numbers = lowered.map { Double($0.text) }
        guard let start = numbers[0], let end = numbers[1], let stride = numbers[2] else {
            unsupported(
                "a `stride` over `TimeInterval`s with a computed bound or step",
                "write its bounds and step as literals (`stride(from: 0.5, through: 2.0, by: 0.5)`), or stride "
                    + "over `Int`s and convert each value (`Double(i) * 0.5`)", at: call)
            return []
        }
        if stride == 0 {
            unsupported("a `stride` whose step is 0", "Swift traps: \"Stride size must not be zero\"", at: call)
            return []
        }
        // Swift's values: `start.addingProduct(Double(i), stride)`, one rounding (Stride.swift, `_step(after:
        // from:by:)` of a floating-point Strideable); `through:` yields the end itself once when a value equals it.
        var count = 0
        while count <= 100_000 {
            let value = start.addingProduct(Double(count), stride)
            let goesOn = stride > 0 ? value < end : value > end
            if goesOn {
                count += 1
                continue
            }
            if through && value == end { count += 1 }
            break
        }
        guard count <= 100_000 else {
            unsupported("a `stride` of more than 100000 values", "stride over `Int`s", at: call)
            return []
        }
        let at = location(f.pattern)
        let tag = "\(location(call).line)x\(location(call).column)"
        let index = "strideTurn\(tag)"
        var body = scope
        body.returnBreaksLoop = false
        var turn: [LocatedNode] = []
        if let name {
            body.locals[name] = Local(type: .duration, isVar: false)
            turn.append(.step("let", "\(name) = \(lowered[0].text) + (\(index)) * \(lowered[2].text)", at: at))
        }
        turn += lowerStatements(f.body.statements, in: &body, tail: false)
        return [.step("for", "\(index) in 0..<\(count)", at: at, [("do", .list(turn, at: location(f)))])]
    }

    /// `for i in (A..<B).reversed()` (`A...B`): i from B - 1 (B) down to A, as a `while:` over a hidden counter;
    /// A and B evaluated once. Swift's `Range` traps when B < A ("Range requires lowerBound <= upperBound"), as
    /// the language's `for:` does; here an empty range (`B <= A` for `..<`) runs no turn and B < A traps too.
    private mutating func reversedRange(
        _ f: ForStmtSyntax, _ range: SequenceExprSyntax, closed: Bool, in scope: Scope
    ) -> [LocatedNode] {
        let elements = Array(range.elements)
        guard let loopName = loopName(f), let from = expression(elements[0], in: scope),
            let to = expression(elements[2], in: scope)
        else { return [] }
        guard from.type == .int, to.type == .int else {
            unsupported("`reversed()` of a range that is not of `Int`s", "reverse a range of integers", at: range)
            return []
        }
        let at = location(f.pattern)
        let tag = "\(location(range).line)x\(location(range).column)"
        let counter = "reversed\(tag)"
        let lower = "reversedLow\(tag)"
        let trap = LocatedNode.step("trap", nil, at: location(range)).replacingArgument(
            "Fatal error: Range requires lowerBound <= upperBound")
        var steps: [LocatedNode] = [
            .step("let", "\(lower) = \(from.text)", at: location(elements[0])),
            .step("let", "\(counter) = \(to.text)", at: location(elements[2])),
            .step("if", "\(counter) < \(lower)", at: location(range), [("then", .list([trap], at: at))]),
        ]
        var body = scope
        body.returnBreaksLoop = false
        var turn: [LocatedNode] = []
        // `..<`: the first value is B - 1; `...`: B itself. The counter is the next value plus one.
        if !closed { steps.append(.step("set", "\(counter) = \(counter) - 1", at: at)) }
        turn.append(.step("set", "\(counter) = \(counter) - 1", at: at))
        if let name = loopName {
            body.locals[name] = Local(type: .int, isVar: false)
            turn.insert(.step("let", "\(name) = \(counter)", at: at), at: 0)
        }
        turn += lowerStatements(f.body.statements, in: &body, tail: false)
        steps.append(.step("while", "\(counter) >= \(lower)", at: at, [("do", .list(turn, at: location(f)))]))
        return steps
    }

    /// `for t in timers.reversed()`: over a copy of the array taken when the loop starts (Swift's `reversed()`
    /// of an array is a view of that value), from its last element to its first: a hidden copy and index, each
    /// turn binding `t` to `copy[i]`.
    private mutating func reversedArray(_ f: ForStmtSyntax, _ base: ExprSyntax, in scope: Scope) -> [LocatedNode] {
        guard f.whereClause == nil, let loopName = loopName(f), let array = expression(base, in: scope),
            case .array(let element) = array.type
        else { return [] }
        let at = location(f.pattern)
        let tag = "\(location(base).line)x\(location(base).column)"
        let copy = "reversedCopy\(tag)"
        let index = "reversedIndex\(tag)"
        var body = scope
        body.returnBreaksLoop = false
        var turn: [LocatedNode] = [.step("set", "\(index) = \(index) - 1", at: at)]
        if let name = loopName {
            body.locals[name] = Local(type: element, isVar: false)
            body.locals[name]?.isPlainElement = [.int, .bool, .string].contains(element)
            turn.append(.step("let", "\(name) = \(copy)[\(index)]", at: at))
        }
        turn += lowerStatements(f.body.statements, in: &body, tail: false)
        return [
            .step("let", "\(copy) = \(array.text)", at: location(base)),
            .step("let", "\(index) = \(copy).count", at: location(base)),
            .step("while", "\(index) > 0", at: at, [("do", .list(turn, at: location(f)))]),
            .step("removeAll", copy, at: at),  // the copy (the loop's iterator) ends with the loop
        ]
    }

    /// The loop's name: `.some(name)`, `.some(nil)` for `_`; nil after refusing another pattern.
    private mutating func loopName(_ f: ForStmtSyntax) -> String?? {
        if let identifier = f.pattern.as(IdentifierPatternSyntax.self) { return .some(identifier.identifier.text) }
        if f.pattern.is(WildcardPatternSyntax.self) { return .some(nil) }
        unsupported("this loop pattern", "name the value: `for i in stride(…)`", at: f.pattern)
        return nil
    }

    /// The value of an integer literal's lowered text (`2`, `-1`); nil for any other expression.
    private func literalInteger(_ text: String) -> Int? {
        Int(text.replacingOccurrences(of: " ", with: "").trimmingCharacters(in: CharacterSet(charactersIn: "()")))
    }
}
