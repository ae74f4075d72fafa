import LoopSimScenario
import SwiftSyntax

/// An enum whose cases carry values (`enum FetchState { case idle; case loading(attempt: Int); case failed(String)
/// }`): a value type (the Swift book, "Enumerations" › "Associated Values") held, as a struct is
/// (SwiftLowering+Structs.swift), by each place that holds one: its case's name in `place_tag` and each case's
/// values in fields of their own, `place_loading_attempt`, `place_failed_0`. A store of `.loading(attempt: 2)` sets
/// the tag and that case's values; `switch`, `if case` and `guard case` test the tag and bind the values; `== .idle`
/// compares the tag of a case without values. The values of the cases not stored keep what they held, which nothing
/// reads: Swift reads a case's values only under a pattern of that case.
struct PayloadEnum {
    /// One case: its name and its values' labels (nil when unlabelled) and types as written.
    struct Case {
        var name: String
        var values: [(label: String?, type: TypeSyntax)]
    }
    var name: String
    var cases: [Case]
    /// The declaration: where the tag's field is said to be declared.
    var node: Syntax

    func `case`(_ name: String) -> Case? { cases.first { $0.name == name } }

    /// The field holding value `index` of case `c`.
    static func field(_ c: Case, _ index: Int) -> String { "\(c.name)_\(c.values[index].label ?? String(index))" }
}

extension SwiftLowering {
    /// First pass: records an enum with associated values as a struct named as the enum (its fields come in
    /// ``collectPayloadEnumFields()``, once every type of the file is known). False when `e` has no associated
    /// values.
    mutating func recordPayloadEnum(_ e: EnumDeclSyntax, rawType: String?, isError: Bool) -> Bool {
        let elements = e.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
        guard elements.contains(where: { $0.parameterClause != nil }) else { return false }
        if isError, rawType == nil {
            recordErrorPayloadEnum(e)  // an error's values travel in its text: SwiftLowering+ErrorPayloads.swift
            return false
        }
        if rawType != nil || isError {
            let first = elements.first { $0.parameterClause != nil }!.parameterClause!
            unsupported(
                rawType != nil
                    ? "associated values in an enum with raw values" : "an error enum with associated values",
                "Swift gives raw values to cases without associated values only; keep an error's detail in a property",
                at: first)
            return true
        }
        var cases: [PayloadEnum.Case] = []
        for element in elements {
            var values: [(label: String?, type: TypeSyntax)] = []
            for parameter in element.parameterClause?.parameters ?? [] {
                if let value = parameter.defaultValue {
                    unsupported("a default associated value", "write the value where the case is made", at: value)
                }
                values.append((parameter.firstName?.text, parameter.type))
            }
            cases.append(PayloadEnum.Case(name: element.name.text, values: values))
        }
        payloadEnums[e.name.text] = PayloadEnum(name: e.name.text, cases: cases, node: Syntax(e))
        structs[e.name.text] = SwiftStruct(name: e.name.text)
        return true
    }

    /// Second pass: each payload enum's fields, `tag` then each case's values, typed now that every class, enum and
    /// struct of the file is known; a value of a type a field may not hold is refused at its type.
    mutating func collectPayloadEnumFields() {
        for name in payloadEnums.keys.sorted() {
            guard let e = payloadEnums[name] else { continue }
            var shape = SwiftStruct(name: name)
            shape.fields.append(
                SwiftStruct.Field(
                    name: "tag", type: .string, isLet: false, strength: "strong", isOptional: false,
                    defaultValue: nil, node: e.node))
            for c in e.cases {
                for (index, value) in c.values.enumerated() {
                    let type = typeNamed(value.type)
                    guard type.fieldTypeName != nil, type != .runLoop else {
                        unsupported(
                            "an associated value of type `\(value.type.trimmedDescription)`",
                            "an associated value is an Int, Bool, String, TimeInterval, an enum or an object of the file",
                            at: value.type)
                        continue
                    }
                    shape.fields.append(
                        SwiftStruct.Field(
                            name: PayloadEnum.field(c, index), type: type, isLet: false, strength: "strong",
                            isOptional: value.type.is(OptionalTypeSyntax.self), defaultValue: nil,
                            node: Syntax(value.type)))
                }
            }
            structs[name] = shape
        }
    }

