import LoopSimScenario
import SwiftSyntax

/// Throwing task groups and the group calls that go with them (docs/swift-scenarios.md, "Swift concurrency"; SE-0304;
/// swift stdlib/public/Concurrency/TaskGroup.swift):
///
///     func loadAll(_ ids: [Int]) async throws -> Int {
///         try await withThrowingTaskGroup(of: Int.self) { group in
///             for id in ids { group.addTask { try await self.load(id) } }
///             var total = 0
///             for try await size in group { total += size }
///             return total
///         }
///     }
///
/// The group is a `withTaskGroup:` whose body has a throw context of its own, as a `do` has: an error thrown in the
/// body (a `throw`, a `try` that failed, a child's error that `next()` rethrows) goes into the group's flag and the
/// rest of the body is skipped; the body's end then cancels the remaining children (`groupCancelAll:`) before the
/// group waits for them, and the error goes on from the statement — `withThrowingTaskGroup`'s `catch { cancelAll();
/// await awaitAllRemainingTasks(); throw error }`. A child's closure has its own flag too: an error leaving it is
/// the child's result (`taskThrow:`), which `groupNext:` hands back in `error:`; a child whose error nobody takes is
/// waited for and the error dropped. `group.cancelAll()`, `group.isCancelled`, `while let v = await group.next()`
/// and `try await group.waitForAll()` are lowered here for either kind of group.
extension SwiftLowering {
    /// The `withThrowingTaskGroup(…)` (or `withThrowingDiscardingTaskGroup`) call `e` is, under its `try` and
    /// `await`; nil for anything else.
    static func throwingTaskGroupCall(_ e: ExprSyntax) -> FunctionCallExprSyntax? {
        let (inner, _, _) = effects(of: e)
        guard let call = inner.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name == "withThrowingTaskGroup" || name == "withThrowingDiscardingTaskGroup"
        else { return nil }
        return call
    }

    /// `try await withThrowingTaskGroup(of: T.self) { group in … }` as a statement (its value unused): the group,
    /// then its error passed on where the scope says (a `do`'s `catch`es, out of a throwing method); `try?`
    /// drops it.
    mutating func throwingTaskGroupStatement(
        _ call: FunctionCallExprSyntax, tryKind: TryKind, awaited: Bool, in scope: Scope
    ) -> [LocatedNode] {
        guard acceptsThrowingGroup(call, tryKind: tryKind, awaited: awaited, value: false) else { return [] }
        let at = location(call)
        let flag = Self.temporaryName("groupError", at: at)
        guard let steps = throwingGroupSteps(call, result: nil, flag: flag, in: scope) else { return [] }
        var rethrow: [LocatedNode] = []
        if tryKind == .plain {
            guard let out = propagate(flag, from: call, in: scope) else { return [] }
            rethrow = [.step("if", "\(flag) != nil", at: at, [("then", .list(out, at: at))])]
        }
        return [.step("let", "\(flag): string = nil", at: at)] + steps + rethrow
    }

