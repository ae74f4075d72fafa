import LoopSimKernel

extension ScenarioCompiler {
    /// The verbs of `dispatch_sync`, `dispatch_barrier_sync`, `dispatch_barrier_async`, dispatch groups and `dispatch_once`
    /// (docs/scenario-format.md §7.6). Each makes its step of `Dispatch/DispatchQueues+SyncSteps.swift`.
    static let gcdSyncVerbs: [StepVerb] = [
        StepVerb("dispatch_sync", keys: ["captures", "do"]) { c, s in
            guard let queue = c.queueRef(s.arg, scope: s.scope), let block = c.gcdBlock(s) else { return [] }
            return [.perform(DispatchSyncStep.make(queue: queue, block: block))]
        },
        StepVerb("dispatch_barrier_sync", keys: ["captures", "do"]) { c, s in
            guard let queue = c.queueRef(s.arg, scope: s.scope), let block = c.gcdBlock(s) else { return [] }
            return [.perform(DispatchSyncStep.make(queue: queue, block: block, isBarrier: true))]
        },
        StepVerb("dispatch_barrier_async", keys: ["captures", "do"]) { c, s in
            guard let queue = c.queueRef(s.arg, scope: s.scope), let block = c.gcdBlock(s) else { return [] }
            return [.perform(DispatchBarrierAsyncStep.make(queue: queue, block: block))]
        },
        StepVerb("dispatch_group_enter") { c, s in
            c.group(s).map { [.perform(DispatchGroupStep.make(call: .enter, group: $0))] } ?? []
        },
        StepVerb("dispatch_group_leave") { c, s in
            c.group(s).map { [.perform(DispatchGroupStep.make(call: .leave, group: $0))] } ?? []
        },
        StepVerb("dispatch_group_async", keys: ["queue", "captures", "do"]) { $0.groupBlock(.async, $1) },
        StepVerb("dispatch_group_notify", keys: ["queue", "captures", "do"]) { $0.groupBlock(.notify, $1) },
        StepVerb("dispatch_group_wait", keys: ["timeout", "result"]) { c, s in
            guard let group = c.group(s) else { return [] }
            var timeout: DurationArgument?
            if let node = s.map["timeout"], node.scalar?.text != "forever", node.scalar?.text != "distantFuture" {
                timeout = c.durationArgument(node, what: "timeout", scope: s.scope)
            }
            let result = s.map["result"].flatMap { c.lvalue($0, scope: s.scope, declare: .int)?.0 }
            return [
                .perform(
                    DispatchGroupWaitStep.make(
                        group: group, timeout: timeout?.fixed, result: result, timeoutExpression: timeout?.computed))
            ]
        },
        StepVerb("dispatch_once", keys: ["captures", "do"]) { c, s in
            guard let (token, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            guard type == .int else {
                c.bag.error(
                    .exprType,
                    "dispatch_once's token is an integer place (a field or local of type "
                        + "dispatch_once_t, initially 0), not \(type)", at: s.arg.location)
                return []
            }
            guard let (place, _) = c.lvalue(s.arg, scope: s.scope), let block = c.gcdBlock(s) else { return [] }
            return [.perform(DispatchOnceStep.make(token: token, place: place, block: block))]
        },
    ]

    /// The block literal of a step's `captures:` and `do:`.
    private func gcdBlock(_ s: StepSite) -> Expr? {
        blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
    }

    /// `dispatch_group_async: GROUP` and `dispatch_group_notify: GROUP` with `queue:` (default `global`) and a block.
    private func groupBlock(_ call: DispatchGroupBlockStep.Call, _ s: StepSite) -> [Step] {
        guard let group = group(s) else { return [] }
        let queue: QueueRef?
        if let node = s.map["queue"] { queue = queueRef(node, scope: s.scope) } else { queue = .global }
        guard let queue, let block = gcdBlock(s) else { return [] }
        return [.perform(DispatchGroupBlockStep.make(call: call, group: group, queue: queue, block: block))]
    }

    /// The group argument of the group verbs.
    private func group(_ s: StepSite) -> Expr? {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return nil }
        if t != .group && t != .anyObject {
            bag.error(
                .exprType, "\(s.verb) needs a dispatch group (dispatch_group_create), not \(t)",
                at: s.arg.location)
        }
        return e
    }

    /// `queues:`: names of serial queues, or `{NAME: {concurrent: WIDTH}}` for a concurrent one (WIDTH >= 2).
    func declareQueues(_ node: LocatedNode) {
        let items: [LocatedNode]
        if let s = node.scalar, !s.isNull {
            items = [node]
        } else if let seq = node.sequence {
            items = seq.items
        } else {
            bag.error(.typeMismatch, "queues must be a list, e.g. [db, {images: {concurrent: 4}}]", at: node.location)
            return
        }
        for item in items {
            if let map = item.mapping, let entry = map.entries.first, let spec = entry.value.mapping,
                spec.entries.count == 1, let target = spec.entries.first, target.key.text == "target"
            {
                declareTargetedQueue(entry.key.text, target: target.value)
            } else if let map = item.mapping {
                guard map.entries.count == 1, let entry = map.entries.first, let spec = entry.value.mapping,
                    spec.entries.count == 1, let width = spec.entries.first, width.key.text == "concurrent"
                else {
                    bag.error(
                        .typeMismatch,
                        "a concurrent queue is written {NAME: {concurrent: WIDTH}}, e.g. "
                            + "{images: {concurrent: 4}}", at: item.location)
                    continue
                }
                guard let n = int(width.value, what: "concurrent (the queue's width)") else { continue }
                guard n >= 2 && n <= Program.maxQueueWidth else {
                    bag.error(
                        .valueInvalid,
                        "a concurrent queue's width is between 2 and \(Program.maxQueueWidth) "
                            + "(a serial queue is a plain name)", at: width.value.location)
                    continue
                }
                program.serialQueues.append(entry.key.text)
                program.queueWidths.append(n)
            } else if let name = string(item, what: "each entry of queues") {
                program.serialQueues.append(name)
                program.queueWidths.append(1)
            }
        }
        if program.queueTargets.allSatisfy({ $0 == nil }) { program.queueTargets = [] }
    }

    /// `{NAME: {target: OTHER}}`: a serial queue whose target is OTHER, a serial queue declared before it
    /// (`DispatchQueue(label: NAME, target: OTHER)`; docs/scenario-format.md §7.6).
    private func declareTargetedQueue(_ name: String, target node: LocatedNode) {
        guard let other = string(node, what: "target") else { return }
        guard let t = program.serialQueues.firstIndex(of: other), program.queueWidths[t] == 1 else {
            bag.error(
                .nameUndefined,
                "target: names a serial queue declared before this one in queues: (a queue targeting a concurrent "
                    + "queue, main or global is not modelled)" + suggestion(other, program.serialQueues),
                at: node.location)
            return
        }
        while program.queueTargets.count < program.serialQueues.count { program.queueTargets.append(nil) }
        program.serialQueues.append(name)
        program.queueWidths.append(1)
        program.queueTargets.append(t)
    }
}
