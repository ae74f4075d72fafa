import LoopSimScenario
import SwiftSyntax

/// A declaration the lowering reads as a scenario class: a `class` or an `actor` (SE-0306: an actor is a reference
/// type with its own serial executor; the YAML language's `actor: true`, docs/scenario-format.md §4).
typealias ClassLikeDecl = DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax

/// How a `try` is written before an expression: none, `try`, `try?` or `try!`.
enum TryKind: Equatable {
    case none, plain, optional, forced
}

/// Swift concurrency in Swift source (issue 35; docs/swift-scenarios.md, "Swift concurrency"), lowered to the
/// language's Swift concurrency steps (docs/scenario-format.md §7.13): `Task { }` is `task:`, `try await
/// Task.sleep(…)` is `taskSleep:`, `await x.m()` is `await:`, and so on. The kernel's `Tasks` runs them with the
/// executors measured in conformance c100–c119; the lowering only chooses the step.
extension SwiftLowering {
    // MARK: Declarations

    /// `actor: true` for an `actor`, `mainActor: true` for a `@MainActor class` (docs/scenario-format.md §4).
    func isolationEntries(_ decl: some ClassLikeDecl) -> [(String, LocatedNode)] {
        let at = location(decl)
        if decl.is(ActorDeclSyntax.self) { return [("actor", .plain("true", at: at))] }
        if hasMainActor(decl.attributes) { return [("mainActor", .plain("true", at: at))] }
        // `@MainActor class UIViewController`, `@MainActor class UIView` (Apple's declarations of both, iOS 15 SDK
        // and later): a subclass inherits its superclass's global actor (SE-0316, "Global actor inference"), so
        // its async methods run on the main actor and a `Task { }` made in its methods inherits the main actor.
        if let superclass = classes[decl.name.text]?.superclass, Self.uikitSuperclasses.contains(superclass) {
            return [("mainActor", .plain("true", at: at))]
        }
        return []
    }

