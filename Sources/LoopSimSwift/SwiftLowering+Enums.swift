import LoopSimScenario
import SwiftSyntax

/// An enum of the file with cases and no associated values (`enum UploadState { case idle, uploading }`,
/// `enum Mode: Int { … }`, `enum Tab: String { … }`): its values are the scenario language's strings or integers.
///
/// A case of an enum without raw values is the string of its name, which is what Swift prints for it
/// (`String(describing: UploadState.idle)` is `"idle"`; the Swift book, "Enumerations"); a case of an enum with
/// raw values is its raw value: an `Int` enum's implicit values count from 0 and each is one more than the one
/// before, a `String` enum's implicit value is the case's name (the Swift book, "Enumerations" › "Implicitly
/// Assigned Raw Values"). Swift compares only values of one enum type, so two enums' values never meet.
struct SwiftEnum {
    /// The enum's name.
    var name: String
    /// `Int` or `String` when the enum has raw values.
    var rawType: String?
    /// Each case's name and its value as the scenario language's expression text (`"idle"`, `2`), in order.
    var cases: [(name: String, value: String)]
    /// Declared `: Error` (`enum LoadError: Error { case timeout }`): its values may be held by an `Error`
    /// (SwiftLowering+Errors.swift).
    var isError = false
    /// Declared `: CaseIterable`: `allCases` is its cases in declaration order (SwiftLowering+EnumCaseIterable.swift).
    var isCaseIterable = false

    /// Whether its values are integers.
    var isInt: Bool { rawType == "Int" }
    /// The lowered type of its values.
    var type: LoweredType { .enumeration(name, isInt: isInt) }
    /// The value of the case `name`, if the enum has it.
    func value(of name: String) -> String? { cases.first { $0.name == name }?.value }
}

extension SwiftLowering {
    /// The conformances an enum of cases may declare beside its raw type: they add nothing the model follows.
    static let enumConformances: Set<String> = ["Equatable", "Hashable", "CaseIterable", "Sendable", "Codable"]

    // MARK: Collecting

    /// Records the enums with cases an item declares — at the top level, or nested in a class — before any body
    /// is lowered, refusing at its place what the model has no value for: associated values, methods and
    /// properties on the enum, raw types other than `Int` and `String`, generics and `indirect`.
    mutating func collectEnums(_ item: CodeBlockItemSyntax) {
        guard case .decl(let decl) = item.item else { return }
        if let e = decl.as(EnumDeclSyntax.self), Self.hasCases(e) {
            recordEnum(e)
        } else if let c = decl.as(ClassDeclSyntax.self) {
            for member in c.memberBlock.members {
                if let e = member.decl.as(EnumDeclSyntax.self), Self.hasCases(e) { recordEnum(e) }
            }
        }
    }

    /// Whether `decl` is an enum with cases (lowered to values, not a namespace of constants).
    func isCaseEnum(_ decl: DeclSyntax) -> Bool {
        decl.as(EnumDeclSyntax.self).map(Self.hasCases) ?? false
    }

    /// Whether the enum declares at least one case.
    static func hasCases(_ e: EnumDeclSyntax) -> Bool {
        e.memberBlock.members.contains { $0.decl.is(EnumCaseDeclSyntax.self) }
    }