    /// `.loading(attempt: 2)`, `FetchState.idle`, `.failed(message)` stored into the flattened place `prefix` of
    /// the payload enum `s`: the tag, then the case's values. Nil when `s` is no payload enum or `value` no case of
    /// it written in place (another value of the enum is copied as a struct is).
    mutating func payloadEnumStore(
        _ value: ExprSyntax, enum s: String, into prefix: String, verb: String, in scope: Scope
    ) -> [LocatedNode]?? {
        guard let e = payloadEnums[s], let shape = structs[s] else { return nil }
        guard let (c, arguments) = payloadCase(value, of: e) else { return nil }
        let at = location(value)
        guard arguments.count == c.values.count else {
            unsupported(
                "`.\(c.name)` with \(arguments.count) value(s)", "give the case its \(c.values.count) value(s)",
                at: value)
            return .some(nil)
        }
        var steps: [LocatedNode] = [.step(verb, "\(prefix)_tag = \"\(c.name)\"", at: at)]
        for (index, argument) in arguments.enumerated() {
            guard argument.label?.text == c.values[index].label else {
                unsupported(
                    "the value `\(argument.trimmedDescription)` of `.\(c.name)`",
                    "write the case's labels as declared: `.\(c.name)(\(c.values.map { ($0.label ?? "_") + ":" }.joined()))`",
                    at: argument)
                return .some(nil)
            }
            let fieldName = PayloadEnum.field(c, index)
            guard let field = shape.field(fieldName) else { return .some(nil) }
            let place = "\(prefix)_\(fieldName)"
            if argument.expression.is(NilLiteralExprSyntax.self) {
                steps.append(.step(verb, "\(place) = nil", at: at))
                continue
            }
            guard var lowered = withEnumContext(field.type, { $0.expression(argument.expression, in: scope) }) else {
                return .some(nil)
            }
            if field.type == .duration, lowered.type == .int, Self.isLiteralArithmetic(lowered.text) {
                lowered.text = "(\(lowered.text)) * 1s"
            }
            steps.append(.step(verb, "\(place) = \(lowered.text)", at: at))
        }
        if verb == "let" { steps += payloadEnumUnsetFields(e, besides: c, of: prefix, at: at) }  // +PayloadEnumFlow
        return .some(steps)
    }

    /// Whether `e` is a case of the payload enum `s` written in place (`.idle`, `.loading(attempt: 2)`).
    func isPayloadCaseValue(_ e: ExprSyntax, of s: String) -> Bool {
        payloadEnums[s].map { payloadCase(e, of: $0) != nil } ?? false
    }

