import LoopSimKernel

extension ScenarioCompiler {
    /// The perform verbs (docs/scenario-format.md §7.5): NSObject's selector performs after a delay and on another
    /// thread, and cancelling them. Each makes its step of `RunLoop/Performs+Steps.swift`.
    static let performVerbs: [StepVerb] = [
        StepVerb("performSelector", keys: ["selector", "withObject", "afterDelay", "inModes"]) { c, s in
            guard let (target, classIndex, method) = c.performTarget(s) else { return [] }
            guard let delayNode = s.map["afterDelay"] else {
                c.bag.error(
                    .keyMissing,
                    "performSelector needs afterDelay: (a duration; 0s queues it for the loop's "
                        + "next timer pass); without a delay the call is synchronous: use call:", at: s.at)
                return []
            }
            guard let delay = c.durationArgument(delayNode, what: "afterDelay", scope: s.scope, allowNegative: true)
            else { return [] }
            let argument = s.map["withObject"].flatMap { c.expression($0, scope: s.scope)?.0 }
            guard let modes = c.modeList(s.map["inModes"], default: [RunLoopModeName.default]) else { return [] }
            return [
                .perform(
                    PerformAfterDelayStep.make(
                        target: target, classIndex: classIndex, method: method,
                        argument: argument, delay: delay.fixed, modes: modes, delayExpression: delay.computed))
            ]
        },
        StepVerb(
            "performSelectorOnThread",
            keys: ["selector", "onThread", "withObject", "waitUntilDone", "modes"]
        ) { c, s in
            guard let (target, classIndex, method) = c.performTarget(s) else { return [] }
            guard let threadNode = s.map["onThread"] else {
                c.bag.error(
                    .keyMissing,
                    "performSelectorOnThread needs onThread: (an NSThread, kept with thread:'s "
                        + "into:, main thread, or a run loop: main runloop, or a CFRunLoop field)", at: s.at)
                return []
            }
            guard let runLoop = c.threadOrRunLoop(threadNode, scope: s.scope) else { return [] }
            let wait = s.map["waitUntilDone"].flatMap { c.bool($0, what: "waitUntilDone") } ?? false
            let argument = s.map["withObject"].flatMap { c.expression($0, scope: s.scope)?.0 }
            guard let modes = c.modeList(s.map["modes"], default: [RunLoopModeName.common]) else { return [] }
            return [
                .perform(
                    PerformOnThreadStep.make(
                        target: target, classIndex: classIndex, method: method,
                        argument: argument, runLoop: runLoop, waitUntilDone: wait,
                        modes: modes))
            ]
        },
        StepVerb("cancelPreviousPerformRequests", keys: ["selector", "object"]) { c, s in
            guard let (target, targetType) = c.expression(s.arg, scope: s.scope) else { return [] }
            var selector: (classIndex: Int, method: Int)?
            if let selectorNode = s.map["selector"] {
                guard let (_, classIndex, method) = c.performTarget(s, selectorNode: selectorNode, type: targetType)
                else { return [] }
                selector = (classIndex, method)
            } else if let object = s.map["object"] {
                c.bag.error(
                    .keyMissing,
                    "object: needs selector: (cancelPreviousPerformRequestsWithTarget:selector:object:)",
                    at: object.location)
                return []
            }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            return [.perform(CancelPerformRequestsStep.make(target: target, selector: selector, object: object))]
        },
    ]

    /// A perform's target (the verb's argument, an instance of a scenario class or a proxy) and its `selector:`,
    /// resolved to (target, class whose method runs, method index); through a proxy class the selector is looked up
    /// on its target's class.
    private func performTarget(_ s: StepSite) -> (Expr, Int, Int)? {
        guard let selectorNode = s.map["selector"] else {
            bag.error(.keyMissing, "\(s.verb) needs selector: (one of the target's methods)", at: s.at)
            return nil
        }
        guard let (target, type) = expression(s.arg, scope: s.scope) else { return nil }
        return performTarget(s, selectorNode: selectorNode, type: type).map { (target, $0.1, $0.2) }
    }

    private func performTarget(_ s: StepSite, selectorNode: LocatedNode, type: TypeRef) -> (Expr?, Int, Int)? {
        guard case .object(let targetClass, _) = type else {
            bag.error(
                .exprType, "\(s.verb)'s target must be an instance of a scenario class, not \(type)",
                at: s.arg.location)
            return nil
        }
        guard let selector = string(selectorNode, what: "selector") else { return nil }
        let c = methodOwner(targetClass)
        let name = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
        guard let m = classMethods[c].firstIndex(of: name) else {
            bag.error(
                .nameUndefined,
                "\(program.classes[c].name) has no method '\(name)'" + suggestion(name, classMethods[c]),
                at: selectorNode.location)
            return nil
        }
        return (nil, c, m)
    }

    /// `onThread:`: an `NSThread` (as Objective-C passes it), or the thread's run loop.
    private func threadOrRunLoop(_ node: LocatedNode, scope: Scope) -> Expr? {
        guard let (e, t) = expression(node, scope: scope) else { return nil }
        if t != .runLoop && t != .thread && t != .null {
            bag.error(
                .exprType, "expected a thread (NSThread) or its run loop (CFRunLoop), got \(t)",
                at: node.location)
            return nil
        }
        return e
    }

    /// A list of mode names (or one name), `default` when absent. An empty list is allowed, with a warning:
    /// Foundation returns without performing.
    private func modeList(_ node: LocatedNode?, default fallback: [String]) -> [String]? {
        guard let node else { return fallback }
        let items = node.sequence?.items ?? [node]
        if items.isEmpty {
            bag.warning(
                .valueInvalid, "an empty mode list performs nothing: Foundation returns without performing",
                at: node.location)
        }
        var modes: [String] = []
        for item in items {
            guard let mode = modeName(item) else { return nil }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }
}
