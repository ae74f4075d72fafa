import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Lowers a list of statements to steps. `tail` says the list ends its body (a method, closure or action), so
    /// a `return` at its end, or a `guard`/`if` whose branch returns, can be lowered: the scenario language has no
    /// `return`, so the code after such an `if` becomes its `else:` branch.
    mutating func lowerBlockStatements<C: Collection>(_ items: C, in scope: inout Scope, tail: Bool) -> [LocatedNode]
    where C.Element == CodeBlockItemSyntax {
        let items = Array(items)
        var steps: [LocatedNode] = []
        var skip = 0
        // Each statement's calls of methods that return values run before it (SwiftLowering+Returns.swift).
        let enclosing = hoisting
        hoisting = Hoisting()
        defer { hoisting = enclosing }
        var mark = 0
        for (index, item) in items.enumerated() {
            if hoisting.isOpen { closeHoisting(Hoisting(), into: &steps, at: mark) }
            if skip > 0 { skip -= 1; continue }
            if index > 0,
                let after = skippingAfterThrow(items[index - 1], rest: items[index...], in: &scope, tail: tail)
            {
                return steps + after  // inside a `do`, the rest runs when nothing was thrown (+Throws.swift)
            }
            if let folded = foldedGroup(items, at: index, in: &scope) {
                steps += folded.steps
                skip = folded.used - 1
                continue
            }
            steps += lazyChecks(item, in: scope)  // `lazy var`: made at its first read (SwiftLowering+Lazy.swift)
            mark = steps.count
            _ = openHoisting(root: item.item)
            let unwraps = unwrapChecks(item, in: scope)  // `x!`: Swift's trap on nil (SwiftLowering+Unwrap.swift)
            steps += unwraps
            func refuseUnwrapsWithCalls(_ lowering: inout SwiftLowering) {
                guard !unwraps.isEmpty, !lowering.hoisting.temporaries.isEmpty else { return }
                lowering.unsupported(
                    "a force unwrap `!` and a call of a method that returns a value in one statement",
                    "bind the call's value to a local first (`let v = f()`), then unwrap", at: item.item)
            }
            let rest = items[(index + 1)...]
            let isLast = rest.isEmpty
            if let made = cancellationHandlerStatement(item, onlyItem: items.count == 1, tail: tail, in: &scope) {
                steps += made  // `withTaskCancellationHandler` (SwiftLowering+CancellationHandlers.swift)
                closeHoisting(Hoisting(), into: &steps, at: mark)
                if item.item.is(ReturnStmtSyntax.self) { return steps }
                continue
            }
            if let guardStmt = item.item.as(GuardStmtSyntax.self) {
                steps += lowerGuard(guardStmt, rest: rest, in: &scope, tail: tail)
                refuseUnwrapsWithCalls(&self)
                closeHoisting(Hoisting(), into: &steps, at: mark)
                return steps
            }
            if items.count == 1, isLast, tail, let type = scope.returnType, !scope.isInlineClosure,
                let value = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression,
                !isNeverCall(value), !value.is(SwitchExprSyntax.self), !value.is(IfExprSyntax.self)
            {
                // `func makeTimer() -> Timer { Timer.scheduledTimer(…) }`, `func makePage() async -> Page { Page() }`:
                // a one-expression body returns its value (SE-0255).
                steps += lowerValueReturn(item, value: value, type: type, in: &scope)
                closeHoisting(Hoisting(), into: &steps, at: mark)
                return steps
            }
            if let ret = item.item.as(ReturnStmtSyntax.self) {
                if let value = ret.expression, let into = scope.syncValueInto, !scope.isInlineClosure {
                    // `return e` in `let v = queue.sync { …; return e }` (SwiftLowering+SyncValues.swift).
                    steps += syncValueReturn(ret, value: value, into: into, leaves: !(isLast && tail), in: &scope)
                } else if let value = ret.expression, let type = scope.returnType, !scope.isInlineClosure {
                    steps += endingAsyncLets(lowerValueReturn(ret, value: value, type: type, in: &scope), in: scope)
                    refuseUnwrapsWithCalls(&self)
                } else if let value = ret.expression {
                    unsupported(
                        "returning a value here",
                        scope.isInlineClosure
                            ? "this closure's body is lowered in place: return from the method around it"
                            : scope.kind == .closure
                                ? "a closure returns a value where LoopSim knows its type: an Int, Bool or String "
                                    + "of the closure type it is passed as (`compute: () -> Int`), or write it in the "
                                    + "closure's signature (`Task { () -> Int in … }`), or await a task's value into "
                                    + "a typed place (`let total: Int = await job.value`)"
                                : "a value is returned from a method that declares its type (`func f() -> Bool`)",
                        at: value)
                } else if scope.returnBreaksLoop && !(isLast && tail) {
                    steps += asyncLetEnds(scope.openAsyncLets)
                    steps.append(.plain("break", at: location(ret)))
                } else if !(isLast && tail) {
                    if [.method, .closure].contains(scope.kind), !scope.isInlineClosure, scope.returnType == nil {
                        steps += asyncLetEnds(scope.openAsyncLets)  // SE-0317: cancelled and awaited on the way out
                        steps.append(.plain("return", at: location(ret)))  // ends the method or closure here
                    } else {
                        unsupported(
                            "`return` here",
                            "a user action or the scenario's code cannot return early: put the code after it in an "
                                + "`else` branch, or end the body with it", at: ret)
                    }
                }
                closeHoisting(Hoisting(), into: &steps, at: mark)
                return steps
            }
            if let ifExpr = ifStatement(item) {
                if tail, ifExpr.elseBody == nil, endsWithReturn(ifExpr.body.statements), !isLast {
                    // `if c { …; return }; rest` is `if c { … } else { rest }`.
                    let outerLocals = scope.locals  // an `if let`'s name is the then branch's only (the Swift book)
                    guard let (condition, pre) = conditions(ifExpr.conditions, in: &scope) else { return steps }
                    let thenSteps = lowerStatements(ifExpr.body.statements, in: &scope, tail: true)
                    scope.locals = outerLocals
                    let elseSteps = lowerStatements(rest, in: &scope, tail: true)
                    let at = location(ifExpr)
                    steps +=
                        pre + [
                            .step(
                                "if", condition, at: location(ifExpr.conditions),
                                [("then", .list(thenSteps, at: at)), ("else", .list(elseSteps, at: at))])
                        ]
                    refuseUnwrapsWithCalls(&self)
                    closeHoisting(Hoisting(), into: &steps, at: mark)
                    return steps
                }
                steps += lowerIf(ifExpr, in: &scope, tail: tail && isLast)
                refuseUnwrapsWithCalls(&self)
                continue
            }
            if tail, isLast { scope.tailLoopID = tailLoop(item) }
            switch lowerLanguageStatement(item, rest: rest, steps: &steps, in: &scope, tail: tail) {
            case .handled:
                refuseUnwrapsWithCalls(&self)
                continue
            case .consumedRest:
                refuseUnwrapsWithCalls(&self)
                closeHoisting(Hoisting(), into: &steps, at: mark)
                return steps
            case .notMine: break
            }
            steps += lowerStatement(item, in: &scope)
            refuseUnwrapsWithCalls(&self)
        }
        if hoisting.isOpen { closeHoisting(Hoisting(), into: &steps, at: mark) }
        return steps + breakAfterLastThrow(items.last, in: scope)
    }

    /// The `if` of a statement, however the parser wrapped it.
    private func ifStatement(_ item: CodeBlockItemSyntax) -> IfExprSyntax? {
        if let e = item.item.as(IfExprSyntax.self) { return e }
        return item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
    }

    /// Whether the statements end with a bare `return`.
    private func endsWithReturn(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last?.item.as(ReturnStmtSyntax.self) else { return false }
        return last.expression == nil
    }

    /// `guard CONDITIONS else { …; return }` then REST: `if: CONDITIONS then: REST else: …` (the else body without
    /// its exit). A guard that leaves a loop (`continue`, `break`) keeps that step in its else branch.
    private mutating func lowerGuard<C: Collection>(
        _ guardStmt: GuardStmtSyntax, rest: C, in scope: inout Scope, tail: Bool
    ) -> [LocatedNode] where C.Element == CodeBlockItemSyntax {
        guard let (condition, pre) = conditions(guardStmt.conditions, in: &scope) else { return [] }
        let body = guardStmt.body.statements
        // Not in the body's tail (a `switch` case followed by more statements, a loop's turn), the else body's
        // `return` is a `return` step, which ends the method from any depth; where the body cannot return early
        // (a user action, the scenario's code) the `return`'s own lowering refuses it.
        let elseSteps = lowerStatements(body, in: &scope, tail: tail)
        let thenSteps = lowerStatements(rest, in: &scope, tail: tail)
        let at = location(guardStmt)
        var extra: [(String, LocatedNode)] = [("then", .list(thenSteps, at: at))]
        if !elseSteps.isEmpty { extra.append(("else", .list(elseSteps, at: at))) }
        let test = LocatedNode.step("if", condition, at: location(guardStmt.conditions), extra)
        return pre + [afterThrowingConditions(guardStmt.conditions, test, in: scope)]  // +ThrowingTaskGroups.swift
    }

    /// `if … { } else if … { } else { }` as nested `if:` steps (the scenario language has no `else if`).
    private mutating func lowerIf(_ ifExpr: IfExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode] {
        let outerLocals = scope.locals  // an `if let`'s name is the then branch's only (the Swift book)
        defer { scope.locals = outerLocals }
        guard let (condition, pre) = conditions(ifExpr.conditions, in: &scope) else { return [] }
        let at = location(ifExpr)
        var extra: [(String, LocatedNode)] = [
            ("then", .list(lowerStatements(ifExpr.body.statements, in: &scope, tail: tail), at: at))
        ]
        scope.locals = outerLocals
        switch ifExpr.elseBody {
        case .ifExpr(let nested): extra.append(("else", .list(lowerIf(nested, in: &scope, tail: tail), at: at)))
        case .codeBlock(let block):
            extra.append(("else", .list(lowerStatements(block.statements, in: &scope, tail: tail), at: at)))
        case nil: break
        }
        let test = LocatedNode.step("if", condition, at: location(ifExpr.conditions), extra)
        return pre + [afterThrowingConditions(ifExpr.conditions, test, in: scope)]  // +ThrowingTaskGroups.swift
            + thenBindingReleases(ifExpr.conditions)  // SwiftLowering+ThrowingInits.swift
    }

    /// One statement that is not an `if`, `guard` or `return`.
    private mutating func lowerStatement(_ item: CodeBlockItemSyntax, in scope: inout Scope) -> [LocatedNode] {
        switch item.item {
        case .decl(let decl):
            if let v = decl.as(VariableDeclSyntax.self) { return lowerLocal(v, in: &scope) }
            if let f = decl.as(FunctionDeclSyntax.self) {
                declareLocalFunction(f, in: &scope)  // SwiftLowering+LocalFunctions.swift
                return []
            }
            unsupported(describe(decl), declarationAdvice(decl), at: decl)
            return []
        case .stmt(let stmt):
            if let e = stmt.as(ExpressionStmtSyntax.self) { return lowerExpressionStatement(e.expression, in: &scope) }
            if let w = stmt.as(WhileStmtSyntax.self) {
                if let steps = taskGroupWhileNext(w, in: scope) { return steps }  // +ThrowingTaskGroups.swift
                // `while !done && RunLoop.current.run(…) {}`: each operand tested in turn (+RunLoopValues.swift)
                if let operands = shortCircuitOperands(w.conditions) {
                    return shortCircuitWhile(w, operands, in: &scope)
                }
                // (a condition it cannot lower has said why)
                guard let (condition, pre) = conditions(w.conditions, in: &scope) else { return [] }
                guard pre.isEmpty || pre.count == conditionHoists else {
                    unsupported("`while let`", "write `while x != nil` and read x inside", at: w.conditions)
                    return []
                }
                var body = scope
                body.returnBreaksLoop = w.id == scope.tailLoopID
                var steps = lowerStatements(w.body.statements, in: &body, tail: false)
                var header = condition
                if !pre.isEmpty {
                    // `while next() < 5`: the condition's calls run before each test, so each turn starts with
                    // them and leaves when the test fails; `continue` goes on to the next turn, so to them.
                    let at = location(w.conditions)
                    let leave = LocatedNode.step(
                        "if", "!(\(condition))", at: at, [("then", .list([.plain("break", at: at)], at: at))])
                    steps = pre + [leave] + steps
                    header = "true"
                }
                return [.step("while", header, at: location(w.conditions), [("do", .list(steps, at: location(w)))])]
            }
            if let f = stmt.as(ForStmtSyntax.self) { return lowerFor(f, in: scope) }
            if refusedAsyncLetExit(stmt) { return [] }  // SwiftLowering+AsyncLetScope.swift
            if stmt.is(BreakStmtSyntax.self) { return [.plain("break", at: location(stmt))] }
            if stmt.is(ContinueStmtSyntax.self) { return [.plain("continue", at: location(stmt))] }
            if let d = stmt.as(DoStmtSyntax.self) { return lowerDo(d, in: &scope) }  // SwiftLowering+Throws.swift
            if let t = stmt.as(ThrowStmtSyntax.self) { return lowerThrow(t, in: scope) }
            let what: String =
                if stmt.is(DeferStmtSyntax.self) { "`defer`" } else if stmt.is(RepeatStmtSyntax.self) {
                    "`repeat … while`"
                } else if stmt.is(DoStmtSyntax.self) { "`do`/`catch`" } else if stmt.is(ThrowStmtSyntax.self) {
                    "`throw`"
                } else { "this statement" }
            unsupported(what, "use if, guard, while, for i in a..<b, break and continue", at: stmt)
            return []
        case .expr(let e):
            return lowerExpressionStatement(e, in: &scope)
        }
    }

    /// What to write instead of a declaration the subset does not model.
    private func declarationAdvice(_ decl: DeclSyntax) -> String {
        if decl.is(StructDeclSyntax.self) {
            return "declare the struct at the top level of the file (SwiftLowering+Structs.swift)"
        }
        if decl.is(ProtocolDeclSyntax.self) {
            return "LoopSim does not resolve protocol witnesses; call the class's own method"
        }
        if decl.is(ExtensionDeclSyntax.self) { return "put the methods in the class itself" }
        if decl.is(EnumDeclSyntax.self) { return "use Int or String values" }
        if decl.is(FunctionDeclSyntax.self) { return "make it a method of a class" }
        if decl.is(ClassDeclSyntax.self) { return "declare classes at the top level of the file" }
        if decl.is(ActorDeclSyntax.self) { return "declare actors at the top level of the file" }
        return "a scenario declares classes, top-level variables and the Scenario's calls"
    }

    /// `for i in A..<B { … }` (or `A...B`): `for: i in A..<B`.
    private mutating func lowerFor(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode] {
        if f.awaitKeyword != nil {
            if let steps = taskGroupDrain(f, in: scope) { return steps }  // SwiftLowering+Concurrency.swift
            if let steps = streamForAwait(f, in: scope) { return steps }  // SwiftLowering+Streams.swift
            unsupported("`for await`", insteadOfConcurrencyAPI("AsyncSequence"), at: f)
            return []
        }
        if refusesSetLoop(f, in: scope) { return [] }  // SwiftLowering+Sets.swift
        if let steps = dictionaryForLoop(f, in: scope) { return steps }  // SwiftLowering+Dictionaries.swift
        if let steps = arrayForLoop(f, in: scope) { return steps }  // SwiftLowering+Arrays.swift
        if let steps = strideForLoop(f, in: scope) { return steps }  // SwiftLowering+Stride.swift
        guard f.awaitKeyword == nil, f.tryKeyword == nil,
            let sequence = unparenthesized(f.sequence).as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let op = sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self),
            op.operator.text == "..<" || op.operator.text == "..."
        else {
            unsupported(
                "this `for` loop",
                "loop over a range of integers (`for i in 0..<n`), a `stride(from:to:by:)` or an array "
                    + "(`for t in timers`)",
                at: f)
            return []
        }
        let name: String
        if let identifier = f.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if f.pattern.is(WildcardPatternSyntax.self) {
            name = "turn\(location(f).line)"
        } else {
            unsupported("this loop pattern", "name the counter: `for i in 0..<n`", at: f.pattern)
            return []
        }
        let elements = Array(sequence.elements)
        guard let from = expression(elements[0], in: scope), let to = expression(elements[2], in: scope) else {
            return []
        }
        var body = scope
        body.returnBreaksLoop = false
        body.locals[name] = Local(type: .int, isVar: false)
        guard let steps = loopBody(f, in: &body) else { return [] }  // SwiftLowering+Arrays.swift
        return [
            .step(
                "for", "\(name) in \(from.text)\(op.operator.text)\(to.text)", at: location(f.pattern),
                [("do", .list(steps, at: location(f)))])
        ]
    }

    /// `e`, an assignment to the observed property `name` of `cls`, lowered as if the property had no observers
    /// (their calls are put around it).
    fileprivate mutating func unobservedStatement(
        _ e: ExprSyntax, cls: String, name: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let observers = classes[cls]?.observers.removeValue(forKey: name)
        defer { classes[cls]?.observers[name] = observers }
        return lowerExpressionStatement(e, in: &scope)
    }

    /// An expression used as a statement: an assignment, `+=`/`-=`, or a call.
    private mutating func lowerExpressionStatement(_ e: ExprSyntax, in scope: inout Scope) -> [LocatedNode] {
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
            let elements = Array(sequence.elements)
            let op =
                elements[1].is(AssignmentExprSyntax.self)
                ? "=" : elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
            if ["=", "+=", "-=", "*=", "/=", "%="].contains(op),
                let steps = structDictionaryAssignment(
                    elements[0], operator: op, Array(elements[2...]), at: e, in: &scope)
            {
                return steps  // `cache[k] = user`, `cache[k]?.name = "x"`: SwiftLowering+StructDictionaries.swift
            }
            if ["=", "+=", "-=", "*=", "/=", "%="].contains(op),
                let steps = structArrayAssignment(elements[0], operator: op, Array(elements[2...]), at: e, in: &scope)
            {
                return steps  // `items[i].title = "y"`, `items = []`: SwiftLowering+StructArrays.swift
            }
            if ["=", "+=", "-=", "*=", "/=", "%="].contains(op),
                let steps = dictionaryAssignment(elements[0], operator: op, Array(elements[2...]), at: e, in: &scope)
            {
                return steps  // `d[k] = v`, `d[k, default: 0] += 1`: SwiftLowering+Dictionaries.swift
            }
            if ["=", "+=", "-=", "*=", "/=", "%="].contains(op),
                let steps = arrayElementAssignment(elements[0], operator: op, Array(elements[2...]), at: e, in: &scope)
            {
                return steps  // `a[i] = v`, `a[i] += 1`: SwiftLowering+ArrayElements.swift
            }
            let isCompound =
                elements[1].as(BinaryOperatorExprSyntax.self).map {
                    ["+=", "-=", "*=", "/=", "%="].contains($0.operator.text)
                }
                ?? false
            if isCompound || (elements[1].is(AssignmentExprSyntax.self) && elements.count > 3),
                let target = observedTarget(elements[0], in: scope)
            {
                // `count += 1`, `x = a + b` on a property with observers: they run around the store, `willSet`
                // with the value the store computes (SwiftLowering+Observers.swift).
                let newValue: (inout SwiftLowering, Scope) -> String? = { lowering, scope in
                    guard let place = lowering.expression(elements[0], in: scope),
                        let rest = lowering.infix(Array(elements[2...]), in: scope)
                    else { return nil }
                    guard isCompound, let op = elements[1].as(BinaryOperatorExprSyntax.self) else { return rest.text }
                    return "\(place.text) \(op.operator.text.dropLast()) (\(rest.text))"
                }
                return observedAssignment(target, newValue: newValue, at: e, in: &scope) { lowering, scope in
                    lowering.unobservedStatement(e, cls: target.cls, name: target.name, in: &scope)
                }
            }
            if isCompound || elements[1].is(AssignmentExprSyntax.self),
                let base = observedStructBase(elements[0], in: scope), let target = observedTarget(base, in: scope)
            {
                // `viewState.isLoading = true`, `progress.done += 1`: a mutation of an observed struct property,
                // its observers around it (SwiftLowering+StructObservers.swift).
                let steps = unobservedStatement(e, cls: target.cls, name: target.name, in: &scope)
                return steps.isEmpty ? [] : observedMutation(base, in: scope, steps, at: e)
            }
            if elements[1].is(AssignmentExprSyntax.self) || isCompound,
                refusesStructMutation(elements[0], in: scope)  // SwiftLowering+Structs.swift
                    || refusesOptionalStructChain(elements[0], in: scope)  // SwiftLowering+OptionalStructs.swift
            {
                return []
            }
            if elements[1].is(AssignmentExprSyntax.self) {
                if elements.count > 3 {
                    // `x = a + b`: the value is the rest of the sequence.
                    if let steps = displayStateAssignment(elements[0], Array(elements[2...]), in: scope) {
                        return steps
                    }
                    guard let place = expression(elements[0], in: scope),
                        let value = infix(Array(elements[2...]), in: scope)
                    else { return [] }
                    return [.step("set", "\(place.text) = \(value.text)", at: location(e))]
                }
                return assignment(elements[0], elements[2], at: e, in: &scope)
            }
            if let op = elements[1].as(BinaryOperatorExprSyntax.self), ["+=", "-="].contains(op.operator.text) {
                guard let place = expression(elements[0], in: scope) else { return [] }
                if case .array = place.type, op.operator.text == "+=" {
                    return arrayCompoundAppend(place, Array(elements[2...]), at: e, in: &scope)
                }
                let increment = op.operator.text == "+="
                if elements.count == 3, elements[2].as(IntegerLiteralExprSyntax.self)?.literal.text == "1",
                    place.type != .duration  // `delay += 1` on a TimeInterval adds a second: `set:`
                {
                    return [.step(increment ? "increment" : "decrement", place.text, at: location(e))]
                }
                guard let amount = infix(Array(elements[2...]), in: scope) else { return [] }
                let sign = increment ? "+" : "-"
                return [.step("set", "\(place.text) = \(place.text) \(sign) (\(amount.text))", at: location(e))]
            }
            if let op = elements[1].as(BinaryOperatorExprSyntax.self), ["*=", "/=", "%="].contains(op.operator.text) {
                // `x *= n` is `x = x * n` (Swift's compound assignment operators), trapping as `*`, `/`, `%` do.
                guard let place = expression(elements[0], in: scope),
                    let amount = infix(Array(elements[2...]), in: scope)
                else { return [] }
                let product = String(op.operator.text.dropLast())
                return [.step("set", "\(place.text) = \(place.text) \(product) (\(amount.text))", at: location(e))]
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let steps = boolToggle(call, in: &scope) { return steps }  // SwiftLowering+Toggle.swift
            return callStatement(call, in: &scope)
        }
        if let chain = e.as(OptionalChainingExprSyntax.self) {
            return lowerExpressionStatement(chain.expression, in: &scope)
        }
        if e.is(SwitchExprSyntax.self) {
            unsupported("`switch`", "write `if` / `else if` on the value", at: e)
            return []
        }
        if e.is(AwaitExprSyntax.self) || e.is(TryExprSyntax.self) { return effectStatement(e, in: &scope) }
        unsupported("this statement", "a statement is an assignment, a call, or control flow", at: e)
        return []
    }

    /// `PLACE = VALUE`: `release:` for nil, the creating step for a timer, `let:` for a local of this body (which
    /// re-types it, as the language's locals take the type of what they hold), `set:` otherwise.
    private mutating func assignment(
        _ lhs: ExprSyntax, _ rhs: ExprSyntax, at e: ExprSyntax, in scope: inout Scope, observe: Bool = true
    ) -> [LocatedNode] {
        if observe, let target = observedTarget(lhs, in: scope) {
            // A property with observers: they run around the store (SwiftLowering+Observers.swift).
            let newValue: (inout SwiftLowering, Scope) -> String? = { lowering, scope in
                rhs.is(NilLiteralExprSyntax.self) ? "nil" : lowering.expression(rhs, in: scope)?.text
            }
            return observedAssignment(target, newValue: newValue, at: e, in: &scope) { lowering, scope in
                lowering.assignment(lhs, rhs, at: e, in: &scope, observe: false)
            }
        }
        if lhs.is(DiscardAssignmentExprSyntax.self) {
            if let steps = discardedAwait(rhs, in: &scope) { return steps }
            if let steps = discardedRemoval(rhs, in: &scope) { return steps }  // `_ = a.popLast()`
            if let steps = discardedValue(rhs, in: &scope) { return steps }
            unsupported("`_ = …`", "call the API as a statement", at: lhs)
            return []
        }
        if let steps = displayStateAssignment(lhs, [rhs], in: scope) { return steps }  // +DisplayState.swift
        if let steps = injectedQueueAssignment(lhs, rhs, in: scope) { return steps }  // +QueueParameters.swift
        if let steps = optionalStructAssignment(lhs, rhs, in: &scope) { return steps }  // +OptionalStructs.swift
        if let steps = structAssignment(lhs, rhs, in: &scope) { return steps }  // SwiftLowering+Structs.swift
        if let steps = resultAssignment(lhs, rhs, in: &scope) { return steps }  // SwiftLowering+ResultValues.swift
        if let steps = frameworkAssignment(lhs, rhs, at: e, in: &scope) { return steps }
        if let steps = streamAssignment(lhs, rhs, in: &scope) { return steps }  // SwiftLowering+Streams.swift
        if refusedThreadRename(lhs, in: scope) { return [] }
        guard let place = expression(lhs, in: scope) else { return [] }
        if rhs.is(NilLiteralExprSyntax.self) { return [.step("release", place.text, at: location(e))] }
        if let made = continuationSteps(rhs, place: place.text, type: place.type, in: scope) { return made }
        if let made = awaitedValue(rhs, place: place.text, in: scope) { return made }  // `x = await m()`
        if let call = rhs.as(FunctionCallExprSyntax.self),
            let made = returningCallSteps(call, place: place.text, in: scope)
        {
            // `self.timer = makeTimer()`: the returned +1 goes straight into the place (SwiftLowering+Returns.swift).
            if scope.locals[place.text] != nil, !(scope.locals[place.text]?.isBlock ?? false) {
                scope.locals[place.text]?.type = made.type
            }
            return made.steps
        }
        if let call = rhs.as(FunctionCallExprSyntax.self), initializedClass(call) != nil {
            let local = scope.locals[place.text]
            let isLet = local != nil && !(local?.isBlock ?? false) && scope.kind != .closure
            return initializedStore(call, place: place.text, verb: isLet ? "let" : "set", in: scope) ?? []
        }
        if let call = rhs.as(FunctionCallExprSyntax.self), let made = creationStep(call, place: place.text, in: scope) {
            return made.steps
        }
        if let call = rhs.as(FunctionCallExprSyntax.self), let made = apiCreation(call, place: place.text, in: scope) {
            return made.steps
        }
        if let steps = completionBlockAssignment(lhs, rhs, in: scope) { return steps }
        if let steps = propertyQueueAssignment(lhs, rhs, in: scope) { return steps }
        if let steps = closureValueAssignment(lhs, rhs, place: place.text, in: scope) { return steps }
        if let made = minMaxStore(rhs, place: place.text, verb: "set", at: location(e), in: scope) {
            return made.steps  // `delay = min(delay * 2, maxDelay)` (SwiftLowering+Durations.swift)
        }
        guard var value = withEnumContext(place.type, { $0.expression(rhs, in: scope) }) else { return [] }
        if place.type == .int && value.type == .duration {
            refuseMixedNumbers(rhs)
            return []
        }
        if place.type == .duration && value.type == .int {
            // `delay = 1` of a `TimeInterval`: a `Double` literal; an `Int` variable Swift would not convert
            guard Self.isLiteralArithmetic(value.text) else {
                refuseMixedNumbers(rhs)
                return []
            }
            value = ("(\(value.text)) * 1s", .duration)
        }
        let local = scope.locals[place.text]
        if case .array = place.type {
            // An array keeps its declared type: `set:`, which checks the value against it.
            return [.step("set", "\(place.text) = \(value.text)", at: location(e))]
        }
        let verb = local != nil && !(local?.isBlock ?? false) && scope.kind != .closure ? "let" : "set"
        if verb == "let" { scope.locals[place.text]?.type = value.type }
        return [.step(verb, "\(place.text) = \(value.text)", at: location(e))]
    }

    /// Refuses `Thread.current.name = …` and a thread's `name` set once it runs (`self.thread?.name = …` after
    /// `start()`): LoopSim names a thread where it is made, before `start()` (a `Thread { }` or a subclass; the
    /// statement before `start()` is read there, SwiftLowering+ThreadSubclass.swift), and a GCD worker reads its
    /// queue's name. A rename inside the thread is a `pthread_setname_np` on Linux (swift-corelibs-foundation
    /// `Thread.name`'s setter) and `-[NSThread setName:]` on Darwin, which the kernel has no step for.
    private mutating func refusedThreadRename(_ lhs: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "name",
            let base = member.base
        else { return false }
        let written = base.trimmedDescription.replacingOccurrences(of: "?", with: "")
        let isThread =
            ["Thread.current", "Thread.main"].contains(written) || staticType(base, in: scope, report: false) == .thread
        guard isThread else { return false }
        unsupported(
            "setting `\(written).name` here",
            "name a thread before it starts, where it is made: `let t = Thread { … }` then `t.name = \"worker\"` "
                + "then `t.start()` (or `self.name = \"worker\"` in a `Thread` subclass's `init`); a GCD worker's name is the system's, "
                + "not one the app sets; LoopSim does not rename a running thread",
            at: lhs)
        return true
    }

    /// Whether `e` is a call that never returns (`fatalError(…)`, `preconditionFailure(…)`): as a one-expression
    /// body it is a statement, not the value returned.
    func isNeverCall(_ e: ExprSyntax) -> Bool {
        let name = e.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        return ["fatalError", "preconditionFailure"].contains(name ?? "")
    }
}
