import LoopSimKernel

extension DiagnosticID {
    /// An `await` (`taskSleep:`, `mainActorRun:`) or `checkCancellation:` outside a task's closure: Swift allows
    /// `await` only in an async context.
    public static let taskNotAsync: DiagnosticID = "task.not-async"
    /// `await:` of a method that is neither async nor isolated to an actor: nothing to await.
    public static let awaitNotAsync: DiagnosticID = "await.not-async"
    /// `call:` of an async method, or of an actor's method from outside the actor: Swift needs `await`.
    public static let awaitMissing: DiagnosticID = "await.missing"
}

extension ScenarioCompiler {
    /// The Swift concurrency verbs (docs/scenario-format.md §7.13), run by the kernel's `Tasks`.
    static let concurrencyVerbs: [StepVerb] = [
        StepVerb("task", keys: ["detached", "actor", "child", "captures", "returns", "do"]) { c, s in
            let detached = s.map["detached"].flatMap { c.bool($0, what: "detached") } ?? false
            // `child: true`: an `async let`'s child task, which the running task's cancellation reaches.
            let child = s.map["child"].flatMap { c.bool($0, what: "child") } ?? false
            var actor: TaskExecutor?
            if let node = s.map["actor"] {
                switch node.scalar?.text {
                case "main", "MainActor": actor = .mainActor
                case "none", "nonisolated": actor = .global
                default:
                    c.bag.error(
                        .valueInvalid,
                        "actor: is main (`Task { @MainActor in … }`) or none (a nonisolated closure)",
                        at: node.location)
                    return []
                }
            }
            // `Task { … return v }`: the closure returns the task's value, `awaitTask:` with `result:` reads it.
            guard
                let returnType = c.valueTypeKey(
                    s.map["returns"], "returns: is the task's value type: int, bool, string or a class")
            else { return [] }
            guard
                let closure = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, isAsync: true,
                    returnType: returnType)
            else { return [] }
            var into: LValue?
            var label = "task"
            if !(s.arg.isNull || s.arg.scalar?.text == "") {
                guard let (place, type) = c.lvalue(s.arg, scope: s.scope, declare: .anyObject) else { return [] }
                if !type.isObject {
                    c.bag.error(.exprType, "a task is an object, not \(type)", at: s.arg.location)
                    return []
                }
                into = place
                label = s.arg.scalar?.text.split(separator: ".").last.map(String.init) ?? "task"
            }
            return [
                .perform(
                    MakeTaskStep.make(
                        closure: closure, detached: detached, actor: actor, into: into, label: label, child: child))
            ]
        },
        StepVerb("taskSleep", keys: ["throwing"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            guard let delay = c.durationArgument(s.arg, what: "taskSleep", scope: s.scope) else { return [] }
            let throwing = s.map["throwing"].flatMap { c.bool($0, what: "throwing") } ?? false
            return [.perform(TaskSleepStep.make(delay: delay.spec, throwing: throwing))]
        },
        StepVerb("checkCancellation") { c, s in
            guard c.requireAsync(s) else { return [] }
            return [.perform(CheckCancellationStep())]
        },
        // `withTaskCancellationHandler { … } onCancel: { … }`: the handler installed on the running task for the
        // steps between the two (the operation's), as TaskCancellation.swift writes it (CancellationHandlers+Steps).
        StepVerb("addCancelHandler", keys: ["captures", "do"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            guard
                let closure = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            return [.perform(AddCancelHandlerStep.make(handler: closure))]
        },
        StepVerb("removeCancelHandler") { c, s in
            guard c.requireAsync(s) else { return [] }
            return [.perform(RemoveCancelHandlerStep())]
        },
        StepVerb("cancelTask") { c, s in
            guard let (task, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "cancelTask: takes a task handle, not \(type)", at: s.arg.location)
                return []
            }
            return [.perform(CancelTaskStep.make(task: task))]
        },
        StepVerb("await", keys: ["with", "result"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            return c.awaitCall(s).map { [$0] } ?? []
        },
        StepVerb("taskYield") { c, s in
            guard c.requireAsync(s) else { return [] }
            return [.perform(TaskYieldStep())]
        },
        StepVerb("awaitTask", keys: ["type", "result", "error"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            guard let (task, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "awaitTask: takes a task handle, not \(type)", at: s.arg.location)
                return []
            }
            // `let n = await task.value`: the value the task's closure returned, into `result:` (a new name
            // becomes a local of `type:`).
            var result: LValue?
            if let node = s.map["result"] {
                guard
                    let valueType = c.valueTypeKey(
                        s.map["type"], "type: is the task's value type: int, bool, string or a class")
                else { return [] }
                guard let (place, placeType) = c.lvalue(node, scope: s.scope, declare: valueType) else { return [] }
                if let valueType { c.checkAssignable(valueType, to: placeType, at: node.location) }
                result = place
            }
            // `try await task.value`: the error the task's closure threw into `error:` (a string place), nil when
            // it returned.
            var error: LValue?
            if s.map["error"] != nil {
                guard let place = c.typedPlaceKey(s.map["error"], .string, scope: s.scope) else { return [] }
                error = place
            }
            return [.perform(AwaitTaskStep.make(task: task, result: result, error: error))]
        },
        StepVerb("taskGroup") { c, s in
            guard c.requireAsync(s) else { return [] }
            guard let items = s.arg.sequence?.items, !items.isEmpty else {
                c.bag.error(
                    .typeMismatch, "taskGroup: is a list of child tasks, each `{captures: [...], do: [...]}`",
                    at: s.arg.location)
                return []
            }
            var children: [Expr] = []
            for item in items {
                guard let map = item.mapping else {
                    c.bag.error(.typeMismatch, "a child task is `{captures: [...], do: [...]}`", at: item.location)
                    return []
                }
                checkKeys(map, allowed: ["captures", "do"], required: ["do"], context: "child task", into: &c.bag)
                guard
                    let closure = c.blockLiteral(
                        captures: map["captures"], body: map["do"], at: item.location, scope: s.scope, isAsync: true)
                else { return [] }
                children.append(closure)
            }
            return [.perform(TaskGroupStep.make(children: children))]
        },
        StepVerb("withTaskGroup") { c, s in
            guard c.requireAsync(s) else { return [] }
            // `await withTaskGroup(of: Void.self) { group in … }` with statements in its body: the body is a
            // closure, so `break`, `continue` and `return` cannot leave it; the group waits for its children at
            // its end (SE-0304).
            let (depth, canReturn) = (s.scope.loopDepth, s.scope.canReturn)
            s.scope.loopDepth = 0
            s.scope.canReturn = false
            s.scope.groupDepth += 1
            let body = c.compileSteps(s.arg, scope: s.scope)
            s.scope.groupDepth -= 1
            (s.scope.loopDepth, s.scope.canReturn) = (depth, canReturn)
            return [.perform(TaskGroupBodyStep.make(open: true))] + body
                + [.perform(TaskGroupBodyStep.make(open: false))]
        },
        StepVerb("waitForAll") { c, s in
            guard s.scope.groupDepth > 0 else {
                c.bag.error(
                    .taskNotAsync, "waitForAll: waits for a task group's children: put it in a `withTaskGroup:`",
                    at: s.at)
                return []
            }
            return [.perform(TaskGroupWaitStep())]
        },
        StepVerb("groupNext", keys: ["type", "result", "found", "error"]) { c, s in
            // `let v = await group.next()`, `for await v in group`: a finished child's value into `result:` (a new
            // name becomes a local of `type:`), whether one was left into `found:` (a bool place).
            guard s.scope.groupDepth > 0 else {
                c.bag.error(
                    .taskNotAsync, "groupNext: takes a task group's next result: put it in a `withTaskGroup:`",
                    at: s.at)
                return []
            }
            if !(s.arg.isNull || s.arg.scalar?.text == "") {
                c.bag.error(
                    .typeMismatch, "groupNext: takes no value: write `- groupNext:` with `result:` and `found:`",
                    at: s.arg.location)
                return []
            }
            var result: LValue?
            if s.map["result"] != nil {
                guard
                    let valueType = c.valueTypeKey(
                        s.map["type"], "type: is the children's value type: int, bool, string or a class"),
                    let place = c.typedPlaceKey(s.map["result"], valueType, scope: s.scope)
                else { return [] }
                result = place
            }
            var found: LValue?
            if s.map["found"] != nil {
                guard let place = c.typedPlaceKey(s.map["found"], .bool, scope: s.scope) else { return [] }
                found = place
            }
            // `try await group.next()`: a child's error into `error:` (a string place), nil when it returned.
            var error: LValue?
            if s.map["error"] != nil {
                guard let place = c.typedPlaceKey(s.map["error"], .string, scope: s.scope) else { return [] }
                error = place
            }
            return [
                .perform(TaskGroupNextStep.make(take: false)),
                .perform(TaskGroupNextStep.make(take: true, result: result, found: found, error: error)),
            ]
        },
        StepVerb("addTask", keys: ["captures", "returns", "do"]) { c, s in
            guard s.scope.groupDepth > 0 else {
                c.bag.error(
                    .taskNotAsync, "addTask: adds a child to a task group: put it in the steps of a `withTaskGroup:`",
                    at: s.at)
                return []
            }
            if !(s.arg.isNull || s.arg.scalar?.text == "") {
                c.bag.error(
                    .typeMismatch, "addTask: takes no value: write `- addTask:` with `do: [...]` beside it",
                    at: s.arg.location)
                return []
            }
            // `group.addTask { … return v }`: the child's value, which `groupNext:` takes.
            guard
                let returnType = c.valueTypeKey(
                    s.map["returns"], "returns: is the child's value type: int, bool, string or a class")
            else { return [] }
            guard
                let closure = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, isAsync: true,
                    returnType: returnType)
            else { return [] }
            return [.perform(AddTaskStep.make(closure: closure))]
        },
        StepVerb("mainActorRun") { c, s in
            guard c.requireAsync(s) else { return [] }
            // The closure's body runs where the task's code runs, between a hop to the main actor and one back.
            // `MainActor.run`'s body is a synchronous closure (`body: @MainActor () throws -> T`, SE-0316): no
            // await in it.
            s.scope.isAsync = false
            let body = c.compileSteps(s.arg, scope: s.scope)
            s.scope.isAsync = true
            return [.perform(MainActorRunStep.make(enter: true))] + body
                + [.perform(MainActorRunStep.make(enter: false))]
        },
    ]

