import LoopSimScenario
import SwiftSyntax

/// A Task whose closure throws, and `try await task.value` (docs/swift-scenarios.md, "Swift concurrency"; SE-0304;
/// swift stdlib/public/Concurrency/Task.swift):
///
///     let load = Task { () -> Int in try await loader.load() }
///     do { let n = try await load.value; print("\(n)") } catch { print("failed: \(error)") }
///
/// The closure gets a flag of its own as its throw context, as a throwing group's child does
/// (SwiftLowering+ThrowingTaskGroups.swift): an error leaving it is the task's result (`taskThrow:`), kept by the
/// task (Task.swift: `Task<Success, Error>`'s `value` is `get async throws`, `try await _taskFutureGetThrowing`).
/// `try await task.value` is `awaitTask:` with `error:`, its error passed on where the scope says (a `do`'s
/// `catch`es, out of a throwing method); `try?` drops it. An error nobody reads stays in the task and is dropped
/// with it, silently: Swift neither logs nor traps for it (Task.swift has no such path; the runtime frees the
/// future's storage with the task). A `try await Task.sleep` or `try Task.checkCancellation()` that throws straight
/// out of the closure still ends the task as before (`taskSleep:` `throwing: true`, `checkCancellation:`); the
/// kernel records `CancellationError()` as its error.
extension SwiftLowering {
    /// `Task<Int, Error> { … }` (a generic specialization of `Task`): its first generic argument, the task's
    /// `Success`; nil for anything else.
    static func specializedTaskSuccess(_ call: FunctionCallExprSyntax) -> TypeSyntax? {
        guard let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
        else { return nil }
        return generic.genericArgumentClause.arguments.first.flatMap { $0.argument.as(TypeSyntax.self) }
    }

    /// The closure of a task (`Task { … }`, `Task.detached { … }`) lowered as its `task:`'s keys: when a statement of
    /// it may throw, with a flag as its throw context and the error that leaves it thrown as the task's result.
    mutating func taskClosureKeys(_ closure: ClosureExprSyntax, returns: LoweredType?, in scope: Scope)
        -> [(String, LocatedNode)]?
    {
        guard mayThrow(closure.statements) else {
            return lowerClosure(closure, in: scope, parameters: 0, returnType: returns)
        }
        let at = location(closure)
        let flag = Self.temporaryName("taskError", at: at)
        taskClosureFlags.insert(flag)
        guard
            var lowered = lowerClosure(
                closure, in: scope, parameters: 0, returnType: returns,
                throwContext: .doBlock(flag: flag, doID: closure.id))
        else { return nil }
        if let i = lowered.firstIndex(where: { $0.0 == "do" }), case .sequence(var body) = lowered[i].1 {
            body.items =
                [.step("let", "\(flag): string = nil", at: at)] + body.items + [
                    .step("if", "\(flag) != nil", at: at, [("then", .list([.step("taskThrow", flag, at: at)], at: at))])
                ]
            lowered[i].1 = .sequence(body)
        }
        return lowered
    }

    /// Whether the scope's throw context is a task closure's own flag (``taskClosureKeys(_:returns:in:)``): a
    /// cancelled `try await Task.sleep` there ends the task as `taskSleep:` with `throwing: true` does.
    func isTaskClosureThrowContext(_ scope: Scope) -> Bool {
        guard case .doBlock(let flag, _)? = scope.throwContext else { return false }
        return taskClosureFlags.contains(flag)
    }

    /// The task handle `e` is (`load` of `let load = Task { … }`, `self.job`), lowered, when its type is a task.
    private mutating func taskHandle(_ e: ExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        var copy = self
        guard copy.quietType(e, in: scope) == .task else { return nil }
        guard let task = expression(e, in: scope) else { return .some(nil) }
        return .some(task)
    }

    /// `try await task.value` (or `try? await`, `_ = try await`) as a statement: `awaitTask:` with `error:`, the
    /// error passed on (`try`) or dropped (`try?`). Nil when `e` is no such read.
    mutating func throwingTaskValueStatement(_ e: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        let (inner, tryKind, awaited) = Self.effects(of: e)
        guard tryKind != .none else { return nil }
        let task: (String, LoweredType)
        let base: ExprSyntax
        if let child = asyncLetChild(inner, in: scope) {
            (task, base) = ((child.task, child.type), inner)  // `try await a`, an `async let` (SE-0317)
        } else {
            guard let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "value",
                let b = member.base
            else { return nil }
            guard let handle = taskHandle(b, in: scope) else { return nil }
            guard let found = handle else { return [] }
            (task, base) = (found, b)
        }
        guard awaited, tryKind != .forced else {
            unsupported("`\(e.trimmedDescription)`", "write `try await \(inner.trimmedDescription)`", at: e)
            _ = base
            return []
        }
        let at = location(inner)
        guard tryKind == .plain else { return [.step("awaitTask", task.0, at: at)] }
        let error = Self.temporaryName("taskError", at: at)
        guard let out = propagate(error, from: inner, in: scope) else { return [] }
        return [
            .step("let", "\(error): string = nil", at: at),
            .step("awaitTask", task.0, at: at, [("error", .plain(error, at: at))]),
            .step("if", "\(error) != nil", at: at, [("then", .list(out, at: at))]),
        ]
    }

