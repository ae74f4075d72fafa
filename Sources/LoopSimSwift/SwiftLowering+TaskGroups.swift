import LoopSimScenario
import SwiftSyntax

/// Task groups (docs/swift-scenarios.md, "Swift concurrency"; SE-0304): `withTaskGroup` with its children written
/// out (`taskGroup:`) or added as its body runs (`withTaskGroup:`, `addTask:`, `waitForAll:`), lowered from
/// SwiftLowering+Concurrency.swift's awaited statements.
extension SwiftLowering {
    /// `await withTaskGroup(of: Void.self) { group in group.addTask { … } … }`: `taskGroup:`, a child per
    /// `addTask` in the order written (SE-0304, task groups). A trailing `await group.waitForAll()` changes
    /// nothing: the group waits for its children at its end.
    mutating func taskGroup(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        if let child = taskGroupChildType(call) {
            // Children that return values, the group's value unused (SwiftLowering+TaskGroupValues.swift).
            return taskGroupValueSteps(call, child: child, result: nil, in: scope) ?? []
        }
        if let of = call.arguments.first(where: { $0.label?.text == "of" }),
            let base = of.expression.as(MemberAccessExprSyntax.self)?.base,
            case .value(let s) = typeNamed(base.trimmedDescription),
            structs[s] != nil
        {
            unsupported(
                "a task group whose children return the struct `\(s)`",
                "make the children return one of its properties (`withTaskGroup(of: Int.self)`), or let each child "
                    + "store its `\(s)` through a method of the class and write `withTaskGroup(of: Void.self)`",
                at: of.expression)
            return []
        }
        guard let body = call.trailingClosure,
            call.arguments.allSatisfy({ $0.label?.text == "of" && $0.expression.trimmedDescription == "Void.self" })
        else {
            unsupported(
                "this task group", "write `await withTaskGroup(of: Void.self) { group in … }`: children return nothing",
                at: call)
            return []
        }
        var groupName = "group"
        switch body.signature?.parameterClause {
        case .simpleInput(let list)?: if let first = list.first { groupName = first.name.text }
        // `{ (group) in … }`, `{ (group: inout TaskGroup<Void>) in … }`
        case .parameterClause(let clause)?: if let first = clause.parameters.first { groupName = first.firstName.text }
        case nil: break
        }
        // Children written out one by one (with a trailing `await group.waitForAll()`): `taskGroup:`, the list.
        var added: [FunctionCallExprSyntax] = []
        let statements = Array(body.statements)
        for (index, item) in statements.enumerated() {
            var e: ExprSyntax?
            if case .expr(let expr) = item.item { e = expr }
            if case .stmt(let stmt) = item.item { e = stmt.as(ExpressionStmtSyntax.self)?.expression }
            if let a = e?.as(AwaitExprSyntax.self), index == statements.count - 1,
                let wait = a.expression.as(FunctionCallExprSyntax.self),
                wait.calledExpression.trimmedDescription == "\(groupName).waitForAll"
            {
                continue
            }
            guard let add = e?.as(FunctionCallExprSyntax.self),
                add.calledExpression.trimmedDescription == "\(groupName).addTask", add.arguments.isEmpty,
                add.trailingClosure != nil
            else {
                return taskGroupBody(call, body: body, groupName: groupName, in: scope)
            }
            added.append(add)
        }
        if added.isEmpty {
            unsupported("an empty task group", "add a child with `\(groupName).addTask { … }`", at: call)
            return []
        }
        var children: [LocatedNode] = []
        for add in added {
            guard let lowered = lowerClosure(add.trailingClosure!, in: scope, parameters: 0) else { return [] }
            children.append(.map(lowered, at: location(add)))
        }
        return [.map([("taskGroup", .list(children, at: location(call)))], at: location(call))]
    }

