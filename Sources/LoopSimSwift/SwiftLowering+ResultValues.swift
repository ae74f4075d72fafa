import LoopSimScenario
import SwiftSyntax

/// Where a `Result` is held: its two parts (SwiftLowering+Result.swift splits a `Result` into a success part, nil on
/// failure, and a failure part, nil on success), as the texts the lowered tree reads and stores.
struct ResultPlace {
    /// The success part's place (`r_success`, `self.lastResult_success`).
    var success: String
    /// The failure part's place.
    var failure: String
    var successType: LoweredType
    var failureType: LoweredType
    /// A `Result<…>?` property: nil when both parts are nil (a `Result`'s failure is an `Error`, never nil, and its
    /// success is no optional, SwiftLowering+Result.swift).
    var isOptional: Bool

    /// The test that the Result holds the case `.success` (`isSuccess`) or `.failure`. A Result that cannot be nil
    /// is a success when its failure part is nil; an optional one holds the case whose part is set.
    func caseTest(success isSuccess: Bool) -> String {
        if isSuccess { return isOptional ? "\(success) != nil" : "\(failure) == nil" }
        return "\(failure) != nil"
    }

    /// The test that an optional Result is nil: neither part is set.
    var nilTest: String { "\(success) == nil && \(failure) == nil" }
}

/// `Result` values kept in properties and locals (docs/swift-scenarios.md, "Completion handlers: optionals, errors
/// and Result"): the standard library's `enum Result<Success, Failure: Error>` is a value of two cases, so the
/// program model keeps each place that holds one as two places, `NAME_success` and `NAME_failure`, fields of the
/// class for a stored property (`var lastResult: Result<Int, LoadError>?`), locals for a local. A store of
/// `.success(x)` sets the first and clears the second, `.failure(e)` the reverse, `nil` (an optional property)
/// clears both; a copy (`let r = self.lastResult!`) copies both. Every read (`switch`, `if case`, `try r.get()`,
/// passing it on) reads the parts as it reads a `Result` parameter's.
extension SwiftLowering {
    /// The two field names a `Result` property `name` is kept in.
    static func resultPartNames(_ name: String) -> (success: String, failure: String) {
        ("\(name)_success", "\(name)_failure")
    }

    /// Records a stored property of a `Result` type, optional or not, in the class's shape.
    func noteResultField(_ binding: PatternBindingSyntax, name: String, into shape: inout ClassShape) {
        guard case .result = shape.fields[name] else { return }
        if isOptionalAnnotation(binding) { shape.optionalResults.insert(name) }
    }

    /// Whether `name` is a `Result` stored property of some class of the file.
    func isResultFieldName(_ name: String) -> Bool {
        classes.values.contains { shape in
            if case .result = shape.fields[name] { return true }
            return false
        }
    }

