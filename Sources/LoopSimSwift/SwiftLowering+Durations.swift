import LoopSimScenario
import SwiftSyntax

/// Durations as values (docs/swift-scenarios.md, "Durations from expressions"): a `TimeInterval` (a `Double` of
/// seconds), a `DispatchTimeInterval` or a `Duration` held in a property, a local or a parameter, and the arithmetic
/// engineers write on them (`interval * 2`, `delay *= 2`, `base + jitter`, `.milliseconds(base * attempt)`,
/// `Double(n)`), lowered to the scenario language's `duration` values (docs/scenario-format.md §6), which the kernel
/// evaluates when the step runs. A literal duration stays the literal unit string it always was.
extension SwiftLowering {
    /// The units of `.seconds(N)`, `.milliseconds(N)`, `.microseconds(N)`, `.nanoseconds(N)`
    /// (`DispatchTimeInterval` and `Duration` both have them).
    static let durationUnits = ["seconds": "s", "milliseconds": "ms", "microseconds": "us", "nanoseconds": "ns"]

    /// The Swift types a `duration` holds: `TimeInterval` and `Double` (seconds), `CFTimeInterval`,
    /// `DispatchTimeInterval`, `Duration`, and `Date`; and `CGFloat`, which is a `Double` on every 64-bit Apple
    /// platform (CGFloat's documentation: "a Double on 64-bit architectures"), held in the same fixed point.
    static let durationTypeNames: Set<String> = [
        "TimeInterval", "Double", "CFTimeInterval", "DispatchTimeInterval", "Duration", "CGFloat",
        // A `Date` is held as the modelled device's wall time (virtual, never the host's clock) since the start (SwiftLowering+Dates.swift).
        "Date",
    ]

