import LoopSimScenario
import SwiftSyntax

/// What ``SwiftLowering/lowerLanguageStatement(_:rest:steps:in:tail:)`` did with a statement.
enum LanguageStatement {
    /// Not one of the language forms of this file: the caller lowers it.
    case notMine
    /// Lowered into the steps.
    case handled
    /// Lowered together with every statement after it (a `defer` covers the rest of its scope).
    case consumedRest
}

extension SwiftLowering {
    /// The language forms lowered by rewriting them into the scenario language's control flow
    /// (docs/swift-scenarios.md, "The language"): `switch`, `repeat … while`, `defer`, `withExtendedLifetime`, the
    /// conditional operator in a store, and a timer's `tolerance` set right after the timer is made.
    mutating func lowerLanguageStatement(
        _ item: CodeBlockItemSyntax, rest: ArraySlice<CodeBlockItemSyntax>, steps: inout [LocatedNode],
        in scope: inout Scope, tail: Bool
    ) -> LanguageStatement {
        let expr: ExprSyntax? =
            switch item.item {
            case .expr(let e): e
            case .stmt(let s): s.as(ExpressionStmtSyntax.self)?.expression
            case .decl: nil
            }
        if let s = expr?.as(SwitchExprSyntax.self) {
            if let lowered = tupleSwitch(s, rest: rest, in: &scope, tail: tail) {  // +TupleSwitch.swift
                steps += lowered.steps
                return lowered.consumedRest ? .consumedRest : .handled
            }
            if tail, let lowered = lowerSwitchWithReturns(s, rest: rest, in: &scope) {  // +Enums.swift
                steps += lowered
                return .consumedRest
            }
            steps += lowerSwitch(s, in: &scope, tail: tail && rest.isEmpty)
            return .handled
        }
        if case .stmt(let stmt) = item.item, let r = stmt.as(RepeatStmtSyntax.self) {
            steps += lowerRepeat(r, in: &scope)
            return .handled
        }
        if case .stmt(let stmt) = item.item, let d = stmt.as(DeferStmtSyntax.self) {
            steps += lowerDefer(d, rest: rest, in: &scope, tail: tail)
            return .consumedRest
        }
        if case .decl(let decl) = item.item, let v = decl.as(VariableDeclSyntax.self), isThrowingAsyncLet(v) {
            steps += throwingAsyncLetScope(v, rest: rest, in: &scope, tail: tail)  // SwiftLowering+ThrowingTasks
            return .consumedRest
        }
        if let call = expr?.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withExtendedLifetime"
        {
            steps += lowerExtendedLifetime(call, in: &scope)
            return .handled
        }
        if let sequence = expr?.as(SequenceExprSyntax.self), let lowered = ternaryStore(sequence, in: &scope) {
            steps += lowered
            return .handled
        }
        if case .decl(let decl) = item.item, let v = decl.as(VariableDeclSyntax.self),
            let lowered = ternaryLocal(v, in: &scope)
        {
            steps += lowered
            return .handled
        }
        if let sequence = expr?.as(SequenceExprSyntax.self), toleranceStore(sequence, steps: &steps, in: scope) {
            return .handled
        }
        if let sequence = expr?.as(SequenceExprSyntax.self), let lowered = pausedStore(sequence, in: scope) {
            steps += lowered
            return .handled
        }
        if let sequence = expr?.as(SequenceExprSyntax.self), let lowered = frameRateStore(sequence, in: scope) {
            steps += lowered
            return .handled
        }
        if let sequence = expr?.as(SequenceExprSyntax.self), let lowered = fireDateStore(sequence, in: scope) {
            steps += lowered
            return .handled
        }
        return .notMine
    }

    // MARK: switch