    /// Checks one enum declaration and records its cases and values.
    private mutating func recordEnum(_ e: EnumDeclSyntax) {
        let name = e.name.text
        if enums[name] != nil || classes[name] != nil {
            unsupported(
                "a second type named `\(name)`", "give each enum of the file its own name", at: e.name)
            return
        }
        if let generics = e.genericParameterClause {
            unsupported("a generic enum", "write its cases without generic parameters", at: generics)
        }
        if let indirect = e.modifiers.first(where: { $0.name.text == "indirect" }) {
            unsupported("an `indirect` enum", "write cases without associated values", at: indirect)
        }
        var rawType: String?
        var isError = false
        for (index, inherited) in (e.inheritanceClause?.inheritedTypes ?? []).enumerated() {
            let type = inherited.type.trimmedDescription
            if index == 0, type == "Int" || type == "String" {
                rawType = type
            } else if type == "Error" {
                isError = true  // SwiftLowering+Errors.swift
            } else if type == "CustomStringConvertible" {
                refuseCustomDescription("enum", name, at: inherited)  // SwiftLowering+EnumCaseIterable.swift
            } else if !Self.enumConformances.contains(type) {
                unsupported(
                    "an enum of raw type or conformance `\(type)`",
                    "an enum's raw values are `Int` or `String`; it may conform to Error, Equatable, Hashable, "
                        + "CaseIterable, Sendable or Codable", at: inherited)
            }
        }
        if recordPayloadEnum(e, rawType: rawType, isError: isError) {  // SwiftLowering+PayloadEnums.swift
            for member in e.memberBlock.members where !member.decl.is(EnumCaseDeclSyntax.self) {
                refuseEnumMember(member.decl, enumName: name)
            }
            return
        }
        var cases: [(name: String, value: String)] = []
        var nextInt = 0
        for member in e.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else {
                refuseEnumMember(member.decl, enumName: name)
                continue
            }
            for element in caseDecl.elements {
                let caseName = element.name.identifier?.name ?? element.name.text
                if let associated = element.parameterClause, errorPayloadEnums[name] == nil {
                    unsupported(
                        "an enum case with associated values (`\(caseName)\(associated.trimmedDescription)`)",
                        "write the case without values and keep the value in a property of the class that holds "
                            + "the state", at: associated)
                    continue
                }
                guard let value = caseValue(element, rawType: rawType, next: &nextInt) else { continue }
                cases.append((caseName, value))
            }
        }
        let isCaseIterable =
            e.inheritanceClause?.inheritedTypes.contains {
                $0.type.trimmedDescription == "CaseIterable"
            } == true
        enums[name] = SwiftEnum(
            name: name, rawType: rawType, cases: cases, isError: isError, isCaseIterable: isCaseIterable)
        if isError { checkErrorEnum(e, rawType: rawType) }
    }

    /// The value of one case: its name as a string, its `String` raw value, or its `Int` raw value (written, or
    /// one more than the case before). Nil after refusing a raw value that is not a literal.
    private mutating func caseValue(_ element: EnumCaseElementSyntax, rawType: String?, next: inout Int) -> String? {
        let caseName = element.name.identifier?.name ?? element.name.text
        switch rawType {
        case "Int":
            if let raw = element.rawValue?.value {
                var text = raw.trimmedDescription.replacingUnderscores()
                if let p = raw.as(PrefixOperatorExprSyntax.self), p.operator.text == "-",
                    p.expression.is(IntegerLiteralExprSyntax.self)
                {
                    text = "-" + p.expression.trimmedDescription.replacingUnderscores()
                } else if !raw.is(IntegerLiteralExprSyntax.self) {
                    unsupported("this raw value", "write an integer literal", at: raw)
                    return nil
                }
                guard let n = Int(text) else {
                    unsupported("this raw value", "write a decimal integer literal", at: raw)
                    return nil
                }
                next = n
            }
            defer { next += 1 }
            return String(next)
        case "String":
            if let raw = element.rawValue?.value {
                guard let text = plainString(raw), !text.contains("\"") else {
                    unsupported("this raw value", "write a plain string literal", at: raw)
                    return nil
                }
                return "\"\(text)\""
            }
            return "\"\(caseName)\""
        default:
            return "\"\(caseName)\""
        }
    }

    /// A member of an enum of cases that is not a case: refused, with the place to write it instead.
    private mutating func refuseEnumMember(_ decl: DeclSyntax, enumName: String) {
        if decl.is(FunctionDeclSyntax.self) || decl.is(VariableDeclSyntax.self) || decl.is(InitializerDeclSyntax.self) {
            unsupported(
                "a method or property on the enum `\(enumName)`",
                "the enum's cases are plain values here: write the method in the class that holds the value, "
                    + "switching on it (`switch state { case .idle: … }`)", at: decl)
        } else {
            unsupported(
                "\(describe(decl)) inside the enum `\(enumName)`", "an enum of the subset declares only its cases",
                at: decl)
        }
    }

    // MARK: Values

    /// The type a type name means when it names an enum of the file.
    func enumType(named name: String) -> LoweredType? { enums[name]?.type }

    /// `UploadState.idle`: the case's value; `UploadState.allCases` and other members are refused. Nil when
    /// `type` is not an enum of the file.
    mutating func enumTypeMember(_ type: String, _ name: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)??
    {
        guard let e = enums[type] else { return nil }
        if let value = e.value(of: name) { return .some((value, e.type)) }
        if name == "allCases", e.isCaseIterable { return .some(allCases(of: e)) }  // +EnumCaseIterable.swift
        unsupported(
            "`\(type).\(name)`",
            "`\(type)` is read through its cases: \(e.cases.map { "`.\($0.name)`" }.joined(separator: ", "))",
            at: node)
        return .some(nil)
    }

    /// An implicit member (`.uploading`): the case of the enum the context expects (a `switch`'s subject), else
    /// the case of that name of the file's enums when they all give it one value. Nil when no enum has the case
    /// (the caller refuses the member); `.some(nil)` after refusing an ambiguous one.
    mutating func implicitEnumMember(_ name: String, at node: some SyntaxProtocol) -> (String, LoweredType)?? {
        if let context = enumContext, let e = enums[context], let value = e.value(of: name) {
            return .some((value, e.type))
        }
        let candidates = enums.values.filter { $0.value(of: name) != nil }.sorted { $0.name < $1.name }
        guard let first = candidates.first, let value = first.value(of: name) else { return nil }
        if candidates.contains(where: { $0.value(of: name) != value }) {
            unsupported(
                "the implicit member `.\(name)`, a case of \(candidates.map { "`\($0.name)`" }.joined(separator: " and "))"
                    + " with different values", "write it in full: `\(first.name).\(name)`", at: node)
            return .some(nil)
        }
        return .some((value, first.type))
    }

    /// A member of an enum value: `rawValue` of an enum with raw values is the value itself; anything else
    /// (`rawValue` of an enum without, a method) is refused.
    mutating func enumValueMember(_ value: String, enumName: String, _ name: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)?
    {
        guard let e = enums[enumName] else { return nil }
        if name == "rawValue", let raw = e.rawType {
            return (value, raw == "Int" ? .int : .string)
        }
        if name == "rawValue" {
            unsupported(
                "`rawValue` of `\(enumName)`, which has no raw values",
                "compare the value with its cases (`== .\(e.cases.first?.name ?? "idle")`), or declare raw values: "
                    + "`enum \(enumName): String { … }`", at: node)
        } else {
            unsupported(
                "the member `\(name)` of an enum value", "an enum's value has `rawValue` (with raw values) only",
                at: node)
        }
        return nil
    }

    /// The literal a field of enum type starts with: its initial value `.idle` or `UploadState.idle`, as the
    /// field declaration's text (`string = "idle"`, `int = 2`). Nil when `type` is no enum or `value` no case.
    mutating func enumInitialValue(_ value: ExprSyntax, type: LoweredType) -> String? {
        guard case .enumeration(let name, _) = type, let member = value.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription == name,
            let e = enums[name]
        else { return nil }
        let caseName = member.declName.baseName.text
        guard let found = e.value(of: caseName) else {
            unsupported(
                "`.\(caseName)`", "`\(name)`'s cases are \(e.cases.map { "`.\($0.name)`" }.joined(separator: ", "))",
                at: member)
            return nil
        }
        return found
    }

    /// The type of a property's initial value `UploadState.idle` when the property has no annotation.
    func enumValueType(_ value: ExprSyntax) -> LoweredType? {
        guard let member = value.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self), let e = enums[base.baseName.text],
            e.value(of: member.declName.baseName.text) != nil
        else { return nil }
        return e.type
    }

    /// Runs `body` with the `switch` subject's enum as the context of implicit members (its case patterns).
    mutating func withEnumContext<T>(_ type: LoweredType, _ body: (inout SwiftLowering) -> T) -> T {
        guard case .enumeration(let name, _) = type else { return body(&self) }
        let saved = enumContext
        enumContext = name
        defer { enumContext = saved }
        return body(&self)
    }

    /// `if case .uploading = state`, `guard case .idle = state`: the test `state == "uploading"`. Nil (after
    /// refusing) for patterns that bind values.
    mutating func enumCaseCondition(_ condition: MatchingPatternConditionSyntax, in scope: Scope) -> String? {
        guard let pattern = condition.pattern.as(ExpressionPatternSyntax.self)?.expression,
            pattern.is(MemberAccessExprSyntax.self)
        else {
            unsupported(
                "this `case` pattern", "an `if case` of the subset tests one enum case: `if case .idle = state`",
                at: condition.pattern)
            return nil
        }
        guard let subject = expression(condition.initializer.value, in: scope) else { return nil }
        guard let value = withEnumContext(subject.type, { $0.expression(pattern, in: scope) }) else { return nil }
        return "\(subject.text) == \(value.text)"
    }

    // MARK: switch with return

    /// A `switch` at the end of a body's flow (`tail`), some of whose cases `return` (`case .done: return`), with
    /// statements after it: Swift runs those statements after the cases that do not return (and when no case
    /// matches), so each such case's steps are followed by them, and a returning case's steps end the body — the
    /// rule the lowering applies to an `if` whose branch ends in `return`. Nil when no case returns or nothing
    /// follows (``lowerSwitch``'s plain form applies).
    mutating func lowerSwitchWithReturns(
        _ s: SwitchExprSyntax, rest: ArraySlice<CodeBlockItemSyntax>, in scope: inout Scope
    ) -> [LocatedNode]? {
        let endsWithReturn = Self.endsWithBareReturn  // SwiftLowering+TupleSwitch.swift
        let cases = s.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        if isResultSubject(s.subject, in: scope) || switchNamesErrorPayloadCase(s) {
            return nil  // a Result's cases bind values: SwiftLowering+Result.swift, where `return` is a step
        }
        guard !rest.isEmpty, cases.count == s.cases.count, cases.contains(where: endsWithReturn) else { return nil }
        guard let subject = expression(s.subject, in: scope) else { return [] }
        var tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])] = []
        var defaultBody: [LocatedNode]?
        for switchCase in cases {
            let returns = endsWithReturn(switchCase)
            let statements = returns ? Array(switchCase.statements.dropLast())[...] : caseStatements(switchCase)
            guard let statements else { return [] }
            var body = scope
            bindCaseNames(switchCase, subject: subject, into: &body)  // SwiftLowering+Language.swift
            let items = returns ? Array(statements) : Array(statements) + Array(rest)
            let steps = lowerStatements(items, in: &body, tail: true)
            switch switchCase.label {
            case .default:
                defaultBody = steps
            case .case(let label):
                guard let condition = caseCondition(label, subject: subject, in: scope) else { return [] }
                tests.append((condition, location(label), steps))
            }
        }
        if defaultBody == nil {
            var body = scope
            defaultBody = lowerStatements(Array(rest), in: &body, tail: true)
        }
        return Self.nestedCaseTests(tests, default: defaultBody, keepsEmptyElse: false)
    }
}
