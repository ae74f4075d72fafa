import LoopSimKernel

extension ScenarioCompiler {
    /// The GCD verbs (`dispatch_after`, dispatch timer sources, semaphores; docs/scenario-format.md §7.6–§7.7),
    /// `scroll` and `displayLink`. Each makes its step of `Dispatch/DispatchQueues+Steps.swift`,
    /// `UIKit/UIKit+Steps.swift` or `Timers/Timers+Steps.swift`.
    static let gcdVerbs: [StepVerb] = [
        StepVerb("dispatch_after", keys: ["delay", "wall", "captures", "do"]) { $0.dispatchAfter($1) },
        StepVerb(
            "dispatch_source_timer", keys: ["queue", "start", "interval", "leeway", "wall", "resume", "captures", "do"]
        ) {
            $0.dispatchSourceTimer($1)
        },
        StepVerb("dispatch_resume") { $0.dispatchSourceCall(.resume, $1) },
        StepVerb("dispatch_suspend") { $0.dispatchSourceCall(.suspend, $1) },
        StepVerb("dispatch_source_cancel") { $0.dispatchSourceCall(.cancel, $1) },
        StepVerb("dispatch_source_set_event_handler", keys: ["captures", "do"]) { c, s in
            guard let (e, t) = c.expression(s.arg, scope: s.scope),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            if t != .dispatchSource && t != .anyObject {
                c.bag.error(.exprType, "\(s.verb) needs a dispatch source, not \(t)", at: s.arg.location)
            }
            return [.perform(DispatchSourceSetHandlerStep.make(source: e, block: block))]
        },
        StepVerb("dispatch_semaphore_wait", keys: ["timeout", "result"]) { c, s in
            guard let e = c.semaphore(s) else { return [] }
            var timeout: DurationArgument?
            if let node = s.map["timeout"], node.scalar?.text != "forever", node.scalar?.text != "distantFuture" {
                timeout = c.durationArgument(node, what: "timeout", scope: s.scope)
            }
            let result = s.map["result"].flatMap { c.lvalue($0, scope: s.scope, declare: .int)?.0 }
            return [
                .perform(
                    SemaphoreWaitStep.make(
                        semaphore: e, timeout: timeout?.fixed, result: result, timeoutExpression: timeout?.computed))
            ]
        },
        StepVerb("dispatch_semaphore_signal") { c, s in
            c.semaphore(s).map { [.perform(SemaphoreSignalStep.make(semaphore: $0))] } ?? []
        },
        StepVerb("scroll", keys: ["decelerate", "delegate"]) { c, s in
            guard let drag = c.randomDuration(s.arg, what: "scroll (the drag)", stream: RandomStream.gestures) else {
                return []
            }
            let decelerate = s.map["decelerate"].flatMap {
                c.randomDuration($0, what: "decelerate", stream: RandomStream.gestures)
            }
            var delegate: Expr?
            if let node = s.map["delegate"] {
                guard let (e, t) = c.expression(node, scope: s.scope) else { return [] }
                guard t.isObject else {
                    c.bag.error(.exprType, "delegate: is an object (or nil), not \(t)", at: node.location)
                    return []
                }
                delegate = e
            }
            return [
                .perform(ScrollStep.make(drag: drag, decelerate: decelerate ?? .fixed(.zero), delegate: delegate))
            ]
        },
        StepVerb("displayLink", keys: ["target", "selector", "fps"]) { $0.displayLink($1) },
    ]

