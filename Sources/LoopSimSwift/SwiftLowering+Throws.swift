import LoopSimScenario
import SwiftSyntax

/// Where a thrown error goes (docs/swift-scenarios.md, "Errors: throws, try, do-catch").
enum ThrowContext: Equatable {
    /// The body of a method declared `throws`, returning a value of this type (nil: none): the error leaves the
    /// method in its object's hidden field ``SwiftLowering/thrownField`` and the method returns.
    case method(returns: LoweredType?)
    /// The body of `do { … } catch …` (the statement `doID`): the error goes into the local `flag`, the rest of the
    /// body is skipped, and the `catch` clauses test `flag`.
    case doBlock(flag: String, doID: SyntaxIdentifier)
}

/// `throws`, `throw`, `try`, `try?`, `try!` and `do`-`catch` as values of the program model, which has no
/// exceptions: a throwing method is a method of its class like any other, whose `throw E.c` stores the case (an
/// error is its case's name, SwiftLowering+Errors.swift) into the object's hidden field `thrownError` and returns;
/// each `try` reads that field right after the call (and clears it), and when it holds an error leaves to the
/// `catch`es of the `do` around it or, in a throwing method, out of that method the same way. The Swift book,
/// "Error Handling": statements after a throw do not run, `defer` blocks do (the `return` is one, so
/// ``runningDeferred`` runs them), `try?` is nil on a throw, `try!` traps, and a `catch` clause is tried in order,
/// an error no clause matches going on to the caller.
extension SwiftLowering {
    /// The hidden field of an object whose class has a throwing method: the error its last throwing call threw.
    static let thrownField = "thrownError"

    /// Records the methods `decl` declares `throws`.
    func collectThrowing(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        for member in classMembers(decl) where !isTypeMember(member.decl) {
            guard let f = member.decl.as(FunctionDeclSyntax.self), f.signature.effectSpecifiers?.throwsClause != nil
            else { continue }
            shape.throwing.insert(f.name.text)
        }
        collectTypedThrows(decl, into: &shape)  // SwiftLowering+TypedThrows.swift
    }