    /// `let total = try await withThrowingTaskGroup(of: Int.self) { … return total }` (and `return try await …`,
    /// `x = try await …`): the group hoisted before the statement, its value in a local of the group's type, its
    /// error passed on after it; inside a `do`, the rest of the statement runs only when nothing was thrown. Nil when
    /// `t` is no such group.
    mutating func throwingTaskGroupValue(_ t: TryExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        if let next = taskGroupNextValue(ExprSyntax(t), in: scope) { return next }
        if let done = hoisting.temporaries[t.id] { return .some(done) }
        guard let call = Self.throwingTaskGroupCall(ExprSyntax(t)) else { return nil }
        let (_, tryKind, awaited) = Self.effects(of: ExprSyntax(t))
        guard acceptsThrowingGroup(call, tryKind: tryKind, awaited: awaited, value: true) else { return .some(nil) }
        guard let type = groupResultType(call), let typeName = type.fieldTypeName else {
            unsupported(
                "the value of this throwing task group",
                "a group's value is an Int, a Bool, a String or an enum of the file: write `withThrowingTaskGroup(of: "
                    + "Int.self) { … return total }` (or `returning: Int.self`)", at: call)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported("a task group here", "await it in a method or a closure, where statements run", at: t)
            return .some(nil)
        }
        let at = location(call)
        let result = Self.temporaryName("group", at: at)
        let flag = Self.temporaryName("groupError", at: at)
        let outer = hoisting
        let lowered = throwingGroupSteps(call, result: (result, type), flag: flag, in: scope)
        hoisting = outer
        guard let lowered, let out = propagate(flag, from: t, in: scope) else { return .some(nil) }
        let initial: String
        switch type {
        case .int: initial = "0"
        case .bool: initial = "false"
        case .string: initial = "\"\""
        default: initial = "nil"
        }
        hoisting.steps +=
            [
                .step("let", "\(result): \(typeName) = \(initial)", at: at),
                .step("let", "\(flag): string = nil", at: at),
            ] + lowered + [.step("if", "\(flag) != nil", at: at, [("then", .list(out, at: at))])]
        if case .doBlock(let outerFlag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, outerFlag, location(t)))
        }
        hoisting.temporaries[t.id] = (result, type)
        triedValueTypes[t.id] = type  // `print("\(total)")` prints it as its value (SwiftLowering+Interpolation.swift)
        return .some((result, type))
    }

    /// How `e` prints when it is a task group's value (`await withTaskGroup(of: Int.self) { … }`, `try await
    /// withThrowingTaskGroup…`) or `group.isCancelled` in a group's body: as its value when that is an Int, a Bool,
    /// a String or an enum of the file; nil for anything else.
    func taskGroupInterpolatedType(_ e: ExprSyntax) -> InterpolatedType? {
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isCancelled",
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            // The group's name is the parameter of a closure around it passed to a `with…TaskGroup` call.
            var node = member.parent
            while let n = node {
                if let closure = n.as(ClosureExprSyntax.self), Self.orderedParameterNames(closure).first == base,
                    let call = closure.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.trimmedDescription.hasSuffix("TaskGroup")
                {
                    return .plain
                }
                node = n.parent
            }
            return nil
        }
        let (inner, _, awaited) = Self.effects(of: e)
        guard awaited, let call = inner.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["withTaskGroup", "withThrowingTaskGroup"].contains(name), let type = groupResultType(call)
        else { return nil }
        return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
    }

    /// Whether the throwing group `call` is in the subset as written: awaited with a plain `try` (`try?` only as a
    /// statement), not the discarding kind, its body a trailing closure. Says why when it is not.
    private mutating func acceptsThrowingGroup(
        _ call: FunctionCallExprSyntax, tryKind: TryKind, awaited: Bool, value: Bool
    ) -> Bool {
        let name = call.calledExpression.trimmedDescription
        if name == "withThrowingDiscardingTaskGroup" {
            unsupported(
                "`withThrowingDiscardingTaskGroup`",
                "its first child error cancels the group at once and is rethrown at its end (SE-0381), which is not "
                    + "modelled: write `try await withThrowingTaskGroup(of: Void.self) { group in … }` and `try await "
                    + "group.next()` for each child", at: call)
            return false
        }
        guard awaited, tryKind == .plain || (tryKind == .optional && !value) else {
            unsupported(
                "`\(name)` without `try await`",
                value
                    ? "write `let total = try await \(name)(of: Int.self) { group in … }` inside a `do` or a throwing "
                        + "method" : "write `try await \(name)(of: Void.self) { group in … }` (or `try?`)", at: call)
            return false
        }
        guard call.trailingClosure != nil,
            call.arguments.allSatisfy({ ["of", "returning"].contains($0.label?.text ?? "") })
        else {
            unsupported(
                "this throwing task group",
                "write `try await \(name)(of: Int.self) { group in … }` with its body as a trailing closure", at: call)
            return false
        }
        return true
    }

    /// The type of a throwing group's value: its `returning: T.self`, else its children's type (`of: Int.self`).
    private func groupResultType(_ call: FunctionCallExprSyntax) -> LoweredType? {
        if let returning = call.arguments.first(where: { $0.label?.text == "returning" })?.expression.as(
            MemberAccessExprSyntax.self), returning.declName.baseName.text == "self",
            let base = returning.base?.as(DeclReferenceExprSyntax.self)
        {
            let type = typeNamed(base.baseName.text)
            switch type {
            case .int, .string, .bool, .enumeration: return type
            default: return nil
            }
        }
        return taskGroupChildType(call)  // SwiftLowering+TaskGroupValues.swift
    }

    /// `withTaskGroup:` for a throwing group: its body with the group's flag as its throw context (a `do` whose
    /// statement is the body's closure), its last `return e` stored into `result` when nothing was thrown, then the
    /// cancel of the remaining children when something was. Nil after a refusal.
    private mutating func throwingGroupSteps(
        _ call: FunctionCallExprSyntax, result: (String, LoweredType)?, flag: String, in scope: Scope
    ) -> [LocatedNode]? {
        guard let body = call.trailingClosure else { return nil }
        let at = location(call)
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        inner.taskGroupName = Self.orderedParameterNames(body).first ?? "group"
        inner.taskGroupChildType = taskGroupChildType(call)
        inner.taskGroupThrows = true
        inner.throwContext = .doBlock(flag: flag, doID: body.id)
        // The body's own items (not a copy: a copy has no parents, nor the file's positions).
        var statements = Array(body.statements)[...]
        var steps: [LocatedNode]
        if let ret = statements.last?.item.as(ReturnStmtSyntax.self), let value = ret.expression {
            statements.removeLast()
            guard let (place, type) = result else {
                unsupported(
                    "the value of a task group that nothing takes",
                    "take it (`let total = try await withThrowingTaskGroup(…)`) or leave the `return` out", at: ret)
                return nil
            }
            steps = lowerStatements(statements, in: &inner, tail: false)
            let before = hoisting
            hoisting = Hoisting(isOpen: true, root: Syntax(value))
            let lowered = withEnumContext(type) { $0.expression(value, in: inner) }
            let last =
                hoisting.steps + (lowered.map { [.step("set", "\(place) = \($0.text)", at: location(ret))] } ?? [])
                + hoisting.releases
            hoisting = before
            guard lowered != nil else { return nil }
            steps.append(.step("if", "\(flag) == nil", at: location(ret), [("then", .list(last, at: location(ret)))]))
        } else {
            steps = lowerStatements(statements, in: &inner, tail: true)
        }
        // The body threw: its remaining children are cancelled, then awaited at the group's end.
        steps.append(
            .step("if", "\(flag) != nil", at: at, [("then", .list([.step("groupCancelAll", nil, at: at)], at: at))]))
        return [.map([("withTaskGroup", .list(steps, at: location(body)))], at: at)]
    }

    // MARK: The group's calls

    /// `group.cancelAll()`, `[try] await group.next()`, `try await group.waitForAll()` and a throwing group's
    /// `group.addTask { … }` in a group's body; nil for the calls SwiftLowering+TaskGroups.swift lowers.
    mutating func taskGroupExtraCall(
        _ call: FunctionCallExprSyntax, group: String, awaited: Bool, tryKind: TryKind, in scope: Scope
    ) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        let at = location(call)
        let throwing = scope.taskGroupThrows
        switch name {
        case "cancelAll" where !awaited && tryKind == .none && call.arguments.isEmpty && call.trailingClosure == nil:
            return [.step("groupCancelAll", nil, at: at)]
        case "addTask" where throwing && !awaited && tryKind == .none:
            guard call.arguments.isEmpty, let closure = call.trailingClosure else { return nil }  // refused there
            return throwingChild(call, closure: closure, in: scope)
        case "waitForAll" where throwing && awaited && tryKind == .plain && call.arguments.isEmpty:
            return throwingWaitForAll(call, in: scope)
        case "next" where awaited && call.arguments.isEmpty && tryKind == (throwing ? .plain : .none):
            // `try await group.next()` as a statement: one child taken, its value dropped, its error rethrown.
            let error = Self.temporaryName("childError", at: at)
            var keys: [(String, LocatedNode)] = []
            if throwing { keys.append(("error", .plain(error, at: at))) }
            guard let out = throwing ? rethrowChildError(error, from: call, in: scope) : [] else { return [] }
            return [.step("groupNext", nil, at: at, keys)] + out
        case "next", "waitForAll", "addTask":
            guard throwing, tryKind != .plain else { return nil }
            unsupported(
                "`\(call.trimmedDescription)` in a throwing task group",
                "write `try await \(group).\(name)()`: a child's error is rethrown there", at: call)
            return []
        default:
            return nil
        }
    }

    /// `group.addTask { … }` in a throwing group: the child's closure with a flag of its own as its throw context;
    /// an error leaving it is the child's result (`taskThrow:`).
    private mutating func throwingChild(_ call: FunctionCallExprSyntax, closure: ClosureExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        let flag = Self.temporaryName("childError", at: location(closure))
        let child = scope.taskGroupChildType
        guard
            var lowered = lowerClosure(
                closure, in: scope, parameters: 0, returnType: child,
                throwContext: .doBlock(flag: flag, doID: closure.id))
        else { return [] }
        if let i = lowered.firstIndex(where: { $0.0 == "do" }), case .sequence(var body) = lowered[i].1 {
            body.items =
                [.step("let", "\(flag): string = nil", at: at)] + body.items + [
                    .step("if", "\(flag) != nil", at: at, [("then", .list([.step("taskThrow", flag, at: at)], at: at))])
                ]
            lowered[i].1 = .sequence(body)
        }
        if let child {
            guard let typeName = child.fieldTypeName else { return [] }
            return [.step("addTask", nil, at: at, [("returns", .plain(typeName, at: at))] + lowered)]
        }
        return [.step("addTask", nil, at: at, lowered)]
    }

    /// `try await group.waitForAll()` in a throwing group: every child taken in the order they finish, and the
    /// first error among them rethrown once all have finished; the group is not cancelled by it (TaskGroup.swift
    /// `ThrowingTaskGroup.waitForAll`: "if any of the tasks throw, the first error thrown is captured and re-thrown
    /// by this method although the task group is not cancelled").
    private mutating func throwingWaitForAll(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        let first = Self.temporaryName("firstError", at: at)
        let error = Self.temporaryName("childError", at: at)
        let more = Self.temporaryName("more", at: at)
        guard let out = propagate(first, from: call, in: scope) else { return [] }
        let keep = LocatedNode.step(
            "if", "\(first) == nil", at: at, [("then", .list([.step("set", "\(first) = \(error)", at: at)], at: at))])
        let turn: [LocatedNode] = [
            .step("groupNext", nil, at: at, [("found", .plain(more, at: at)), ("error", .plain(error, at: at))]),
            .step("if", "\(error) != nil", at: at, [("then", .list([keep], at: at))]),
        ]
        return [
            .step("let", "\(first): string = nil", at: at),
            .step("let", "\(more) = true", at: at),
            .step("while", more, at: at, [("do", .list(turn, at: at))]),
            .step("if", "\(first) != nil", at: at, [("then", .list(out, at: at))]),
        ]
    }

    /// After a `groupNext:` with `error:` in a throwing group: a child's error goes on as a throw at `node` (into the
    /// group's flag, leaving the loops between; or to a `do` inside the body). Nil after a refusal.
    private mutating func rethrowChildError(_ error: String, from node: some SyntaxProtocol, in scope: Scope)
        -> [LocatedNode]?
    {
        guard let out = propagate(error, from: node, in: scope) else { return nil }
        let at = location(node)
        return [.step("if", "\(error) != nil", at: at, [("then", .list(out, at: at))])]
    }

    /// `let v = try await group.next()` (`await group.next()` in a group whose children do not throw), `if let`,
    /// `guard let` of it: one child taken (`groupNext:`) before the statement, its value in a local that stays nil
    /// when no child was left; in a throwing group its error is rethrown there, and inside the body's `do`-like
    /// context the rest of the statement runs only when nothing was thrown. Nil when `e` is no such call.
    mutating func taskGroupNextValue(_ e: ExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let group = scope.taskGroupName else { return nil }
        let (inner, tryKind, awaited) = Self.effects(of: e)
        guard let call = inner.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.calledExpression.trimmedDescription == "\(group).next"
        else { return nil }
        if let done = hoisting.temporaries[e.id] { return .some(done) }
        let throwing = scope.taskGroupThrows
        guard awaited, tryKind == (throwing ? .plain : .none) else {
            unsupported(
                "this `\(group).next()`", "write `let value = \(throwing ? "try " : "")await \(group).next()`", at: e)
            return .some(nil)
        }
        guard let child = scope.taskGroupChildType, let typeName = child.fieldTypeName else {
            unsupported(
                "the value of `\(group).next()` of children that return nothing",
                "write `\(throwing ? "try " : "")await \(group).next()` as a statement", at: e)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported("`\(group).next()` here", "take it into a local in the group's body", at: e)
            return .some(nil)
        }
        let at = location(call)
        let value = Self.temporaryName("next", at: at)
        var keys: [(String, LocatedNode)] = [("type", .plain(typeName, at: at)), ("result", .plain(value, at: at))]
        var steps: [LocatedNode] = [.step("let", "\(value): \(typeName) = nil", at: at)]
        if throwing {
            let error = Self.temporaryName("childError", at: at)
            keys.append(("error", .plain(error, at: at)))
            guard let out = rethrowChildError(error, from: call, in: scope) else { return .some(nil) }
            steps += [.step("groupNext", nil, at: at, keys)] + out
        } else {
            steps.append(.step("groupNext", nil, at: at, keys))
        }
        hoisting.steps += steps
        if throwing, case .doBlock(let flag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, flag, location(e)))
        }
        hoisting.temporaries[e.id] = (value, child)
        return .some((value, child))
    }

    /// The `if:` of an `if` or `guard` whose conditions hold a plain `try` (`guard let first = try await
    /// group.next() else { … }`) inside a `do`-like context: it runs only when the conditions' hoisted calls threw
    /// nothing, as Swift leaves the statement at the throw (neither branch runs). Else `test` itself.
    func afterThrowingConditions(_ conditions: ConditionElementListSyntax, _ test: LocatedNode, in scope: Scope)
        -> LocatedNode
    {
        guard case .doBlock(let flag, _)? = scope.throwContext, mayThrow(conditions) else { return test }
        let at = location(conditions)
        return .step("if", "\(flag) == nil", at: at, [("then", .list([test], at: at))])
    }

    // MARK: Taking the children's results in a loop

    /// `for try await v in group { … }` in a throwing group, and `while let v = [try] await group.next() { … }` in
    /// either kind: nil when `f` is not over the innermost group or its group is not a throwing one (the loop of a
    /// non-throwing group is SwiftLowering+TaskGroupValues.swift's).
    mutating func throwingTaskGroupLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let group = scope.taskGroupName, scope.taskGroupThrows,
            f.sequence.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return nil }
        guard f.tryKeyword != nil, f.whereClause == nil else {
            unsupported(
                "this `for … in \(group)` over a throwing task group",
                "write `for try await value in \(group) { … }`: a child's error is rethrown there", at: f)
            return []
        }
        return groupNextLoop(pattern: f.pattern, body: f.body, at: f, throwing: true, in: scope)
    }

    /// `while let v = await group.next() { … }` (`try await` in a throwing group) over the innermost group; nil for
    /// any other `while`.
    mutating func taskGroupWhileNext(_ w: WhileStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let group = scope.taskGroupName, w.conditions.count == 1,
            case .optionalBinding(let binding) = w.conditions.first?.condition, let value = binding.initializer?.value
        else { return nil }
        let (inner, tryKind, awaited) = Self.effects(of: value)
        guard let call = inner.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.calledExpression.trimmedDescription == "\(group).next"
        else { return nil }
        let throwing = scope.taskGroupThrows
        guard awaited, tryKind == (throwing ? .plain : .none) else {
            unsupported(
                "this `while let … = \(group).next()`",
                "write `while let value = \(throwing ? "try " : "")await \(group).next() { … }`", at: value)
            return []
        }
        return groupNextLoop(pattern: binding.pattern, body: w.body, at: w, throwing: throwing, in: scope)
    }

    /// `groupNext:` into the pattern's name until none is left, the body run for each child taken (in the order
    /// they finish); in a throwing group a child's error leaves the loop as a throw from the body's position.
    private mutating func groupNextLoop(
        pattern: PatternSyntax, body: CodeBlockSyntax, at node: some SyntaxProtocol, throwing: Bool, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(node)
        let child = scope.taskGroupChildType
        var name: String?
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if !pattern.is(WildcardPatternSyntax.self) {
            unsupported("this pattern", "name the value: `for try await value in group { … }`", at: pattern)
            return []
        }
        if child == nil, name != nil || !body.statements.isEmpty {
            unsupported(
                "a loop over the results of children that return nothing",
                "write `for try await _ in group {}` (or `try await group.waitForAll()`)", at: node)
            return []
        }
        var keys: [(String, LocatedNode)] = []
        var inner = scope
        if let child, let typeName = child.fieldTypeName {
            let place = name ?? Self.temporaryName("value", at: at)
            keys += [("type", .plain(typeName, at: at)), ("result", .plain(place, at: at))]
            if let name {
                inner.locals[name] = Local(type: child, isVar: false)
                inner.locals[name]?.isPlainElement = [.int, .bool, .string].contains(child)
            }
        }
        let found = Self.temporaryName("more", at: at)
        keys.append(("found", .plain(found, at: at)))
        var turn: [LocatedNode] = []
        if throwing {
            let error = Self.temporaryName("childError", at: at)
            keys.append(("error", .plain(error, at: at)))
            turn.append(.step("groupNext", nil, at: at, keys))
            turn.append(.step("if", "!\(found)", at: at, [("then", .list([.plain("break", at: at)], at: at))]))
            // The error is thrown inside the loop (from its body's position), so it leaves the loop first.
            guard let out = rethrowChildError(error, from: body, in: scope) else { return [] }
            turn += out
        } else {
            turn.append(.step("groupNext", nil, at: at, keys))
            turn.append(.step("if", "!\(found)", at: at, [("then", .list([.plain("break", at: at)], at: at))]))
        }
        let steps = lowerStatements(body.statements, in: &inner, tail: false)
        return [
            .step("let", "\(found) = true", at: at),
            .step("while", found, at: at, [("do", .list(turn + steps, at: at))]),
        ]
    }

    // MARK: The group's state

    /// `group.isCancelled` in a group's body: `groupIsCancelled:` into a bool local hoisted before the statement.
    /// Nil when `member` is not that.
    mutating func taskGroupIsCancelledValue(_ member: MemberAccessExprSyntax, in scope: Scope) -> (
        String, LoweredType
    )?? {
        guard let group = scope.taskGroupName, member.declName.baseName.text == "isCancelled",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return nil }
        if let done = hoisting.temporaries[member.id] { return .some(done) }
        guard hoisting.isOpen else {
            unsupported("`\(group).isCancelled` here", "read it in a statement of the group's body", at: member)
            return .some(nil)
        }
        let at = location(member)
        let place = Self.temporaryName("groupCancelled", at: at)
        hoisting.steps.append(.step("groupIsCancelled", place, at: at))
        hoisting.temporaries[member.id] = (place, .bool)
        return .some((place, .bool))
    }
}