    /// Whether the step is in an async context (a task's closure); reports `task.not-async` when it is not.
    func requireAsync(_ s: StepSite) -> Bool {
        if s.scope.isAsync { return true }
        bag.error(
            .taskNotAsync,
            "\(s.verb) awaits, and only a task's closure is async here: put it in the do: of a `task:` step",
            at: s.at)
        return false
    }
}

extension ScenarioCompiler {
    /// `actor: true` (an `actor` declaration) or `mainActor: true` (`@MainActor class`) on class `c`.
    func declareIsolation(_ c: Int, _ decl: LocatedNode.Mapping) {
        let isActor = decl["actor"].flatMap { bool($0, what: "actor") } ?? false
        let isMain = decl["mainActor"].flatMap { bool($0, what: "mainActor") } ?? false
        if isActor && isMain, let node = decl["mainActor"] {
            bag.error(
                .valueInvalid, "a class is an actor or @MainActor, not both: an actor has its own executor",
                at: node.location)
        }
        program.classes[c].isolation = isActor ? .actor : isMain ? .mainActor : .nonisolated
    }

    /// A method's `async:`, `mainActor:` and `nonisolated:` (only in its mapping form).
    func methodTraits(_ node: LocatedNode) -> MethodTraits {
        guard let map = node.mapping else { return MethodTraits() }
        let traits = MethodTraits(
            isAsync: map["async"].flatMap { bool($0, what: "async") } ?? false,
            isMainActor: map["mainActor"].flatMap { bool($0, what: "mainActor") } ?? false,
            isNonisolated: map["nonisolated"].flatMap { bool($0, what: "nonisolated") } ?? false)
        if traits.isMainActor && traits.isNonisolated, let node = map["nonisolated"] {
            bag.error(
                .valueInvalid, "a method is @MainActor or nonisolated, not both: leave one out", at: node.location)
        }
        return traits
    }