    /// The hidden field `thrownError: string` of a class with a throwing method (nil at first, as every field).
    func thrownFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard classes[className]?.throwing.isEmpty == false else { return [] }
        return [(Self.thrownField, .plain("string", at: at))]
    }

    /// Whether a method's effects are in the subset: `throws` and `async throws` are; typed throws and `rethrows`
    /// are refused (false, after saying what to write).
    mutating func acceptsThrows(_ effects: FunctionEffectSpecifiersSyntax) -> Bool {
        guard let clause = effects.throwsClause else { return true }
        // `rethrows`: a throwing method that throws what its closure throws (SwiftLowering+ThrowingClosures.swift).
        return acceptsTypedThrows(clause)  // SwiftLowering+TypedThrows.swift
    }

    /// The receiver text, class and name of a call of a throwing method of the file: `load()` on `self`,
    /// `x.load()`, `a.b.load()`. Nil for any other call.
    mutating func throwingCallee(_ call: FunctionCallExprSyntax, in scope: Scope) -> (
        receiver: String, className: String, method: String
    )? {
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            guard scope.locals[name] == nil, let cls = scope.className, classes[cls]?.throwing.contains(name) == true,
                scope.locals["self"] != nil
            else {
                // `try check()` of a top-level function (SwiftLowering+Globals.swift)
                guard let g = globalCallee(name, in: scope), classes[g]?.throwing.contains(name) == true else {
                    return nil
                }
                return ("shared \(g)", g, name)
            }
            return (scope.locals["self"]?.text("self") ?? "self", cls, name)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let name = member.declName.baseName.text
        guard classes.values.contains(where: { $0.throwing.contains(name) }) else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self),
            let typeObject = typeObjectClass(named: reference.baseName.text, in: scope, at: Syntax(reference)),
            classes[typeObject]?.throwing.contains(name) == true
        {
            return ("shared \(typeObject)", typeObject, name)  // `Poller.make()`, `Self.make()`: a type's method
        }
        if let reference = base.as(DeclReferenceExprSyntax.self), classes[reference.baseName.text] != nil {
            return nil  // a type's member
        }
        guard let receiver = expression(base, in: scope), case .object(let cls) = receiver.type.unwrapped,
            classes[cls]?.throwing.contains(name) == true
        else { return nil }
        return (receiver.text, cls, name)
    }

    /// A value of `type` a throwing method returns when it throws: never read (the caller's `try` leaves first), but
    /// the method's `returns:` wants one of its type.
    private func placeholder(_ type: LoweredType) -> String? {
        switch type {
        case .int: "0"
        case .bool: "false"
        case .string: "\"\""
        case .enumeration(let name, _): enums[name]?.cases.first?.value
        case .optional, .object, .timer, .thread, .semaphore, .group: "nil"
        case .value(let s): structPartsPlaceholder(s)  // SwiftLowering+AsyncStructReturns.swift
        case .array(.value(let s)) where structArrayElement(type) != nil: structArrayPartsPlaceholder(s)
        default: nil
        }
    }

    /// Whether a loop lies between `node` and the `do` statement `doID` (a throw there leaves the loop first).
    private func loopBetween(_ node: Syntax, and doID: SyntaxIdentifier) -> Bool {
        var current = node.parent
        while let n = current, n.id != doID {
            if n.is(WhileStmtSyntax.self) || n.is(ForStmtSyntax.self) || n.is(RepeatStmtSyntax.self) { return true }
            if n.is(ClosureExprSyntax.self) { return false }
            current = n.parent
        }
        return false
    }

    /// The steps that send `error` (an expression of the error's case) where the scope's ``ThrowContext`` says: out
    /// of the throwing method (its field, then `return`), or into the `do`'s flag (leaving a loop inside the `do`).
    /// Nil after refusing a throw where Swift accepts none.
    mutating func propagate(_ error: String, from node: some SyntaxProtocol, in scope: Scope) -> [LocatedNode]? {
        let at = location(node)
        switch scope.throwContext {
        case .method(let returns)?:
            let me = scope.locals["self"]?.text("self") ?? "self"
            var steps: [LocatedNode] = [.step("set", "\(me).\(Self.thrownField) = \(error)", at: at)]
            if scope.initializerOf != nil, throwLeavesBeforeFullInit(node) {
                // An init that throws before its stored properties all have a value: no `deinit` (+ThrowingInits).
                steps.append(.step("set", "\(me).\(Self.initAbandonedField) = true", at: at))
            }
            if let returns {
                guard let value = placeholder(returns) else {
                    unsupported(
                        "a throwing method that returns this type",
                        "return an Int, a Bool, a String, an enum of the file or an object", at: node)
                    return nil
                }
                steps.append(.step("return", value, at: at))
            } else {
                steps.append(.plain("return", at: at))
            }
            return steps
        case .doBlock(let flag, let doID)?:
            var steps: [LocatedNode] = [.step("set", "\(flag) = \(error)", at: at)]
            if loopBetween(Syntax(node), and: doID) { steps.append(.plain("break", at: at)) }
            return steps
        case nil where scope.locals[Self.closureBoxName] != nil:
            return closureThrow(error, at: at)  // out of a throwing closure (SwiftLowering+ThrowingClosures.swift)
        case nil where Self.isInTaskClosure(Syntax(node)):
            // A task's closure that may throw has its own flag (SwiftLowering+ThrowingTasks.swift); a throw the
            // lowering did not see coming when it chose one lands here.
            unsupported(
                "a throw here in a Task's closure",
                "write the `throw` or the `try` as a statement of the closure (`try await loader.load()`), or catch "
                    + "it inside: `Task { do { try await … } catch { … } }`", at: node)
            return nil
        case nil:
            unsupported(
                "a `throw` or a `try` that may throw here",
                "catch the error where it is thrown: `do { try … } catch { … }`, or use `try?`; only a method "
                    + "declared `throws` passes it on", at: node)
            return nil
        }
    }

    /// After a call of a throwing method on `receiver`: its error read into a local and cleared, and when there is
    /// one, what `kind` of `try` does: pass it on (``propagate(_:from:in:)``), make `nilling` nil (`try?`), or trap
    /// (`try!`, Swift's "'try!' expression unexpectedly raised an error").
    mutating func thrownCheck(
        receiver: String, kind: TryKind, at node: some SyntaxProtocol, in scope: Scope,
        nilling: (String, LoweredType)? = nil
    ) -> [LocatedNode]? {
        let at = location(node)
        let thrown = Self.temporaryName("thrown", at: at)
        var branch: [LocatedNode] = [.step("set", "\(receiver).\(Self.thrownField) = nil", at: at)]
        switch kind {
        case .plain, .none:
            guard let out = propagate(thrown, from: node, in: scope) else { return nil }
            branch += out
        case .optional:
            if let (place, type) = nilling {
                branch.append(.step("let", "\(place): \(type.fieldTypeName ?? "id") = nil", at: at))
            }
        case .forced:
            branch = [
                LocatedNode.step("trap", nil, at: at).replacingArgument(
                    trapPrefix(node) + "Fatal error: 'try!' expression unexpectedly raised an error")
            ]
        }
        return [
            .step("let", "\(thrown) = \(receiver).\(Self.thrownField)", at: at),
            .step("if", "\(thrown) != nil", at: at, [("then", .list(branch, at: at))]),
        ]
    }

    /// `try m()`, `try await m()`, `try? m()`, `try! m()` as a statement, `m` a throwing method of the file: the
    /// call, then its ``thrownCheck(receiver:kind:at:in:nilling:)``. Nil when `call` is no such call.
    mutating func throwingCallStatement(
        _ call: FunctionCallExprSyntax, tryKind: TryKind, awaited: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        if let steps = throwingClosureCallStatement(call, tryKind: tryKind, in: scope) { return steps }  // +Closures
        guard tryKind != .none, let callee = throwingCallee(call, in: scope) else { return nil }
        let steps = awaited ? awaitMethod(call, in: scope) : callStatement(call, in: &scope)
        guard let check = thrownCheck(receiver: callee.receiver, kind: tryKind, at: call, in: scope) else {
            return []
        }
        return steps + check
    }

    /// `try m()` (`try await m()`, `try?`, `try!`) inside an expression, `m` a throwing method of the file that
    /// returns a value: the call hoisted before the statement (SwiftLowering+Returns.swift), its check after it;
    /// inside a `do`, the rest of the statement runs only when nothing was thrown (``closeHoisting``). `try?` makes
    /// the value nil on a throw (a value type's local holds nil as its optional does). Nil when `t` is no such `try`.
    mutating func throwingCallValue(_ t: TryExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        if let done = hoisting.temporaries[t.id] { return .some(done) }
        var inner = t.expression
        var awaited = false
        if let a = inner.as(AwaitExprSyntax.self) {
            inner = a.expression
            awaited = true
        }
        let kind: TryKind =
            switch t.questionOrExclamationMark?.text {
            case "?": .optional
            case "!": .forced
            default: .plain
            }
        if let got = resultGetValue(t, inner, kind: kind, in: scope) { return got }
        if let made = throwingInitValue(t, inner, kind: kind, in: scope) { return made }  // +ThrowingInits.swift
        guard let call = inner.as(FunctionCallExprSyntax.self), let callee = throwingCallee(call, in: scope) else {
            return nil
        }
        guard let type = classes[callee.className]?.returns[callee.method] else {
            unsupported(
                "the value of `\(call.calledExpression.trimmedDescription)(…)`, a throwing method that returns nothing",
                "call it as a statement of its own: `try \(call.trimmedDescription)`", at: t)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported(
                "a `try` here", "call the method in a method, a closure or the scenario's code, where statements run",
                at: t)
            return .some(nil)
        }
        let value: (String, LoweredType)
        if awaited {
            let temporary = Self.temporaryName("\(callee.method)_", at: location(call))
            if let (s, isArray) = awaitedStructShape(type) {
                // a struct's parts, or an array of structs' parallel arrays, unpacked
                // (SwiftLowering+AsyncStructReturns.swift, +StructArrayReturns.swift)
                guard kind != .optional else {
                    unsupported(
                        isArray
                            ? "`try?` on a method that returns an array of the struct `\(s)`, an optional array"
                            : "`try?` on a method that returns the struct `\(s)`, an optional struct",
                        "write `try await` inside `do { … } catch { … }`", at: t)
                    return .some(nil)
                }
                guard
                    let made = awaitedStructCall(
                        call, className: callee.className, method: callee.method, struct: s, temporary: temporary,
                        in: scope)
                else { return .some(nil) }
                hoisting.steps += made
            } else {
                hoisting.steps += awaitMethod(call, in: scope, result: temporary)
            }
            value = (temporary, type)
        } else {
            guard let hoisted = hoistedCall(call, in: scope) else { return nil }
            guard let hoisted else { return .some(nil) }
            value = hoisted
        }
        guard
            let check = thrownCheck(
                receiver: callee.receiver, kind: kind, at: t, in: scope, nilling: kind == .optional ? value : nil)
        else { return .some(nil) }
        hoisting.steps += check
        if kind == .plain, case .doBlock(let flag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, flag, location(t)))
        }
        hoisting.temporaries[t.id] = value
        return .some(value)
    }

    /// `throw E.c` (or `throw error`, a caught error passed on): ``propagate(_:from:in:)`` its case.
    mutating func lowerThrow(_ t: ThrowStmtSyntax, in scope: Scope) -> [LocatedNode] {
        if let call = t.expression.as(FunctionCallExprSyntax.self), !isErrorPayloadCase(t.expression),
            !Self.isCancellationErrorValue(call)
        {
            // `NSError(domain:code:)`, `URLError(.timedOut)`, `CancellationError()`: not an error of the file.
            unsupported(
                "throwing `\(t.expression.trimmedDescription)`",
                "throw a case of an error enum of the file (`enum LoadError: Error { case timeout }`, then `throw "
                    + "LoadError.timeout`)", at: t.expression)
            return []
        }
        // `throw .empty` in a method declared `throws(ParseError)` is a case of ParseError (+TypedThrows.swift).
        let context: LoweredType = .enumeration(typedThrowTarget(t) ?? Self.errorTypeName, isInt: false)
        guard let value = withEnumContext(context, { $0.expression(t.expression, in: scope) }) else { return [] }
        guard case .enumeration = value.type.unwrapped else {
            unsupported(
                "throwing this value", "throw a case of an error enum of the file (`throw LoadError.timeout`)",
                at: t.expression)
            return []
        }
        return propagate(value.text, from: t, in: scope) ?? []
    }

    /// `do { … } catch PATTERN { … } …`: a flag local (nil), the body with the flag as its throw context, then
    /// the `catch` clauses as nested `if:` steps on the flag, in order; an error none matches is passed on. A `do`
    /// without `catch` is a scope of its own.
    mutating func lowerDo(_ d: DoStmtSyntax, in scope: inout Scope) -> [LocatedNode] {
        let at = location(d)
        let outerLocals = scope.locals  // a name declared in the `do` or a `catch` is its own (the Swift book)
        defer { scope.locals = outerLocals }
        if d.catchClauses.isEmpty {
            return lowerStatements(d.body.statements, in: &scope, tail: false)
        }
        if let clause = d.throwsClause, !acceptsTypedThrows(clause) { return [] }  // SwiftLowering+TypedThrows
        let caughtType = caughtErrorType(d)
        let flag = Self.temporaryName("caught", at: at)
        var body = scope
        body.throwContext = .doBlock(flag: flag, doID: d.id)
        let bodySteps = lowerStatements(d.body.statements, in: &body, tail: false)
        var tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])] = []
        var catchAll: [LocatedNode]?
        for clause in d.catchClauses {
            var clauseScope = scope
            var alternatives: [String] = []
            var bindings: [LocatedNode] = []
            let items = Array(clause.catchItems)
            if items.isEmpty {
                // `catch { … }`: every error, bound to `error`
                bindings.append(.step("let", "error = \(flag)", at: location(clause)))
                clauseScope.locals["error"] = Local(type: caughtType, isVar: false)
                alternatives.append("true")
            }
            for item in items {
                // A case with values, a `where` clause: SwiftLowering+ErrorPayloads.swift.
                guard let (test, bound) = catchItemTest(item, flag: flag, caught: caughtType, in: scope) else {
                    return []
                }
                if !bound.isEmpty, items.count > 1 {
                    unsupported("a binding in a `catch` of several patterns", "write one `catch` per pattern", at: item)
                    return []
                }
                for (name, place, type) in bound {
                    bindings.append(.step("let", "\(name) = \(place)", at: location(item)))
                    clauseScope.locals[name] = Local(type: type, isVar: false)
                    if place != flag { resultCaseBindings[clause.id, default: [:]][name] = type }  // a case's value
                }
                alternatives.append(items.count > 1 ? "(\(test))" : test)
            }
            let steps = bindings + lowerStatements(clause.body.statements, in: &clauseScope, tail: false)
            if alternatives.contains("true") {
                catchAll = steps
                break  // later clauses are never reached
            }
            tests.append((alternatives.joined(separator: " || "), location(clause), steps))
        }
        if catchAll == nil, scope.throwContext != nil {
            // No clause matched: the error goes on to the caller (or the `do` around).
            catchAll = propagate(flag, from: d, in: scope)
        }
        let chain = Self.nestedCaseTests(tests, default: catchAll, keepsEmptyElse: false)
        return [.step("let", "\(flag): string = nil", at: at)] + bodySteps + [
            .step("if", "\(flag) != nil", at: at, [("then", .list(chain, at: at))])
        ]
    }

    /// The test of a `catch` pattern on the flag, and the name it binds: `let e` (every error), `let e as
    /// LoadError` and `is LoadError` (a case of that enum), `LoadError.timeout` (that case). Nil after refusing.
    mutating func catchTest(
        _ pattern: PatternSyntax, flag: String, caught: LoweredType = .enumeration(errorTypeName, isInt: false),
        in scope: Scope
    ) -> (
        String, (String, LoweredType)?
    )? {
        let words = pattern.trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        if words.count == 2, ["let", "var"].contains(words[0]) {
            if words[1] == "_" { return ("true", nil) }
            return ("true", (words[1], caught))
        }
        if words.count == 4, ["let", "var"].contains(words[0]), words[2] == "as" {
            guard let (test, type) = errorTypeTest(words[3], flag: flag, at: pattern) else { return nil }
            return (test, words[1] == "_" ? nil : (words[1], type))
        }
        if let isType = pattern.as(IsTypePatternSyntax.self) {
            guard let (test, _) = errorTypeTest(isType.type.trimmedDescription, flag: flag, at: pattern) else {
                return nil
            }
            return (test, nil)
        }
        if let expr = pattern.as(ExpressionPatternSyntax.self)?.expression {
            guard let value = withEnumContext(caught, { $0.expression(expr, in: scope) }) else { return nil }
            guard case .enumeration = value.type.unwrapped else {
                unsupported(
                    "this `catch` pattern", "catch a case of an error enum of the file (`catch LoadError.timeout`)",
                    at: pattern)
                return nil
            }
            return ("\(flag) == \(value.text)", nil)
        }
        unsupported(
            "this `catch` pattern",
            "write `catch`, `catch LoadError.timeout`, `catch let error as LoadError` or `catch is LoadError`",
            at: pattern)
        return nil
    }

    /// Whether the error in `flag` is a case of the type `name`: `Error` holds every error; an error enum of the
    /// file holds its cases (each error enum's case names are its own, SwiftLowering+Errors.swift); another type
    /// (`URLError`, `CancellationError`) is never what the file's methods throw.
    mutating func errorTypeTest(_ name: String, flag: String, at node: some SyntaxProtocol) -> (
        String, LoweredType
    )? {
        if name == Self.errorTypeName || name == "any Error" {
            return ("true", .enumeration(Self.errorTypeName, isInt: false))
        }
        if name == "CancellationError" {
            // What `try await Task.sleep` and `try Task.checkCancellation()` throw in a cancelled task
            // (SwiftLowering+Concurrency.swift): held as the text Swift prints for it.
            return ("\(flag) == \"\(Self.cancellationError)\"", .enumeration(Self.errorTypeName, isInt: false))
        }
        guard let e = enums[name], e.isError else {
            unsupported(
                "catching `\(name)`",
                "catch an error enum of the file (`enum LoadError: Error { … }`): only the file's throws are modelled",
                at: node)
            return nil
        }
        let test = e.cases.map { errorCaseIsTest(name, $0.name, value: $0.value, flag: flag) }  // +ErrorPayloads
            .joined(separator: " || ")
        return (e.cases.count > 1 ? "(\(test))" : test, e.type)
    }

    /// The error value of a `CancellationError`: the text Swift prints for it (`print(error)` writes
    /// `CancellationError()`), which no case of an error enum of the file can be.
    static let cancellationError = "CancellationError()"

    /// `CancellationError()` written as a value (`throw CancellationError()`, `.failure(CancellationError())`): the
    /// same error value a cancelled `Task.sleep` or `Task.checkCancellation()` throws, ``cancellationError`` — the
    /// stdlib's `public struct CancellationError: Error { public init() {} }` (TaskCancellation.swift) has no state,
    /// so every value of it is the same error.
    static func isCancellationErrorValue(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CancellationError"
            && call.arguments.isEmpty && call.trailingClosure == nil
    }

    /// The steps of a `CancellationError` thrown where the scope catches or passes errors on: Swift's throwing
    /// `Task.sleep` and `Task.checkCancellation()` throw it when the task is cancelled (swift
    /// stdlib/public/Concurrency/TaskSleep.swift, `Task.checkCancellation`). The sleep (or nothing) first, then the
    /// test of the task's flag; nil after a refusal.
    mutating func cancellationThrow(after steps: [LocatedNode], at node: some SyntaxProtocol, in scope: Scope)
        -> [LocatedNode]?
    {
        guard let thrown = propagate("\"\(Self.cancellationError)\"", from: node, in: scope) else { return nil }
        return steps + [
            .step("if", "Task.isCancelled", at: location(node), [("then", .list(thrown, at: location(node)))])
        ]
    }

    /// Whether `item` may throw into the `do` around it: it holds a `throw` or a plain `try` outside closures.
    func mayThrow(_ item: some SyntaxProtocol) -> Bool {
        let finder = ThrowFinder(viewMode: .sourceAccurate)
        finder.walk(item)
        return finder.found
    }

    /// Inside a `do` body, after a statement that may throw: the rest of the body runs only when the flag is nil
    /// (inside a loop of the body, the loop is left). Nil outside a `do` body or after a statement that cannot throw.
    mutating func skippingAfterThrow(
        _ previous: CodeBlockItemSyntax, rest: ArraySlice<CodeBlockItemSyntax>, in scope: inout Scope, tail: Bool
    ) -> [LocatedNode]? {
        guard case .doBlock(let flag, let doID)? = scope.throwContext, mayThrow(previous) else { return nil }
        let at = location(previous)
        let after = lowerStatements(rest, in: &scope, tail: tail)
        if loopBetween(Syntax(previous), and: doID) {
            return [
                .step(
                    "if", "\(flag) != nil", at: at,
                    [("then", .list([.plain("break", at: at)], at: at)), ("else", .list(after, at: at))])
            ]
        }
        return [.step("if", "\(flag) == nil", at: at, [("then", .list(after, at: at))])]
    }

    /// After the last statement of a loop body inside a `do`, when it may throw from a loop nested in it: leave
    /// this loop too.
    func breakAfterLastThrow(_ last: CodeBlockItemSyntax?, in scope: Scope) -> [LocatedNode] {
        guard let last, case .doBlock(let flag, let doID)? = scope.throwContext, mayThrow(last),
            loopBetween(Syntax(last), and: doID)
        else { return [] }
        let at = location(last)
        return [.step("if", "\(flag) != nil", at: at, [("then", .list([.plain("break", at: at)], at: at))])]
    }
}

