import LoopSimKernel

extension ScenarioCompiler {
    /// The keys of a timer's `invocation:` mapping.
    static let invocationKeys = ["target", "selector"]

    /// The timer verbs (docs/scenario-format.md §7.3): creating, scheduling, invalidating and firing `NSTimer`s.
    /// Each makes its step of `Timers/Timers+Steps.swift`.
    static let timerVerbs: [StepVerb] = [
        StepVerb("scheduledTimer", keys: timerKeys) { c, s in
            c.timerStep(s.map, verb: s.verb, target: s.arg, scope: s.scope)
        },
        StepVerb("timer", keys: timerKeys) { c, s in c.timerStep(s.map, verb: s.verb, target: s.arg, scope: s.scope) },
        StepVerb("addTimer", keys: ["mode", "to"]) { c, s in
            guard let (timer, _) = c.expression(s.arg, scope: s.scope) else { return [] }
            guard let rl = c.runLoopArgument(s.map["to"], scope: s.scope) else { return [] }
            return c.modeSteps(s.map["mode"], scope: s.scope) { AddTimerStep.make(timer: timer, runLoop: rl, mode: $0) }
        },
        StepVerb("invalidate") { c, s in c.invalidateOrFire(s, fires: false) },
        StepVerb("fire") { c, s in c.invalidateOrFire(s, fires: true) },
        StepVerb("setPaused", keys: ["to"]) { c, s in
            guard let (link, t) = c.expression(s.arg, scope: s.scope),
                let node = c.required(s, "to", example: "to: true"),
                let (paused, pt) = c.expression(node, scope: s.scope)
            else { return [] }
            if t != .timer && t != .anyObject && t != .null {
                c.bag.error(.exprType, "setPaused needs a CADisplayLink, not \(t)", at: s.arg.location)
            }
            if pt != .bool { c.bag.error(.exprType, "to: is true or false, not \(pt)", at: node.location) }
            return [.perform(SetPausedStep.make(link: link, paused: paused))]
        },
        StepVerb("setPreferredFramesPerSecond", keys: ["to"]) { c, s in
            guard let (link, t) = c.expression(s.arg, scope: s.scope),
                let node = c.required(s, "to", example: "to: 30"),
                let (fps, ft) = c.expression(node, scope: s.scope)
            else { return [] }
            if t != .timer && t != .anyObject && t != .null {
                c.bag.error(
                    .exprType, "setPreferredFramesPerSecond needs a CADisplayLink, not \(t)", at: s.arg.location)
            }
            if ft != .int {
                c.bag.error(.exprType, "to: is a number of frames per second, not \(ft)", at: node.location)
            }
            return [.perform(SetFrameRateStep.make(link: link, fps: fps))]
        },
        StepVerb("setFireDate", keys: ["at", "after"]) { c, s in c.setFireDate(s) },
    ]

    /// `setFireDate: TIMER` with `at:` (milliseconds of virtual time, an int expression: `distantFuture`, another
    /// timer's `fireDate`) or `after:` (a duration from now): `-[NSTimer setFireDate:]`.
    private func setFireDate(_ s: StepSite) -> [Step] {
        guard let (timer, t) = expression(s.arg, scope: s.scope) else { return [] }
        if t != .timer && t != .anyObject && t != .null {
            bag.error(.exprType, "setFireDate needs an NSTimer, not \(t)", at: s.arg.location)
        }
        switch (s.map["at"], s.map["after"]) {
        case (let at?, nil):
            guard let (date, dt) = expression(at, scope: s.scope) else { return [] }
            if dt != .int { bag.error(.exprType, "at: is a date in milliseconds (an int), not \(dt)", at: at.location) }
            return [.perform(SetFireDateStep.make(timer: timer, at: date, after: .zero))]
        case (nil, let after?):
            guard let delay = duration(after, what: "after") else { return [] }
            return [.perform(SetFireDateStep.make(timer: timer, at: nil, after: delay))]
        default:
            bag.error(
                .keyMissing, "setFireDate takes at: (a date in milliseconds, e.g. distantFuture) or after: (e.g. 0s)",
                at: s.at)
            return []
        }
    }

