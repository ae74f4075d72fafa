import LoopSimScenario
import SwiftSyntax

/// Task groups whose children return values (docs/swift-scenarios.md, "Swift concurrency"; SE-0304): the Swift
/// book's "Task Groups" form —
///
///     await withTaskGroup(of: Int.self) { group in
///         for id in ids { group.addTask { await self.size(id) } }
///         var total = 0
///         for await size in group { total += size }
///         return total
///     }
///
/// Each `addTask` closure returns its child's value (`addTask:` with `returns:`); `for await v in group { … }` takes
/// the children's values in the order they finish (`groupNext:`, kernel TaskGroupValues+Steps.swift, after swift's
/// TaskGroup.cpp ready queue) until none is left; the body's final `return e` is the group's value, stored into a
/// local hoisted before the statement that awaits the group (`let total = await withTaskGroup…`, `return await …`,
/// an async method whose body is the group).
extension SwiftLowering {
    /// The children's type of `withTaskGroup(of: T.self)` when T is a value type the language holds (`Int`,
    /// `String`, `Bool`, an enum of the file without payloads); nil for `Void` or anything else.
    func taskGroupChildType(_ call: FunctionCallExprSyntax) -> LoweredType? {
        guard
            let of = call.arguments.first(where: { $0.label?.text == "of" })?.expression.as(
                MemberAccessExprSyntax.self),
            of.declName.baseName.text == "self", let base = of.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text != "Void"
        else { return nil }
        let type = typeNamed(base.baseName.text)
        switch type {
        case .int, .string, .bool, .enumeration: return type
        default: return nil
        }
    }

    /// `withTaskGroup:` for a group of children of type `child`: the body's steps, its last statement, when it is
    /// `return e`, stored into `result` (refused without a place for it, and anywhere but last). Nil after a
    /// refusal.
    mutating func taskGroupValueSteps(
        _ call: FunctionCallExprSyntax, child: LoweredType, result: String?, in scope: Scope
    ) -> [LocatedNode]? {
        guard let body = call.trailingClosure, call.arguments.count == 1 else {
            unsupported(
                "this task group", "write `await withTaskGroup(of: Int.self) { group in … }` with its body", at: call)
            return nil
        }
        let groupName = Self.orderedParameterNames(body).first ?? "group"
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        inner.taskGroupName = groupName
        inner.taskGroupChildType = child
        inner.taskGroupThrows = false  // inside a throwing group's body (SwiftLowering+ThrowingTaskGroups.swift)
        // Slices of the body itself, never a new list: a new list's nodes are detached, and their positions (so
        // every diagnostic's line and column) would count from that list's start, not the file's.
        let statements = body.statements[...]
        var last: [LocatedNode] = []
        if let ret = statements.last?.item.as(ReturnStmtSyntax.self), let value = ret.expression {
            guard let result else {
                unsupported(
                    "the value of a task group that nothing takes",
                    "take it (`let total = await withTaskGroup(…)`) or leave the `return` out", at: ret)
                return nil
            }
            var steps = lowerStatements(statements.dropLast(), in: &inner, tail: false)
            let before = hoisting
            hoisting = Hoisting(isOpen: true, root: Syntax(value))
            let lowered = withEnumContext(child) { $0.expression(value, in: inner) }
            last =
                hoisting.steps + (lowered.map { [.step("set", "\(result) = \($0.text)", at: location(ret))] } ?? [])
                + hoisting.releases
            hoisting = before
            guard lowered != nil else { return nil }
            steps += last
            return [.map([("withTaskGroup", .list(steps, at: location(body)))], at: location(call))]
        }
        let steps = lowerStatements(statements, in: &inner, tail: true)
        return [.map([("withTaskGroup", .list(steps, at: location(body)))], at: location(call))]
    }

    /// `await withTaskGroup(of: T.self) { … return e }` as a value: the group hoisted before the statement, its
    /// value in a local (`group12x9`) of the children's type. Nil when `a` is no such group.
    mutating func taskGroupValue(_ a: AwaitExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard let call = a.expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withTaskGroup",
            let child = taskGroupChildType(call), let typeName = child.fieldTypeName, hoisting.isOpen
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return done }
        let at = location(call)
        let result = Self.temporaryName("group", at: at)
        let initial: String
        switch child {
        case .int: initial = "0"
        case .bool: initial = "false"
        case .string: initial = "\"\""
        default: initial = "nil"
        }
        guard let steps = taskGroupValueSteps(call, child: child, result: result, in: scope) else { return nil }
        return hoisted(
            [.step("let", "\(result): \(typeName) = \(initial)", at: at)] + steps, into: result, type: child,
            for: call.id, at: at)
    }

    /// `for await v in group { … }` over children that return values: `groupNext:` into `v` until none is left, the
    /// body run for each value taken (in the order the children finish).
    mutating func taskGroupValueLoop(_ f: ForStmtSyntax, child: LoweredType, in scope: Scope) -> [LocatedNode] {
        guard f.tryKeyword == nil, f.whereClause == nil, let typeName = child.fieldTypeName else {
            unsupported(
                "this `for await … in` a task group", "write `for await value in group { … }`", at: f)
            return []
        }
        let at = location(f)
        let name: String
        if let identifier = f.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if f.pattern.is(WildcardPatternSyntax.self) {
            name = Self.temporaryName("value", at: at)
        } else {
            unsupported("this pattern", "name the value: `for await value in group { … }`", at: f.pattern)
            return []
        }
        let found = Self.temporaryName("more", at: at)
        var body = scope
        body.locals[name] = Local(type: child, isVar: false)
        body.locals[name]?.isPlainElement = [.int, .bool, .string].contains(child)
        let steps = lowerStatements(f.body.statements, in: &body, tail: false)
        let next = LocatedNode.step(
            "groupNext", nil, at: at,
            [("type", .plain(typeName, at: at)), ("result", .plain(name, at: at)), ("found", .plain(found, at: at))])
        let turn: [LocatedNode] = [
            next, .step("if", "!\(found)", at: at, [("then", .list([.plain("break", at: at)], at: at))]),
        ]
        return [
            .step("let", "\(found) = true", at: at),
            .step("while", found, at: at, [("do", .list(turn + steps, at: at))]),
        ]
    }
}