    /// A task group whose body is ordinary statements (`for id in ids { group.addTask { … } }`, an `if` around an
    /// `addTask`, a local computed before it): `withTaskGroup:` with the body's steps, where each
    /// `group.addTask { … }` is an `addTask:` step that starts a child when it runs, its closure capturing the
    /// loop constant's value of that turn (SE-0304; the Swift book, "Capturing Values"). The group waits for its
    /// children at its end (swift `TaskGroup.cpp` `waitAll`). The body is a closure: a `return` in it is refused.
    private mutating func taskGroupBody(
        _ call: FunctionCallExprSyntax, body: ClosureExprSyntax, groupName: String, in scope: Scope
    ) -> [LocatedNode] {
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        inner.taskGroupName = groupName
        inner.taskGroupThrows = false  // inside a throwing group's body (SwiftLowering+ThrowingTaskGroups.swift)
        let steps = lowerStatements(body.statements, in: &inner, tail: true)
        return [.map([("withTaskGroup", .list(steps, at: location(body)))], at: location(call))]
    }

    /// `for await _ in group {}` in a group's body: the children's results are nothing, so the loop only waits
    /// for every child added so far (`waitForAll:`); nil when `f` is not over the innermost group. A body, or a
    /// name for the results, is refused: children return nothing here.
    mutating func taskGroupDrain(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let group = scope.taskGroupName,
            f.sequence.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return nil }
        if let steps = throwingTaskGroupLoop(f, in: scope) { return steps }  // SwiftLowering+ThrowingTaskGroups.swift
        if let child = scope.taskGroupChildType { return taskGroupValueLoop(f, child: child, in: scope) }
        guard f.tryKeyword == nil, f.pattern.is(WildcardPatternSyntax.self), f.whereClause == nil,
            f.body.statements.isEmpty
        else {
            unsupported(
                "this `for await … in \(group)`",
                "children return nothing here: write `for await _ in \(group) {}` or `await \(group).waitForAll()`",
                at: f)
            return []
        }
        return [.step("waitForAll", nil, at: location(f))]
    }

    /// `group.addTask { … }` and the group's other calls in a group's body lowered as statements; nil when `call`
    /// is not on the innermost group.
    mutating func taskGroupCall(
        _ call: FunctionCallExprSyntax, awaited: Bool, tryKind: TryKind, in scope: Scope
    ) -> [LocatedNode]? {
        guard let group = scope.taskGroupName, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == group
        else { return nil }
        // `cancelAll()`, `next()`, a throwing group's calls: SwiftLowering+ThrowingTaskGroups.swift.
        if let steps = taskGroupExtraCall(call, group: group, awaited: awaited, tryKind: tryKind, in: scope) {
            return steps
        }
        let name = member.declName.baseName.text
        switch name {
        case "addTask" where !awaited && tryKind == .none:
            guard call.arguments.isEmpty, let closure = call.trailingClosure else {
                unsupported(
                    "this `\(group).addTask`",
                    "write `\(group).addTask { … }`: a priority or an executor preference is not modelled", at: call)
                return []
            }
            if let child = scope.taskGroupChildType {
                // A child that returns its value (SwiftLowering+TaskGroupValues.swift).
                guard let lowered = lowerClosure(closure, in: scope, parameters: 0, returnType: child),
                    let name = child.fieldTypeName
                else { return [] }
                let at = location(call)
                return [.step("addTask", nil, at: at, [("returns", .plain(name, at: at))] + lowered)]
            }
            guard let lowered = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
            return [.step("addTask", nil, at: location(call), lowered)]
        case "waitForAll" where awaited && tryKind == .none && call.arguments.isEmpty:
            return [.step("waitForAll", nil, at: location(call))]
        default:
            unsupported(
                "`\(call.trimmedDescription)` in a task group",
                "a group's body adds children with `\(group).addTask { … }` and may `await \(group).waitForAll()`; "
                    + "the group waits for its children at its end", at: call)
            return []
        }
    }
}
