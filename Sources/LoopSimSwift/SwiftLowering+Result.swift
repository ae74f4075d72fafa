import LoopSimScenario
import SwiftSyntax

/// `Result<Success, Failure>` passed to a completion handler (docs/swift-scenarios.md, "Completion handlers:
/// optionals, errors and Result"). The program model has no Result: a parameter `result` of that type is split into
/// two parameters of the block or method, `result_success` (the success value, nil on failure) and
/// `result_failure` (the error, nil on success), so `completion(.success(3))` passes `[3, nil]` and
/// `completion(.failure(LoadError.timeout))` passes `[nil, "timeout"]`. A `Failure` is an `Error`, never nil, so
/// the case is `result_failure == nil` (the standard library's `Result` is `.success(Success)` or
/// `.failure(Failure)`, `Failure: Error`). `Result<Void, Error>`'s `.success(())` is `true`.
extension SwiftLowering {
    /// `Result<S, F>`: `.result(S, F)` when S is a value the language holds (not optional) and F an `Error` or an
    /// error enum of the file; `.unknown` for another `Result`; nil for any other type.
    func resultType(_ type: TypeSyntax) -> LoweredType? {
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Result" else { return nil }
        guard let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 2,
            case .type(let successType) = arguments.first?.argument,
            case .type(let failureType) = arguments.last?.argument
        else { return .unknown }
        let success: LoweredType
        if successType.trimmedDescription == "Void" || successType.trimmedDescription == "()" {
            success = .bool
        } else if successType.is(OptionalTypeSyntax.self) || successType.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
        {
            return .unknown
        } else {
            success = typeNamed(successType)
        }
        switch success {
        case .int, .bool, .string, .duration, .enumeration, .object, .timer: break
        case .value(let s) where isPlainStruct(s): break  // its stored properties (+StructResults.swift)
        default: return .unknown
        }
        let failure = typeNamed(failureType)
        guard case .enumeration(let name, false) = failure, name == Self.errorTypeName || enums[name]?.isError == true
        else { return .unknown }
        return .result(success, failure)
    }

    /// The two parameters a `Result` parameter `lowered` of `type` is split into, and the locals that read them:
    /// `name` itself (the Result, for `switch`, `if case` and passing it on) and `name.success`/`name.failure`.
    func resultParameters(_ name: String, lowered: String, _ type: LoweredType, at: ScenarioLocation)
        -> (params: [LocatedNode], locals: [(String, Local)])
    {
        guard case .result(let success, let failure) = type else { return ([], []) }
        let successName = success == .timer ? "NSTimer" : (success.fieldTypeName ?? "id")
        var params: [LocatedNode] = [.map([("\(lowered)_success", .plain(successName, at: at))], at: at)]
        if case .value(let s) = success { params = structSuccessParameters(s, lowered: lowered, at: at) }
        params.append(.map([("\(lowered)_failure", .plain(failure.fieldTypeName ?? "string", at: at))], at: at))
        var whole = Local(type: type, isVar: false)
        if lowered != name { whole.lowered = lowered }
        return (
            params,
            [
                (name, whole),
                ("\(name).success", Local(type: success, isVar: false, lowered: "\(lowered)_success")),
                ("\(name).failure", Local(type: failure, isVar: false, lowered: "\(lowered)_failure")),
            ]
        )
    }