    /// A decimal float literal's text as the scenario language's duration literal (`0.5`, seconds); nil after
    /// refusing one it cannot read exactly (an exponent, a hexadecimal float).
    mutating func decimalLiteral(_ literal: FloatLiteralExprSyntax) -> String? {
        let text = literal.literal.text.replacingUnderscores()
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            unsupported("the floating-point literal `\(text)`", "write it as a decimal, e.g. `0.001`", at: literal)
            return nil
        }
        return text
    }

    /// `PLACE = min(a, b)` / `max(a, b)` as a store, the capped back-off (`delay = min(delay * 2, maxDelay)`): the
    /// language has no conditional expression, so `VERB: PLACE = a`, then `if: PLACE > b` (`<` for `max`) `then:
    /// [set: PLACE = b]` — Swift's `min` returns its first argument when they are equal, as this does. `b` is
    /// evaluated after the store, so a `b` that reads the place is refused. Nil when `value` is no such call.
    mutating func minMaxStore(
        _ value: ExprSyntax, place: String, verb: String, at: ScenarioLocation, in scope: Scope
    ) -> (steps: [LocatedNode], type: LoweredType)? {
        guard let call = value.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "min" || name == "max", scope.locals[name] == nil, call.arguments.count == 2,
            call.arguments.allSatisfy({ $0.label == nil }), call.trailingClosure == nil
        else { return nil }
        var first = call.arguments.first!.expression
        var second = call.arguments.last!.expression
        let placeName = place.split(separator: " ").last.map(String.init) ?? place
        let bare = placeName.split(separator: ".").last.map(String.init) ?? placeName
        func reads(_ e: ExprSyntax) -> Bool { e.tokens(viewMode: .sourceAccurate).contains { $0.text == bare } }
        if reads(second), !reads(first) {
            // `alpha = max(0, alpha - 1)`: store the argument that reads the place first. `min` and `max` are
            // symmetric in value (the standard library's Algorithm.swift: `max` returns `y >= x ? y : x`, `min`
            // `y < x ? y : x`; the two differ only in which of two equal values they return), so the order of
            // the comparison does not change the number stored.
            swap(&first, &second)
        }
        guard let a = infix(sequenceElements(first), in: scope), let b = infix(sequenceElements(second), in: scope)
        else { return ([], .unknown) }
        if reads(second) {
            unsupported(
                "`\(name)(…)` whose two arguments both read `\(bare)`", "compute one of them into a local first",
                at: second)
            return ([], .unknown)
        }
        let type: LoweredType = a.type == .duration || b.type == .duration ? .duration : a.type
        if (a.type == .int && b.type == .duration) || (a.type == .duration && b.type == .int) {
            // a literal on one side is typed by the other, as Swift types it; two non-literal numbers must agree
            let literalSide = a.type == .int ? first : second
            if !(literalSide.is(IntegerLiteralExprSyntax.self)) {
                refuseMixedNumbers(call)
                return ([], .unknown)
            }
        }
        let op = name == "min" ? ">" : "<"
        // an `Int` literal beside a `TimeInterval` is seconds (`max(wait / 4, 1)`)
        let aText = type == .duration && a.type == .int ? "(\(a.text)) * 1s" : a.text
        let bText = type == .duration && b.type == .int ? "(\(b.text)) * 1s" : b.text
        return (
            [
                .step(verb, "\(place) = \(aText)", at: at),
                .step(
                    "if", "\(placeName) \(op) \(bText)", at: at,
                    [("then", .list([.step("set", "\(placeName) = \(bText)", at: at)], at: at))]),
            ], type
        )
    }

    /// Refuses an `Int` and a `TimeInterval` meeting at `e` (a store, an operator): Swift does not convert
    /// between them either, so the file would not compile as written.
    mutating func refuseMixedNumbers(_ e: some SyntaxProtocol) {
        unsupported(
            "`\(e.trimmedDescription)`, an `Int` and a `TimeInterval` (a `Double`) together",
            "Swift converts neither to the other: write `Double(n)` to use an `Int` as a time, or keep the value "
                + "an `Int`", at: e)
    }

    /// Whether a lowered integer expression is literals only (`60 * 5`, `-1`), which Swift types as a `Double`
    /// where one is expected.
    static func isLiteralArithmetic(_ text: String) -> Bool {
        text.allSatisfy { $0.isASCII && ($0.isNumber || " ()+-*/".contains($0)) }
    }

    /// The elements of `e` as an infix sequence (one element when it is no sequence).
    func sequenceElements(_ e: ExprSyntax) -> [ExprSyntax] {
        e.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [e]
    }

    /// A literal initial value of a duration property (`= 0.5`, `= 2`, `= -1`) as the field's initial text, seconds;
    /// nil for anything else.
    func fieldDurationLiteral(_ value: ExprSyntax) -> String? {
        var e = value
        var sign = ""
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            sign = "-"
            e = p.expression
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return sign + i.literal.text.replacingUnderscores() + "s" }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            let text = f.literal.text.replacingUnderscores()
            guard text.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            return sign + text + "s"
        }
        return nil
    }

    /// `.milliseconds(300)`, `.seconds(2)` with a number literal, as the literal unit string; nil for anything else.
    mutating func literalUnitCall(_ value: ExprSyntax) -> String? {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            Self.durationUnits[member.declName.baseName.text] != nil,
            let argument = call.arguments.first?.expression,
            argument.is(IntegerLiteralExprSyntax.self) || argument.is(FloatLiteralExprSyntax.self)
        else { return nil }
        return duration(value)
    }

    /// `.seconds(E)`, `DispatchTimeInterval.milliseconds(E)`, `Duration.seconds(E)`, `Double(E)`, `TimeInterval(E)`
    /// as a duration expression when E is not a literal (literals fold in ``constantDuration(_:)``): `((E) * 1s)`, which
    /// is E seconds for an `Int` E and E itself for a `Double` one (a duration times 1.0).
    mutating func durationCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard call.arguments.count == 1, let argument = call.arguments.first, call.trailingClosure == nil else {
            return nil
        }
        let unit: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let u = Self.durationUnits[member.declName.baseName.text], argument.label == nil
        {
            if let base = member.base {
                guard let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    ["DispatchTimeInterval", "Duration"].contains(type), scope.locals[type] == nil
                else { return nil }
            }
            unit = u
        } else if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["Double", "TimeInterval", "CFTimeInterval", "CGFloat"].contains(callee.baseName.text),
            argument.label == nil,
            scope.locals[callee.baseName.text] == nil
        {
            unit = "s"
        } else {
            return nil
        }
        guard let inner = expression(argument.expression, in: scope) else { return .some(nil) }
        switch inner.type {
        case .int, .duration, .unknown:
            // parenthesized whole: it is an operand (`2 / Double(n)` must not read `2 / (n) * 1s`)
            return .some(("((\(inner.text)) * 1\(unit))", .duration))
        default:
            unsupported(
                "a duration made from a value of type \(inner.type)", "make it from an `Int` or a `TimeInterval`",
                at: argument.expression)
            return .some(nil)
        }
    }

    /// A duration written as an expression (not a literal): `interval`, `self.interval * 2`, `.seconds(delay)`,
    /// `base + jitter`; its text, typed by the compiler (an `Int` expression is seconds, as Swift reads an integer
    /// literal beside a `TimeInterval`). Nil after reporting why not.
    mutating func durationExpression(_ elements: [ExprSyntax], in scope: Scope) -> String? {
        guard let lowered = infix(elements, in: scope) else { return nil }
        switch lowered.type {
        case .duration, .unknown: return lowered.text
        case .int: return "(\(lowered.text)) * 1s"  // `.now() + 2 * 3`: literals, a `Double` in Swift
        default:
            unsupported(
                "a value of type \(lowered.type) as a duration",
                "a duration is a `TimeInterval` (seconds), `.seconds(N)` or `.milliseconds(N)`",
                at: elements[0])
            return nil
        }
    }
}
