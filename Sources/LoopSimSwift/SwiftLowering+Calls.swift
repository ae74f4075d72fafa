import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// A call used as a statement: a framework API of the subset (docs/swift-scenarios.md, "APIs"), or a method of a
    /// scenario class (`call:`).
    mutating func callStatement(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode] {
        let at = location(call)
        if let steps = localFunctionCall(call, in: &scope) { return steps }  // SwiftLowering+LocalFunctions.swift
        if let steps = setCall(call, in: &scope) { return steps }  // SwiftLowering+Sets.swift
        if let steps = dictionaryCall(call, in: &scope) { return steps }  // SwiftLowering+Dictionaries.swift
        if let steps = arrayCall(call, in: &scope) { return steps }  // SwiftLowering+Arrays.swift
        if let steps = structMethodCall(call, in: &scope) { return steps }  // SwiftLowering+Structs.swift
        if let steps = delegatingInitializer(call, in: scope) { return steps }
        if let steps = threadSubclassCall(call, in: scope) { return steps }  // SwiftLowering+ThreadSubclass.swift
        if let steps = operationSubclassCall(call, in: scope) { return steps }  // +OperationSubclass.swift
        if let steps = applicationCall(call, in: scope) { return steps }  // SwiftLowering+AppLifecycle.swift
        if let made = creationStep(call, place: nil, in: scope) { return made.steps }
        if let made = frameworkCreation(call, place: nil, in: &scope) { return made.steps }
        if let steps = concurrencyCall(call, in: &scope) { return steps }
        if let steps = foundationStatement(call, in: &scope) { return steps }
        if let steps = controlCall(call, in: scope) { return steps }  // SwiftLowering+Controls.swift
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let steps = childViewCall(base, member.declName.baseName.text, call, in: scope)
        {
            return steps  // `view.addSubview(child.view)`: SwiftLowering+Containment.swift
        }
        if let steps = displayStateCall(call, in: scope) { return steps }  // SwiftLowering+DisplayState.swift
        if let steps = viewAnimation(call, in: &scope) { return steps }  // SwiftLowering+ViewAnimations.swift
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            switch name {
            case "print": return [printStep(call, in: scope)]
            case "NSLog", "debugPrint", "fatalError", "precondition", "preconditionFailure", "assert",
                "assertionFailure":
                return idiomCall(name, call, in: scope) ?? []
            case "autoreleasepool":
                // `autoreleasepool { … }` runs its body at once, on this thread (Swift's ObjectiveC overlay,
                // `autoreleasepool(invoking:)`); the pool's drain is not modelled (docs/fidelity.md).
                guard call.arguments.isEmpty, let body = call.trailingClosure, body.signature == nil else {
                    unsupported("this `autoreleasepool`", "write `autoreleasepool { … }` with its body", at: call)
                    return []
                }
                var inner = scope
                inner.isInlineClosure = true
                return lowerStatements(body.statements, in: &inner, tail: false)
            case "CFRunLoopRun": return [.plain("CFRunLoopRun", at: at)]
            case "CFRunLoopStop", "CFRunLoopWakeUp":
                guard let argument = call.arguments.first?.expression,
                    let loop = expression(argument, in: scope)
                else { return [] }
                return [.step(name, loop.text, at: at)]
            default:
                if let steps = uikitBareCall(name, call, in: &scope) { return steps }
                if let cls = scope.className, classes[cls]?.methods[name] != nil, scope.locals["self"] != nil {
                    return methodCall(scope.locals["self"]?.text("self") ?? "self", cls, name, call, in: scope)
                }
                if isGlobalFunction(name, in: scope) {  // `show(r)`: a top-level function (+Globals.swift)
                    return methodCall("shared \(globalsClass)", globalsClass, name, call, in: scope)
                }
                if classes[name] != nil {
                    unsupported(
                        "an object created and dropped at once", "keep it: `let x = \(name)()`", at: call)
                    return []
                }
                return unknownAPI(call)
            }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return unknownAPI(call)
        }
        let name = member.declName.baseName.text
        if let method = frameworkStaticCallee(base, name, in: scope) {  // `Timer.helper(…)`: +FrameworkStatics.swift
            return methodCall("shared \(globalsClass)", globalsClass, method, call, in: scope)
        }
        if let made = base.as(FunctionCallExprSyntax.self), let steps = callOnTemporary(made, name, call, in: scope) {
            return steps
        }
        if base.is(SuperExprSyntax.self) {
            if let steps = uikitSuperCall(name, call, in: scope) { return steps }
            // `super.init()` of an NSObject subclass: NSObject's init does nothing the model follows.
            if name == "init", call.arguments.isEmpty, scope.kind == .method { return [] }
            unsupported("`super.\(name)(…)`", "a scenario class has no superclass but NSObject", at: call)
            return []
        }
        if let scenarioName, base.as(DeclReferenceExprSyntax.self)?.baseName.text == scenarioName {
            return userGesture(name, call, in: scope)
        }
        if isDefaultCenter(base) { return notificationCall(call, token: nil, in: scope) }
        if let steps = uikitMemberCall(base, name, call, in: &scope) { return steps }
        if let queue = queueName(base, in: scope) {
            if let steps = workItemQueueCall(queue, name, call, in: scope) { return steps }  // +WorkItems.swift
            return dispatchStep(queue, name, call, in: scope)
        }
        if let loop = namedRunLoop(base) ?? currentRunLoopLocal(base, in: scope) ?? runLoopProperty(base, in: scope) {
            switch name {
            case "run" where loop == "current runloop": return runStep(call, in: scope)
            case "add":
                let arguments = Array(call.arguments)
                guard arguments.count == 2, arguments[1].label?.text == "forMode",
                    let timer = expression(arguments[0].expression, in: scope),
                    let mode = modeName(arguments[1].expression)
                else { return unknownAPI(call) }
                return [
                    .step(
                        "addTimer", timer.text, at: at,
                        [("to", .plain(loop, at: at)), ("mode", .plain(mode, at: at))])
                ]
            case "perform": return runLoopPerform(loop, call, in: scope)  // SwiftLowering+RunLoopObservers.swift
            default: return unknownAPI(call)
            }
        }
        guard let receiver = expression(base, in: scope) else { return [] }
        switch receiver.type {
        case .object(let cls) where classes[cls]?.methods[name] != nil:
            return methodCall(receiver.text, cls, name, call, in: scope)
        case .object(let cls)
        where Self.viewOverrides.contains(name) && call.arguments.isEmpty && call.trailingClosure == nil
            && classes[cls]?.superclass.map({ $0 != "UIViewController" }) == true:
            // `cell.prepareForReuse()` of a cell that does not override it: UIKit's own implementation, which
            // resets nothing the model follows (the table view, the cell's views) — UITableViewCell's documentation.
            return []
        case .object(let cls) where inheritedViewMethod(cls, name) != nil:
            return inheritedViewCall(cls, name, call, in: scope)  // SwiftLowering+ViewMethods.swift
        case .object(let cls) where synthesizedAlertClass(cls):
            unsupported(
                "`\(cls).\(name)`", Self.alertAdvice, at: member)  // SwiftLowering+Alerts.swift
            return []
        case .object(let cls):
            bag.error(
                .nameUndefined, "`\(cls)` has no method `\(name)`; declare `func \(name)()` in the class",
                at: location(member.declName))
            return []
        case .conformer(let p) where everyConformer(of: p, declares: name):
            // The conformers agree on the requirement's parameters: the first one's types check the arguments.
            return methodCall(receiver.text, protocols[p]?.first ?? "", name, call, in: scope)
        case .conformer(let p):
            bag.error(
                .nameUndefined,
                "not every class conforming to `\(p)` has a method `\(name)`; declare it in the protocol and in "
                    + "each class", at: location(member.declName))
            return []
        case .runLoop where name == "perform":
            return runLoopPerform(receiver.text, call, in: scope)  // `worker.loop?.perform { … }`
        case .semaphore where call.arguments.isEmpty && ["wait", "signal"].contains(name):
            return [.step("dispatch_semaphore_\(name)", receiver.text, at: at)]
        case .group where call.arguments.isEmpty && ["enter", "leave", "wait"].contains(name):
            return [.step("dispatch_group_\(name)", receiver.text, at: at)]
        default:
            if call.arguments.isEmpty, call.trailingClosure == nil, name == "invalidate" || name == "fire" {
                return [.step(name, receiver.text, at: at)]
            }
            return unknownAPI(call)
        }
    }

    /// `Seeder().run()`: a new object of a scenario class as the receiver, held by a temporary for the call and
    /// released at the statement's end, as Swift releases an unused +1 result. Nil when `made` makes no such object.
    private mutating func callOnTemporary(
        _ made: FunctionCallExprSyntax, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode]? {
        guard let callee = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            classes[callee] != nil
        else { return nil }
        let at = location(made)
        let temporary = Self.temporaryName("new\(callee)", at: at)
        var steps: [LocatedNode]
        if initializedClass(made) != nil {
            guard let (making, _) = initializedLocal(made, name: temporary, declared: temporary, in: scope) else {
                return []
            }
            steps = making
        } else if made.arguments.isEmpty, made.trailingClosure == nil {
            steps = [.step("let", "\(temporary) = new \(callee)", at: at)]
        } else {
            return nil
        }
        guard classes[callee]?.methods[name] != nil else {
            bag.error(
                .nameUndefined, "`\(callee)` has no method `\(name)`; declare `func \(name)()` in the class",
                at: location(call.calledExpression))
            return []
        }
        steps += methodCall(temporary, callee, name, call, in: scope)
        steps.append(.step("release", temporary, at: at))
        return steps
    }

    /// A call the subset does not know, named, with what to do instead.
    private mutating func unknownAPI(_ call: FunctionCallExprSyntax) -> [LocatedNode] {
        let text = call.calledExpression.trimmedDescription
        unsupported("`\(text)(…)`", insteadOfAPI(text), at: call)
        return []
    }

    /// What to write instead of the API named in `text`.
    func insteadOfAPI(_ text: String) -> String {
        if let advice = Self.foundationAdvice(text) { return advice }
        if text.contains("URLSession") || text.contains("dataTask") {
            return "model the reply with `DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(N)) { … }`"
        }
        if text.contains("sink") || text.contains("Publisher") || text.contains("publisher") {
            return "Combine is not modelled; write the timer or queue the publisher wraps"
        }
        if let advice = uikitAdvice(text) { return advice }
        if text.hasPrefix("Task") || text.contains("TaskGroup") || text.contains("MainActor")
            || text.contains("Continuation") || text.hasPrefix("Async")
        {
            return insteadOfConcurrencyAPI(text)
        }
        return "LoopSim models Timer, RunLoop, CFRunLoop, DispatchQueue, DispatchSemaphore, DispatchGroup, "
            + "print and the scenario's own classes"
    }

    /// `receiver.method(args)`: `call: receiver.method` with `with:` the arguments in order. A closure written as
    /// an argument (`loader.load { ok in … }`, `load(completion: { … })`) is a block made into a temporary local
    /// before the call and released after it (SwiftLowering+ClosureValues.swift).
    mutating func methodCall(
        _ receiver: String, _ className: String, _ method: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let types = classes[className]?.methodParameterTypes[method] ?? []
        guard
            let (before, arguments, after) = callArguments(
                call, types: types, callee: "`\(className).\(method)`",
                defaults: classes[className]?.methodParameterDefaults[method],
                skipping: classes[className]?.viewParameterPositions[method] ?? [], in: scope)
        else { return [] }
        let extra: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        return before + [.step("call", "\(receiver).\(method)", at: at, extra)] + after
    }

    /// A call's arguments as `with:` items, for a method or init of the file's classes whose parameters are of
    /// `types`. A closure written as an argument (trailing, labelled, several) is a temporary block: `before`
    /// makes it, `after` releases it once the call returns. Nil after a reported problem.
    mutating func callArguments(
        _ call: FunctionCallExprSyntax, types: [LoweredType], callee: String,
        defaults: [(label: String, value: ExprSyntax?)]? = nil, skipping: Set<Int> = [], in scope: Scope
    ) -> (before: [LocatedNode], arguments: [LocatedNode], after: [LocatedNode])? {
        var arguments: [LocatedNode] = []
        var before: [LocatedNode] = []
        var after: [LocatedNode] = []
        var expressions = call.arguments.map(\.expression)
        if let trailing = call.trailingClosure { expressions.append(ExprSyntax(trailing)) }
        expressions += call.additionalTrailingClosures.map { ExprSyntax($0.closure) }
        if let defaults, call.trailingClosure == nil {
            // `refresh()` of `func refresh(attempt: Int = 1)`: each parameter the call leaves out takes its default
            // value, matched by label in order, as Swift matches them (the Swift book, "Functions" › "Default
            // Parameter Values"); the default is a literal or a constant, the same wherever it is evaluated.
            var given = Array(call.arguments)
            var filled: [ExprSyntax] = []
            for parameter in defaults {
                if let next = given.first, (next.label?.text ?? "_") == parameter.label {
                    filled.append(next.expression)
                    given.removeFirst()
                } else if let value = parameter.value {
                    filled.append(value)
                } else {
                    break
                }
            }
            expressions = filled + given.map(\.expression)
        }
        if !skipping.isEmpty {
            // An init's `DispatchQueue` parameters: named statically, passed as no value (+QueueParameters.swift).
            expressions = expressions.enumerated().filter { !skipping.contains($0.offset) }.map(\.element)
        }
        for (i, e) in expressions.enumerated() {
            if let closure = e.as(ClosureExprSyntax.self) {
                guard i < types.count, case .closure(let parameterTypes) = types[i] else {
                    unsupported(
                        "a closure passed where \(callee) takes no closure",
                        "declare the parameter with a closure type: `completion: @escaping (Bool) -> Void`", at: e)
                    return nil
                }
                let temporary = Self.temporaryName("closure", at: location(closure))
                let made = closureValueSteps(closure, place: temporary, types: parameterTypes, in: scope)
                guard !made.isEmpty else { return nil }
                before += made
                after.append(.step("release", temporary, at: location(closure)))
                arguments.append(.plain(temporary, at: location(closure)))
                continue
            }
            if i < types.count, case .result = types[i] {  // SwiftLowering+Result.swift: its two parts
                guard let parts = resultArgument(e, types[i], in: scope) else { return nil }
                arguments += parts.map { .plain($0, at: location(e)) }
                continue
            }
            if i < types.count, let s = structArrayElement(types[i]) {  // SwiftLowering+StructArrayValues.swift
                guard let made = structArrayArguments(e, struct: s, in: scope) else { return nil }
                arguments += made
                continue
            }
            if i < types.count, case .value(let s) = types[i] {
                // A struct: one argument per stored property (SwiftLowering+Structs.swift).
                guard let made = structArguments(e, struct: s, in: scope) else { return nil }
                before += made.before
                arguments += made.arguments
                after += made.after
                continue
            }
            guard let value = expression(e, in: scope) else { return nil }
            arguments.append(.plain(value.text, at: location(e)))
        }
        return (before, arguments, after)
    }

    /// The queue `base` names: `DispatchQueue.main` → `main`, `DispatchQueue.global()` → `global`, a top-level
    /// `DispatchQueue(label:)` by its name.
    func queueName(_ base: ExprSyntax, in scope: Scope) -> String? {
        if let queue = propertyQueueName(base, in: scope) { return queue }
        if let ref = base.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil,
            let queue = queueParameters[ref.baseName.text]
        {
            return queue  // `init(queue: DispatchQueue = .main)`'s `queue` (SwiftLowering+QueueParameters.swift)
        }
        if let member = base.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue",
            member.declName.baseName.text == "main"
        {
            return "main"
        }
        if let call = base.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue",
            member.declName.baseName.text == "global"
        {
            return "global"
        }
        if let ref = base.as(DeclReferenceExprSyntax.self), queueNames.contains(ref.baseName.text),
            scope.locals[ref.baseName.text] == nil
        {
            return ref.baseName.text
        }
        return nil
    }

    /// `queue.async { }`, `queue.asyncAfter(deadline: .now() + D) { }`, `queue.sync { }`.
    private mutating func dispatchStep(
        _ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let closure =
            call.trailingClosure
            ?? call.arguments.first(where: { $0.label?.text == "execute" })?.expression.as(ClosureExprSyntax.self)
        guard let closure else {
            unsupported("`\(name)` without a closure", "pass the block as a trailing closure", at: call)
            return []
        }
        var extra: [(String, LocatedNode)] = []
        let verb: String
        switch name {
        case "async": verb = "dispatch_async"
        case "sync":
            verb = "dispatch_sync"
            if let flags = call.arguments.first(where: { $0.label?.text == "flags" }) {
                // `sync(flags: .barrier)`: `dispatch_barrier_sync`; other flags change how the block runs
                guard flags.expression.trimmedDescription == ".barrier" else {
                    unsupported(
                        "these flags", "write `sync(flags: .barrier) { … }` or `sync { … }`", at: flags.expression)
                    return []
                }
                return lowerClosure(closure, in: scope, parameters: 0).map {
                    [.step("dispatch_barrier_sync", queue, at: at, $0)]
                } ?? []
            }
        case "asyncAfter":
            verb = "dispatch_after"
            guard let deadline = deadlineArgument(call),
                let delay = delayFromNow(deadline, in: scope)
            else {
                unsupported(
                    "this deadline",
                    "write `deadline: .now() + 2` or `.now() + .milliseconds(500)` (`wallDeadline:` likewise)", at: call
                )
                return []
            }
            extra.append(("delay", .plain(delay, at: location(deadline))))
            if isWallDeadline(call) { extra.append(("wall", .plain("true", at: location(deadline)))) }
        default:
            return unknownAPI(call)
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        return [.step(verb, queue, at: at, extra + block)]
    }

    /// The deadline of `asyncAfter(deadline:…)` or `asyncAfter(wallDeadline:…)` (a `DispatchWallTime`: on the
    /// wall clock, `dispatch_after:` with `wall: true`, which goes on while the device sleeps).
    func deadlineArgument(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first(where: { $0.label?.text == "deadline" || $0.label?.text == "wallDeadline" })?.expression
    }

    /// Whether the call's deadline is `wallDeadline:` (a `DispatchWallTime`).
    func isWallDeadline(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { $0.label?.text == "wallDeadline" }
    }

    /// `.now() + D`: D as a duration.
    mutating func delayFromNow(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let now = elements[0].as(FunctionCallExprSyntax.self),
            now.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "now"
        else { return nil }
        // `.now() + delay * 2`: `+` binds looser than `*`, and `(now + a) - b` is `now + (a - b)`
        if elements.count > 3 { return durationExpression(Array(elements[2...]), in: scope) }
        return duration(elements[2], in: scope)
    }

    /// `RunLoop.current` → `current runloop`, `RunLoop.main` → `main runloop` (the run steps run only the current
    /// thread's loop; `add(_:forMode:)` takes either).
    func namedRunLoop(_ e: ExprSyntax) -> String? {
        guard let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "RunLoop"
        else { return nil }
        switch member.declName.baseName.text {
        case "current": return "current runloop"
        case "main": return "main runloop"
        default: return nil
        }
    }

    /// What the user does, inside `scenario.at(…) { … }`: `scenario.scroll(.seconds(2), decelerate: .seconds(1))`,
    /// a drag of a scroll view (docs/scenario-format.md §7.8, `scroll:`).
    private mutating func userGesture(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]
    {
        if name == "sample" { return sampleStep(call, in: scope) }
        if Self.appActionNames.contains(name) {
            refuseMixedAppAction(name, at: call)  // SwiftLowering+AppLifecycle.swift
            return []
        }
        guard name == "scroll" else {
            scenarioError("inside an action, a Scenario has `scroll(_:decelerate:)`; `\(name)` is not one", at: call)
            return []
        }
        guard scope.kind == .action else {
            scenarioError("`scenario.scroll` is what the user does: call it inside `scenario.at(…) { … }`", at: call)
            return []
        }
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label == nil, let drag = duration(first.expression) else {
            scenarioError("scroll takes the drag's duration first: `scenario.scroll(.seconds(2))`", at: call)
            return []
        }
        var extra: [(String, LocatedNode)] = []
        var delegate: String?
        for argument in arguments.dropFirst() {
            if argument.label?.text == "in", delegate == nil {
                // The scroll view the user drags, whose delegate gets the drag's callbacks (+ViewDelegates.swift).
                guard let field = scrollDelegateArgument(argument.expression, in: scope) else { return [] }
                delegate = field
                continue
            }
            guard argument.label?.text == "decelerate", delegate == nil, let d = duration(argument.expression) else {
                scenarioError(
                    "scroll takes `decelerate:` after the drag, a duration, then `in:` the scroll view", at: argument)
                return []
            }
            extra.append(("decelerate", .plain(d, at: location(argument.expression))))
        }
        if delegate == nil {
            guard let implicit = implicitScrollDelegate(in: scope, at: call) else { return [] }
            delegate = implicit
        }
        if let delegate, !delegate.isEmpty { extra.append(("delegate", .plain(delegate, at: location(call)))) }
        return [.step("scroll", drag, at: location(call), extra)]
    }

    /// `RunLoop.current.run()`, `.run(until:)`, `.run(mode:before:)` (docs/scenario-format.md §7.4); `result` is the
    /// place `run(mode:before:)`'s `Bool` goes (SwiftLowering+RunLoopValues.swift).
    mutating func runStep(_ call: FunctionCallExprSyntax, in scope: Scope, result: String? = nil) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        if result != nil, arguments.count != 2 || arguments[0].label?.text != "mode" {
            unsupported("this run call as a value", "`run(mode:before:)` returns a `Bool`", at: call)
            return []
        }
        if arguments.isEmpty { return [.plain("run", at: at)] }
        if arguments.count == 1, arguments[0].label?.text == "until" {
            guard let limit = dateFromNow(arguments[0].expression, in: scope), limit != "distantFuture" else {
                unsupported("this date", "write `Date(timeIntervalSinceNow: 5)`", at: arguments[0])
                return []
            }
            return [.step("runUntil", limit, at: at)]
        }
        if arguments.count == 2, arguments[0].label?.text == "mode", arguments[1].label?.text == "before",
            let mode = modeName(arguments[0].expression), let before = dateFromNow(arguments[1].expression, in: scope)
        {
            var extra: [(String, LocatedNode)] = [("before", .plain(before, at: location(arguments[1])))]
            if let result { extra.append(("result", .plain(result, at: at))) }
            return [.step("runMode", mode, at: at, extra)]
        }
        unsupported(
            "this run call",
            "write `run()`, `run(until: Date(timeIntervalSinceNow: N))` or "
                + "`run(mode: .default, before: .distantFuture)`", at: call)
        return []
    }

    /// `.distantFuture` → `distantFuture`; `Date(timeIntervalSinceNow: N)` → `Ns`.
    private mutating func dateFromNow(_ e: ExprSyntax, in scope: Scope) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "distantFuture" {
            return "distantFuture"
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date",
            call.arguments.count == 1, call.arguments.first?.label?.text == "timeIntervalSinceNow",
            let argument = call.arguments.first?.expression
        {
            return duration(argument, in: scope)
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "addingTimeInterval", call.arguments.count == 1,
            let base = member.base?.as(FunctionCallExprSyntax.self), base.arguments.isEmpty,
            base.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date",
            let argument = call.arguments.first?.expression
        {
            return duration(argument, in: scope)  // `Date().addingTimeInterval(t)`: t from now
        }
        return nil
    }

    /// A run-loop mode: `.default`, `.common`, `.tracking`, `RunLoop.Mode("name")`.
    mutating func modeName(_ e: ExprSyntax) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.text {
            case "default", "defaultMode": return "default"
            case "common", "commonModes": return "common"
            case "tracking": return "tracking"
            default: break
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let name = plainString(call.arguments.first!.expression)
        {
            return name
        }
        unsupported("this mode", "write `.default`, `.common`, `.tracking` or `RunLoop.Mode(\"name\")`", at: e)
        return nil
    }
}

extension LocatedNode {
    /// The step with its verb's argument replaced by `text` (kept exactly, as a log's text is).
    func replacingArgument(_ text: String) -> LocatedNode {
        guard case .mapping(var m) = self, !m.entries.isEmpty, case .scalar(var s) = m.entries[0].value else {
            return self
        }
        s.text = text
        m.entries[0].value = .scalar(s)
        return .mapping(m)
    }
}