    /// `let n = try await task.value` (`print("\(try await job.value)")`, `return try await job.value`): the await
    /// hoisted before the statement, its value in a local of the task's type, its error passed on after it; inside a
    /// `do`, the rest of the statement runs only when nothing was thrown. `try?` leaves the value nil when the task
    /// threw. Nil when `t` is no such read.
    mutating func throwingTaskValue(_ t: TryExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        let (inner, tryKind, awaited) = Self.effects(of: ExprSyntax(t))
        return throwingTaskValue(t, inner: inner, tryKind: tryKind, awaited: awaited, key: t.id, in: scope)
    }

    /// ``throwingTaskValue(_:in:)`` of `inner` under `t` (`orders` in `try await (orders, returns)`), its value
    /// recorded under `key`.
    mutating func throwingTaskValue(
        _ t: TryExprSyntax, inner: ExprSyntax, tryKind: TryKind, awaited: Bool, key: SyntaxIdentifier, in scope: Scope
    ) -> (String, LoweredType)?? {
        if let done = hoisting.temporaries[key] { return .some(done) }
        let task: (String, LoweredType)
        var childType: LoweredType?
        if let child = asyncLetChild(inner, in: scope) {
            task = (child.task, .task)  // `let x = try await a`, an `async let` (SE-0317)
            childType = child.type
        } else {
            guard let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "value",
                let base = member.base
            else { return nil }
            guard let handle = taskHandle(base, in: scope) else { return nil }
            guard let found = handle else { return .some(nil) }
            task = found
        }
        let name = inner.trimmedDescription
        guard awaited, tryKind == .plain || tryKind == .optional else {
            unsupported(
                "`\(t.trimmedDescription)`",
                "write `let v = try await \(name)` inside a `do` with a `catch` (or a throwing method)", at: t)
            return .some(nil)
        }
        // A struct's parts, unpacked once nothing was thrown (SwiftLowering+AsyncStructReturns.swift).
        var parts: String?
        if case .value(let s)? = childType, isPlainStruct(s) {
            guard tryKind == .plain else {
                unsupported(
                    "`try?` on an `async let` of the struct `\(s)`, an optional struct",
                    "write `try await \(name)` inside `do { … } catch { … }`", at: t)
                return .some(nil)
            }
            parts = s
        }
        guard let type = childType ?? taskValueTypes[task.0] ?? annotatedType(of: t),
            let typeName = type.fieldTypeName ?? parts.map({ structPartsType($0) })
        else {
            unsupported(
                "the value of `try await \(name)` without a type",
                "say its type: `let v: Int = try await \(name)`, or `Task<Int, Error> { … }`", at: t)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported("a task's value here", "await it into a local first: `let v = try await \(name)`", at: t)
            return .some(nil)
        }
        let at = location(inner)
        let value = Self.temporaryName("taskValue", at: at)
        let error = Self.temporaryName("taskError", at: at)
        // `try?`: the value stays nil when the task threw (its error dropped).
        var out: [LocatedNode] = []
        if tryKind == .plain {
            guard let thrown = propagate(error, from: inner, in: scope) else { return .some(nil) }
            out = thrown
        }
        hoisting.steps += [
            .step("let", "\(value): \(typeName) = nil", at: at),
            .step("let", "\(error): string = nil", at: at),
            .step(
                "awaitTask", task.0, at: at,
                [
                    ("type", .plain(typeName, at: at)), ("result", .plain(value, at: at)),
                    ("error", .plain(error, at: at)),
                ]),
        ]
        if !out.isEmpty {
            hoisting.steps.append(.step("if", "\(error) != nil", at: at, [("then", .list(out, at: at))]))
        }
        if tryKind == .plain, case .doBlock(let outerFlag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, outerFlag, location(t)))
        }
        if let parts { hoisting.steps += structPartsUnpacked(value, struct: parts, at: at) }
        hoisting.temporaries[key] = (value, type)
        if Self.isPrintedAsItsValue(type, enums: enums) { triedValueTypes[key] = type }
        return .some((value, type))
    }

    /// The type written on the binding `e` initializes (`let n: Int = try await job.value`), when it is one.
    private func annotatedType(of e: TryExprSyntax) -> LoweredType? {
        if e.parent?.is(ReturnStmtSyntax.self) == true, e.questionOrExclamationMark == nil {
            return returnedValueType(of: e)
        }
        guard let binding = e.parent?.parent?.as(PatternBindingSyntax.self), let written = binding.typeAnnotation
        else { return nil }
        let type = typeNamed(written.type)
        return type == .unknown ? nil : type
    }

    /// `return try await task.value` in a method declared `-> T`: the task's value is a `T` (Swift converts the
    /// returned value to the declared type; for an `Int`, `Bool`, `String`, an enum or an object the task's `Success`
    /// is that type), as when a task is bound from an enum's payload (`case .inProgress(let task)`) or an optional
    /// (`if let task = inFlight`), where the lowering does not carry the task's type. Nil inside a closure, and for
    /// other types.
    private func returnedValueType(of e: TryExprSyntax) -> LoweredType? {
        var node = e.parent
        while let n = node {
            if n.is(ClosureExprSyntax.self) || n.is(AccessorDeclSyntax.self) { return nil }
            if let f = n.as(FunctionDeclSyntax.self) {
                guard let written = declaredReturnType(f), !written.is(OptionalTypeSyntax.self) else { return nil }
                let type = typeNamed(written)
                switch type {
                case .int, .bool, .string, .enumeration, .object: return type
                default: return nil
                }
            }
            node = n.parent
        }
        return nil
    }

    // MARK: Throwing async let

    /// Whether `decl` is an `async let` whose call is of a method the file declares `throws` (SE-0317: `async let a
    /// = fetch()`, its error thrown by `try await a`).
    func isThrowingAsyncLet(_ decl: VariableDeclSyntax) -> Bool {
        guard decl.modifiers.first?.name.text == "async", decl.bindingSpecifier.text == "let",
            decl.bindings.count == 1, var value = decl.bindings.first?.initializer?.value
        else { return false }
        if let t = value.as(TryExprSyntax.self) { value = t.expression }
        if let a = value.as(AwaitExprSyntax.self) { value = a.expression }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
        let name =
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name else { return false }
        return classes.values.contains { $0.throwing.contains(name) }
    }

    /// In an `async let`'s child, after the awaited call of a throwing method on `receiver`: its error, when there
    /// is one, is the child's result (`taskThrow:`), which `try await a` rethrows.
    func asyncLetChildThrow(_ receiver: String, at node: some SyntaxProtocol) -> [LocatedNode] {
        let at = location(node)
        let thrown = Self.temporaryName("thrown", at: at)
        let branch: [LocatedNode] = [
            .step("set", "\(receiver).\(Self.thrownField) = nil", at: at), .step("taskThrow", thrown, at: at),
        ]
        return [
            .step("let", "\(thrown) = \(receiver).\(Self.thrownField)", at: at),
            .step("if", "\(thrown) != nil", at: at, [("then", .list(branch, at: at))]),
        ]
    }

    /// A throwing `async let` and the rest of its scope: the child is started, the rest runs, and wherever the scope
    /// is left (its end, a `return`, a throw out of the method, a `break` out of it) the child is cancelled and
    /// awaited first, as a `defer` would — SE-0317: "if the scope exits … without awaiting the child task, it is
    /// implicitly cancelled and awaited"; a child already awaited has finished, and both steps do nothing then
    /// (`cancelTask:` of a finished task, `awaitTask:` of one). So a child whose sibling threw first is cancelled
    /// (its sleep throws at once) before the error leaves the scope.
    mutating func throwingAsyncLetScope(
        _ decl: VariableDeclSyntax, rest: ArraySlice<CodeBlockItemSyntax>, in scope: inout Scope, tail: Bool
    ) -> [LocatedNode] {
        let finder = LoopExitFinder()
        for statement in rest { finder.walk(statement) }
        if let exit = finder.refused {
            unsupported(
                "a throwing `async let` whose scope is left by a labeled `break` or `continue`, or a `break` in a "
                    + "`switch`",
                "await the child (`let v = try await a`) before leaving, or move the `async let` into a method of its "
                    + "own", at: exit)
            return []
        }
        guard let started = asyncLetSteps(decl, in: &scope) else { return [] }
        let at = location(decl)
        var deferred: [LocatedNode] = []
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let child = asyncLets[name]
            else { continue }
            deferred += [.step("cancelTask", child.task, at: at), .step("awaitTask", child.task, at: at)]
        }
        // A throwing method's error waits in `self`'s thrown field while the child is awaited on the way out: the
        // child's own call of a method of `self` uses that field too, so the error is kept aside meanwhile.
        var keep: [LocatedNode] = []
        if case .method? = scope.throwContext, let me = scope.locals["self"]?.text("self") {
            let saved = Self.temporaryName("pending", at: at)
            keep = [.step("let", "\(saved): string = nil", at: at)]
            deferred =
                [.step("set", "\(saved) = \(me).\(Self.thrownField)", at: at)] + deferred + [
                    .step("set", "\(me).\(Self.thrownField) = \(saved)", at: at)
                ]
        }
        let after = lowerStatements(rest, in: &scope, tail: tail)
        var count = 0
        let exits = finder.found == nil ? after : Self.runningDeferredOnLoopExits(after, deferred)
        return started + keep + Self.runningDeferred(exits, deferred, count: &count) + deferred
    }
}
