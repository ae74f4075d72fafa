import LoopSimScenario
import SwiftSyntax

/// `Result { try f() }` (`Result(catching:)`) and a `Result`'s `map { … }` and `mapError { … }` (the standard
/// library's `Result`: `init(catching:)` is `.success` of the body's value or `.failure` of what it threw, typed by
/// the body's thrown error (SE-0413); `map` transforms a success and passes a failure on, `mapError` the reverse).
/// Each is a place made before the statement: two temporaries, the transformed part set only in its case.
extension SwiftLowering {
    /// Whether `call` is `Result { … }`, `Result(catching: { … })` or `r.map { … }`/`r.mapError { … }` of a
    /// `Result` (by form, without lowering anything).
    func isMadeResult(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self), ref.baseName.text == "Result" {
            return true
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Result"
        {
            return true
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["map", "mapError", "flatMap"].contains(member.declName.baseName.text)
        else { return false }
        return isResultSubject(base, in: scope)
    }

    /// The closure a `Result` maker takes: its trailing closure, or its one argument's closure.
    private func makerClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure, call.arguments.isEmpty { return trailing }
        guard call.trailingClosure == nil, call.arguments.count == 1 else { return nil }
        return call.arguments.first?.expression.as(ClosureExprSyntax.self)
    }

    /// The place of `Result { try f() }`, `r.map { … }` or `r.mapError { … }`; nil after refusing.
    mutating func madeResultPlace(_ call: FunctionCallExprSyntax, in scope: Scope) -> ResultPlace? {
        guard hoisting.isOpen else {
            unsupported("making a `Result` here", "make it in a method or a closure, where statements run", at: call)
            return nil
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let source = resultPlace(base, in: scope),
            refusesStructResult(.result(source.successType, source.failureType), at: call)
        {
            return nil  // SwiftLowering+StructResults.swift
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            return mappedResultPlace(call, member.declName.baseName.text, base, in: scope)
        }
        guard let closure = makerClosure(call), closure.signature == nil,
            call.arguments.first.map({ $0.label?.text == "catching" }) ?? true,
            let t = Self.singleExpression(closure)?.as(TryExprSyntax.self), t.questionOrExclamationMark == nil,
            let inner = t.expression.as(FunctionCallExprSyntax.self), let callee = throwingCallee(inner, in: scope),
            let type = classes[callee.className]?.returns[callee.method], Self.isResultPart(type)
        else {
            unsupported(
                "this `Result { … }`",
                "write `Result { try f() }`: one call of a throwing method of the file that returns an Int, a Bool, "
                    + "a String, an enum or an object", at: call)
            return nil
        }
        guard let hoisted = hoistedCall(inner, in: scope), let (temporary, _) = hoisted else { return nil }
        let at = location(call)
        let failure = Self.temporaryName("caught", at: at)
        let typeName = type == .timer ? "NSTimer" : (type.fieldTypeName ?? "id")
        hoisting.steps += [
            .step("let", "\(failure): string = \(callee.receiver).\(Self.thrownField)", at: at),
            .step(
                "if", "\(failure) != nil", at: at,
                [
                    (
                        "then",
                        .list(
                            [
                                .step("set", "\(callee.receiver).\(Self.thrownField) = nil", at: at),
                                .step("let", "\(temporary): \(typeName) = nil", at: at),
                            ], at: at)
                    )
                ]),
        ]
        let thrownType = classes[callee.className]?.typedThrows[callee.method] ?? Self.errorTypeName
        return ResultPlace(
            success: temporary, failure: failure, successType: type,
            failureType: .enumeration(thrownType, isInt: false), isOptional: false)
    }

    /// Whether a `Result`'s success may be of `type` (a value the language holds, not optional).
    static func isResultPart(_ type: LoweredType) -> Bool {
        switch type {
        case .int, .bool, .string, .duration, .enumeration, .object, .timer: true
        default: false
        }
    }

    /// `r.map { $0 * 2 }`, `r.mapError { _ in LoadError.offline }`: a new place whose transformed part is the
    /// closure's one expression on the old part, set only in its case; the other part is the old one's.
    private mutating func mappedResultPlace(
        _ call: FunctionCallExprSyntax, _ name: String, _ base: ExprSyntax, in scope: Scope
    ) -> ResultPlace? {
        guard let source = resultPlace(base, in: scope) else { return nil }
        let isMap = name == "map"
        guard !source.isOptional else {
            unsupported(
                "`\(name)` of an optional `Result`", "unwrap it first: `if let r = \(base.trimmedDescription)`",
                at: call)
            return nil
        }
        var parameter = "$0"
        if let signature = makerClosure(call)?.signature {
            let names: [String]
            if let clause = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self) {
                names = clause.map(\.name.text)
            } else if let clause = signature.parameterClause?.as(ClosureParameterClauseSyntax.self) {
                names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            } else {
                names = []
            }
            parameter = names.count == 1 ? names[0] : ""
        }
        if name == "flatMap", let closure = makerClosure(call), let body = Self.singleExpression(closure),
            !parameter.isEmpty
        {
            return flatMappedResultPlace(call, source, parameter, body, in: scope)
        }
        guard name != "flatMap", let closure = makerClosure(call), let body = Self.singleExpression(closure),
            !parameter.isEmpty, !callsAMethod(body)
        else {
            unsupported(
                "this `\(name)`",
                "write it with one expression of its one parameter (`r.\(name) { $0 … }`), or switch on the `Result` "
                    + "and store each case", at: call)
            return nil
        }
        var inner = scope
        let part = isMap ? source.success : source.failure
        inner.locals[parameter] = Local(
            type: isMap ? source.successType : source.failureType, isVar: false, lowered: part)
        let context = isMap ? source.successType : .enumeration(Self.errorTypeName, isInt: false)
        guard let value = withEnumContext(context, { $0.expression(body, in: inner) }) else { return nil }
        if isMap, !Self.isResultPart(value.type) {
            unsupported(
                "`map` to this type", "map to an Int, a Bool, a String, an enum or an object of the file", at: body)
            return nil
        }
        if !isMap {
            guard case .enumeration(let e, false) = value.type, e == Self.errorTypeName || enums[e]?.isError == true
            else {
                unsupported("`mapError` to this value", "map to a case of an error enum of the file", at: body)
                return nil
            }
        }
        let at = location(call)
        let temporary = Self.temporaryName(isMap ? "mapped" : "mappedError", at: at)
        let typeName = isMap ? (value.type == .timer ? "NSTimer" : (value.type.fieldTypeName ?? "id")) : "string"
        hoisting.steps += [
            .step("let", "\(temporary): \(typeName) = nil", at: at),
            .step(
                "if", source.caseTest(success: isMap), at: at,
                [("then", .list([.step("set", "\(temporary) = \(value.text)", at: at)], at: at))]),
        ]
        return isMap
            ? ResultPlace(
                success: temporary, failure: source.failure, successType: value.type,
                failureType: source.failureType, isOptional: false)
            : ResultPlace(
                success: source.success, failure: temporary, successType: source.successType,
                failureType: value.type, isOptional: false)
    }

