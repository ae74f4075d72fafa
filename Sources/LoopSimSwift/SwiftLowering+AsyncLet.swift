import LoopSimScenario
import SwiftSyntax

/// `async let` (SE-0317): `async let unread = service.fetchUnreadCount()` starts a child task at once that evaluates
/// the initializer, nonisolated, on the global executor ("the initializer … is evaluated in a separate, concurrently-
/// executing child task"); the first `await unread` (or `await (unread, name)`) waits for it and takes its value.
/// The lowering makes the child a `task:` whose block awaits the call and returns its value (`returns:`), and each
/// `await` of the name an `awaitTask:` of it with `result:` (the kernel keeps a finished task's value). The
/// initializer is one call of a method of the file that returns an `Int`, `Bool`, `String`, enum or object. The child
/// is a child task of the running one (`child: true`): cancelling the parent cancels it (SE-0304, "Cancellation").
/// SE-0317's implicit cancellation — a child not awaited is cancelled and awaited when its scope ends — is the
/// `cancelTask:` and `awaitTask:` at each exit of the block (SwiftLowering+AsyncLetScope.swift) for a child whose
/// method does not throw; a throwing child's are written with its error handling (SwiftLowering+ThrowingTasks.swift).
extension SwiftLowering {
    /// The `async let` declaration `decl`'s steps, or nil when it is not one.
    mutating func asyncLetSteps(_ decl: VariableDeclSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard decl.modifiers.first?.name.text == "async", decl.bindingSpecifier.text == "let" else { return nil }
        var steps: [LocatedNode] = []
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                var value = binding.initializer?.value
            else {
                unsupported("this `async let`", "declare one name: `async let n = loader.count()`", at: binding)
                continue
            }
            if let t = value.as(TryExprSyntax.self), t.questionOrExclamationMark == nil { value = t.expression }
            if let a = value.as(AwaitExprSyntax.self) { value = a.expression }
            guard let call = value.as(FunctionCallExprSyntax.self), let found = returningCallee(call, in: scope),
                let (_, className, method, type) = found,
                let typeName = type.fieldTypeName ?? asyncLetStructType(type, className, method)
            else {
                unsupported(
                    "this `async let` initializer",
                    "start it with a call of a method of the file that returns a value: "
                        + "`async let n = loader.count()`", at: value)
                continue
            }
            let throwing = isThrowingAsyncLet(decl)
            let at = location(binding)
            let task = Self.temporaryName("asyncLet_\(name)_", at: at)
            let result = Self.temporaryName("\(method)_", at: location(call))
            var inner = Scope(kind: .closure, className: scope.className)
            var captures: [LocatedNode] = []
            let collector = NameCollector()
            collector.walk(call)
            var added: Set<String> = []
            for (used, node) in collector.referenced {
                var resolved: String?
                if let local = scope.locals[used] {
                    resolved = used
                    inner.locals[used] = local
                } else if let cls = scope.className, classes[cls]?.hasMember(used) == true,
                    let me = scope.locals["self"]
                {
                    resolved = "self"
                    inner.locals["self"] = me
                }
                guard let resolved, added.insert(resolved).inserted, let local = scope.locals[resolved] else {
                    continue
                }
                let text =
                    local.isBlock
                    ? "__block \(resolved)"
                    : local.lowered.map { "strong \($0) as \(resolved)" }
                        ?? "strong \(resolved)"
                captures.append(.plain(text, at: location(node)))
            }
            if inner.locals["self"] == nil { inner.className = nil }
            var body = awaitMethod(call, in: inner, result: result)
            if throwing, let callee = throwingCallee(call, in: inner) {
                body += asyncLetChildThrow(callee.receiver, at: call)  // SwiftLowering+ThrowingTasks.swift
            }
            body.append(.step("return", result, at: at))
            var entries: [(String, LocatedNode)] = [
                ("actor", .plain("none", at: at)), ("child", .plain("true", at: at)),
                ("returns", .plain(typeName, at: at)),
            ]
            if !captures.isEmpty { entries.append(("captures", .list(captures, at: at))) }
            entries.append(("do", .list(body, at: at)))
            steps.append(.step("task", task, at: at, entries))
            asyncLets[name] = (task, type, interpolatedType(ExprSyntax(call)) == .plain)
            scope.locals[name] = Local(type: type, isVar: false, lowered: task)
            // Ended with its block (SwiftLowering+AsyncLetScope.swift); a throwing child with its error handling.
            if !throwing { scope.openAsyncLets.append((task, at)) }
        }
        return steps
    }

    /// `let (a, b) = await (x, y)` or `let v = await x` of `async let` names: the `awaitTask:` steps taking each
    /// child's value into the pattern's names; nil when `binding` is no such form.
    mutating func asyncLetAwaitSteps(_ binding: PatternBindingSyntax, isVar: Bool, in scope: inout Scope)
        -> [LocatedNode]?
    {
        guard let awaited = binding.initializer?.value.as(AwaitExprSyntax.self) else { return nil }
        var pairs: [(String, ExprSyntax)] = []
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            pairs = [(name, awaited.expression)]
        } else if let tuple = binding.pattern.as(TuplePatternSyntax.self),
            let values = awaited.expression.as(TupleExprSyntax.self), tuple.elements.count == values.elements.count
        {
            for (p, v) in zip(tuple.elements, values.elements) {
                guard let name = p.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                pairs.append((name, v.expression))
            }
        } else {
            return nil
        }
        var children: [(String, String, LoweredType, ExprSyntax)] = []
        for (name, e) in pairs {
            guard let ref = e.as(DeclReferenceExprSyntax.self), let child = asyncLets[ref.baseName.text],
                scope.locals[ref.baseName.text]?.lowered == child.task
            else { return nil }
            children.append((name, child.task, child.type, e))
            // The value prints as itself when the method's declared return type is a plain one
            // (SwiftLowering+Interpolation.swift reads these).
            guard child.isPlain else { continue }
            if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
                tupleBindings[tuple.id, default: [:]][name] = child.type
            } else {
                plainBindings.insert(binding.id)
            }
        }
        return children.flatMap { name, task, type, e in
            scope.locals[name] = Local(type: type, isVar: isVar)
            if case .value(let s) = type {
                for (place, field) in flatFields(of: s, prefix: name) {
                    scope.locals[place] = Local(type: field.type, isVar: isVar)
                }
            }
            return awaitTaskSteps(task, type: type, into: name, at: location(e))
        }
    }

    /// `x`, an `async let` name of the scope: its name, its child task's local and its value's type; nil for
    /// anything else. `await x` inside an expression is hoisted as other awaited values are
    /// (SwiftLowering+ActorReads.swift, ``hoistedAwait(_:in:)``).
    func asyncLetChild(_ e: ExprSyntax, in scope: Scope) -> (name: String, task: String, type: LoweredType)? {
        guard let ref = e.as(DeclReferenceExprSyntax.self), let child = asyncLets[ref.baseName.text],
            scope.locals[ref.baseName.text]?.lowered == child.task
        else { return nil }
        return (ref.baseName.text, child.task, child.type)
    }

    /// `sales` in `await visits + sales`, `x` in `await f(a) * x`: an `async let` name read bare inside an expression
    /// that an `await` to its left covers. Swift's `await` marks the whole expression to its right ("the `await`
    /// covers everything to its right", the Swift book, "Concurrency" › "Defining and Calling Asynchronous
    /// Functions"; SE-0296), so the read waits for the child as `await sales` would: hoisted before the statement
    /// as an `awaitTask:` into a temporary, after the ones to its left. Nil when `ref` is no such read (a bare name
    /// no `await` covers is the compiler's error in Swift, refused here).
    mutating func coveredAsyncLetRead(_ ref: DeclReferenceExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard let child = asyncLetChild(ExprSyntax(ref), in: scope) else { return nil }
        guard isCoveredByAwait(Syntax(ref)) else {
            unsupported(
                "`\(child.name)`, an `async let` read without `await`",
                "write `await \(child.name)` (Swift: \"expression is 'async' but is not marked with 'await'\")",
                at: ref)
            return nil
        }
        if let done = hoisting.temporaries[ref.id] { return done }
        if let why = whyNotHoisted(ref, in: scope) {
            unsupported(
                "`await` of `\(child.name)` \(why)",
                "await it first into a local (`let v = await \(child.name)`), then use the local", at: ref)
            return nil
        }
        let temporary = Self.temporaryName("\(child.name)_", at: location(ref))
        let at = location(ref)
        return hoisted(
            awaitTaskSteps(child.task, type: child.type, into: temporary, at: at), into: temporary, type: child.type,
            for: ref.id, at: at)
    }

    /// Whether an `await` covers `node`: an ancestor is one (`await (a + b)`), or, in an operator sequence that
    /// holds `node`, an element to its left is one (`await a + b`, which swift-syntax keeps unfolded as `[await a,
    /// +, b]`). The search stops at the statement.
    func isCoveredByAwait(_ node: Syntax) -> Bool {
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.is(AwaitExprSyntax.self) { return true }
            if let list = parent.as(ExprListSyntax.self) {
                for element in list {
                    if element.id == child.id { break }
                    if element.is(AwaitExprSyntax.self) { return true }
                }
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            child = parent
            current = parent.parent
        }
        return false
    }

    /// `awaitTask:` of the child task `task`, its value of `type` into `place`; a struct's parts into `place`,
    /// unpacked into the temporaries `place_name`, … read as it (SwiftLowering+AsyncStructReturns.swift).
    func awaitTaskSteps(_ task: String, type: LoweredType, into place: String, at: ScenarioLocation)
        -> [LocatedNode]
    {
        guard case .value(let s) = type, isPlainStruct(s) else {
            return [awaitTaskStep(task, type: type, into: place, at: at)]
        }
        return [
            .step(
                "awaitTask", task, at: at,
                [("type", .plain(structPartsType(s), at: at)), ("result", .plain(place, at: at))])
        ] + structPartsUnpacked(place, struct: s, at: at)
    }

    /// `awaitTask:` of the child task `task`, its value of `type` into `place`.
    func awaitTaskStep(_ task: String, type: LoweredType, into place: String, at: ScenarioLocation)
        -> LocatedNode
    {
        .step(
            "awaitTask", task, at: at,
            [("type", .plain(type.fieldTypeName ?? "int", at: at)), ("result", .plain(place, at: at))])
    }
}

extension TupleExprSyntax {
    /// Whether a call is written anywhere inside: `await (a + b)` of `async let` names holds none, so its only
    /// suspension points are the names' reads.
    var containsCall: Bool {
        tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .leftParen && $0.parent?.is(FunctionCallExprSyntax.self) == true
        }
    }
}