    /// Whether the attributes include `@MainActor` (SE-0316, global actors).
    func hasMainActor(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
        }
    }

    /// A method's `async: true` (`func m() async`) and `mainActor: true` (`@MainActor func m()`), the keys of a
    /// method's mapping form (docs/scenario-format.md §4, method keys).
    func methodTraits(_ decl: FunctionDeclSyntax) -> [(String, LocatedNode)] {
        var traits: [(String, LocatedNode)] = []
        if decl.signature.effectSpecifiers?.asyncSpecifier != nil {
            traits.append(("async", .plain("true", at: location(decl.signature))))
        }
        if hasMainActor(decl.attributes) { traits.append(("mainActor", .plain("true", at: location(decl)))) }
        if decl.modifiers.contains(where: { $0.name.text == "nonisolated" }) {
            traits.append(("nonisolated", .plain("true", at: location(decl))))  // SE-0313
        }
        return traits
    }

    // MARK: Tasks

    /// Whether `call` makes a task: `Task { }`, `Task.detached { }` (with or without arguments).
    func isTaskCreation(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" { return true }
        if Self.specializedTaskSuccess(call) != nil { return true }  // `Task<Int, Error> { … }`
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
            && member.declName.baseName.text == "detached"
    }

    /// `Task { … }` as `task: [PLACE]` (SE-0304): `Task { @MainActor in … }` is `actor: main`, `Task.detached`
    /// is `detached: true`, and a plain `Task { }` inherits the actor context where it is made (the compiler's
    /// `task:` decides it, docs/scenario-format.md §7.13). The closure is lowered as a block, with its capture
    /// list and implicit captures (a `Task` closure captures `self` implicitly, SE-0304's `@_implicitSelfCapture`).
    mutating func taskCreation(_ call: FunctionCallExprSyntax, place: String?, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        let at = location(call)
        if let argument = call.arguments.first {
            guard call.arguments.count == 1, argument.label?.text == "priority" else {
                unsupported(
                    "`\(argument.label?.text ?? "an argument"):` in a Task initializer",
                    "write `Task { … }` or `Task(priority: …) { … }`", at: argument)
                return ([], .task)
            }
            // `Task(priority: .userInitiated) { … }`: run, with a warning, as a task of the one priority the model's
            // cooperative pool has (docs/fidelity.md, "Swift concurrency": no per-priority global queues).
            bag.warning(
                .swiftIgnored,
                "`priority:` is not modelled: LoopSim's cooperative pool runs every job at one priority, so this "
                    + "task runs as `Task { … }` does; its order against tasks of other priorities may differ from "
                    + "a device's when the pool is busy (docs/fidelity.md)", at: location(argument))
        }
        guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty else {
            unsupported("a Task without a trailing closure", "write `Task { … }`", at: call)
            return ([], .task)
        }
        var extra: [(String, LocatedNode)] = []
        if call.calledExpression.is(MemberAccessExprSyntax.self) {
            extra.append(("detached", .plain("true", at: at)))
        } else if let attributes = closure.signature?.attributes, hasMainActor(attributes) {
            extra.append(("actor", .plain("main", at: location(attributes))))
        } else if let isolation = staticTaskIsolation(call) {
            extra.append(("actor", .plain(isolation, at: at)))
        }
        if let attributes = closure.signature?.attributes,
            let other = attributes.first(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "MainActor"
            })
        {
            unsupported("this closure attribute", "a task's closure takes `@MainActor` only", at: other)
            return ([], .task)
        }
        // `Task { … return 5 }`: the value `await task.value` reads (SwiftLowering+Continuations.swift).
        let returns = taskReturnType(closure)
        if let name = returns?.fieldTypeName { extra.append(("returns", .plain(name, at: at))) }
        if let place, let returns { taskValueTypes[place] = returns }  // `try await task.value` (+ThrowingTasks)
        // A closure that throws: its error is the task's result (SwiftLowering+ThrowingTasks.swift).
        guard let block = taskClosureKeys(closure, returns: returns, in: scope) else { return ([], .task) }
        return ([.step("task", place, at: at, extra + block)], .task)
    }

    /// A concurrency call used as a statement without `await`/`try`: `task.cancel()`, `Thread.sleep(…)`, or a
    /// call that needs `await` (reported); nil when `call` is none of these.
    mutating func concurrencyCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                name.hasPrefix("with") && name.hasSuffix("TaskGroup")
            {
                unsupported("`\(name)` without `await`", "write `await withTaskGroup(of: Void.self) { … }`", at: call)
                return []
            }
            return nil
        }
        if let steps = taskGroupCall(call, awaited: false, tryKind: .none, in: scope) { return steps }
        let name = member.declName.baseName.text
        let typeName = base.as(DeclReferenceExprSyntax.self)?.baseName.text
        if typeName == "Thread", scope.locals["Thread"] == nil, name == "sleep" {
            return threadSleep(call, in: scope)
        }
        if typeName == "MainActor", scope.locals["MainActor"] == nil, name == "assumeIsolated" {
            return mainActorAssumeIsolated(call, in: scope)  // SwiftLowering+AssumeIsolated.swift
        }
        if typeName == "Task" || typeName == "MainActor", scope.locals[typeName ?? ""] == nil {
            let form: String? =
                switch name {
                case "sleep": "try await Task.sleep(for: .seconds(1))` (or `try? await"
                case "yield": "await Task.yield()"
                case "run": "await MainActor.run { … }"
                case "checkCancellation": "try Task.checkCancellation()"
                default: nil
                }
            guard let form else { return nil }
            unsupported(
                "`\(typeName ?? "").\(name)(…)` without `await` or `try`",
                "write `\(form)` in a task's closure or an async method", at: call)
            return []
        }
        // `task.cancel()`, `task?.cancel()`, `self.task?.cancel()`.
        guard name == "cancel", call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        let receiverSyntax = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
        guard isTaskHandle(receiverSyntax, in: scope), let receiver = expression(base, in: scope) else { return nil }
        return [.step("cancelTask", receiver.text, at: location(call))]
    }

    /// Whether `e` is statically a task handle (a `Task` local or field).
    private mutating func isTaskHandle(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] { return local.type == .task }
            if let cls = scope.className { return classes[cls]?.fields[name] == .task }
            return false
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            let inner = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
            let owner: String?
            if inner.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                owner = scope.className
            } else if let ref = inner.as(DeclReferenceExprSyntax.self),
                case .object(let c)? = scope.locals[
                    ref.baseName.text]?.type
            {
                owner = c
            } else {
                owner = nil
            }
            guard let owner else { return false }
            return classes[owner]?.fields[member.declName.baseName.text] == .task
        }
        return false
    }

    /// `Thread.sleep(forTimeInterval: T)`: `work: T`, the thread taken for T (docs/fidelity.md, "Swift scenarios":
    /// the language has no blocked-sleeping state distinct from busy code; either way nothing else runs on the
    /// thread, so a queue, run loop or actor behind it waits the same).
    private mutating func threadSleep(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        guard call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "forTimeInterval", let d = duration(argument.expression, in: scope)
        else {
            unsupported("this `Thread.sleep`", "write `Thread.sleep(forTimeInterval: 0.01)`", at: call)
            return []
        }
        return [.step("work", d, at: location(call))]
    }

    // MARK: await and try

    /// A statement that starts with `await`, `try`, `try?`: the awaited call's step.
    ///
    /// - `try await Task.sleep(for: .seconds(1))`, `(nanoseconds: N)`: `taskSleep:` with `throwing: true`; `try?`
    ///   swallows the `CancellationError` (no `throwing:`).
    /// - `try Task.checkCancellation()`: `checkCancellation:`. `await Task.yield()`: `taskYield:`.
    /// - `await MainActor.run { … }`: `mainActorRun:`. `await withTaskGroup(of: Void.self) { group in … }`:
    ///   `taskGroup:`. `await task.value`: `awaitTask:`.
    /// - `await x.m(…)`, `await m()`, `await x?.m()`: `await: x.m` with `with:` the arguments.
    mutating func effectStatement(_ e: ExprSyntax, in scope: inout Scope) -> [LocatedNode] {
        if let steps = continuationSteps(e, place: nil, type: nil, in: scope) { return steps }  // +Continuations
        if let steps = resultGetStatement(e, in: scope) { return steps }  // `try r.get()`: +ErrorPayloads.swift
        let (inner, tryKind, awaited) = Self.effects(of: e)
        if tryKind == .forced, !isModelledForcedTry(inner, in: scope) {  // SwiftLowering+ThrowingClosures.swift
            unsupported("`try!`", "write `try` (the error ends the task) or `try?` (it is swallowed)", at: e)
            return []
        }
        let at = location(inner)
        if let steps = throwingTaskValueStatement(e, in: scope) { return steps }  // SwiftLowering+ThrowingTasks
        if let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "value",
            let base = member.base
        {
            guard awaited else {
                unsupported("`task.value` without `await`", "write `await task.value`", at: inner)
                return []
            }
            guard let task = expression(base, in: scope) else { return [] }
            return [.step("awaitTask", task.text, at: at)]
        }
        guard let call = inner.as(FunctionCallExprSyntax.self) else {
            unsupported(
                "this awaited expression", "await a call: `await model.refresh()`, `await task.value`", at: inner)
            return []
        }
        let callee = call.calledExpression
        let member = callee.as(MemberAccessExprSyntax.self)
        let typeName = member?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        let name = member?.declName.baseName.text ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        func require(_ wantsAwait: Bool, _ tries: [TryKind], _ form: String) -> Bool {
            if awaited == wantsAwait, tries.contains(tryKind) { return true }
            unsupported("`\(e.trimmedDescription)`", "write `\(form)`", at: e)
            return false
        }
        if let steps = taskGroupCall(call, awaited: awaited, tryKind: tryKind, in: scope) { return steps }
        if typeName == "Task", scope.locals["Task"] == nil {
            switch name {
            case "sleep":
                guard require(true, [.plain, .optional], "try await Task.sleep(for: .seconds(1))"),
                    let delay = sleepDuration(call, in: scope)
                else { return [] }
                if tryKind == .plain, scope.throwContext != nil, !isTaskClosureThrowContext(scope) {
                    // In a `do` with a `catch`, or a method declared `throws`: the `CancellationError` is caught
                    // or passed on, as a value (SwiftLowering+Throws.swift). A cancellation wakes the sleep at
                    // once, so testing the task's flag after it is the sleep's throw (docs/fidelity.md).
                    return cancellationThrow(
                        after: delay.checks + [.step("taskSleep", delay.text, at: at)], at: e, in: scope) ?? []
                }
                let extra: [(String, LocatedNode)] =
                    tryKind == .plain ? [("throwing", .plain("true", at: location(call)))] : []
                return delay.checks + [.step("taskSleep", delay.text, at: at, extra)]
            case "checkCancellation":
                guard require(false, [.plain], "try Task.checkCancellation()") else { return [] }
                if scope.throwContext != nil, !isTaskClosureThrowContext(scope) {
                    return cancellationThrow(after: [], at: e, in: scope) ?? []
                }
                return [.step("checkCancellation", nil, at: at)]
            case "yield":
                guard require(true, [.none], "await Task.yield()") else { return [] }
                return [.step("taskYield", nil, at: at)]
            default:
                unsupported("`Task.\(name)`", insteadOfConcurrencyAPI("Task.\(name)"), at: call)
                return []
            }
        }
        if typeName == "MainActor", scope.locals["MainActor"] == nil, name == "run" {
            guard require(true, [.none], "await MainActor.run { … }") else { return [] }
            return mainActorRun(call, in: scope)
        }
        if callee.as(DeclReferenceExprSyntax.self).map({
            ["withTaskGroup", "withDiscardingTaskGroup"]
                .contains($0.baseName.text)
        }) == true {
            guard require(true, [.none], "await withTaskGroup(of: Void.self) { group in … }") else { return [] }
            return taskGroup(call, in: scope)
        }
        if let steps = throwingCallStatement(call, tryKind: tryKind, awaited: awaited, in: &scope) {
            return steps  // a throwing method of the file (SwiftLowering+Throws.swift)
        }
        if name == "withThrowingTaskGroup" || name == "withThrowingDiscardingTaskGroup" {
            // SwiftLowering+ThrowingTaskGroups.swift
            return throwingTaskGroupStatement(call, tryKind: tryKind, awaited: awaited, in: scope)
        }
        guard tryKind == .none else {
            unsupported(
                "`try` before `\(callee.trimmedDescription)(…)`",
                "only the file's methods declared `throws`, Task.sleep and Task.checkCancellation throw: declare "
                    + "the method `throws`, or call it without `try`", at: e)
            return []
        }
        guard awaited else { return callStatement(call, in: &scope) }
        return awaitMethod(call, in: scope)
    }

    /// The expression under `e`'s `try` (`try?`, `try!`) and `await`, in either order: what is tried and awaited,
    /// the `try`'s kind, and whether it is awaited.
    static func effects(of e: ExprSyntax) -> (inner: ExprSyntax, tryKind: TryKind, awaited: Bool) {
        var tryKind = TryKind.none
        var awaited = false
        var inner = e
        while true {
            if let t = inner.as(TryExprSyntax.self) {
                tryKind =
                    switch t.questionOrExclamationMark?.text {
                    case "?": .optional
                    case "!": .forced
                    default: .plain
                    }
                inner = t.expression
            } else if let a = inner.as(AwaitExprSyntax.self) {
                awaited = true
                inner = a.expression
            } else {
                return (inner, tryKind, awaited)
            }
        }
    }

    /// `_ = await task.value` (and `_ = try? await …`): the awaited statement, its value dropped; nil when `rhs`
    /// awaits nothing.
    mutating func discardedAwait(_ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard rhs.is(AwaitExprSyntax.self) || rhs.is(TryExprSyntax.self) else { return nil }
        return effectStatement(rhs, in: &scope)
    }

    /// The duration of `Task.sleep(for: .seconds(N))` or `Task.sleep(nanoseconds: N)`.
    /// `checks` are the steps that must run before the sleep: `UInt64(n)` of a negative `n` traps.
    private mutating func sleepDuration(
        _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> (text: String, checks: [LocatedNode])? {
        guard call.arguments.count == 1, let argument = call.arguments.first else {
            unsupported(
                "this `Task.sleep`", "write `Task.sleep(for: .seconds(1))` or `Task.sleep(nanoseconds: N)`", at: call)
            return nil
        }
        switch argument.label?.text {
        case "for": return duration(argument.expression, in: scope).map { ($0, []) }
        case "nanoseconds":
            if let (inner, factor) = uint64Conversion(argument.expression) {
                // `Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)`: the parameter is a `UInt64`, and converting an
                // `Int` keeps its value (a negative one traps in Swift: refused here as for any negative sleep)
                guard let value = infix(sequenceElements(inner), in: scope), value.type == .int else {
                    unsupported(
                        "a `UInt64(…)` of something not an `Int` in `nanoseconds:`",
                        "write `Task.sleep(for: .seconds(delay))`, or `UInt64(n)` of an `Int`", at: inner)
                    return nil
                }
                // Swift's `UInt64.init(_:)` of a negative value stops the program (stdlib Integers.swift:
                // "Negative value is not representable").
                let at = location(inner)
                let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(
                    trapPrefix(inner) + "Fatal error: Negative value is not representable")
                let check = LocatedNode.step("if", "(\(value.text)) < 0", at: at, [("then", .list([trap], at: at))])
                return ("(\(value.text))" + (factor.map { " * \($0)" } ?? "") + " * 1ns", [check])
            }
            guard let n = argument.expression.as(IntegerLiteralExprSyntax.self) else {
                // `Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))` and the like: an integer of nanoseconds
                guard let value = infix(sequenceElements(argument.expression), in: scope), value.type == .int else {
                    unsupported(
                        "a `nanoseconds:` that is not an `Int` expression",
                        "write `Task.sleep(for: .seconds(delay))`, or an integer of nanoseconds", at: argument)
                    return nil
                }
                return ("(\(value.text)) * 1ns", [])
            }
            return (n.literal.text.replacingUnderscores() + "ns", [])
        default:
            unsupported(
                "`Task.sleep(\(argument.label?.text ?? "_"):)`",
                "write `Task.sleep(for: .seconds(1))` or `Task.sleep(nanoseconds: N)`: a deadline or a clock is "
                    + "not modelled", at: argument)
            return nil
        }
    }

    /// `UInt64(e)`, `UInt64(e) * N` or `N * UInt64(e)` (N an integer literal): `e` and N's digits; nil for any
    /// other expression.
    private func uint64Conversion(_ e: ExprSyntax) -> (ExprSyntax, String?)? {
        func converted(_ x: ExprSyntax) -> ExprSyntax? {
            guard let call = x.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UInt64",
                call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
                call.trailingClosure == nil
            else { return nil }
            return only.expression
        }
        if let inner = converted(e) { return (inner, nil) }
        let parts = sequenceElements(e)
        guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "*" else { return nil }
        if let inner = converted(parts[0]), let n = parts[2].as(IntegerLiteralExprSyntax.self) {
            return (inner, n.literal.text.replacingUnderscores())
        }
        if let inner = converted(parts[2]), let n = parts[0].as(IntegerLiteralExprSyntax.self) {
            return (inner, n.literal.text.replacingUnderscores())
        }
        return nil
    }

    /// `await MainActor.run { … }`: `mainActorRun:` with the closure's statements (SE-0316). The closure is
    /// synchronous and not escaping: it runs in the task, so its statements see the task's names as they are.
    private mutating func mainActorRun(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        guard call.arguments.isEmpty, let closure = call.trailingClosure else {
            unsupported("this `MainActor.run`", "write `await MainActor.run { … }`", at: call)
            return []
        }
        if let signature = closure.signature {
            unsupported(
                "a capture list or parameter in `MainActor.run`'s closure",
                "its closure runs at once, inside the task: write `await MainActor.run { … }`", at: signature)
            return []
        }
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        let steps = lowerStatements(closure.statements, in: &inner, tail: true)
        return [.map([("mainActorRun", .list(steps, at: location(closure)))], at: location(call))]
    }

    /// `await x.m(a)`, `await m()` (implicit self), `await x?.m()`: `await: x.m` (`with:` the arguments), run on
    /// the method's executor (docs/scenario-format.md §7.13, "Methods on executors").
    mutating func awaitMethod(
        _ call: FunctionCallExprSyntax, in scope: Scope, result: String? = nil
    ) -> [LocatedNode] {
        let at = location(call)
        let receiver: String
        let method: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let global = globalCallee(ref.baseName.text, in: scope)  // a top-level function (+Globals.swift)
            let isOwnMethod = scope.className.flatMap { classes[$0]?.methods[ref.baseName.text] } != nil
            guard global != nil || (isOwnMethod && scope.locals["self"] != nil) else {
                unsupported("`await \(ref.baseName.text)(…)`", insteadOfConcurrencyAPI(ref.baseName.text), at: call)
                return []
            }
            (receiver, method) = (global.map { "shared \($0)" } ?? "self", ref.baseName.text)
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard let lowered = expression(base, in: scope) else { return [] }
            // A receiver of unknown type (a name of main: seen from an action) is left to the compiler's checks.
            let known: Bool =
                if case .object(let cls) = lowered.type {
                    classes[cls]?.methods[member.declName.baseName.text] != nil
                } else { lowered.type == .unknown }
            guard known else {
                unsupported(
                    "`await \(call.calledExpression.trimmedDescription)(…)`",
                    insteadOfConcurrencyAPI(call.calledExpression.trimmedDescription), at: call)
                return []
            }
            (receiver, method) = (lowered.text, member.declName.baseName.text)
        } else {
            unsupported("this awaited call", "await a method of a scenario class: `await model.refresh()`", at: call)
            return []
        }
        if call.trailingClosure != nil {
            unsupported("a closure passed to a method", "methods take values, not closures", at: call)
            return []
        }
        // A payload enum's or a struct's places, a `Result`'s parts (SwiftLowering+PayloadEnumFlow.swift).
        guard let (before, arguments, after) = awaitedArguments(call, method: method, in: scope) else { return [] }
        var extra: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        if let result { extra.append(("result", .plain(result, at: at))) }
        return before + [.step("await", "\(receiver).\(method)", at: at, extra)] + after
    }

    /// The type `await x.m()` gives: what `m` returns, by the receiver's class when it is known, else by the one
    /// return type every method of that name in the file declares.
    func awaitedType(_ value: ExprSyntax, in scope: Scope) -> LoweredType {
        if let read = awaitedReadLoweredType(value, in: scope) { return read }  // SwiftLowering+ActorReads.swift
        guard let call = value.as(AwaitExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else {
            return .unknown
        }
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let g = globalCallee(ref.baseName.text, in: scope)
        {
            return classes[g]?.returns[ref.baseName.text] ?? .unknown  // a top-level function (+Globals.swift)
        }
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self), let cls = scope.className {
            return classes[cls]?.returns[ref.baseName.text] ?? .unknown
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .unknown }
        let name = member.declName.baseName.text
        var copy = self
        if let base = member.base, case .object(let cls)? = copy.quietType(base, in: scope) {
            return classes[cls]?.returns[name] ?? .unknown
        }
        let types = Set(classes.values.compactMap { $0.returns[name].map { "\($0)" } })
        guard types.count == 1 else { return .unknown }
        return classes.values.compactMap { $0.returns[name] }.first ?? .unknown
    }

    /// `let n = await counter.increment()`, `self.total = await model.load(3)`: the awaited method's value into
    /// `place` (`await:` with `result:`), stored when the await ends, back on the caller's executor. Nil when
    /// `value` awaits no call of a method of the file.
    mutating func awaitedValue(_ value: ExprSyntax, place: String, in scope: Scope) -> [LocatedNode]? {
        if let read = awaitedRead(value, place: place, in: scope) { return read }  // SwiftLowering+ActorReads.swift
        guard let awaited = value.as(AwaitExprSyntax.self),
            let call = awaited.expression.as(FunctionCallExprSyntax.self)
        else { return nil }
        let name =
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name, classes.values.contains(where: { $0.methods[name] != nil }) else { return nil }
        if case .value(let s) = awaitedType(value, in: scope), structs[s] != nil, payloadEnums[s] == nil {
            // a struct: its parts unpacked where it is stored (SwiftLowering+AsyncStructReturns.swift)
            guard classes.values.contains(where: { $0.structPartReturns.contains(name) }) else {
                unsupported(
                    "an awaited call of `\(name)(…)`, which returns the struct `\(s)`",
                    "the caller hops back after the return, where another call may overwrite the value; make the "
                        + "method `async` (`func \(name)(…) async -> \(s)`), or call it where no `await` is needed",
                    at: call)
                return []
            }
            return nil
        }
        // an array of structs: its parallel arrays unpacked where it is stored (SwiftLowering+StructArrayReturns.swift)
        if structArrayElement(awaitedType(value, in: scope)) != nil { return nil }
        guard classes.values.contains(where: { $0.returns[name] != nil }) else {
            unsupported(
                "the value of `await \(call.calledExpression.trimmedDescription)(…)`, a method that returns nothing",
                "write the awaited call as a statement of its own", at: awaited)
            return []
        }
        return awaitMethod(call, in: scope, result: place)  // outside an async context: the compiler's task.not-async
    }

    // MARK: Loops and advice

    /// The `while` statement `item` is, when it contains a `return` outside any closure: ending the body, its
    /// `return` leaves the loop and then the body, as a `break` does (`guard let self else { return }` in a
    /// task's loop, the fix of the Task retain cycle).
    func tailLoop(_ item: CodeBlockItemSyntax) -> SyntaxIdentifier? {
        guard let w = item.item.as(WhileStmtSyntax.self) else { return nil }
        return ReturnFinder.finds(in: w.body) ? w.id : nil
    }

    /// What to write instead of a concurrency API outside the subset.
    func insteadOfConcurrencyAPI(_ text: String) -> String {
        if text.contains("Continuation") {
            return "a continuation is made with `await withCheckedContinuation { continuation in … }` (or "
                + "`withUnsafeContinuation`, `try await withChecked…ThrowingContinuation`) and resumed with "
                + "`resume(returning:)`, `resume()` or `resume(throwing:)`"
        }
        if text.hasPrefix("Async") {
            return "LoopSim models `AsyncStream(Int.self) { continuation in … }`, `AsyncStream.makeStream(of:)` and "
                + "`for await` over them (section \"AsyncStream and for await\"); other AsyncSequences are not "
                + "modelled: feed an AsyncStream, or loop with `while !Task.isCancelled { … try await "
                + "Task.sleep(for: …) }`"
        }
        if text.contains("ThrowingTaskGroup") {
            return "a throwing task group is not modelled: write `await withTaskGroup(of: Void.self) { group in … }` "
                + "and catch inside each child task"
        }
        return "LoopSim lowers `Task { }`, `Task.detached`, `Task.sleep`, `Task.yield`, `Task.checkCancellation`, "
            + "`Task.isCancelled`, `task.cancel()`, `await task.value`, `MainActor.run`, `withTaskGroup` and "
            + "`await` of the scenario's own async, actor or @MainActor methods (docs/swift-scenarios.md, "
            + "\"Swift concurrency\")"
    }

    /// What to write instead of `async let` (SE-0317): a child task the language has no step for.
    func insteadOfAsyncLet() -> String {
        "`async let` is not modelled: make the child work a `group.addTask { … }` of "
            + "`await withTaskGroup(of: Void.self) { group in … }`, storing its result in a field"
    }
}