    /// `dispatch_after: queue` with `delay:` and the block.
    private func dispatchAfter(_ s: StepSite) -> [Step] {
        let (arg, map, at, scope) = (s.arg, s.map, s.at, s.scope)
        guard let queue = queueRef(arg, scope: scope) else { return [] }
        guard let delayNode = map["delay"] else {
            bag.error(.keyMissing, "dispatch_after needs delay: (a duration or a distribution)", at: at)
            return []
        }
        guard let delay = randomDuration(delayNode, what: "delay", stream: RandomStream.network, scope: scope),
            let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope)
        else { return [] }
        let wall = map["wall"].flatMap { bool($0, what: "wall") } ?? false
        return [.perform(DispatchAfterStep.make(delay: delay, queue: queue, block: block, wallClock: wall))]
    }

    /// `dispatch_source_timer: name` with its queue, start, interval, leeway and handler.
    private func dispatchSourceTimer(_ s: StepSite) -> [Step] {
        let (arg, map, at, scope) = (s.arg, s.map, s.at, s.scope)
        let queue = map["queue"].flatMap { queueRef($0, scope: scope) } ?? .global
        let start =
            map["start"].flatMap { randomDuration($0, what: "start", stream: RandomStream.work, scope: scope) }
            ?? .fixed(.zero)
        let intervalArgument = map["interval"].flatMap { durationArgument($0, what: "interval", scope: scope) }
        let interval = intervalArgument.map { $0.computed == nil ? $0.fixed : .seconds(1) }  // computed: set below
        if intervalArgument?.computed == nil, let interval, interval <= .zero {
            bag.error(
                .timerInterval, "a dispatch timer's interval must be positive (omit it for a one-shot)",
                at: map["interval"]!.location)
            return []
        }
        let leewayArgument = map["leeway"].flatMap { durationArgument($0, what: "leeway", scope: scope) }
        let leeway = leewayArgument?.fixed ?? .zero
        let wall = map["wall"].flatMap { bool($0, what: "wall") } ?? false
        let resume = map["resume"].flatMap { bool($0, what: "resume") } ?? true
        guard let handler = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else {
            return []
        }
        guard let (into, label) = madeObjectPlace(arg, type: .dispatchSource, label: "source", scope: scope) else {
            return []
        }
        let spec = DispatchTimerSpec.make(
            queue: queue, start: start, interval: interval, leeway: leeway,
            wallClock: wall, handler: handler, resume: resume, label: label,
            intervalExpression: intervalArgument?.computed, leewayExpression: leewayArgument?.computed)
        return [.perform(MakeDispatchTimerStep.make(spec: spec, into: into))]
    }

    /// `dispatch_resume`, `dispatch_suspend`, `dispatch_source_cancel`: a dispatch source as the argument.
    private func dispatchSourceCall(_ call: DispatchSourceStep.Call, _ s: StepSite) -> [Step] {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return [] }
        if t != .dispatchSource && t != .anyObject {
            bag.error(.exprType, "\(s.verb) needs a dispatch source, not \(t)", at: s.arg.location)
        }
        return [.perform(DispatchSourceStep.make(call: call, source: e))]
    }

    /// The semaphore argument of `dispatch_semaphore_wait` and `dispatch_semaphore_signal`.
    private func semaphore(_ s: StepSite) -> Expr? {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return nil }
        if t != .semaphore && t != .anyObject {
            bag.error(
                .exprType, "\(s.verb) needs a semaphore (dispatch_semaphore_create N), not \(t)", at: s.arg.location)
        }
        return e
    }

    /// `displayLink: name` with `target:`, `selector:` and `fps:`.
    private func displayLink(_ s: StepSite) -> [Step] {
        let (arg, map, at, scope) = (s.arg, s.map, s.at, s.scope)
        guard let targetNode = map["target"], let (target, targetType) = expression(targetNode, scope: scope) else {
            bag.error(.keyMissing, "displayLink needs target: and selector:", at: at)
            return []
        }
        guard case .object(let c, let className) = targetType, let selectorNode = map["selector"],
            let selector = string(selectorNode, what: "selector")
        else {
            bag.error(
                .timerAction, "a display link's target is an instance of a scenario class, with selector:",
                at: targetNode.location)
            return []
        }
        // Through a proxy class (a weak proxy's `forwardingTarget(for:)`), the selector is its target's class's, as
        // a timer's is (``targetAndSelector(_:_:scope:)``): the link messages the proxy, which forwards it.
        let owner = methodOwner(c)
        let ownerName = owner == c ? className : program.classes[owner].name
        guard let m = classMethods[owner].firstIndex(of: selector) else {
            bag.error(
                .nameUndefined,
                "\(ownerName) has no method '\(selector)'" + suggestion(selector, classMethods[owner]),
                at: selectorNode.location)
            return []
        }
        let fps = map["fps"].flatMap { int($0, what: "fps") } ?? 60
        guard fps > 0 && fps <= 240 else {
            bag.error(.valueInvalid, "fps is between 1 and 240 (60 or 120 on real screens)", at: map["fps"]!.location)
            return []
        }
        var into: LValue?
        var label = "displayLink"
        if !arg.isNull {
            guard let (lv, _) = lvalue(arg, scope: scope, declare: .timer) else { return [] }
            into = lv
            label = arg.scalar.map { String($0.text.split(separator: ".").last ?? "link") } ?? label
        }
        return [
            .perform(
                MakeDisplayLinkStep.make(
                    target: target, classIndex: owner, method: m, fps: fps, label: label, into: into))
        ]
    }
}
