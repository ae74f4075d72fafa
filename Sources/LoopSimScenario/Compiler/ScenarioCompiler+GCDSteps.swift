import LoopSimKernel

extension ScenarioCompiler {
    /// `dispatch_after`, dispatch timer sources, semaphores, `scroll` and `displayLink`.
    func compileGCDOrUIKitStep(_ site: StepSite) -> [Step] {
        let (verb, arg, map, at, scope) = (site.verb, site.arg, site.map, site.at, site.scope)
        switch verb {
        case "dispatch_after":
            guard let queue = queueRef(arg) else { return [] }
            guard let delayNode = map["delay"] else {
                bag.error(.keyMissing, "dispatch_after needs delay: (a duration or a distribution)", at: at)
                return []
            }
            guard let delay = randomDuration(delayNode, what: "delay", stream: RandomStream.network),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            return [.dispatchAfter(delay: delay, queue, block: block)]
        case "dispatch_source_timer":
            let queue = map["queue"].flatMap { queueRef($0) } ?? .global
            let start = map["start"].flatMap { randomDuration($0, what: "start", stream: RandomStream.work) } ?? .fixed(.zero)
            let interval = map["interval"].flatMap { duration($0, what: "interval") }
            if let interval, interval <= .zero {
                bag.error(.timerInterval, "a dispatch timer's interval must be positive (omit it for a one-shot)",
                          at: map["interval"]!.location)
                return []
            }
            let leeway = map["leeway"].flatMap { duration($0, what: "leeway") } ?? .zero
            let wall = map["wall"].flatMap { bool($0, what: "wall") } ?? false
            let resume = map["resume"].flatMap { bool($0, what: "resume") } ?? true
            guard let handler = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            var into: LValue?
            var label = "source"
            if !arg.isNull {
                guard let (lv, type) = lvalue(arg, scope: scope, declare: .dispatchSource) else { return [] }
                checkAssignable(.dispatchSource, to: type, at: arg.location)
                into = lv
                label = arg.scalar.map { String($0.text.split(separator: ".").last ?? "source") } ?? label
            }
            let spec = DispatchTimerSpec(queue: queue, start: start, interval: interval, leeway: leeway, wallClock: wall,
                                         handler: handler, resume: resume, label: label)
            return [.makeDispatchTimer(spec, into: into)]
        case "dispatch_resume", "dispatch_suspend", "dispatch_source_cancel":
            guard let (e, t) = expression(arg, scope: scope) else { return [] }
            if t != .dispatchSource && t != .anyObject {
                bag.error(.exprType, "\(verb) needs a dispatch source, not \(t)", at: arg.location)
            }
            switch verb {
            case "dispatch_resume": return [.dispatchResume(e)]
            case "dispatch_suspend": return [.dispatchSuspend(e)]
            default: return [.dispatchCancel(e)]
            }
        case "dispatch_semaphore_wait", "dispatch_semaphore_signal":
            guard let (e, t) = expression(arg, scope: scope) else { return [] }
            if t != .semaphore && t != .anyObject {
                bag.error(.exprType, "\(verb) needs a semaphore (dispatch_semaphore_create N), not \(t)", at: arg.location)
            }
            if verb == "dispatch_semaphore_signal" { return [.semaphoreSignal(e)] }
            var timeout: SimDuration?
            if let node = map["timeout"], node.scalar?.text != "forever", node.scalar?.text != "distantFuture" {
                timeout = duration(node, what: "timeout")
            }
            let result = map["result"].flatMap { lvalue($0, scope: scope, declare: .int)?.0 }
            return [.semaphoreWait(e, timeout: timeout, result: result)]
        case "scroll":
            guard let drag = randomDuration(arg, what: "scroll (the drag)", stream: RandomStream.gestures) else { return [] }
            let decelerate = map["decelerate"].flatMap { randomDuration($0, what: "decelerate", stream: RandomStream.gestures) }
            return [.scroll(drag: drag, decelerate: decelerate ?? .fixed(.zero))]
        case "displayLink":
            guard let targetNode = map["target"], let (target, targetType) = expression(targetNode, scope: scope) else {
                bag.error(.keyMissing, "displayLink needs target: and selector:", at: at)
                return []
            }
            guard case .object(let c, let className) = targetType, let selectorNode = map["selector"],
                  let selector = string(selectorNode, what: "selector") else {
                bag.error(.timerAction, "a display link's target is an instance of a scenario class, with selector:",
                          at: targetNode.location)
                return []
            }
            guard let m = classMethods[c].firstIndex(of: selector) else {
                bag.error(.nameUndefined, "\(className) has no method '\(selector)'" + suggestion(selector, classMethods[c]),
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
            return [.makeDisplayLink(target: target, classIndex: c, method: m, fps: fps, label: label, into: into)]
        default:
            missingCase(verb, .gcd)
        }
    }
}
