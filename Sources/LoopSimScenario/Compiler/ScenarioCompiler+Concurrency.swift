import LoopSimKernel

extension DiagnosticID {
    /// An `await` (`taskSleep:`, `mainActorRun:`) or `checkCancellation:` outside a task's closure: Swift allows
    /// `await` only in an async context.
    public static let taskNotAsync: DiagnosticID = "task.not-async"
}

extension ScenarioCompiler {
    /// The Swift concurrency verbs (docs/scenario-format.md §7.13), run by the kernel's `Tasks`.
    static let concurrencyVerbs: [StepVerb] = [
        StepVerb("task", keys: ["detached", "actor", "captures", "do"]) { c, s in
            let detached = s.map["detached"].flatMap { c.bool($0, what: "detached") } ?? false
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
            guard
                let closure = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, isAsync: true)
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
                    MakeTaskStep.make(closure: closure, detached: detached, actor: actor, into: into, label: label))
            ]
        },
        StepVerb("taskSleep", keys: ["throwing"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            guard let delay = c.duration(s.arg, what: "taskSleep") else { return [] }
            let throwing = s.map["throwing"].flatMap { c.bool($0, what: "throwing") } ?? false
            return [.perform(TaskSleepStep.make(delay: .fixed(delay), throwing: throwing))]
        },
        StepVerb("checkCancellation") { c, s in
            guard c.requireAsync(s) else { return [] }
            return [.perform(CheckCancellationStep())]
        },
        StepVerb("cancelTask") { c, s in
            guard let (task, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "cancelTask: takes a task handle, not \(type)", at: s.arg.location)
                return []
            }
            return [.perform(CancelTaskStep.make(task: task))]
        },
        StepVerb("mainActorRun") { c, s in
            guard c.requireAsync(s) else { return [] }
            // The closure's body runs where the task's code runs, between a hop to the main actor and one back.
            let body = c.compileSteps(s.arg, scope: s.scope)
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