    /// The case and values of `.x`, `.x(a, b)`, `E.x`, `E.x(a)` written in place; nil for another expression.
    private func payloadCase(_ value: ExprSyntax, of e: PayloadEnum) -> (PayloadEnum.Case, [LabeledExprSyntax])? {
        var member = value.as(MemberAccessExprSyntax.self)
        var arguments: [LabeledExprSyntax] = []
        if let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            member = call.calledExpression.as(MemberAccessExprSyntax.self)
            arguments = Array(call.arguments)
        }
        guard let member, member.base == nil || member.base?.trimmedDescription == e.name,
            let c = e.case(member.declName.baseName.text)
        else { return nil }
        return (c, arguments)
    }

    /// `state == .idle`, `self.state != .done`: the tag compared with a case that carries no values (Swift's
    /// synthesized `==` of an `Equatable` enum, or the pattern match `~=` of a case without values). Nil when the
    /// elements are no such comparison.
    mutating func payloadEnumComparison(_ elements: [ExprSyntax], in scope: Scope) -> (
        text: String, type: LoweredType
    )?? {
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "==" || op == "!="
        else { return nil }
        for (subjectSide, caseSide) in [(0, 2), (2, 0)] {
            guard case .value(let s) = staticType(elements[subjectSide], in: scope, report: false),
                let e = payloadEnums[s], let (c, arguments) = payloadCase(elements[caseSide], of: e)
            else { continue }
            guard c.values.isEmpty, arguments.isEmpty else {
                unsupported(
                    "comparing with `.\(c.name)(…)`", "match it: `if case .\(c.name)(let value) = state`",
                    at: elements[caseSide])
                return .some(nil)
            }
            guard let subject = expression(elements[subjectSide], in: scope) else { return .some(nil) }
            return .some(("\(subject.text)_tag \(op) \"\(c.name)\"", .bool))
        }
        return nil
    }

    /// A case pattern against the payload enum held at `subject`: its tag test and its bindings (name, field
    /// place, type). `.x`, `.x(let a, _)`, `let .x(a, b)`, `.x(let a)` with a label or without. Nil after refusing.
    mutating func payloadCaseTest(
        _ pattern: PatternSyntax, subject: String, enum e: PayloadEnum, in scope: Scope
    ) -> (test: String, bindings: [(String, String, LoweredType)])? {
        let (expr, bindAll) = Self.casePatternExpression(pattern)  // SwiftLowering+Result.swift
        guard let expr, let (c, arguments) = payloadCase(expr, of: e) else {
            unsupported(
                "this pattern on `\(e.name)`", "match a case: `.idle`, `.loading(let attempt)`, `let .failed(message)`",
                at: pattern)
            return nil
        }
        var test = "\(subject)_tag == \"\(c.name)\""
        guard !arguments.isEmpty else { return (test, []) }
        guard arguments.count == c.values.count else {
            unsupported(
                "`.\(c.name)` with \(arguments.count) pattern(s)", "match each of its \(c.values.count) value(s)",
                at: pattern)
            return nil
        }
        var bindings: [(String, String, LoweredType)] = []
        for (index, argument) in arguments.enumerated() {
            let place = "\(subject)_\(PayloadEnum.field(c, index))"
            let type = structs[e.name]?.field(PayloadEnum.field(c, index))?.type ?? .unknown
            let inner = argument.expression
            if inner.is(DiscardAssignmentExprSyntax.self) { continue }
            if let name = Self.boundPayloadName(inner, bindAll: bindAll) {
                bindings.append((name, place, type))
            } else if let compared = payloadValueTest(inner, place: place, type: type, in: scope) {
                test += " && " + compared  // `case .failed("timeout")`: SwiftLowering+StringPayloads.swift
            } else {
                return nil
            }
        }
        return (test, bindings)
    }

    /// `switch state { case .idle: …; case .loading(let n): …; default: … }` on a payload enum: nested `if:` steps
    /// on its tag, each case's bindings `let:` steps first in its branch. Nil when the subject is no payload enum.
    mutating func payloadEnumSwitch(_ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode]? {
        guard case .value(let name) = staticType(s.subject, in: scope, report: false), let e = payloadEnums[name]
        else { return nil }
        guard let subject = expression(s.subject, in: scope) else { return [] }
        let outer = scope
        return bindingSwitch(s, in: &scope, tail: tail) { lowering, pattern in  // SwiftLowering+Language.swift
            lowering.payloadCaseTest(pattern, subject: subject.text, enum: e, in: outer)
        }
    }

    /// `if case .failed(let message) = state`, `guard case .loading = self.state else { … }`: the tag test and the
    /// `let:` steps of its bindings. Nil when the subject is no payload enum; `.some(nil)` after a refused pattern.
    mutating func payloadEnumCaseCondition(_ condition: MatchingPatternConditionSyntax, in scope: inout Scope)
        -> (test: String, steps: [LocatedNode])??
    {
        guard case .value(let name) = staticType(condition.initializer.value, in: scope, report: false),
            let e = payloadEnums[name]
        else { return nil }
        guard let subject = expression(condition.initializer.value, in: scope),
            let (test, bindings) = payloadCaseTest(condition.pattern, subject: subject.text, enum: e, in: scope)
        else { return .some(nil) }
        return .some((test, conditionBindings(bindings, of: condition, in: &scope)))  // SwiftLowering+Result.swift
    }

    /// `print(state)`, `"\(state)"` of a payload enum whose values are `Int`s, `Bool`s and `String`s, optional or
    /// not: what Swift's `print` writes, `idle`, `loading(attempt: 2)`, `failed("timeout")`, `note(Optional("x"))`,
    /// chosen by the tag into a temporary before the statement (``Hoisting``; each value's text by
    /// ``payloadCaseText(_:of:at:into:at:)``, SwiftLowering+StringPayloads.swift). Nil for another value (a `Double`, an
    /// enum, which Swift prints with its module's name, or an object: logged as written).
    mutating func payloadEnumLogText(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard hoisting.isOpen, case .value(let name) = staticType(e, in: scope, report: false),
            let payload = payloadEnums[name], let shape = structs[name], notEvaluatedEachTime(e) == nil
        else { return nil }
        let printable = shape.fields.dropFirst().allSatisfy { Self.printedPayloadValue("v", type: $0.type) != nil }
        guard printable else { return nil }
        let snapshot = self
        guard let subject = expression(e, in: scope) else {
            self = snapshot
            return nil
        }
        let at = location(e)
        let temporary = Self.temporaryName("printed_", at: at)
        var chain: [LocatedNode]?
        for c in payload.cases.reversed() {
            let store = payloadCaseText(c, of: payload, at: subject.text, into: temporary, at: at)
            guard let otherwise = chain else {
                chain = store
                continue
            }
            chain = [
                .step(
                    "if", "\(subject.text)_tag == \"\(c.name)\"", at: at,
                    [("then", .list(store, at: at)), ("else", .list(otherwise, at: at))])
            ]
        }
        hoisting.steps += chain ?? []
        return "\\(\(temporary))"
    }
}
