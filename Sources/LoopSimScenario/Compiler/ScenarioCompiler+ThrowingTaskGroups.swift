import LoopSimKernel

extension ScenarioCompiler {
    /// Throwing task groups (docs/scenario-format.md §7.13; kernel ThrowingTaskGroups+Steps.swift): `taskThrow:`
    /// ends a task's closure with an error, which its group's `groupNext:` hands on in `error:`; `groupCancelAll:`
    /// cancels the innermost group's children.
    static let throwingTaskGroupVerbs: [StepVerb] = [
        StepVerb("taskThrow") { c, s in
            // `throw E.c` out of a child's closure: only a task's closure (async) ends its task.
            guard c.requireAsync(s) else { return [] }
            guard let (error, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if type != .string {
                c.bag.error(.exprType, "taskThrow: throws an error's text, a string, not \(type)", at: s.arg.location)
                return []
            }
            return [.perform(TaskThrowStep.make(error: error))]
        },
        StepVerb("groupCancelAll") { c, s in
            guard s.scope.groupDepth > 0 else {
                c.bag.error(
                    .taskNotAsync,
                    "groupCancelAll: cancels a task group's children: put it in the steps of a `withTaskGroup:`",
                    at: s.at)
                return []
            }
            if !(s.arg.isNull || s.arg.scalar?.text == "") {
                c.bag.error(
                    .typeMismatch, "groupCancelAll: takes no value: write `- groupCancelAll:`", at: s.arg.location)
                return []
            }
            return [.perform(TaskGroupCancelAllStep())]
        },
        StepVerb("groupIsCancelled") { c, s in
            // `group.isCancelled`: into a bool place (a new name becomes a bool local).
            guard s.scope.groupDepth > 0 else {
                c.bag.error(
                    .taskNotAsync,
                    "groupIsCancelled: reads a task group's state: put it in the steps of a `withTaskGroup:`",
                    at: s.at)
                return []
            }
            guard let place = c.typedPlaceKey(s.arg, .bool, scope: s.scope), let place else { return [] }
            return [.perform(TaskGroupIsCancelledStep.make(into: place))]
        },
    ]
}