    /// `r.flatMap { parse($0) }`, `r.flatMap { $0 > 0 ? … }` written as `.success(…)`/`.failure(…)` or a call of a
    /// method that returns a `Result`: the closure's `Result` (its calls made only when `r` is a success, as the
    /// standard library's `flatMap` calls its closure only then), else `r`'s failure passed on.
    private mutating func flatMappedResultPlace(
        _ call: FunctionCallExprSyntax, _ source: ResultPlace, _ parameter: String, _ body: ExprSyntax,
        in scope: Scope
    ) -> ResultPlace? {
        var inner = scope
        inner.locals[parameter] = Local(type: source.successType, isVar: false, lowered: source.success)
        let saved = (hoisting.steps, hoisting.releases)
        hoisting.steps = []
        hoisting.releases = []
        var parts: [String]?
        var successType: LoweredType?
        if isResultSubject(body, in: inner) {
            if let made = resultPlace(body, in: inner), !made.isOptional {
                parts = [made.success, made.failure]
                successType = made.successType
            }
        } else if let made = body.as(FunctionCallExprSyntax.self),
            let member = made.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "success", let payload = made.arguments.first?.expression,
            let value = expression(payload, in: inner), Self.isResultPart(value.type)
        {
            parts = [value.text, "nil"]
            successType = value.type
        } else if body.as(FunctionCallExprSyntax.self).flatMap({ $0.calledExpression.as(MemberAccessExprSyntax.self) })
            .map({ $0.base == nil && $0.declName.baseName.text == "failure" }) == true,
            let found = resultArgument(body, .result(source.successType, source.failureType), in: inner)
        {
            parts = found
            successType = source.successType
        }
        let branchSteps = hoisting.steps
        let branchReleases = hoisting.releases
        (hoisting.steps, hoisting.releases) = saved
        guard let parts, let successType else {
            unsupported(
                "this `flatMap`",
                "return `.success(…)`, `.failure(…)` or a call of a method that returns a `Result` from its one "
                    + "expression, or switch on the `Result`", at: call)
            return nil
        }
        let at = location(call)
        let success = Self.temporaryName("flatMapped", at: at)
        let failure = "\(success)_failure"
        let typeName = successType == .timer ? "NSTimer" : (successType.fieldTypeName ?? "id")
        hoisting.steps += [
            .step("let", "\(success): \(typeName) = nil", at: at),
            .step("let", "\(failure): string = \(source.failure)", at: at),
            .step(
                "if", source.caseTest(success: true), at: at,
                [
                    (
                        "then",
                        .list(
                            branchSteps + [
                                .step("set", "\(success) = \(parts[0])", at: at),
                                .step("set", "\(failure) = \(parts[1])", at: at),
                            ] + branchReleases, at: at)
                    )
                ]),
        ]
        return ResultPlace(
            success: success, failure: failure, successType: successType, failureType: source.failureType,
            isOptional: false)
    }
}
