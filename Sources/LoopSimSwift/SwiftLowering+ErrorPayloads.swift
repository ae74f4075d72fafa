import LoopSimScenario
import SwiftSyntax

/// Error enums whose cases carry values (`enum SignUpError: Error { case emptyName; case shortPassword(minimum: Int)
/// }`; docs/swift-scenarios.md, "Errors: throws, try and do-catch"). An error is held as one string wherever it goes
/// (a method's hidden `thrownError`, a `do`'s flag, a catch's `error`, a `Result`'s failure part, an `Error?`
/// property or parameter; SwiftLowering+Errors.swift): for a case with values that string is what Swift prints for
/// the value, `shortPassword(minimum: 8)` (`String(describing:)` of an enum case with associated values is the case's
/// name and its values in parentheses, each after its label as declared: the Swift book, "Enumerations" ›
/// "Associated Values", and the standard library's `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift,
/// measured with swiftc by conformance sw89). So every path that passes an error on passes its values too, and
/// `print("\(error)")` writes Swift's text. A value is read back through a table the text keys: the enum's type
/// object (`SignUpError_Type`, a singleton as a class's type properties are, SwiftLowering+TypeMembers.swift) has a
/// dictionary per value of each case, `shortPassword_minimum: [string: int]`, filled where a case is made; the text
/// of a value is a function of its values (an `Int` and a `Bool` print one way each, a `String` as its
/// `debugDescription`, SwiftLowering+StringPayloads.swift), so a text's entry never changes. A case pattern tests the text's entry and binds its values from the tables.
extension SwiftLowering {
    /// Records an error enum whose cases carry values: each case's values (label and type) in
    /// ``errorPayloadEnums``; the enum's cases themselves are recorded as any error enum's (SwiftLowering+Enums.swift),
    /// the value of a case with values being the text its values complete. A value of a type whose printed text the
    /// language cannot write (a `Double`, an enum, an object, an optional) is refused at its type.
    mutating func recordErrorPayloadEnum(_ e: EnumDeclSyntax) {
        let elements = e.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
        var cases: [PayloadEnum.Case] = []
        for element in elements {
            var values: [(label: String?, type: TypeSyntax)] = []
            if let clause = element.parameterClause, clause.parameters.isEmpty {
                unsupported(
                    "an error case with an empty list of values (`\(element.name.text)()`)",
                    "leave the parentheses out: `case \(element.name.text)`", at: clause)
            }
            for parameter in element.parameterClause?.parameters ?? [] {
                if let value = parameter.defaultValue {
                    unsupported("a default associated value", "write the value where the case is made", at: value)
                }
                let type = typeNamed(parameter.type)
                guard Self.printedPayloadValue("v", type: type) != nil,  // SwiftLowering+StringPayloads.swift
                    !parameter.type.is(OptionalTypeSyntax.self)
                else {
                    unsupported(
                        "an associated value of type `\(parameter.type.trimmedDescription)` in an error enum",
                        "an error's associated value is an Int, a Bool or a String (Swift prints a Double's digits "
                            + "from its binary value, an enum's with its module and an optional's as `Optional(…)`, "
                            + "which the model does not write into an error's text); keep other detail in a "
                            + "property of the object that throws", at: parameter.type)
                    continue
                }
                values.append((parameter.firstName?.text, parameter.type))
            }
            cases.append(PayloadEnum.Case(name: element.name.text, values: values))
        }
        errorPayloadEnums[e.name.text] = PayloadEnum(name: e.name.text, cases: cases, node: Syntax(e))
    }

    /// The class of the tables of the error enum `name`'s values.
    func errorPayloadTableClass(_ name: String) -> String { typeObjectName(name) }

    /// The place of the table of value `index` of case `c` of the error enum `e`.
    private func errorPayloadTable(_ e: PayloadEnum, _ c: PayloadEnum.Case, _ index: Int) -> String {
        "shared \(errorPayloadTableClass(e.name)).\(PayloadEnum.field(c, index))"
    }

    /// The lowered type of value `index` of case `c`.
    private func errorPayloadType(_ c: PayloadEnum.Case, _ index: Int) -> LoweredType {
        typeNamed(c.values[index].type)
    }