    /// `invalidate:` and `fire:`: a timer as the argument, or nil (`[nil invalidate]` does nothing, as every
    /// message to nil).
    private func invalidateOrFire(_ s: StepSite, fires: Bool) -> [Step] {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return [] }
        if t != .timer && t != .anyObject && t != .null {
            bag.error(.exprType, "\(s.verb) needs an NSTimer, not \(t)", at: s.arg.location)
        }
        return [.perform(InvalidateOrFireStep.make(timer: e, fires: fires))]
    }

    /// `scheduledTimer:` / `timer:` with `every:`, `repeats:`, and one action: `target:`+`selector:`, `block:`,
    /// or `userInfo:` (a block carried in userInfo, the pre-iOS 10 category idiom).
    private func timerStep(_ map: LocatedNode.Mapping, verb: String, target: LocatedNode, scope: Scope) -> [Step] {
        let at = map.entries[0].key.location
        guard let every = map["every"] else {
            bag.error(.keyMissing, "a timer needs every: (its interval, e.g. 1s)", at: at)
            return []
        }
        guard let everyArgument = durationArgument(every, what: "every", scope: scope) else { return [] }
        // A computed interval is checked when the timer is made: <= 0 is as a literal's (RunLoops.makeTimer).
        let interval = everyArgument.fixed
        let repeats = map["repeats"].flatMap { bool($0, what: "repeats") } ?? false
        if repeats && everyArgument.computed == nil && interval <= .zero {
            bag.warning(
                .timerInterval,
                "a repeating timer's interval must be positive; Darwin's Foundation uses 0.1 ms instead, "
                    + "swift-corelibs-foundation fires it once (repeatingTimerZeroInterval)",
                at: every.location)
        }
        if verb == "timer", let mode = map["mode"] {
            bag.error(
                .keyUnknown,
                "`timer:` creates an unscheduled timer (timerWithTimeInterval:); use `scheduledTimer:` "
                    + "for mode:, or add it with `addTimer:`", at: mode.location)
        }
        let actions = ["target", "block", "userInfo", "invocation"].filter { map[$0] != nil }
        let blockKeys = map["userInfo"]?.mapping.map { $0["do"] != nil } ?? false
        let action: TimerSpec.Action
        var userInfo: Expr?
        if let invocation = map["invocation"] {
            guard actions.count == 1 || (actions.count == 2 && actions.contains("userInfo") && !blockKeys) else {
                bag.error(
                    .timerAction,
                    "a timer needs exactly one action: target:, block:, userInfo: (a block) or invocation:",
                    at: at)
                return []
            }
            guard let inv = invocation.mapping, let targetNode = inv["target"], let selectorNode = inv["selector"]
            else {
                bag.error(.timerAction, "invocation: is {target: EXPR, selector: METHOD}", at: invocation.location)
                return []
            }
            checkKeys(inv, allowed: Self.invocationKeys, context: "invocation", into: &bag)
            guard let (targetExpr, c, m) = targetAndSelector(targetNode, selectorNode, scope: scope) else { return [] }
            return finishTimer(
                map, verb: verb, target: target, scope: scope, interval: everyArgument, repeats: repeats,
                action: .invocation(target: targetExpr, classIndex: c, method: m), userInfo: nil)
        }
        switch (actions.contains("target"), actions.contains("block"), actions.contains("userInfo") && blockKeys) {
        case (true, false, _):
            guard let targetNode = map["target"] else { return [] }
            guard let selectorNode = map["selector"] else {
                bag.error(.keyMissing, "target: needs selector: (one of its methods)", at: targetNode.location)
                return []
            }
            guard let (targetExpr, c, m) = targetAndSelector(targetNode, selectorNode, scope: scope) else { return [] }
            action = .targetSelector(target: targetExpr, classIndex: c, method: m)
            if let info = map["userInfo"] { userInfo = expression(info, scope: scope)?.0 }
        case (false, true, false):
            let b = map["block"]!
            // `timer: NAME` names the block's parameter, the firing timer (`^(NSTimer *timer)`, `{ timer in … }`).
            var parameters: [(name: String, type: TypeRef)] = []
            if let m = b.mapping {
                guard let name = blockParameter(in: m, key: "timer", example: "t") else { return [] }
                if let name { parameters = [(name, .timer)] }
            }
            guard
                let block = blockLiteral(
                    captures: b.mapping?["captures"], body: b.mapping?["do"], at: b.location,
                    scope: scope, parameters: parameters)
            else { return [] }
            if let m = b.mapping {
                checkKeys(m, allowed: ["timer", "captures", "do"], context: "block", into: &bag)
            }
            action = .block(block)
        case (false, false, true):
            let b = map["userInfo"]!.mapping!
            checkKeys(b, allowed: ["captures", "do"], context: "userInfo block", into: &bag)
            guard let block = blockLiteral(captures: b["captures"], body: b["do"], at: b.location, scope: scope) else {
                return []
            }
            action = .userInfoBlock(block)
        default:
            bag.error(
                .timerAction,
                "a timer needs exactly one action: target: with selector:, block:, or userInfo: "
                    + "holding a block (captures: and do:)", at: at)
            return []
        }
        return finishTimer(
            map, verb: verb, target: target, scope: scope, interval: everyArgument, repeats: repeats,
            action: action, userInfo: userInfo)
    }

    /// A target expression and a selector resolved to (target, class whose method runs, method index); through
    /// a proxy class the selector is looked up on its target's class.
    func targetAndSelector(_ targetNode: LocatedNode, _ selectorNode: LocatedNode, scope: Scope) -> (Expr, Int, Int)? {
        guard let (targetExpr, targetType) = expression(targetNode, scope: scope) else { return nil }
        guard case .object(let targetClass, _) = targetType else {
            bag.error(.exprType, "a timer's target must be an instance of a scenario class", at: targetNode.location)
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
        return (targetExpr, c, m)
    }

    /// Where a constructor step stores the object it makes, and the object's label: nothing and `label` for a
    /// bare step, else the place `node` names (declared with `type` if new, and checked to take a `type`) and its
    /// last name (`self.timer` → `timer`). Nil when the place does not compile.
    func madeObjectPlace(
        _ node: LocatedNode, type: TypeRef, label: String,
        scope: Scope
    ) -> (into: LValue?, label: String)? {
        guard !node.isNull else { return (nil, label) }
        guard let (lv, placeType) = lvalue(node, scope: scope, declare: type) else { return nil }
        checkAssignable(type, to: placeType, at: node.location)
        return (lv, node.scalar.map { String($0.text.split(separator: ".").last ?? Substring(label)) } ?? label)
    }

    private func finishTimer(
        _ map: LocatedNode.Mapping, verb: String, target: LocatedNode, scope: Scope,
        interval: DurationArgument, repeats: Bool, action: TimerSpec.Action, userInfo: Expr?
    ) -> [Step] {
        let firstFire = map["firstFire"].flatMap {
            durationArgument($0, what: "firstFire", scope: scope, allowNegative: true)
        }
        let tolerance = map["tolerance"].flatMap { durationArgument($0, what: "tolerance", scope: scope) }
        guard let (into, label) = madeObjectPlace(target, type: .timer, label: "timer", scope: scope) else { return [] }
        var isBlockInit = false
        if case .block = action, verb == "timer" { isBlockInit = true }
        let scheduleMode = verb == "scheduledTimer" ? (modeName(map["mode"]) ?? RunLoopModeName.default) : nil
        let spec = TimerSpec.make(
            interval: interval.fixed, repeats: repeats, action: action, userInfo: userInfo,
            scheduleMode: scheduleMode, firstFireAfter: firstFire.map { $0.fixed }, isBlockInitializer: isBlockInit,
            tolerance: tolerance?.fixed ?? .zero, label: label, intervalExpression: interval.computed,
            firstFireExpression: firstFire?.computed, toleranceExpression: tolerance?.computed)
        return [.perform(MakeTimerStep.make(spec: spec, into: into))]
    }
}
