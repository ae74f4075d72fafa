import LoopSimScenario
import SwiftSyntax

/// The conditional operator `c ? a : b` (The Swift Programming Language, "Basic Operators" › "Ternary Conditional
/// Operator"): as a store's or a local's whole value, an `if:` with a store in each branch; inside a statement, an
/// `if:` choosing into a temporary before it (``Hoisting``). SwiftLowering+Language.swift's statements call the
/// first two, ``SwiftLowering/infix(_:in:)`` the third.
extension SwiftLowering {
    /// `x = c ? a : b`: `if: c then: [store a] else: [store b]` (The Swift Programming Language, "Basic
    /// Operators" › "Ternary Conditional Operator": shorthand for an `if` choosing one of two expressions; only the
    /// chosen one is evaluated). Nil when the sequence is no such store.
    mutating func ternaryStore(_ sequence: SequenceExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        let elements = Array(sequence.elements)
        guard elements.count >= 5, elements[1].is(AssignmentExprSyntax.self),
            let split = ternarySplit(Array(elements[2...]))
        else { return nil }
        // `d[k] = c ? a : b`, `a[i] = …`: a collection's element is no place a `set:` names; its store takes the
        // value as an expression (SwiftLowering+Dictionaries.swift, +ArrayElements.swift), which hoists the choice.
        if (elements[0].as(ForceUnwrapExprSyntax.self)?.expression ?? elements[0]).is(SubscriptCallExprSyntax.self) {
            return nil
        }
        if let steps = ternaryValueStore(elements[0], split, at: sequence, in: scope) { return steps }
        guard let place = expression(elements[0], in: scope), let condition = infix(split.condition, in: scope),
            let yes = infix(split.yes, in: scope), let no = infix(split.no, in: scope)
        else { return [] }
        let local = scope.locals[place.text]
        let verb = local != nil && !(local?.isBlock ?? false) && scope.kind != .closure ? "let" : "set"
        if verb == "let" { scope.locals[place.text]?.type = yes.type == .unknown ? no.type : yes.type }
        let at = location(sequence)
        func store(_ value: (text: String, type: LoweredType)) -> LocatedNode {
            value.text == "nil"
                ? .step("release", place.text, at: at) : .step(verb, "\(place.text) = \(value.text)", at: at)
        }
        return [
            .step(
                "if", condition.text, at: location(split.condition[0]),
                [("then", .list([store(yes)], at: at)), ("else", .list([store(no)], at: at))])
        ]
    }

    /// `badge = items == 0 ? .hidden : .count(items)`, `origin = c ? Point(x: 0, y: 0) : other` into a place of a
    /// struct or of an enum whose cases carry values (a value flattened into one place per stored value): `if: c` with
    /// the whole store of the chosen value in each branch, as Swift evaluates only the branch it chose. Each branch
    /// is typed by the place, so an implicit member (`.hidden`) is a case of its enum. Nil when the place holds no
    /// such value.
    private mutating func ternaryValueStore(
        _ lhs: ExprSyntax, _ split: (condition: [ExprSyntax], yes: [ExprSyntax], no: [ExprSyntax]),
        at sequence: SequenceExprSyntax, in scope: Scope
    ) -> [LocatedNode]? {
        guard case .value(let s) = staticType(lhs, in: scope, report: false), split.yes.count == 1,
            split.no.count == 1
        else { return nil }
        guard let place = expression(lhs, in: scope), let condition = infix(split.condition, in: scope) else {
            return []
        }
        let isLocal = scope.locals[place.text] != nil && scope.kind != .closure
        let verb = isLocal ? "let" : "set"
        guard let yes = structStore(split.yes[0], struct: s, into: place.text, verb: verb, in: scope),
            let no = structStore(split.no[0], struct: s, into: place.text, verb: verb, in: scope)
        else { return [] }
        let at = location(sequence)
        return [
            .step(
                "if", condition.text, at: location(split.condition[0]),
                [("then", .list(yes, at: at)), ("else", .list(no, at: at))])
        ]
    }