    /// The `classes:` entries of the tables: one root class per error enum with values, a dictionary field per
    /// value of each case.
    func errorPayloadClassNodes() -> [(String, LocatedNode)] {
        var nodes: [(String, LocatedNode)] = []
        for name in errorPayloadEnums.keys.sorted() {
            guard let e = errorPayloadEnums[name] else { continue }
            let at = location(e.node)
            var fields: [(String, LocatedNode)] = []
            for c in e.cases {
                for index in c.values.indices {
                    guard let typeName = errorPayloadType(c, index).fieldTypeName else { continue }
                    fields.append((PayloadEnum.field(c, index), .plain("[string: \(typeName)]", at: at)))
                }
            }
            guard !fields.isEmpty else { continue }
            nodes.append(
                (
                    errorPayloadTableClass(name),
                    .map(
                        [
                            ("root", .plain("true", at: at)), ("typeObject", .plain("true", at: at)),
                            ("fields", .map(fields, at: at)),
                        ], at: at)
                ))
        }
        return nodes
    }

    /// The error enum and case with values that `.c`, `E.c`, `.c(…)` or `E.c(…)` names, and its arguments (nil when
    /// no call); `.c(…)?`, a pattern on an `Error?`, names it too. Nil for anything else.
    private func errorPayloadCase(_ e: ExprSyntax) -> (PayloadEnum, PayloadEnum.Case, [LabeledExprSyntax]?)? {
        if let chained = e.as(OptionalChainingExprSyntax.self) { return errorPayloadCase(chained.expression) }
        var member = e.as(MemberAccessExprSyntax.self)
        var arguments: [LabeledExprSyntax]?
        if let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            member = call.calledExpression.as(MemberAccessExprSyntax.self)
            arguments = Array(call.arguments)
        }
        guard let member else { return nil }
        let caseName = member.declName.baseName.text
        if let base = member.base {
            // `SignUpError.c`, or `Loader.Failure.c` for an error enum nested in a class.
            let typeName =
                base.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let typeName, let found = errorPayloadEnums[typeName], let c = found.case(caseName),
                !c.values.isEmpty
            else { return nil }
            return (found, c, arguments)
        }
        if let context = enumContext, context != Self.errorTypeName {
            // An implicit member of the enum the context expects: another enum's `.server` is that enum's case.
            guard let found = errorPayloadEnums[context], let c = found.case(caseName), !c.values.isEmpty else {
                return nil
            }
            return (found, c, arguments)
        }
        // Each error enum of the file has its own case names (SwiftLowering+Errors.swift); a case name another enum
        // of the file has too is that enum's unless the context says otherwise.
        let elsewhere =
            enums.values.contains { !$0.isError && $0.value(of: caseName) != nil }
            || payloadEnums.values.contains { $0.case(caseName) != nil }
        guard !elsewhere else { return nil }
        for name in errorPayloadEnums.keys.sorted() {
            if let found = errorPayloadEnums[name], let c = found.case(caseName), !c.values.isEmpty {
                return (found, c, arguments)
            }
        }
        return nil
    }

    /// Whether `e` is a case with values of an error enum of the file, made (`E.c(8)`) or named (`.c`).
    func isErrorPayloadCase(_ e: ExprSyntax) -> Bool { errorPayloadCase(e) != nil }

    /// `SignUpError.shortPassword(minimum: 8)`, `.server(code: status)` as a value: each value into a local before
    /// the statement, its table entry stored under the text, and the text `"shortPassword(minimum: \(v))"` as the
    /// error. Nil when `call` makes no such case; `.some(nil)` after refusing.
    mutating func errorPayloadValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (
        text: String, type: LoweredType
    )?? {
        guard let (e, c, arguments) = errorPayloadCase(ExprSyntax(call)), let arguments else { return nil }
        guard arguments.count == c.values.count else {
            unsupported(
                "`.\(c.name)` with \(arguments.count) value(s)", "give the case its \(c.values.count) value(s)",
                at: call)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported(
                "making `.\(c.name)(…)` here",
                "make the error in a method, a closure or the scenario's code, where statements run", at: call)
            return .some(nil)
        }
        let at = location(call)
        var parts: [String] = []
        var stores: [LocatedNode] = []
        var temporaries: [String] = []
        for (index, argument) in arguments.enumerated() {
            guard argument.label?.text == c.values[index].label else {
                unsupported(
                    "the value `\(argument.trimmedDescription)` of `.\(c.name)`",
                    "write the case's labels as declared: `.\(c.name)(\(c.values.map { ($0.label ?? "_") + ":" }.joined()))`",
                    at: argument)
                return .some(nil)
            }
            let type = errorPayloadType(c, index)
            guard let lowered = expression(argument.expression, in: scope) else { return .some(nil) }
            guard lowered.type == type else {
                unsupported(
                    "this value of `.\(c.name)`",
                    "pass a value of the type the case declares (`\(c.values[index].type.trimmedDescription)`)",
                    at: argument.expression)
                return .some(nil)
            }
            let temporary = Self.temporaryName("\(c.name)_\(index)_", at: location(argument))
            hoisting.steps.append(.step("let", "\(temporary) = \(lowered.text)", at: at))
            temporaries.append(temporary)
            guard let value = Self.printedPayloadValue(temporary, type: type) else { return .some(nil) }
            parts.append(c.values[index].label.map { "\($0): \(value)" } ?? value)
        }
        let text = "\"\(c.name)(\(parts.joined(separator: ", ")))\""
        for (index, temporary) in temporaries.enumerated() {
            stores.append(
                .step(
                    "updateValue", errorPayloadTable(e, c, index), at: at,
                    [("forKey", .plain(text, at: at)), ("value", .plain(temporary, at: at))]))
        }
        hoisting.steps += stores
        return .some((text, .enumeration(e.name, isInt: false)))
    }

    /// A pattern naming a case with values of an error enum of the file, on the error held in `subject`:
    /// `E.c(let v)`, `.c(let a, _)`, `let .c(a, b)`, `.c(8)` (a value compared), `E.c` (any values). The test that
    /// the error is that case, and the bindings (name, the table entry it reads, type). Nil when the pattern names
    /// no such case; `.some(nil)` after refusing.
    mutating func errorPayloadPattern(_ pattern: PatternSyntax, subject: String, in scope: Scope) -> (
        test: String, bindings: [(String, String, LoweredType)]
    )?? {
        let (expr, bindAll) = Self.casePatternExpression(pattern)  // SwiftLowering+Result.swift
        guard let expr else { return nil }
        return errorPayloadPattern(expr, bindAll: bindAll, subject: subject, in: scope)
    }

    /// ``errorPayloadPattern(_:subject:in:)`` of a pattern's expression.
    mutating func errorPayloadPattern(_ expr: ExprSyntax, bindAll: Bool, subject: String, in scope: Scope) -> (
        test: String, bindings: [(String, String, LoweredType)]
    )?? {
        guard let (e, c, arguments) = errorPayloadCase(expr) else { return nil }
        var tests = ["\(errorPayloadTable(e, c, 0))[\(subject)] != nil"]
        guard let arguments else { return .some((tests[0], [])) }
        guard arguments.count == c.values.count else {
            unsupported(
                "`.\(c.name)` with \(arguments.count) pattern(s)", "match each of its \(c.values.count) value(s)",
                at: expr)
            return .some(nil)
        }
        var bindings: [(String, String, LoweredType)] = []
        for (index, argument) in arguments.enumerated() {
            let place = "\(errorPayloadTable(e, c, index))[\(subject)]"
            let type = errorPayloadType(c, index)
            let inner = argument.expression
            if inner.is(DiscardAssignmentExprSyntax.self) { continue }
            if let name = Self.boundPayloadName(inner, bindAll: bindAll) {
                bindings.append((name, place, type))
                continue
            }
            guard let value = expression(inner, in: scope) else { return .some(nil) }
            tests.append("\(place) == \(value.text)")
        }
        return .some((tests.joined(separator: " && "), bindings))
    }

    /// Whether a pattern of `s`'s cases names a case with values of an error enum of the file.
    func switchNamesErrorPayloadCase(_ s: SwitchExprSyntax) -> Bool {
        s.cases.contains { element in
            guard case .case(let label)? = element.as(SwitchCaseSyntax.self)?.label else { return false }
            return label.caseItems.contains { item in
                Self.casePatternExpression(item.pattern).expr.map(isErrorPayloadCase) ?? false
            }
        }
    }

    /// `switch error { case SignUpError.shortPassword(let m): …; case .emptyName: …; default: … }` (also on an
    /// error enum's value, `if let e = error as? SignUpError { switch e { … } }`): nested `if:` steps, a case with
    /// values tested and bound by ``errorPayloadPattern(_:subject:in:)``, another pattern as a `switch` on an
    /// error tests it. Nil when no case names a case with values.
    mutating func errorPayloadSwitch(_ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode]? {
        guard switchNamesErrorPayloadCase(s) else { return nil }
        guard let subject = expression(s.subject, in: scope) else { return [] }
        let outer = scope
        return withEnumContext(subject.type) { lowering in
            lowering.bindingSwitch(s, in: &scope, tail: tail) { lowering, pattern in  // SwiftLowering+Language.swift
                if let found = lowering.errorPayloadPattern(pattern, subject: subject.text, in: outer) {
                    return found
                }
                if let name = Self.boundCaseName(pattern) { return ("true", [(name, subject.text, subject.type)]) }
                guard let test = lowering.caseTest(pattern, subject: subject.text, in: outer) else { return nil }
                return (test, [])
            }
        }
    }

    /// `if case SignUpError.shortPassword(let m) = error`, `guard case .server(let code) = e else { … }`: the test
    /// and the `let:` steps of its bindings. Nil when the pattern names no case with values of an error enum.
    mutating func errorPayloadCaseCondition(_ condition: MatchingPatternConditionSyntax, in scope: inout Scope)
        -> (test: String, steps: [LocatedNode])??
    {
        guard let expr = Self.casePatternExpression(condition.pattern).expr, isErrorPayloadCase(expr) else {
            return nil
        }
        guard let subject = expression(condition.initializer.value, in: scope) else { return .some(nil) }
        let found = withEnumContext(subject.type) {
            $0.errorPayloadPattern(condition.pattern, subject: subject.text, in: scope)
        }
        guard let (test, bindings) = found ?? nil else { return .some(nil) }
        // An `Error?` subject: nil is no case (its table entry reads nil too).
        return .some((test, conditionBindings(bindings, of: condition, in: &scope)))  // SwiftLowering+Result.swift
    }

    /// The test of one `catch` item on the error in `flag`, and what it binds (name, place, type): a case with values
    /// (``errorPayloadPattern(_:subject:in:)``), else the forms of ``catchTest(_:flag:caught:in:)``; a `where`
    /// clause after it is tested with its names bound (`catch SignUpError.shortPassword(let m) where m > 4`), after
    /// the pattern matched (the Swift book, "Statements" › "Do Statement": a catch clause's `where` is tested only
    /// when its pattern matches). Nil after refusing.
    mutating func catchItemTest(
        _ item: CatchItemSyntax, flag: String, caught: LoweredType, in scope: Scope
    ) -> (String, [(String, String, LoweredType)])? {
        guard let pattern = item.pattern else { return nil }
        var test: String
        var bindings: [(String, String, LoweredType)]
        if let found = withEnumContext(caught, { $0.errorPayloadPattern(pattern, subject: flag, in: scope) }) {
            guard let found else { return nil }
            (test, bindings) = found
        } else {
            guard let (plain, binding) = catchTest(pattern, flag: flag, caught: caught, in: scope) else { return nil }
            test = plain
            bindings = binding.map { [($0.0, flag, $0.1)] } ?? []
        }
        if let clause = item.whereClause {
            var clauseScope = scope
            for (name, place, type) in bindings {
                clauseScope.locals[name] = Local(type: type, isVar: false, lowered: place)
            }
            let hoisted = hoisting.steps.count
            guard let condition = expression(clause.condition, in: clauseScope) else { return nil }
            guard hoisting.steps.count == hoisted else {
                hoisting.steps.removeSubrange(hoisted...)
                unsupported(
                    "a call of a method that returns a value in a `where` clause",
                    "test it with an `if` in the catch", at: clause)
                return nil
            }
            test = test == "true" ? "(\(condition.text))" : "(\(test)) && (\(condition.text))"
        }
        return (test, bindings)
    }

    /// The test that the error in `flag` is the case `c` (its value `value`) of the error enum `e`: its name, or, for
    /// a case with values, its table entry.
    func errorCaseIsTest(_ e: String, _ c: String, value: String, flag: String) -> String {
        guard let found = errorPayloadEnums[e], let payloadCase = found.case(c), !payloadCase.values.isEmpty else {
            return "\(flag) == \(value)"
        }
        return "\(errorPayloadTable(found, payloadCase, 0))[\(flag)] != nil"
    }
}

extension SwiftLowering {
    /// `try result.get()` (`_ = try result.get()`, `try!`, `try?`) as a statement, `result` a `Result`: its failure
    /// thrown as ``throwingCallValue(_:in:)`` throws it for `let v = try result.get()`, the success value unused
    /// (`try?` drops the failure: nothing happens). Nil when `e` is no such `try`.
    mutating func resultGetStatement(_ e: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let t = e.as(TryExprSyntax.self), let call = t.expression.as(FunctionCallExprSyntax.self),
            call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "get", let base = member.base, isResultSubject(base, in: scope)
        else { return nil }
        if t.questionOrExclamationMark?.text == "?" { return [] }
        guard let found = throwingCallValue(t, in: scope) else { return nil }
        _ = found  // the check is hoisted before the statement, which has no step of its own
        return []
    }
}