    /// Whether `e` names a place that holds a `Result` (a local or parameter, `name` or `x.name` of a `Result`
    /// property), without lowering anything.
    func isResultSubject(_ e: ExprSyntax, in scope: Scope) -> Bool {
        let e = Self.withoutParentheses(e)
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] {
                if case .result = local.type { return true }
                return false
            }
            guard let cls = scope.className, case .result? = classes[cls]?.fields[name] else { return false }
            return true
        }
        if let unwrap = e.as(ForceUnwrapExprSyntax.self) { return isResultSubject(unwrap.expression, in: scope) }
        if let member = e.as(MemberAccessExprSyntax.self), member.base != nil {
            return isResultFieldName(member.declName.baseName.text)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            return isResultReturningCall(call) || isMadeResult(call, in: scope)
        }
        return false
    }

    /// `(e)` without its parentheses.
    static func withoutParentheses(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            e = only.expression
        }
        return e
    }

    /// The place of the `Result` `e` names: a local or parameter (``resultParameters``), a `Result` property of
    /// the class (`lastResult`, `self.lastResult`) or of an object (`cache.lastResult`), or `x!` of an optional
    /// one (its nil check is a step before the statement, SwiftLowering+Unwrap.swift). Nil for anything else.
    mutating func resultPlace(_ e: ExprSyntax, in scope: Scope) -> ResultPlace? {
        let e = Self.withoutParentheses(e)
        if let unwrap = e.as(ForceUnwrapExprSyntax.self) {
            guard var place = resultPlace(unwrap.expression, in: scope) else { return nil }
            place.isOptional = false
            return place
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] {
                guard case .result(let s, let f) = local.type, let success = scope.locals["\(name).success"],
                    let failure = scope.locals["\(name).failure"]
                else { return nil }
                return ResultPlace(
                    success: success.text("success"), failure: failure.text("failure"), successType: s,
                    failureType: f, isOptional: false)
            }
            guard let cls = scope.className, let me = scope.locals["self"] else { return nil }
            return resultFieldPlace(me.text("self"), cls, name)
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            guard isResultFieldName(name), let inner = expression(base, in: scope),
                case .object(let cls) = inner.type
            else { return nil }
            return resultFieldPlace(inner.text, cls, name)
        }
        if let call = e.as(FunctionCallExprSyntax.self), isMadeResult(call, in: scope) {
            return madeResultPlace(call, in: scope)
        }
        if let call = e.as(FunctionCallExprSyntax.self), isResultReturningCall(call) {
            return returnedResultPlace(call, in: scope)
        }
        return nil
    }

    /// The place of the `Result` property `name` of class `cls` on the object `receiver`.
    private func resultFieldPlace(_ receiver: String, _ cls: String, _ name: String) -> ResultPlace? {
        guard let shape = classes[cls], case .result(let s, let f)? = shape.fields[name] else { return nil }
        let (success, failure) = Self.resultPartNames(name)
        return ResultPlace(
            success: "\(receiver).\(success)", failure: "\(receiver).\(failure)", successType: s, failureType: f,
            isOptional: shape.optionalResults.contains(name))
    }

    /// A `Result` stored property as two fields of the class, its success part (of the success's type, nil at
    /// first) and its failure part (`string`, nil at first); an initial value (`= .success(0)`) is stored by
    /// `init` first, as Swift stores a property's initial value before the init's body runs.
    mutating func lowerResultField(
        _ binding: PatternBindingSyntax, name: String, className: String,
        into fields: inout [(String, LocatedNode)], initSteps: inout [LocatedNode]
    ) {
        guard case .result(let s, let f)? = classes[className]?.fields[name] else { return }
        if refusesStructResult(.result(s, f), at: binding) { return }  // SwiftLowering+StructResults.swift
        let at = location(binding)
        let (success, failure) = Self.resultPartNames(name)
        let successType = s == .timer ? "NSTimer" : (s.fieldTypeName ?? "id")
        var successDeclaration = s.isObject ? "strong \(successType)" : successType
        if s == .int || s == .bool { successDeclaration += " = nil" }  // the language's int and bool start at 0
        fields.append((success, .plain(successDeclaration, at: at)))
        fields.append((failure, .plain(f.fieldTypeName ?? "string", at: at)))
        guard let value = binding.initializer?.value else { return }
        let scope = methodScope(className: className, body: [])
        guard let place = resultFieldPlace("self", className, name) else { return }
        initSteps += resultStore(value, into: place, verb: "set", in: scope) ?? []
    }

    /// The steps that store the `Result` `value` into `place`: `.success(x)`, `.failure(e)`, another `Result`'s
    /// parts, `nil` (an optional place). Nil after reporting what to write.
    mutating func resultStore(_ value: ExprSyntax, into place: ResultPlace, verb: String, in scope: Scope)
        -> [LocatedNode]?
    {
        let at = location(value)
        let parts: [String]
        if value.is(NilLiteralExprSyntax.self) {
            guard place.isOptional else {
                unsupported("storing nil into a `Result` that is not optional", "declare it `Result<…>?`", at: value)
                return nil
            }
            parts = ["nil", "nil"]
        } else {
            guard let found = resultArgument(value, .result(place.successType, place.failureType), in: scope) else {
                return nil
            }
            parts = found
        }
        let successType = place.successType == .timer ? "NSTimer" : (place.successType.fieldTypeName ?? "id")
        let failureType = place.failureType.fieldTypeName ?? "string"
        let typed = verb == "let"
        return [
            .step("\(verb)", "\(place.success)\(typed ? ": \(successType)" : "") = \(parts[0])", at: at),
            .step("\(verb)", "\(place.failure)\(typed ? ": \(failureType)" : "") = \(parts[1])", at: at),
        ]
    }

    /// The `let:` steps that copy the `Result` at `source` into the new locals of `place`.
    private func resultCopy(_ source: ResultPlace, into place: ResultPlace, at node: some SyntaxProtocol)
        -> [LocatedNode]
    {
        let at = location(node)
        let successType = place.successType == .timer ? "NSTimer" : (place.successType.fieldTypeName ?? "id")
        return [
            .step("let", "\(place.success): \(successType) = \(source.success)", at: at),
            .step(
                "let", "\(place.failure): \(place.failureType.fieldTypeName ?? "string") = \(source.failure)", at: at),
        ]
    }

    /// `place = value` where `place` holds a `Result` (a property, or a `var` local): both parts stored. Nil when
    /// `lhs` holds no `Result`.
    mutating func resultAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard isResultSubject(lhs, in: scope), !lhs.is(ForceUnwrapExprSyntax.self) else { return nil }
        guard let place = resultPlace(lhs, in: scope) else { return [] }
        if refusesStructResult(.result(place.successType, place.failureType), at: lhs) { return [] }
        return resultStore(rhs, into: place, verb: "set", in: scope) ?? []
    }

    /// `let r = cache.lastResult!`, `var r: Result<Int, LoadError> = .success(0)`: a local `Result`, its two
    /// parts locals `r_success` and `r_failure` (read as a `Result` parameter's). Nil when the value is no `Result`.
    mutating func resultLocal(
        _ binding: PatternBindingSyntax, name: String, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        var type: LoweredType?
        if let annotation = binding.typeAnnotation {
            if annotation.type.is(OptionalTypeSyntax.self)
                || annotation.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self),
                case .result = typeNamed(annotation.type)
            {
                unsupported(
                    "an optional `Result` local",
                    "keep the optional `Result` in a property, or a `Result` that is not optional in the local",
                    at: annotation.type)
                return []
            }
            guard case .result = typeNamed(annotation.type) else { return nil }
            type = typeNamed(annotation.type)
        }
        guard let value = binding.initializer?.value else {
            guard case .result(let s, let f) = type else { return nil }
            return deferredResultLocal(name, s, f, isVar: isVar, at: binding, in: &scope)  // +ResultLocals.swift
        }
        var copied: ResultPlace?
        if type == nil {
            guard isResultSubject(value, in: scope) else { return nil }
            guard let source = resultPlace(value, in: scope) else { return [] }
            copied = source
            if source.isOptional {
                unsupported(
                    "an optional `Result` local",
                    "unwrap it: `if let r = \(value.trimmedDescription)`, or `\(value.trimmedDescription)!`",
                    at: value)
                return []
            }
            type = .result(source.successType, source.failureType)
        }
        guard case .result(let s, let f) = type else { return nil }
        if refusesStructResult(type, at: binding) { return [] }  // SwiftLowering+StructResults.swift
        if isVar && scope.capturedVars.contains(name) {
            unsupported(
                "a `Result` `var` a closure captures",
                "keep the `Result` in a property of the class, which the closure reaches through `self`, or copy it "
                    + "into a `let` first", at: binding)
            return []
        }
        let (success, failure) = Self.resultPartNames(name)
        let place = ResultPlace(success: success, failure: failure, successType: s, failureType: f, isOptional: false)
        // A place found above is copied as it is: lowering the value again would make its calls twice.
        guard
            let steps = copied.map({ resultCopy($0, into: place, at: value) })
                ?? resultStore(value, into: place, verb: "let", in: scope)
        else { return [] }
        scope.locals[name] = Local(type: .result(s, f), isVar: isVar)
        scope.locals["\(name).success"] = Local(type: s, isVar: isVar, lowered: success)
        scope.locals["\(name).failure"] = Local(type: f, isVar: isVar, lowered: failure)
        return steps
    }

    /// `if let r = cache.lastResult`, `guard let r = lastResult`: the test that the optional `Result` is set, and
    /// the `let:` steps of the local `Result` `r` (its two parts). Nil when the value is no optional `Result`.
    mutating func resultOptionalBinding(
        _ name: String, _ value: ExprSyntax, at node: some SyntaxProtocol, in scope: inout Scope
    ) -> (test: String, steps: [LocatedNode])?? {
        guard isResultSubject(value, in: scope) else { return nil }
        guard let source = resultPlace(value, in: scope) else { return .some(nil) }
        guard source.isOptional else {
            unsupported(
                "`if let` of a `Result` that is not optional", "read it with `switch` or `if case`", at: value)
            return .some(nil)
        }
        let at = location(node)
        let (success, failure) = Self.resultPartNames(name)
        let successType = source.successType == .timer ? "NSTimer" : (source.successType.fieldTypeName ?? "id")
        let steps: [LocatedNode] = [
            .step("let", "\(success): \(successType) = \(source.success)", at: at),
            .step("let", "\(failure): \(source.failureType.fieldTypeName ?? "string") = \(source.failure)", at: at),
        ]
        scope.locals[name] = Local(type: .result(source.successType, source.failureType), isVar: false)
        scope.locals["\(name).success"] = Local(type: source.successType, isVar: false, lowered: success)
        scope.locals["\(name).failure"] = Local(type: source.failureType, isVar: false, lowered: failure)
        return .some(("(\(success) != nil || \(failure) != nil)", steps))
    }

    /// `lastResult == nil`, `cache.lastResult != nil`: the test on an optional `Result`'s parts. Nil when neither
    /// side is a `Result`.
    mutating func resultNilComparison(_ elements: [ExprSyntax], in scope: Scope) -> (
        text: String, type: LoweredType
    )?? {
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "==" || op == "!="
        else { return nil }
        for (subjectSide, nilSide) in [(0, 2), (2, 0)] {
            guard isResultSubject(elements[subjectSide], in: scope) else { continue }
            guard elements[nilSide].is(NilLiteralExprSyntax.self) else {
                unsupported(
                    "comparing a `Result` with `==`", "match its case: `if case .success(let value) = result`",
                    at: elements[1])
                return .some(nil)
            }
            guard let place = resultPlace(elements[subjectSide], in: scope) else { return .some(nil) }
            guard place.isOptional else {
                unsupported(
                    "comparing a `Result` that is not optional with nil", "it is never nil: leave the test out",
                    at: elements[1])
                return .some(nil)
            }
            return .some(op == "==" ? ("(\(place.nilTest))", .bool) : ("not (\(place.nilTest))", .bool))
        }
        return nil
    }
}

extension SwiftLowering {
    /// Refuses a `Result` property read as a plain value (an operand, a method's receiver), saying how to read it.
    mutating func refuseResultValue(_ name: String, at node: some SyntaxProtocol) {
        unsupported(
            "a `Result` used as a value here",
            "read it with `switch \(name) { case .success(let v): … }`, `if case .failure(let e) = \(name)` or "
                + "`try? \(name).get()`, store it (`\(name) = .success(v)`) or pass it on as an argument", at: node)
    }
}