    /// The texts of a `Result` of `type` passed as an argument: `.success(x)` is `[x, nil]`, `.failure(e)` is
    /// `[nil, e]` (`.failure(.timeout)` takes the failure's enum), a `Result` parameter passed on is its two parts.
    /// Nil after reporting what to write.
    mutating func resultArgument(_ e: ExprSyntax, _ type: LoweredType, in scope: Scope) -> [String]? {
        guard case .result(let success, let failure) = type else { return nil }
        if isResultSubject(e, in: scope) {
            // A `Result` passed on or copied: a parameter, a local, a property (SwiftLowering+ResultValues.swift).
            guard let place = resultPlace(e, in: scope) else { return nil }
            if place.isOptional {
                unsupported(
                    "an optional `Result` where a `Result` is expected",
                    "unwrap it: `\(e.trimmedDescription)!`, or `if let r = \(e.trimmedDescription)`", at: e)
                return nil
            }
            if case .value(let s) = success { return structResultParts(place, struct: s) }  // +StructResults.swift
            return [place.success, place.failure]
        }
        if let chosen = resultChoice(e, type, in: scope) { return chosen }  // SwiftLowering+ResultChoice.swift
        var caseName: String?
        var payload: ExprSyntax?
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription.hasPrefix("Result") == true,
            call.arguments.count == 1, call.trailingClosure == nil
        {
            caseName = member.declName.baseName.text
            payload = call.arguments.first?.expression
        } else if let member = e.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "success", success == .bool
        {
            return ["true", "nil"]  // `.success` of a `Result<Void, …>`, Swift 5.x's shorthand for `.success(())`
        }
        guard let caseName, let payload, caseName == "success" || caseName == "failure" else {
            unsupported(
                "this `Result` argument",
                "pass `.success(value)`, `.failure(error)` or a `Result` parameter as it is", at: e)
            return nil
        }
        if case .value(let s) = success {  // a struct's stored properties (SwiftLowering+StructResults.swift)
            guard let parts = structSuccessArgument(caseName == "success" ? payload : nil, struct: s, in: scope)
            else { return nil }
            if caseName == "success" { return parts + ["nil"] }
            guard let error = withEnumContext(failure, { $0.expression(payload, in: scope) }) else { return nil }
            guard case .enumeration = error.type else {
                unsupported(
                    "this error", "pass a case of an error enum of the file (`enum LoadError: Error { case timeout }`)",
                    at: payload)
                return nil
            }
            return parts + [error.text]
        }
        if caseName == "success" {
            if let tuple = payload.as(TupleExprSyntax.self), tuple.elements.isEmpty { return ["true", "nil"] }
            guard let value = withEnumContext(success, { $0.expression(payload, in: scope) }) else { return nil }
            return [value.text, "nil"]
        }
        guard let error = withEnumContext(failure, { $0.expression(payload, in: scope) }) else { return nil }
        guard case .enumeration = error.type else {
            unsupported(
                "this error", "pass a case of an error enum of the file (`enum LoadError: Error { case timeout }`)",
                at: payload)
            return nil
        }
        return ["nil", error.text]
    }

    /// The case test and bindings of `.success(let v)`, `.failure(let e)`, `.failure(.timeout)`, `.success`, `let
    /// .failure(e)` against the Result `subject` (a local made by ``resultParameters``). Nil (after refusing) for
    /// another pattern.
    mutating func resultCaseTest(
        _ pattern: PatternSyntax, subject place: ResultPlace, in scope: Scope
    ) -> (test: String, bindings: [(String, String, LoweredType)])? {
        let success = place.successType
        let failure = place.failureType
        var (expr, bindAll) = Self.casePatternExpression(pattern)
        if place.isOptional, let e = expr {
            // An optional Result: `case nil`/`case .none`, and `.success(let v)?` as `.success(let v)` (an enum
            // case pattern matches through an optional, the Swift book, "Patterns" › "Enumeration Case Pattern").
            if e.is(NilLiteralExprSyntax.self)
                || e.as(MemberAccessExprSyntax.self).map({ $0.base == nil && $0.declName.baseName.text == "none" })
                    == true
            {
                return (place.nilTest, [])
            }
            if let chained = e.as(OptionalChainingExprSyntax.self) { expr = chained.expression }
        }
        var caseName: String?
        var argument: ExprSyntax?
        if let call = expr?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil, call.arguments.count == 1
        {
            caseName = member.declName.baseName.text
            argument = call.arguments.first?.expression
        } else if let member = expr?.as(MemberAccessExprSyntax.self), member.base == nil {
            caseName = member.declName.baseName.text
        }
        let isSuccess = caseName == "success"
        guard caseName == "success" || caseName == "failure" else {
            unsupported(
                "this pattern on a `Result`",
                "match `.success(let value)`, `.failure(let error)`, `.failure(.timeout)`, `.success` or `.failure`",
                at: pattern)
            return nil
        }
        let tag = place.caseTest(success: isSuccess)
        guard let argument else { return (tag, []) }
        let part = isSuccess ? place.success : place.failure
        let partType = isSuccess ? success : failure
        // `let v`, `_`, a bare name under `case let`, or a value to compare with.
        if argument.is(DiscardAssignmentExprSyntax.self) { return (tag, []) }
        if let name = Self.boundPayloadName(argument, bindAll: bindAll) {
            if case .value(let s) = partType { return (tag, structSuccessBindings(name, part: part, struct: s)) }
            return (tag, [(name, part, partType)])
        }
        if case .value(let s) = partType {
            unsupported(
                "comparing a `\(s)` in a `.success` pattern",
                "bind it (`case .success(let value)`) and compare its "
                    + "properties", at: argument)
            return nil
        }
        if !isSuccess,
            let found = withEnumContext(
                partType, { $0.errorPayloadPattern(argument, bindAll: bindAll, subject: part, in: scope) })
        {
            // `.failure(.server(let code))`: a case with values of the error (SwiftLowering+ErrorPayloads.swift).
            guard let (test, bindings) = found else { return nil }
            return ("\(tag) && \(test)", bindings)
        }
        guard let value = withEnumContext(partType, { $0.expression(argument, in: scope) }) else { return nil }
        return ("\(tag) && \(part) == \(value.text)", [])
    }

