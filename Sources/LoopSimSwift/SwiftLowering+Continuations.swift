import LoopSimScenario
import SwiftSyntax

/// Continuations (docs/swift-scenarios.md, "Swift concurrency"; SE-0300): `withCheckedContinuation`,
/// `withUnsafeContinuation` and their throwing forms, awaited as a statement, into a local or a property, or
/// returned from an async method; `resume(returning:)`, `resume()` and `resume(throwing:)` on the continuation,
/// wherever it was passed or stored. Lowered to the `withContinuation:` and `resume:` steps (the kernel's
/// `Continuations`).
extension SwiftLowering {
    /// The four functions that make a continuation.
    static let continuationFunctions: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation",
    ]

    /// The lowered type of a continuation (`CheckedContinuation<Int, Never>`, `UnsafeContinuation<…>`): an object
    /// the language holds as `id`.
    static let continuationType = LoweredType.api("CheckedContinuation")

    /// Whether `type` names a continuation type (`CheckedContinuation<Int, Never>`).
    static func isContinuationType(_ type: TypeSyntax) -> Bool {
        guard let i = type.as(IdentifierTypeSyntax.self) else { return false }
        return ["CheckedContinuation", "UnsafeContinuation"].contains(i.name.text)
    }

    /// The call of a continuation function `e` is, under its `try` and `await`: the call, the `try`'s kind and
    /// whether it was awaited. Nil when `e` is no such call.
    func continuationCall(_ e: ExprSyntax) -> (call: FunctionCallExprSyntax, tryKind: TryKind, awaited: Bool)? {
        let (inner, tryKind, awaited) = Self.effects(of: e)
        guard let call = inner.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            Self.continuationFunctions.contains(name)
        else { return nil }
        return (call, tryKind, awaited)
    }

    /// `await withCheckedContinuation { c in … }` (any of the four functions, `try await` for the throwing ones):
    /// `withContinuation:` with the closure's body as its `do:`, the value into `place` (of `type`) when there is
    /// one, and for a throwing form the error tested after it as a `try` of a throwing method is
    /// (SwiftLowering+Throws.swift). Nil when `e` is no continuation call.
    mutating func continuationSteps(
        _ e: ExprSyntax, place: String?, type: LoweredType?, in scope: Scope
    ) -> [LocatedNode]? {
        guard let (call, tryKind, awaited) = continuationCall(e) else { return nil }
        let name = call.calledExpression.trimmedDescription
        let throwing = name.contains("Throwing")
        let at = location(call)
        guard awaited else {
            unsupported("`\(name)` without `await`", "write `await \(name) { continuation in … }`", at: call)
            return []
        }
        if throwing && tryKind == .none {
            unsupported("`\(name)` without `try`", "write `try await \(name) { continuation in … }`", at: e)
            return []
        }
        if !throwing && tryKind != .none {
            unsupported("`try` before `\(name)`", "it does not throw: write `await \(name) { … }`", at: e)
            return []
        }
        guard let body = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
            call.arguments.allSatisfy({ $0.expression.is(ClosureExprSyntax.self) || $0.label?.text == "function" }),
            call.additionalTrailingClosures.isEmpty
        else {
            unsupported("this `\(name)`", "write `await \(name) { continuation in … }`", at: call)
            return []
        }
        // The closure's one parameter: `continuation in`, `(continuation) in`, `(c: CheckedContinuation<…>) in`,
        // or `$0`.
        var parameter = "$0"
        var parameterType: TypeSyntax?
        switch body.signature?.parameterClause {
        case .simpleInput(let list)?:
            if let first = list.first { parameter = first.name.text }
        case .parameterClause(let clause)?:
            if let first = clause.parameters.first {
                parameter = first.secondName?.text ?? first.firstName.text
                parameterType = first.type
            }
        case nil: break
        }
        var valueType = type
        if valueType == nil || valueType == .unknown,
            let generic = parameterType?.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments.first
        {
            valueType = genericArgumentType(generic)
        }
        if valueType == nil || valueType == .unknown { valueType = resumedLiteralType(body) }
        if case .value(let s)? = valueType, !isPlainStruct(s) {
            unsupported(
                "a continuation whose value is a `\(s)`, which holds an object, a closure, an array or an optional",
                "resume with a struct of Int, Bool, String, TimeInterval and enum properties", at: call)
            return []
        }
        if let place, valueType == nil || valueType == .unknown || continuationTypeName(valueType) == nil {
            unsupported(
                "the value of `\(name)` without a type",
                "say its type: `let \(place): Int = await \(name) { … }`, or name the parameter's type "
                    + "`{ (continuation: CheckedContinuation<Int, Never>) in … }`", at: call)
            return []
        }
        let local = parameter == "_" ? Self.temporaryName("continuation", at: at) : parameter
        let lowered = local == "$0" ? Self.temporaryName("continuation", at: at) : local
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        inner.throwContext = nil  // the body is `(CheckedContinuation<T, E>) -> Void`: it does not throw
        inner.locals[local] = Local(
            type: Self.continuationType, isVar: false, lowered: lowered == local ? nil : lowered)
        let steps = lowerStatements(body.statements, in: &inner, tail: true)
        var extra: [(String, LocatedNode)] = []
        if name.hasPrefix("withUnsafe") { extra.append(("checked", .plain("false", at: at))) }
        extra.append(("function", .quoted(continuationFunctionName(call), at: at)))
        if let place, let typeName = continuationTypeName(valueType) {  // SwiftLowering+ContinuationStructs.swift
            extra.append(("type", .plain(typeName, at: at)))
            extra.append(("result", .plain(place, at: at)))
        }
        let errorName = Self.temporaryName("continuationError", at: at)
        if throwing { extra.append(("error", .plain(errorName, at: at))) }
        extra.append(("do", .list(steps, at: location(body))))
        var result: [LocatedNode] = [.step("withContinuation", lowered, at: at, extra)]
        guard throwing else { return result }
        var branch: [LocatedNode]
        switch tryKind {
        case .forced:
            branch = [
                LocatedNode.step("trap", nil, at: at).replacingArgument(
                    trapPrefix(e) + "Fatal error: 'try!' expression unexpectedly raised an error")
            ]
        case .optional:
            branch = place.map { [.step("release", $0, at: at)] } ?? []
        default:
            guard let out = propagate(errorName, from: e, in: scope) else { return [] }
            branch = out
        }
        if !branch.isEmpty {
            result.append(.step("if", "\(errorName) != nil", at: at, [("then", .list(branch, at: at))]))
        }
        return result
    }

    /// The value type of continuation call `call`, from its closure's parameter type
    /// (`{ (c: CheckedContinuation<Int, Never>) in … }`); nil when it does not say.
    func continuationValueType(_ call: FunctionCallExprSyntax) -> LoweredType? {
        guard let body = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
            case .parameterClause(let clause)? = body.signature?.parameterClause,
            let generic = clause.parameters.first?.type?.as(IdentifierTypeSyntax.self)?.genericArgumentClause?
                .arguments.first
        else { return nil }
        return genericArgumentType(generic)
    }

    /// The type of the first literal a `resume(returning:)` in `body` passes (`resume(returning: 4)`: `Int`), as
    /// Swift infers the continuation's value type from the closure's body (SE-0326); nil when there is none.
    func resumedLiteralType(_ body: ClosureExprSyntax) -> LoweredType? {
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "returning" {
            guard let argument = token.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "resume"
            else { continue }
            let e = argument.expression
            if e.is(IntegerLiteralExprSyntax.self) { return .int }
            if e.is(BooleanLiteralExprSyntax.self) { return .bool }
            if e.is(StringLiteralExprSyntax.self) { return .string }
        }
        return nil
    }

    /// The type a continuation's generic argument names (`Int` of `CheckedContinuation<Int, Never>`).
    private func genericArgumentType(_ argument: GenericArgumentSyntax) -> LoweredType? {
        guard let type = argument.argument.as(TypeSyntax.self) else { return nil }
        return typeNamed(type)
    }

    /// What Swift's `#function` says where `call` is written: the enclosing function with its argument labels
    /// (`load()`, `fetch(id:)`), `init(…)`, `deinit`, or a property's name; the misuse messages name it.
    func continuationFunctionName(_ call: FunctionCallExprSyntax) -> String {
        var node = Syntax(call).parent
        while let n = node {
            if let f = n.as(FunctionDeclSyntax.self) {
                let labels = f.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
                return "\(f.name.text)(\(labels))"
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return "init(\(i.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()))"
            }
            if n.is(DeinitializerDeclSyntax.self) { return "deinit" }
            // A property's initial value or accessor (not a local of a function: its function names it).
            if let v = n.as(VariableDeclSyntax.self), v.parent?.is(MemberBlockItemSyntax.self) == true,
                let name = v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                return name
            }
            node = n.parent
        }
        return "top-level code"
    }

    /// `c.resume(returning: v)`, `c.resume()`, `c.resume(throwing: E.x)` on a continuation (`receiver`, its lowered
    /// text): `resume:`; any other call on it is refused.
    mutating func continuationMethod(
        _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        guard name == "resume", call.trailingClosure == nil else {
            unsupported(
                "`\(call.calledExpression.trimmedDescription)` on a continuation",
                "a continuation is resumed once: `resume(returning: value)`, `resume()` or `resume(throwing: error)`",
                at: call)
            return []
        }
        let arguments = Array(call.arguments)
        if arguments.isEmpty { return [.step("resume", receiver, at: at)] }
        guard arguments.count == 1, let label = arguments[0].label?.text, ["returning", "throwing"].contains(label)
        else {
            unsupported(
                "`\(call.trimmedDescription)`",
                "resume with `resume(returning: value)`, `resume()` or `resume(throwing: error)`; `resume(with:)` "
                    + "of a Result is not modelled", at: call)
            return []
        }
        let argument = arguments[0].expression
        if label == "returning" {
            if let made = structResume(receiver, argument, at: call, in: scope) { return made }  // +ContinuationStructs
            guard let value = expression(argument, in: scope) else { return [] }
            return [.step("resume", receiver, at: at, [("returning", .plain(value.text, at: location(argument)))])]
        }
        guard
            let value = withEnumContext(
                .enumeration(Self.errorTypeName, isInt: false), { $0.expression(argument, in: scope) })
        else { return [] }
        guard case .enumeration = value.type.unwrapped else {
            unsupported(
                "resuming by throwing this value",
                "throw a case of an error enum of the file (`continuation.resume(throwing: LoadError.timeout)`)",
                at: argument)
            return []
        }
        return [.step("resume", receiver, at: at, [("throwing", .plain(value.text, at: location(argument)))])]
    }

    /// The type of the value a task's closure returns: its signature's (`Task { () -> Int in … }`), its first
    /// `return` of a literal outside nested closures (`return 5`: `Int`), or the type of the place its value is
    /// awaited into (`let job = Task { … }` then `let total: Int = await job.value`: Swift's `Success` is that
    /// type); nil when it returns none, or none of these says which.
    func taskReturnType(_ closure: ClosureExprSyntax) -> LoweredType? {
        if let written = closure.signature?.returnClause?.type {
            let type = typeNamed(written)
            return type == .unknown ? nil : type
        }
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), let success = Self.specializedTaskSuccess(call) {
            let type = typeNamed(success)  // `Task<Int, Error> { … }`: its `Success` (+ThrowingTasks.swift)
            return type == .unknown ? nil : type
        }
        if let success = declaredTaskSuccess(closure) {
            let type = typeNamed(success)  // `let job: Task<Int, Error> = Task { … }`
            return type == .unknown ? nil : type
        }
        if let literal = literalReturnType(closure) { return literal }
        return awaitedValueType(of: closure)
    }

    /// `let job = Task { … }` … `let total: Int = await job.value` in the same body: `Int`.
    private func awaitedValueType(of closure: ClosureExprSyntax) -> LoweredType? {
        guard let binding = closure.ancestorOrSelf(mapping: { $0.as(PatternBindingSyntax.self) }),
            binding.initializer?.value.as(FunctionCallExprSyntax.self)?.trailingClosure?.id == closure.id,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let body = binding.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) })
        else { return nil }
        for item in body {
            for token in item.tokens(viewMode: .sourceAccurate) where token.text == "value" {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                    let awaited = member.parent?.as(AwaitExprSyntax.self),
                    let typed = member.ancestorOrSelf(mapping: { $0.as(PatternBindingSyntax.self) }),
                    typed.initializer?.value.id == awaited.id
                        || typed.initializer?.value.as(TryExprSyntax.self)?.expression.id == awaited.id,
                    let annotation = typed.typeAnnotation?.type
                else { continue }
                let type = typeNamed(annotation)
                return type == .unknown ? nil : type
            }
        }
        return nil
    }

    /// `let job: Task<Int, Error> = Task { … }` (or `var`): the annotation's first generic argument.
    private func declaredTaskSuccess(_ closure: ClosureExprSyntax) -> TypeSyntax? {
        guard let binding = closure.ancestorOrSelf(mapping: { $0.as(PatternBindingSyntax.self) }),
            binding.initializer?.value.as(FunctionCallExprSyntax.self)?.trailingClosure?.id == closure.id,
            let type = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self), type.name.text == "Task"
        else { return nil }
        return type.genericArgumentClause?.arguments.first.flatMap { $0.argument.as(TypeSyntax.self) }
    }

    /// The type of a task closure's first `return` of a literal outside nested closures.
    private func literalReturnType(_ closure: ClosureExprSyntax) -> LoweredType? {
        for token in closure.statements.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.return) {
            guard let ret = token.parent?.as(ReturnStmtSyntax.self), let e = ret.expression else { continue }
            var n = ret.parent
            var nested = false
            while let node = n, node.id != closure.id {
                if node.is(ClosureExprSyntax.self) { nested = true }
                n = node.parent
            }
            if nested { continue }
            if e.is(IntegerLiteralExprSyntax.self) { return .int }
            if e.is(BooleanLiteralExprSyntax.self) { return .bool }
            if e.is(StringLiteralExprSyntax.self) { return .string }
        }
        return nil
    }

    /// `let n: Int = await task.value` (or `n = await task.value`): `awaitTask:` with the value into `place`, of
    /// `type` (the annotation or the place's). Nil when `e` is not `await X.value`.
    mutating func taskValueSteps(_ e: ExprSyntax, place: String, type: LoweredType?, in scope: Scope)
        -> [LocatedNode]?
    {
        guard let a = e.as(AwaitExprSyntax.self), let member = a.expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "value", let base = member.base
        else { return nil }
        guard let task = expression(base, in: scope) else { return [] }
        guard task.type == .task else { return nil }
        guard let name = type?.fieldTypeName, type != .unknown else {
            unsupported(
                "the value of `await \(base.trimmedDescription).value` without a type",
                "say its type: `let \(place): Int = await \(base.trimmedDescription).value`", at: e)
            return []
        }
        let at = location(e)
        return [
            .step(
                "awaitTask", task.text, at: at,
                [("type", .plain(name, at: at)), ("result", .plain(place, at: at))])
        ]
    }
}