    /// `await: receiver.method` (`with:` its arguments): a call that runs on the callee's executor.
    func awaitCall(_ s: StepSite) -> Step? {
        guard let scalar = s.arg.scalar, case .success(let parsed) = ExpressionParser.parse(scalar.text),
            case .member(let base, let method, let column) = parsed
        else {
            bag.error(
                .stepShape, "write `await: receiver.method`, e.g. `await: self.model.refresh`", at: s.arg.location)
            return nil
        }
        guard let (receiver, type) = typed(base, scope: s.scope, scalar: scalar, offset: 0) else { return nil }
        guard case .object(let receiverClass, _) = type else {
            bag.error(
                .exprType, "methods are awaited on instances of scenario classes, not on \(type)", at: s.arg.location)
            return nil
        }
        let c = receiverClass
        let info = program.classes[c]
        guard let m = classMethods[c].firstIndex(of: method) else {
            bag.error(
                .nameUndefined, "\(info.name) has no method '\(method)'" + suggestion(method, classMethods[c]),
                at: location(in: scalar, offset: column))
            return nil
        }
        guard let isolation = info.isolation(of: m) else {
            bag.error(
                .awaitNotAsync,
                "\(info.name).\(method) is neither async nor isolated to an actor: there is nothing to await; "
                    + "use `call:`, or declare it `{async: true, do: [...]}`",
                at: location(in: scalar, offset: column))
            return nil
        }
        let parameters = classMethodParams[c][m]
        var argumentNodes: [LocatedNode] = []
        if let node = s.map["with"] { argumentNodes = node.sequence?.items ?? [node] }
        guard argumentNodes.count == parameters.count else {
            bag.error(
                .typeMismatch,
                "\(info.name).\(method) takes \(parameters.count) argument(s), not \(argumentNodes.count): "
                    + "pass them with `with:`", at: s.map["with"]?.location ?? s.arg.location)
            return nil
        }
        var arguments: [Expr] = []
        for (node, parameter) in zip(argumentNodes, parameters) {
            guard let (e, t) = expression(node, scope: s.scope).map({ argument($0.0, $0.1, for: parameter.type) })
            else { return nil }
            checkAssignable(t, to: parameter.type, at: node.location)
            arguments.append(e)
        }
        var result: LValue?
        if let resultNode = s.map["result"] {
            guard let returnType = classMethodReturns[c][m] else {
                bag.error(
                    .returnValue,
                    "\(info.name).\(method) returns nothing: declare its `returns:` type, or drop `result:`",
                    at: resultNode.location)
                return nil
            }
            // A new name becomes a local of the returned type, as `call:`'s `result:` makes one.
            guard let (place, placeType) = lvalue(resultNode, scope: s.scope, declare: returnType) else { return nil }
            checkAssignable(returnType, to: placeType, at: resultNode.location)
            result = place
        }
        return .perform(
            AwaitCallStep.make(
                receiver: receiver, classIndex: c, method: m, arguments: arguments, isolation: isolation,
                result: result))
    }

    /// Whether `call:` may call method `m` of class `c` from `scope` without `await`; reports `await.missing` when
    /// not: an async method needs `await`, and so does an actor's method called from outside that actor's own
    /// methods (Swift: "actor-isolated instance method can not be referenced from a nonisolated context").
    /// `@MainActor` methods are not checked: whether the caller is on the main actor is known only when it runs
    /// (docs/fidelity.md).
    func checkSyncCall(_ c: Int, _ m: Int, scope: Scope, at location: SourceLocation) -> Bool {
        let info = program.classes[c]
        let name = "\(info.name).\(classMethods[c][m])"
        if info.traits(of: m).isAsync {
            bag.error(
                .awaitMissing, "\(name) is async: call it with `await:` in a task's closure or an async method",
                at: location)
            return false
        }
        if info.isolation == .actor && !info.traits(of: m).isNonisolated {
            var inside = false
            if case .object(let selfClass, _)? = scope.selfType { inside = selfClass == c && !scope.isBlock }
            if !inside {
                bag.error(
                    .awaitMissing,
                    "\(name) is isolated to its actor: from outside the actor call it with `await:` in a task",
                    at: location)
                return false
            }
        }
        return true
    }
}