    /// `switch v { case 1, 2: …; case 3...5: …; default: … }` on an `Int`, `Bool` or `String` value: nested `if:`
    /// steps testing `v == 1 || v == 2`, `v >= 3 && v <= 5`, …, `default:` as the last `else:`. Swift's cases
    /// do not fall through and a case's body may be a lone `break`; the subject is read once per test, which is
    /// the same value, as the scenario language's reads have no side effects (a `new` subject is refused).
    private mutating func lowerSwitch(_ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode] {
        if let lowered = resultSwitch(s, in: &scope, tail: tail) { return lowered }  // SwiftLowering+Result.swift
        if let lowered = payloadEnumSwitch(s, in: &scope, tail: tail) { return lowered }  // +PayloadEnums.swift
        if let lowered = errorPayloadSwitch(s, in: &scope, tail: tail) { return lowered }  // +ErrorPayloads.swift
        if let lowered = objectCastSwitch(s, in: &scope, tail: tail) { return lowered }  // +ObjectCasts.swift
        guard let subject = expression(s.subject, in: scope) else { return [] }
        if subject.text.contains("new ") {
            unsupported("a `switch` on a new object", "switch on an Int, Bool or String value", at: s.subject)
            return []
        }
        var tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])] = []
        var defaultBody: [LocatedNode]?
        for element in s.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else {
                unsupported("`#if` inside a `switch`", "write the cases plainly", at: element)
                return []
            }
            guard let statements = caseStatements(switchCase) else { return [] }
            var body = scope
            bindCaseNames(switchCase, subject: subject, into: &body)
            switch switchCase.label {
            case .default:
                defaultBody = lowerStatements(statements, in: &body, tail: tail)
            case .case(let label):
                guard let condition = caseCondition(label, subject: subject, in: scope) else { return [] }
                tests.append((condition, location(label), lowerStatements(statements, in: &body, tail: tail)))
            }
        }
        return Self.nestedCaseTests(tests, default: defaultBody, keepsEmptyElse: true)
    }

    /// A `switch` whose case patterns bind values (`case .success(let v)`, `case .loading(let n)`): nested `if:`
    /// steps of `caseTest`'s tests, each case's bindings `let:` steps first in its branch, `default`'s steps the
    /// last `else:`. A binding in a case of several patterns is refused, as is a `where` clause. The names bound
    /// are recorded by the case, so that an interpolation of one prints its value. With `rest` (the statements after
    /// the `switch` at the end of a body's flow), a case ending in `return` ends there and the others, and no case
    /// matching, run `rest` after their steps, as ``lowerSwitchWithReturns(_:rest:in:)`` does.
    mutating func bindingSwitch(
        _ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool, rest: ArraySlice<CodeBlockItemSyntax>? = nil,
        caseTest: (inout SwiftLowering, PatternSyntax) -> (test: String, bindings: [(String, String, LoweredType)])?
    ) -> [LocatedNode] {
        var tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])] = []
        var defaultBody: [LocatedNode]?
        for element in s.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else {
                unsupported("`#if` inside a `switch`", "write the cases plainly", at: element)
                return []
            }
            let returns = rest != nil && Self.endsWithBareReturn(switchCase)  // +TupleSwitch.swift
            let kept = returns ? Array(switchCase.statements.dropLast())[...] : caseStatements(switchCase)
            guard let kept else { return [] }
            let statements = returns ? Array(kept) : Array(kept) + Array(rest ?? [])
            let bodyTail = rest != nil || tail
            var body = scope
            switch switchCase.label {
            case .default:
                defaultBody = lowerStatements(statements, in: &body, tail: bodyTail)
            case .case(let label):
                var alternatives: [String] = []
                var pre: [LocatedNode] = []
                for item in label.caseItems {
                    guard var (test, bindings) = caseTest(&self, item.pattern) else { return [] }
                    if label.caseItems.count > 1, !bindings.isEmpty {
                        unsupported("a binding in a case of several patterns", "write one case per pattern", at: item)
                        return []
                    }
                    if let clause = item.whereClause {
                        // `case .waiting(let n) where n >= limit`: the clause after the pattern, each bound name read
                        // from its part (a read, the same before the branch as in it).
                        var clauseScope = scope
                        for (name, part, type) in bindings {
                            clauseScope.locals[name] = Local(type: type, isVar: false, lowered: part)
                        }
                        let hoisted = hoisting.steps.count
                        guard let condition = expression(clause.condition, in: clauseScope) else { return [] }
                        guard hoisting.steps.count == hoisted else {
                            hoisting.steps.removeSubrange(hoisted...)
                            unsupported(
                                "a call of a method that returns a value in a `where` clause",
                                "call it into a local before the `switch`", at: clause)
                            return []
                        }
                        test = "(\(test)) && (\(condition.text))"
                    }
                    var printed: [String: LoweredType] = [:]
                    for (name, part, type) in bindings {
                        if !Self.isStructBinding(type) {  // a struct's name binds its properties (+StructResults)
                            pre.append(.step("let", "\(name) = \(part)", at: location(item.pattern)))
                        }
                        body.locals[name] = Local(type: type, isVar: false)
                        printed[name] = type
                    }
                    resultCaseBindings[switchCase.id, default: [:]].merge(printed) { $1 }
                    alternatives.append(label.caseItems.count > 1 ? "(\(test))" : test)
                }
                let steps = pre + lowerStatements(statements, in: &body, tail: bodyTail)
                tests.append((alternatives.joined(separator: " || "), location(label), steps))
            }
        }
        if let rest, defaultBody == nil {
            var body = scope
            defaultBody = lowerStatements(Array(rest), in: &body, tail: true)
        }
        return Self.nestedCaseTests(tests, default: defaultBody, keepsEmptyElse: rest == nil)
    }

    /// A case label's condition on `subject`: its patterns' tests joined by `||` (Swift matches any of them); nil
    /// after refusing a `where` clause or a pattern the lowering does not follow.
    mutating func caseCondition(
        _ label: SwitchCaseLabelSyntax, subject: (text: String, type: LoweredType), in scope: Scope
    ) -> String? {
        var alternatives: [String] = []
        for item in label.caseItems {
            var itemScope = scope
            var test: String
            if let name = Self.boundCaseName(item.pattern) {
                // `case let n where n > 5`: any value, bound to the name (the subject itself; it does not change
                // between the test and the body).
                guard label.caseItems.count == 1 else {
                    unsupported("a binding in a case of several patterns", "write one case per pattern", at: item)
                    return nil
                }
                itemScope.locals[name] = Local(type: subject.type, isVar: false, lowered: subject.text)
                test = "true"
            } else {
                guard
                    let made = withEnumContext(
                        subject.type, { $0.caseTest(item.pattern, subject: subject.text, in: scope) })
                else { return nil }
                test = made
            }
            if let clause = item.whereClause {
                // `case .loading where retries > 2`: the pattern, then the clause, only when the pattern matched
                // (the Swift book, "Control Flow" › "Where"). A call in it would run before the switch: refused.
                let hoisted = hoisting.steps.count
                guard let condition = expression(clause.condition, in: itemScope) else { return nil }
                guard hoisting.steps.count == hoisted else {
                    hoisting.steps.removeSubrange(hoisted...)
                    unsupported(
                        "a call of a method that returns a value in a `where` clause",
                        "call it into a local before the `switch`", at: clause)
                    return nil
                }
                test = test == "true" ? condition.text : "(\(test)) && (\(condition.text))"
            }
            alternatives.append(label.caseItems.count > 1 ? "(\(test))" : test)
        }
        return alternatives.joined(separator: " || ")
    }

    /// The name `case let n` (or `case var n`) binds, nil for another pattern.
    static func boundCaseName(_ pattern: PatternSyntax) -> String? {
        pattern.as(ValueBindingPatternSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// A case's `let n` bound, for its body, to the subject it names (and printed as the subject's type is).
    mutating func bindCaseNames(
        _ switchCase: SwitchCaseSyntax, subject: (text: String, type: LoweredType), into body: inout Scope
    ) {
        guard case .case(let label) = switchCase.label, label.caseItems.count == 1,
            let name = label.caseItems.first.flatMap({ Self.boundCaseName($0.pattern) })
        else { return }
        body.locals[name] = Local(type: subject.type, isVar: false, lowered: subject.text)
        resultCaseBindings[switchCase.id, default: [:]][name] = subject.type
    }

    /// The cases' tests as nested `if:` steps, `default`'s steps the last `else:`: Swift tries the cases in order
    /// and `default` only when none matched, wherever it is written. `keepsEmptyElse` writes an `else:` whose
    /// list is empty (the plain form does; the form with returns leaves it out).
    static func nestedCaseTests(
        _ tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])], default defaultBody: [LocatedNode]?,
        keepsEmptyElse: Bool
    ) -> [LocatedNode] {
        var result: [LocatedNode]? = defaultBody
        for test in tests.reversed() {
            var extra: [(String, LocatedNode)] = [("then", .list(test.body, at: test.at))]
            if let otherwise = result, keepsEmptyElse || !otherwise.isEmpty {
                extra.append(("else", .list(otherwise, at: test.at)))
            }
            result = [.step("if", test.condition, at: test.at, extra)]
        }
        return result ?? []
    }

    /// A case's statements without a final lone `break` (which only leaves the switch); nil after refusing
    /// `fallthrough` or a `break` elsewhere in it (the scenario language's `break` leaves a loop).
    mutating func caseStatements(_ switchCase: SwitchCaseSyntax) -> ArraySlice<CodeBlockItemSyntax>? {
        var statements = Array(switchCase.statements)[...]
        if let last = statements.last, last.item.is(BreakStmtSyntax.self) { statements = statements.dropLast() }
        let finder = SwitchExitFinder()
        for statement in statements { finder.walk(statement) }
        if let exit = finder.found {
            unsupported(
                exit.is(FallThroughStmtSyntax.self) ? "`fallthrough`" : "a `break` that leaves a `switch` early",
                "list the values in one case (`case 1, 2:`), or use `if` inside the case", at: exit)
            return nil
        }
        return statements
    }

    /// The test of one case pattern: `v == 3`, or `v >= a && v <= b` for a range `a...b` (`v < b` for `a..<b`).
    mutating func caseTest(_ pattern: PatternSyntax, subject: String, in scope: Scope) -> String? {
        if let test = errorCaseTest(pattern, subject: subject, in: scope) { return test }  // `case is E:` (+ErrorCasts)
        guard let value = pattern.as(ExpressionPatternSyntax.self)?.expression else {
            unsupported(
                "this case pattern", "a case of the subset is a literal, a name or a range (`case 1...3:`)",
                at: pattern)
            return nil
        }
        if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let op = Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self),
            op.operator.text == "..." || op.operator.text == "..<"
        {
            let elements = Array(sequence.elements)
            guard let low = expression(elements[0], in: scope), let high = expression(elements[2], in: scope) else {
                return nil
            }
            let upper = op.operator.text == "..." ? "<=" : "<"
            return "\(subject) >= \(low.text) && \(subject) \(upper) \(high.text)"
        }
        // One-sided ranges (SE-0172): `case ..<100:` is `v < 100`, `case ...99:` `v <= 99`, `case 500...:` `v >= 500`
        // (the standard library's `~=` of a range pattern is the range's `contains`).
        if let prefix = value.as(PrefixOperatorExprSyntax.self), ["..<", "..."].contains(prefix.operator.text) {
            guard let high = expression(prefix.expression, in: scope) else { return nil }
            return "\(subject) \(prefix.operator.text == "..." ? "<=" : "<") \(high.text)"
        }
        if let postfix = value.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            guard let low = expression(postfix.expression, in: scope) else { return nil }
            return "\(subject) >= \(low.text)"
        }
        guard let lowered = expression(value, in: scope) else { return nil }
        return "\(subject) == \(lowered.text)"
    }

    // MARK: repeat … while

    /// `repeat { body } while c`: `let: repeatL_C = true`, then `while: repeatL_C || (c)` whose body first sets
    /// the flag to false. The body runs once before the condition is read, and a `continue` goes to the
    /// condition, as Swift's `repeat` does (The Swift Programming Language, "Control Flow" › "Repeat-While").
    private mutating func lowerRepeat(_ r: RepeatStmtSyntax, in scope: inout Scope) -> [LocatedNode] {
        let at = location(r)
        let flag = "repeat\(at.line)_\(at.column)"
        scope.locals[flag] = Local(type: .bool, isVar: true)
        guard let condition = expression(r.condition, in: scope) else { return [] }
        var body = scope
        let steps = lowerStatements(r.body.statements, in: &body, tail: false)
        return [
            .step("let", "\(flag) = true", at: at),
            .step(
                "while", "\(flag) || (\(condition.text))", at: location(r.condition),
                [("do", .list([.step("set", "\(flag) = false", at: at)] + steps, at: at))]),
        ]
    }

    // MARK: defer

    /// `defer { D }` then the rest of its scope R: R's steps, then D's. The scenario language has no `return`
    /// (the lowering turns an early exit into the other branch of an `if`), so every path through R ends at the
    /// end of its steps, where Swift runs D (The Swift Programming Language, "Control Flow" › "Deferred Actions").
    /// A `break` or `continue` in R (not in a loop nested in R) leaves the scope too: D runs before it, as before a
    /// `return` (``runningDeferredOnLoopExits(_:_:)``). A labeled one, or a `break` inside a `switch` (which leaves
    /// the `switch`, not the loop), is refused.
    mutating func lowerDefer(
        _ d: DeferStmtSyntax, rest: ArraySlice<CodeBlockItemSyntax>, in scope: inout Scope, tail: Bool
    ) -> [LocatedNode] {
        let finder = LoopExitFinder()
        for statement in rest { finder.walk(statement) }
        if let exit = finder.refused {
            unsupported(
                "a `defer` whose scope is left by a labeled `break` or `continue`, or a `break` in a `switch`",
                "run the deferred code before the `break` or `continue` yourself", at: exit)
            return []
        }
        let after = lowerStatements(rest, in: &scope, tail: tail)
        var deferScope = scope
        let deferred = lowerStatements(d.body.statements, in: &deferScope, tail: false)
        var count = 0
        let exits = finder.found == nil ? after : Self.runningDeferredOnLoopExits(after, deferred)
        return Self.runningDeferred(exits, deferred, count: &count) + deferred
    }

    /// `steps` with `deferred` run before each `break` and `continue` that leaves them (in `if:` branches, not in
    /// loops nested in them, whose exits are their own, nor in blocks): Swift runs a scope's `defer` whenever control
    /// leaves the scope, "whether it leaves because of an error or because of a statement such as return or break"
    /// (The Swift Programming Language, "Control Flow" › "Deferred Actions").
    static func runningDeferredOnLoopExits(_ steps: [LocatedNode], _ deferred: [LocatedNode]) -> [LocatedNode] {
        var out: [LocatedNode] = []
        for step in steps {
            if case .scalar(let s) = step, s.text == "break" || s.text == "continue" {
                out += deferred + [step]
                continue
            }
            guard case .mapping(var m) = step, m.entries.first?.key.text == "if" else {
                out.append(step)
                continue
            }
            for i in m.entries.indices.dropFirst() {
                guard case .sequence(var list) = m.entries[i].value else { continue }
                list.items = runningDeferredOnLoopExits(list.items, deferred)
                m.entries[i].value = .sequence(list)
            }
            out.append(.mapping(m))
        }
        return out
    }

    /// `steps` with `deferred` run before each `return` they hold (in `if:` branches and loop bodies, not in
    /// blocks, whose `return` leaves the block): Swift runs a scope's `defer` when a `return` leaves it, after the
    /// returned value is evaluated (the Swift book, "Deferred Actions"), so `return: X` becomes `let:` a local `= X`,
    /// the deferred steps, and `return:` that local (`lock.lock(); defer { lock.unlock() }; return value`).
    /// Whether `text` is `[returnedS_…, …]`, the parts a method that returns a struct's (or an array of structs')
    /// parts returns from its own temporaries (SwiftLowering+AsyncStructReturns.swift).
    static func isReturnedParts(_ text: String?) -> Bool {
        guard let text, text.hasPrefix("["), text.hasSuffix("]") else { return false }
        let names = text.dropFirst().dropLast().split(separator: ",").map { $0.filter { $0 != " " } }
        return !names.isEmpty
            && names.allSatisfy { name in
                name.hasPrefix("returned") && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
    }

    static func runningDeferred(_ steps: [LocatedNode], _ deferred: [LocatedNode], count: inout Int) -> [LocatedNode] {
        var out: [LocatedNode] = []
        for step in steps {
            if case .scalar(let s) = step, s.text == "return" {
                out += deferred + [step]
                continue
            }
            guard case .mapping(var m) = step, let first = m.entries.first else {
                out.append(step)
                continue
            }
            switch first.key.text {
            case "return" where isReturnedParts(first.value.scalar?.text):
                // `return: [returnedS_…]`: a struct's (or an array of structs') parts, already copied into the
                // method's own temporaries, which no deferred step names (SwiftLowering+StructArrayReturns.swift).
                out += deferred
                out.append(step)
            case "return":
                count += 1
                let at = first.key.location
                let name = temporaryName("returned", at: at)
                out.append(.step("let", "\(name) = \(first.value.scalar?.text ?? "nil")", at: at))
                out += deferred
                out.append(.step("return", name, at: at))
            case "if", "while", "for":
                for i in m.entries.indices.dropFirst() {
                    guard case .sequence(var list) = m.entries[i].value else { continue }
                    list.items = runningDeferred(list.items, deferred, count: &count)
                    m.entries[i].value = .sequence(list)
                }
                out.append(.mapping(m))
            default:
                out.append(step)
            }
        }
        return out
    }

    // MARK: withExtendedLifetime

    /// `withExtendedLifetime(x) { body }`: the body's steps in place. The closure runs at once, on this thread,
    /// and the lowering keeps every local to the end of its body already (docs/swift-scenarios.md), so `x` lives
    /// at least as long as the closure, as the function guarantees. A local declared in the closure would outlive
    /// it: refused.
    private mutating func lowerExtendedLifetime(_ call: FunctionCallExprSyntax, in scope: inout Scope)
        -> [LocatedNode]
    {
        guard call.arguments.count >= 1, let value = call.arguments.first?.expression else {
            unsupported("`withExtendedLifetime` without a value", "write `withExtendedLifetime(x) { … }`", at: call)
            return []
        }
        guard expression(value, in: scope) != nil else { return [] }
        let closure =
            call.trailingClosure
            ?? call.arguments.dropFirst().first?.expression.as(ClosureExprSyntax.self)
        guard let closure else {
            unsupported("`withExtendedLifetime` without a closure", "write `withExtendedLifetime(x) { … }`", at: call)
            return []
        }
        if let signature = closure.signature {
            unsupported("a parameter of `withExtendedLifetime`'s closure", "use `x` itself in the body", at: signature)
            return []
        }
        for statement in closure.statements where statement.item.is(VariableDeclSyntax.self) {
            unsupported(
                "a local inside `withExtendedLifetime`'s closure", "declare it before the call", at: statement)
            return []
        }
        let wasInline = scope.isInlineClosure
        scope.isInlineClosure = true  // a `return` in it leaves the closure
        defer { scope.isInlineClosure = wasInline }
        return lowerStatements(closure.statements, in: &scope, tail: false)
    }

    // MARK: Timer properties

    /// `t.tolerance = 0.1` right after the statement that made `t`: the making step's `tolerance:`
    /// (docs/scenario-format.md §7.3). Set later, the language cannot say it: refused. True when handled.
    private mutating func toleranceStore(
        _ sequence: SequenceExprSyntax, steps: inout [LocatedNode], in scope: Scope
    ) -> Bool {
        guard let (timer, elements) = timerStore(sequence, "tolerance", in: scope) else { return false }
        guard
            let value = elements.count == 1
                ? duration(elements[0], in: scope) : durationExpression(elements, in: scope)
        else { return true }
        let place = timer.text
        guard case .mapping(var made)? = steps.last, let verb = made.entries.first,
            ["scheduledTimer", "timer"].contains(verb.key.text), verb.value.scalar?.text == place,
            made["tolerance"] == nil
        else {
            unsupported(
                "setting `tolerance` here",
                "set it right after the statement that makes the timer (`let t = Timer…; t.tolerance = 0.1`): "
                    + "the scenario language gives a timer its tolerance where it is made", at: sequence)
            return true
        }
        let at = location(elements[0])
        made.entries.append(.init(key: .init(text: "tolerance", location: at), value: .plain(value, at: at)))
        steps[steps.count - 1] = .mapping(made)
        return true
    }
}

/// Finds a `fallthrough`, or a `break` that is not inside a nested loop, `switch` or closure.
private final class SwitchExitFinder: SyntaxVisitor {
    /// The first one found.
    var found: Syntax?

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Finds a `break` or `continue` that is not inside a nested loop or closure (one that leaves the scope).
final class LoopExitFinder: SyntaxVisitor {
    /// The first one found.
    var found: Syntax?
    /// The first that the lowering does not run a `defer` before: labeled, or a `break` inside a `switch`.
    var refused: Syntax?
    /// How deep in `switch` statements the walk is.
    private var switches = 0

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        if refused == nil, node.label != nil || switches > 0 { refused = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        if refused == nil, node.label != nil { refused = Syntax(node) }
        return .skipChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        switches += 1
        return .visitChildren
    }

    override func visitPost(_ node: SwitchExprSyntax) { switches -= 1 }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
