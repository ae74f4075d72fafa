import LoopSimKernel

extension ScenarioCompiler {
    /// Run-loop, observer, source, queue and thread steps.
    func compileRunLoopOrDispatchStep(_ site: StepSite) -> [Step] {
        let (verb, arg, map, at, scope) = (site.verb, site.arg, site.map, site.at, site.scope)
        switch verb {
        case "run":
            return [.run(.run)]
        case "CFRunLoopRun":
            return [.run(.cfRun)]
        case "runUntil":
            return duration(arg, what: "runUntil").map { [.run(.runUntil(after: $0))] } ?? []
        case "runMode":
            guard let mode = modeName(arg) else { return [] }
            return [.run(.runMode(mode, before: limit(map["before"], what: "before")))]
        case "CFRunLoopRunInMode":
            guard let mode = modeName(arg) else { return [] }
            let rash = map["returnAfterSourceHandled"].flatMap { bool($0, what: "returnAfterSourceHandled") } ?? false
            return [.run(.cfRunInMode(mode, seconds: limit(map["seconds"], what: "seconds"), returnAfterSourceHandled: rash))]
        case "CFRunLoopStop", "CFRunLoopWakeUp":
            guard let rl = runLoopArgument(arg, scope: scope) else { return [] }
            return [verb == "CFRunLoopStop" ? .stop(rl) : .wakeUp(rl)]
        case "CFRunLoopAddCommonMode":
            guard let mode = modeName(arg), let rl = runLoopArgument(map["to"], scope: scope) else { return [] }
            return [.addCommonMode(runLoop: rl, mode: mode)]
        case "CFRunLoopPerformBlock":
            guard let rl = runLoopArgument(arg.isNull ? nil : arg, scope: scope),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            return [.performBlock(runLoop: rl, mode: modeName(map["mode"]) ?? RunLoopModeName.default, block: block)]
        case "addObserver":
            guard let rl = runLoopArgument(arg.isNull ? nil : arg, scope: scope),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            let activities = map["activities"].map { activitySet($0) } ?? .allActivities
            return [.addObserver(runLoop: rl, mode: modeName(map["mode"]) ?? RunLoopModeName.default, activities: activities,
                                 repeats: map["repeats"].flatMap { bool($0, what: "repeats") } ?? true,
                                 order: map["order"].flatMap { int($0, what: "order") } ?? 0, block: block)]
        case "addSource":
            guard let rl = runLoopArgument(map["to"], scope: scope),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            var into: LValue?
            if !arg.isNull { into = lvalue(arg, scope: scope, declare: .source)?.0 }
            return [.addSource(runLoop: rl, mode: modeName(map["mode"]) ?? RunLoopModeName.default,
                               order: map["order"].flatMap { int($0, what: "order") } ?? 0, block: block, into: into)]
        case "signal":
            guard let (e, t) = expression(arg, scope: scope) else { return [] }
            if t != .source { bag.error(.exprType, "signal needs a source made by addSource, not \(t)", at: arg.location) }
            return [.signal(e)]
        case "dispatch_async":
            guard let queue = queueRef(arg),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            return [.dispatchAsync(queue, block: block)]
        case "thread":
            guard let name = string(arg, what: "thread name"),
                  let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            return [.detachThread(name: name, block: block)]
        default:
            missingCase(verb, .runLoop)
        }
    }

    /// A limit date relative to now: a duration, or `distantFuture` (nil: no limit).
    private func limit(_ node: LocatedNode?, what: String) -> SimDuration? {
        guard let node else { return nil }
        if node.scalar?.text == "distantFuture" { return nil }
        return duration(node, what: what, allowNegative: true)
    }

    func queueRef(_ node: LocatedNode) -> QueueRef? {
        guard let name = string(node, what: "queue") else { return nil }
        switch name {
        case "main": return .main
        case "global": return .global
        default:
            if let i = program.serialQueues.firstIndex(of: name) { return .serial(i) }
            bag.error(.nameUndefined, "unknown queue '\(name)': use main, global, or a serial queue declared under queues:"
                + suggestion(name, ["main", "global"] + program.serialQueues), at: node.location)
            return nil
        }
    }

    private func activitySet(_ node: LocatedNode) -> RunLoopActivity {
        let names: [String: RunLoopActivity] = [
            "entry": .entry, "beforeTimers": .beforeTimers, "beforeSources": .beforeSources,
            "beforeWaiting": .beforeWaiting, "afterWaiting": .afterWaiting, "exit": .exit, "all": .allActivities,
        ]
        var set: RunLoopActivity = []
        let items = node.sequence?.items ?? [node]
        for item in items {
            guard let text = item.scalar?.text, let activity = names[text] else {
                bag.error(.valueInvalid, "unknown activity; use " + names.keys.sorted().joined(separator: ", "),
                          at: item.location)
                continue
            }
            set.insert(activity)
        }
        return set
    }
}
