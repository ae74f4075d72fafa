import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Lowers a Swift expression to the text of a scenario expression (docs/scenario-format.md §6) and its static
    /// type; nil after reporting why it cannot be.
    mutating func expression(_ e: ExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)? {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return reference(ref, in: scope) }
        if let member = e.as(MemberAccessExprSyntax.self) { return memberAccess(member, in: scope) }
        if let chain = e.as(OptionalChainingExprSyntax.self) {
            // `a?.b` reads nil through nil, as every path of the scenario language does (§6, messaging nil).
            return expression(chain.expression, in: scope)
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return (i.literal.text.replacingUnderscores(), .int) }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return (b.literal.text, .bool) }
        if e.is(NilLiteralExprSyntax.self) { return ("nil", .unknown) }
        if let s = e.as(StringLiteralExprSyntax.self) {
            guard let text = plainString(e), !text.contains("\"") else {
                unsupported(
                    "string interpolation (or a quote) in a value", "compare or store plain string literals",
                    at: s)
                return nil
            }
            return ("\"\(text)\"", .string)
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            guard let inner = expression(only.expression, in: scope) else { return nil }
            return ("(\(inner.text))", inner.type)
        }
        if let prefix = e.as(PrefixOperatorExprSyntax.self) {
            guard let inner = expression(prefix.expression, in: scope) else { return nil }
            switch prefix.operator.text {
            case "!": return ("!" + inner.text, .bool)
            case "-": return ("-" + inner.text, .int)
            default:
                unsupported("the prefix operator `\(prefix.operator.text)`", "use `!` or `-`", at: prefix)
                return nil
            }
        }
        if let sequence = e.as(SequenceExprSyntax.self) { return infix(sequence, in: scope) }
        if let call = e.as(FunctionCallExprSyntax.self) { return callValue(call, in: scope) }
        if e.is(ForceUnwrapExprSyntax.self) {
            unsupported(
                "a force unwrap `!`", "write `?.` or `if let`: LoopSim does not model the trap on nil", at: e)
            return nil
        }
        if e.is(AwaitExprSyntax.self) {
            unsupported(
                "`await`",
                "Swift concurrency is not lowered yet; write that part in YAML (docs/scenario-format.md "
                    + "§7.13)", at: e)
            return nil
        }
        if e.is(TryExprSyntax.self) {
            unsupported("`try`", "errors are not modelled; call code that does not throw", at: e)
            return nil
        }
        if e.is(ClosureExprSyntax.self) {
            unsupported(
                "a closure kept as a value",
                "pass the closure straight to the API that takes it "
                    + "(`DispatchQueue.main.async { … }`, `Timer.scheduledTimer(…) { … }`)", at: e)
            return nil
        }
        if e.is(TernaryExprSyntax.self) || e.is(UnresolvedTernaryExprSyntax.self) {
            unsupported("the conditional operator `?:`", "write an `if` with two stores", at: e)
            return nil
        }
        unsupported(describe(e), "see the subset's list", at: e)
        return nil
    }

    /// A bare name: a local or capture, `self`, or a member of the class reached through `self`.
    private mutating func reference(_ ref: DeclReferenceExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        let name = ref.baseName.text
        if let local = scope.locals[name] { return (name, local.type) }
        if name == "self" {
            scenarioError("`self` is not visible here: top-level code and user actions have no `self`", at: ref)
            return nil
        }
        if let cls = scope.className, let type = classes[cls]?.fields[name] {
            return ("self.\(name)", type)
        }
        // A name of main: seen from an action, or an undefined name: the compiler reports the latter.
        return (name, .unknown)
    }

    /// `a.b`: a field path, or one of the framework values the language names (`RunLoop.current`, …).
    private mutating func memberAccess(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        let name = member.declName.baseName.text
        if let activity = Self.activityConstant(name, base: member.base) { return (activity, .int) }
        guard let base = member.base else {
            unsupported("the implicit member `.\(name)`", "write the value in full", at: member)
            return nil
        }
        if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[type] == nil {
            switch (type, name) {
            case ("RunLoop", "current"): return ("current runloop", .runLoop)
            case ("RunLoop", "main"): return ("main runloop", .runLoop)
            case ("Thread", "current"): return ("current thread", .thread)
            case ("Thread", "main"): return ("main thread", .thread)
            case ("Thread", "isMainThread"): return ("current thread.isMainThread", .bool)
            case ("Date", "distantFuture"): return ("distantFuture", .int)
            default:
                if classes[type] != nil {
                    unsupported(
                        "the static member `\(type).\(name)`",
                        "create the shared object in the top-level code and pass it where it is used", at: member)
                    return nil
                }
                if scope.className.flatMap({ classes[$0]?.fields[type] }) == nil, type.first?.isUppercase == true {
                    unsupported("`\(type).\(name)`", insteadOfAPI(type), at: member)
                    return nil
                }
            }
        }
        guard let inner = expression(base, in: scope) else { return nil }
        switch inner.type {
        case .object(let cls):
            if let type = classes[cls]?.fields[name] { return ("\(inner.text).\(name)", type) }
            if classes[cls]?.methods[name] != nil {
                unsupported("a method used as a value", "call it: `\(name)()`", at: member)
                return nil
            }
            return ("\(inner.text).\(name)", .unknown)
        case .timer:
            guard name == "isValid" else {
                unsupported(
                    "`Timer.\(name)`", "read `isValid` only: the scenario language reads times in milliseconds",
                    at: member)
                return nil
            }
            return ("\(inner.text).isValid", .bool)
        case .thread where name == "isMainThread": return ("\(inner.text).isMainThread", .bool)
        default: return ("\(inner.text).\(name)", .unknown)
        }
    }

    /// A call whose value is used: `Class()`, `CFRunLoopGetCurrent()`, `DispatchSemaphore(value: 0)`.
    private mutating func callValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            if classes[name] != nil {
                if !call.arguments.isEmpty || call.trailingClosure != nil {
                    unsupported(
                        "an initializer with arguments", "create the object with `\(name)()` and set its fields",
                        at: call)
                    return nil
                }
                return ("new \(name)", .object(name))
            }
            switch name {
            case "CFRunLoopGetCurrent": return ("current runloop", .runLoop)
            case "CFRunLoopGetMain": return ("main runloop", .runLoop)
            case "DispatchGroup": return ("dispatch_group_create", .group)
            case "DispatchSemaphore":
                if let value = call.arguments.first, value.label?.text == "value",
                    let n = value.expression.as(IntegerLiteralExprSyntax.self)
                {
                    return ("dispatch_semaphore_create \(n.literal.text)", .semaphore)
                }
            default: break
            }
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "getCFRunLoop", let base = member.base
        {
            return expression(base, in: scope)
        }
        let text = call.calledExpression.trimmedDescription
        unsupported(
            "`\(text)(…)` as a value",
            insteadOfAPI(text) + "; methods of scenario classes return nothing", at: call)
        return nil
    }

    /// `a == b && !c`: the operands lowered, the operators kept (the scenario language has Swift's precedence for
    /// the operators it has, §6, so the sequence needs no folding).
    private mutating func infix(_ sequence: SequenceExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        infix(Array(sequence.elements), in: scope)
    }

    /// ``infix(_:in:)`` over the elements of a sequence (the right side of an assignment is a tail of one).
    mutating func infix(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)? {
        if elements.count == 1 { return expression(elements[0], in: scope) }
        var parts: [String] = []
        var type: LoweredType = .unknown
        for element in elements {
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                let text = op.operator.text
                switch text {
                case "==", "!=", "<", "<=", ">", ">=", "&&", "||": parts.append(text); type = .bool
                case "===":
                    parts.append("==")
                    type = .bool
                case "!==":
                    parts.append("!=")
                    type = .bool
                case "+", "-":
                    parts.append(text)
                    if type != .bool { type = .int }
                default:
                    unsupported("the operator `\(text)`", "use ==, !=, <, <=, >, >=, +, -, &&, || or !", at: op)
                    return nil
                }
            } else if element.is(AssignmentExprSyntax.self) {
                unsupported("an assignment inside an expression", "assign in a statement of its own", at: element)
                return nil
            } else if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) {
                unsupported("a cast (`as`, `is`)", "compare with nil, or use the class's own fields", at: element)
                return nil
            } else if element.is(UnresolvedTernaryExprSyntax.self) {
                unsupported("the conditional operator `?:`", "write an `if` with two stores", at: element)
                return nil
            } else {
                guard let operand = expression(element, in: scope) else { return nil }
                parts.append(operand.text)
                if elements.count == 1 { type = operand.type }
            }
        }
        return (parts.joined(separator: " "), type)
    }

    /// A duration: `.seconds(N)`, `.milliseconds(N)`, `.microseconds(N)`, `.nanoseconds(N)`, or a number of seconds
    /// (a `TimeInterval`), as the scenario language's unit strings ("1.5s", "250ms").
    mutating func duration(_ e: ExprSyntax) -> String? {
        if let i = e.as(IntegerLiteralExprSyntax.self) { return i.literal.text.replacingUnderscores() + "s" }
        if let f = e.as(FloatLiteralExprSyntax.self) { return f.literal.text.replacingUnderscores() + "s" }
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            call.arguments.count == 1, let argument = call.arguments.first?.expression
        {
            let unit: String? =
                switch member.declName.baseName.text {
                case "seconds": "s"
                case "milliseconds": "ms"
                case "microseconds": "us"
                case "nanoseconds": "ns"
                default: nil
                }
            let number =
                argument.as(IntegerLiteralExprSyntax.self)?.literal.text
                ?? argument.as(FloatLiteralExprSyntax.self)?.literal.text
            if let unit, let number { return number.replacingUnderscores() + unit }
        }
        scenarioError(
            "a duration is a number of seconds (`1.5`) or `.seconds(N)`, `.milliseconds(N)`, `.microseconds(N)`, "
                + "`.nanoseconds(N)` with a literal N", at: e)
        return nil
    }
}