    /// `let x = c ? a : b`: `if: c then: [let: x = a] else: [let: x = b]` (the branches share the body's locals,
    /// docs/scenario-format.md §5). A `var` a closure captures is declared `__block` first.
    mutating func ternaryLocal(_ decl: VariableDeclSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard decl.modifiers.isEmpty, decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let sequence = binding.initializer?.value.as(SequenceExprSyntax.self),
            let split = ternarySplit(Array(sequence.elements))
        else { return nil }
        guard let condition = infix(split.condition, in: scope), var yes = infix(split.yes, in: scope),
            var no = infix(split.no, in: scope)
        else { return [] }
        let annotated = binding.typeAnnotation.map { typeNamed($0.type) }
        Self.typeIntegerLiterals(&yes, &no, as: annotated)
        let isVar = decl.bindingSpecifier.text == "var"
        let isBlock = isVar && scope.capturedVars.contains(name)
        let at = location(binding)
        var steps: [LocatedNode] = []
        let verb: String
        if isBlock {
            steps.append(.step("let", "__block \(name) = nil", at: at))
            verb = "set"
        } else {
            verb = "let"
        }
        scope.locals[name] = Local(
            type: annotated ?? (yes.type == .unknown ? no.type : yes.type), isVar: isVar, isBlock: isBlock)
        steps.append(
            .step(
                "if", condition.text, at: location(split.condition[0]),
                [
                    ("then", .list([.step(verb, "\(name) = \(yes.text)", at: at)], at: at)),
                    ("else", .list([.step(verb, "\(name) = \(no.text)", at: at)], at: at)),
                ]))
        return steps
    }

    /// `c ? a : b` as a value inside a statement (an argument, an operand, a deadline, an interpolation): an `if:`
    /// choosing the value into a temporary before the statement (``Hoisting``), as Swift evaluates the condition,
    /// then only the branch it chose, when it reaches the operator. Refused where Swift may not evaluate the operator
    /// each time the statement runs (right of `&&`, …). Nil when `elements` is no conditional; `.some(nil)` after
    /// refusing it.
    mutating func hoistedTernary(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)?? {
        guard let split = ternarySplit(elements) else { return nil }
        let mark = elements[split.condition.count]
        if let done = hoisting.temporaries[mark.id] { return .some(done) }
        guard hoisting.isOpen else {
            unsupported("the conditional operator `?:` here", "write an `if` with two stores", at: mark)
            return .some(nil)
        }
        // The whole conditional: the sequence the elements are (or end) — where it sits decides whether it runs.
        let whole = mark.parent?.parent?.as(SequenceExprSyntax.self).map(ExprSyntax.init) ?? mark
        if let why = notEvaluatedEachTime(whole) {
            unsupported(
                "the conditional operator `?:` \(why)",
                "Swift may not evaluate it each time the statement runs: choose the value into a local first "
                    + "(`let v = c ? a : b`), then use the local", at: mark)
            return .some(nil)
        }
        guard let condition = infix(split.condition, in: scope), var yes = infix(split.yes, in: scope),
            var no = infix(split.no, in: scope)
        else { return .some(nil) }
        Self.typeIntegerLiterals(&yes, &no, as: nil)
        let type = yes.text == "nil" || yes.type == .unknown ? no.type : yes.type
        let at = location(mark)
        let temporary = Self.temporaryName("choice_", at: at)
        let choice = LocatedNode.step(
            "if", condition.text, at: location(split.condition[0]),
            [
                ("then", .list([.step("let", "\(temporary) = \(yes.text)", at: at)], at: at)),
                ("else", .list([.step("let", "\(temporary) = \(no.text)", at: at)], at: at)),
            ])
        // An object chosen is the temporary's until the statement ends, as Swift's value of the expression is.
        return .some(hoisted([choice], into: temporary, type: type, for: mark.id, at: at))
    }

    /// `flag ? 0.5 : 1`, `let d: TimeInterval = c ? 2 : 1`: an integer literal branch beside a `TimeInterval` (the
    /// other branch's, or the declared type) is seconds, as Swift types the literal.
    static func typeIntegerLiterals(
        _ yes: inout (text: String, type: LoweredType), _ no: inout (text: String, type: LoweredType),
        as declared: LoweredType?
    ) {
        let isTime = declared == .duration || yes.type == .duration || no.type == .duration
        guard isTime else { return }
        if yes.type == .int, isLiteralArithmetic(yes.text) { yes = ("(\(yes.text)) * 1s", .duration) }
        if no.type == .int, isLiteralArithmetic(no.text) { no = ("(\(no.text)) * 1s", .duration) }
    }

    /// The three parts of `c ? a : b` in an unfolded sequence: the elements before the `?`, the `then` expression,
    /// the elements after the `:`. Nil without exactly one conditional operator.
    func ternarySplit(
        _ elements: [ExprSyntax]
    ) -> (condition: [ExprSyntax], yes: [ExprSyntax], no: [ExprSyntax])? {
        let marks = elements.indices.filter { elements[$0].is(UnresolvedTernaryExprSyntax.self) }
        guard marks.count == 1, let k = marks.first, k > 0, k < elements.count - 1,
            let ternary = elements[k].as(UnresolvedTernaryExprSyntax.self)
        else { return nil }
        return (Array(elements[..<k]), [ternary.thenExpression], Array(elements[(k + 1)...]))
    }
}