/// Finds a `throw` or a plain `try` (not `try?`/`try!`) outside closures and nested declarations.
private final class ThrowFinder: SyntaxVisitor {
    var found = false
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { found = true }
        return .visitChildren
    }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.tryKeyword != nil { found = true }  // `for try await`: a stream's or a group's `next()` throws
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension SwiftLowering {
    /// Whether the `catch` clause binds `name`: the implicit `error` of a `catch` without pattern, or the name of
    /// `catch let e` / `catch let e as LoadError`.
    func catchBinds(_ name: String, _ clause: CatchClauseSyntax) -> Bool {
        if clause.catchItems.isEmpty { return name == "error" }
        return clause.catchItems.contains { item in
            guard let pattern = item.pattern else { return false }
            let words = pattern.trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            return words.count >= 2 && ["let", "var"].contains(words[0]) && words[1] == name
        }
    }
}

extension SwiftLowering {
    /// `try result.get()` (`try!`), `result` a `Result` parameter (SwiftLowering+Result.swift): its success part,
    /// after a check that passes its failure on as a throw (or traps, for `try!`), as the standard library's `get()`
    /// returns the success value or throws the failure. Nil when `inner` is no `get()` of a `Result`.
    fileprivate mutating func resultGetValue(
        _ t: TryExprSyntax, _ inner: ExprSyntax, kind: TryKind, in scope: Scope
    ) -> (String, LoweredType)?? {
        guard kind != .optional, let call = inner.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "get",
            let base = member.base, isResultSubject(base, in: scope),
            let place = resultPlace(base, in: scope), !place.isOptional  // SwiftLowering+ResultValues.swift
        else { return nil }
        let success = place.successType
        guard hoisting.isOpen else {
            unsupported("a `try` here", "read the Result in a method or a closure, where statements run", at: t)
            return .some(nil)
        }
        let at = location(t)
        let failed = place.failure
        let branch: [LocatedNode]
        if kind == .forced {
            branch = [
                LocatedNode.step("trap", nil, at: at).replacingArgument(
                    trapPrefix(t) + "Fatal error: 'try!' expression unexpectedly raised an error")
            ]
        } else {
            guard let out = propagate(failed, from: t, in: scope) else { return .some(nil) }
            branch = out
        }
        hoisting.steps.append(.step("if", "\(failed) != nil", at: at, [("then", .list(branch, at: at))]))
        if kind == .plain, case .doBlock(let flag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, flag, at))
        }
        triedValueTypes[t.id] = success
        return .some((place.success, success))
    }
}

extension SwiftLowering {
    /// Refuses each throwing closure type in `decl` that returns a value (`var work: (() throws -> Int)?`), at its
    /// `throws`: a block returns nothing to its caller; a throwing closure that returns nothing is in
    /// (SwiftLowering+ThrowingClosures.swift).
    mutating func refuseThrowingClosureTypes(in decl: some SyntaxProtocol) {
        let finder = ThrowingFunctionTypeFinder(viewMode: .sourceAccurate)
        finder.walk(decl)
        for function in finder.found {
            let returned = function.returnClause.type.trimmedDescription
            guard returned != "Void", returned != "()", let clause = function.effectSpecifiers?.throwsClause else {
                continue
            }
            unsupported(
                "a throwing closure type that returns a value",
                "make it return nothing and store its result where the caller reads it (a property), or make the work "
                    + "a method declared `throws` and call it with `try`", at: clause)
        }
    }
}

extension SwiftLowering {
    /// The struct an awaited call returns, whole or as an array of it (`isArray`); nil for any other type.
    func awaitedStructShape(_ type: LoweredType) -> (name: String, isArray: Bool)? {
        if let s = structArrayElement(type) { return (s, true) }
        if case .value(let s) = type { return (s, false) }
        return nil
    }
}