    /// A case pattern's expression (`.success(let v)`), and whether a `let` before it binds every name in it
    /// (`case let .success(v)`). Shared by Result and payload enum patterns (SwiftLowering+PayloadEnums.swift).
    static func casePatternExpression(_ pattern: PatternSyntax) -> (expr: ExprSyntax?, bindAll: Bool) {
        if let value = pattern.as(ValueBindingPatternSyntax.self) {
            return (value.pattern.as(ExpressionPatternSyntax.self)?.expression, true)
        }
        return (pattern.as(ExpressionPatternSyntax.self)?.expression, false)
    }

    /// The name one value of a case pattern binds: `let v`, a bare name under `case let`, or a name the parser made
    /// a pattern; nil for `_` and for a value to compare with.
    static func boundPayloadName(_ argument: ExprSyntax, bindAll: Bool) -> String? {
        if let binding = argument.as(PatternExprSyntax.self)?.pattern.as(ValueBindingPatternSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            return name
        }
        if bindAll, let ref = argument.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        return argument.as(PatternExprSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `if case .success(let v) = result`, `guard case .failure(let e) = result else { … }`: the test, and the
    /// `let:` steps of its bindings (each reads its part, which is nil when the case is the other). Nil when the
    /// subject is no Result; `.some(nil)` after a refused pattern.
    mutating func resultCaseCondition(_ condition: MatchingPatternConditionSyntax, in scope: inout Scope)
        -> (test: String, steps: [LocatedNode])??
    {
        guard isResultSubject(condition.initializer.value, in: scope) else { return nil }
        guard let subject = resultPlace(condition.initializer.value, in: scope),
            let (test, bindings) = resultCaseTest(condition.pattern, subject: subject, in: scope)
        else {
            return .some(nil)
        }
        return .some((test, conditionBindings(bindings, of: condition, in: &scope)))
    }

    /// The `let:` steps of an `if case`/`guard case` condition's bindings (name, the part it reads, its type),
    /// each name a local of the rest of the statement, recorded by the condition list so that an interpolation of
    /// one prints its value. Shared by Result and payload enum patterns (SwiftLowering+PayloadEnums.swift).
    mutating func conditionBindings(
        _ bindings: [(String, String, LoweredType)], of condition: MatchingPatternConditionSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        var steps: [LocatedNode] = []
        var printed: [String: LoweredType] = [:]
        for (name, part, type) in bindings {
            if !Self.isStructBinding(type) {  // a struct's name: its properties are bound (+StructResults.swift)
                steps.append(.step("let", "\(name) = \(part)", at: location(condition.pattern)))
            }
            scope.locals[name] = Local(type: type, isVar: false)
            printed[name] = type
        }
        if let list = condition.parent?.parent?.as(ConditionElementListSyntax.self) {
            resultCaseBindings[list.id, default: [:]].merge(printed) { $1 }
        }
        return steps
    }

    /// `switch result { case .success(let v): …; case .failure(let e): … }` on a Result: nested `if:` steps on
    /// its failure part, each case's bindings `let:` steps at the start of its branch. Nil when the subject is no
    /// Result.
    mutating func resultSwitch(_ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode]? {
        guard isResultSubject(s.subject, in: scope) else { return nil }
        guard let subject = resultPlace(s.subject, in: scope) else { return [] }
        let outer = scope
        return bindingSwitch(s, in: &scope, tail: tail) { lowering, pattern in  // SwiftLowering+Language.swift
            lowering.resultCaseTest(pattern, subject: subject, in: outer)
        }
    }

    /// `try? result.get()`: the success part, nil on failure (the standard library's `get()` throws the failure,
    /// and `try?` makes that nil). Nil when `e` is not that form.
    mutating func resultGet(_ e: TryExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)? {
        guard e.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
            let call = e.expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "get",
            let base = member.base, isResultSubject(base, in: scope),
            let place = resultPlace(base, in: scope), !place.isOptional
        else { return nil }
        if refusesStructResult(.result(place.successType, place.failureType), at: e) { return nil }
        return (place.success, place.successType)
    }
}
