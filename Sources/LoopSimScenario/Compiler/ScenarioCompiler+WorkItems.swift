import LoopSimKernel

extension ScenarioCompiler {
    /// `DispatchWorkItem` and `concurrentPerform` (docs/scenario-format.md §7.6). Each makes its step of
    /// `Dispatch/DispatchQueues+WorkItemSteps.swift`.
    static let workItemVerbs: [StepVerb] = [
        StepVerb("workItem", keys: ["captures", "do"]) { c, s in
            guard let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope),
                let (into, type) = c.lvalue(s.arg, scope: s.scope, declare: .anyObject)
            else { return [] }
            if !type.isObject { c.bag.error(.exprType, "a work item is an object, not \(type)", at: s.arg.location) }
            let label = s.arg.scalar?.text.split(separator: ".").last.map(String.init) ?? "workItem"
            return [.perform(MakeWorkItemStep.make(block: block, into: into, label: label))]
        },
        StepVerb("performWorkItem") { c, s in
            c.workItemExpression(s).map { [.perform(WorkItemStep.make(call: .perform, item: $0))] } ?? []
        },
        StepVerb("asyncWorkItem", keys: ["queue"]) { c, s in
            let queue = s.map["queue"].flatMap { c.queueRef($0, scope: s.scope) } ?? .global
            return c.workItemExpression(s).map { [.perform(WorkItemStep.make(call: .async(queue), item: $0))] } ?? []
        },
        StepVerb("asyncAfterWorkItem", keys: ["queue", "delay"]) { c, s in
            let queue = s.map["queue"].flatMap { c.queueRef($0, scope: s.scope) } ?? .global
            guard let node = c.required(s, "delay", example: "delay: 300ms"),
                let delay = c.randomDuration(node, what: "delay", stream: RandomStream.network, scope: s.scope),
                let item = c.workItemExpression(s)
            else { return [] }
            return [.perform(WorkItemStep.make(call: .asyncAfter(queue, delay: delay), item: item))]
        },
        StepVerb("cancelWorkItem") { c, s in
            c.workItemExpression(s).map { [.perform(WorkItemStep.make(call: .cancel, item: $0))] } ?? []
        },
        StepVerb("notifyWorkItem", keys: ["queue", "captures", "do"]) { c, s in
            let queue = s.map["queue"].flatMap { c.queueRef($0, scope: s.scope) } ?? .global
            guard let item = c.workItemExpression(s),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            return [.perform(WorkItemStep.make(call: .notify(queue, block: block), item: item))]
        },
        StepVerb("waitWorkItem", keys: ["timeout", "result"]) { c, s in
            guard let item = c.workItemExpression(s) else { return [] }
            var timeout: SimDuration?
            if let node = s.map["timeout"], node.scalar?.text != "forever", node.scalar?.text != "distantFuture" {
                timeout = c.duration(node, what: "timeout")
            }
            let result = s.map["result"].flatMap { c.lvalue($0, scope: s.scope, declare: .int)?.0 }
            return [.perform(WorkItemStep.make(call: .wait(timeout: timeout, result: result), item: item))]
        },
        StepVerb("concurrentPerform", keys: ["index", "captures", "do"]) { c, s in
            guard let (iterations, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if type != .int {
                c.bag.error(.exprType, "concurrentPerform's iterations are an int, not \(type)", at: s.arg.location)
            }
            guard let parameter = c.blockParameter(s, key: "index", example: "i") else { return [] }
            let parameters = parameter.map { [(name: $0, type: TypeRef.int)] } ?? []
            guard
                let block = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, parameters: parameters)
            else { return [] }
            return [.perform(ConcurrentPerformStep.make(iterations: iterations, block: block))]
        },
    ]

    /// The operation-queue verbs of issue 34 item 5 beside §7.11's: priority, suspension, the underlying queue,
    /// the operation count and barrier blocks.
    static let operationControlVerbs: [StepVerb] = [
        StepVerb("setQueuePriority", keys: ["to"]) { c, s in
            guard let node = c.required(s, "to", example: "to: high"), let (op, t) = c.expression(s.arg, scope: s.scope)
            else { return [] }
            if !t.isObject {
                c.bag.error(
                    .exprType, "the operation is an object (made by `operation:`), not \(t)", at: s.arg.location)
            }
            let value: Int
            if let level = node.scalar.flatMap({ OperationPriority.named($0.text) }) {
                value = level.rawValue
            } else if let n = node.scalar.flatMap({ Int($0.text) }) {
                value = n
            } else {
                c.bag.error(
                    .valueInvalid, "to: is veryLow, low, normal, high, veryHigh or an integer (Foundation's raw value)",
                    at: node.location)
                return []
            }
            return [.perform(OperationSetterStep.make(setter: .priority(operation: op, value: value)))]
        },
        StepVerb("setSuspended", keys: ["to"]) { c, s in
            guard let index = c.operationQueue(s.arg), let node = c.required(s, "to", example: "to: true"),
                let value = c.bool(node, what: "to")
            else { return [] }
            if index == c.program.operationQueues.count {
                c.bag.error(
                    .valueInvalid,
                    "suspending OperationQueue.main is not modelled: swift-corelibs-foundation ignores it "
                        + "(`if !__mainQ`) and Darwin does not document it; suspend a queue of operationQueues:",
                    at: s.arg.location)
                return []
            }
            return [.perform(OperationSetterStep.make(setter: .suspended(queue: index, value: value)))]
        },
        StepVerb("setUnderlyingQueue", keys: ["to"]) { c, s in
            guard let index = c.operationQueue(s.arg), let node = c.required(s, "to", example: "to: db") else {
                return []
            }
            if index == c.program.operationQueues.count {
                c.bag.error(
                    .valueInvalid,
                    "OperationQueue.main's underlying queue is the main queue and cannot be set; use a queue of "
                        + "operationQueues:", at: s.arg.location)
                return []
            }
            let target: QueueRef?
            if node.isNull {
                target = nil
            } else {
                guard let q = c.queueRef(node) else { return [] }
                if q == .main {
                    c.bag.error(
                        .valueInvalid,
                        "an operation queue over the main dispatch queue is not modelled; use OperationQueue main",
                        at: node.location)
                    return []
                }
                target = q
            }
            return [.perform(OperationSetterStep.make(setter: .underlying(queue: index, to: target)))]
        },
        StepVerb("operationCount", keys: ["into"]) { c, s in
            guard let index = c.operationQueue(s.arg), let node = c.required(s, "into", example: "into: n"),
                let (into, type) = c.lvalue(node, scope: s.scope, declare: .int)
            else { return [] }
            if type != .int { c.bag.error(.exprType, "operationCount is an int, not \(type)", at: node.location) }
            return [.perform(OperationCountStep.make(queue: index, into: into))]
        },
        StepVerb("addBarrierBlock", keys: ["captures", "do"]) { c, s in
            guard let index = c.operationQueue(s.arg),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            return [.perform(AddBarrierBlockStep.make(queue: index, block: block))]
        },
        StepVerb("addExecutionBlock", keys: ["captures", "do"]) { c, s in
            guard let (op, t) = c.expression(s.arg, scope: s.scope),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            if !t.isObject {
                c.bag.error(
                    .exprType, "the operation is an object (made by `operation:`), not \(t)", at: s.arg.location)
            }
            return [.perform(AddExecutionBlockStep.make(operation: op, block: block))]
        },
    ]

    /// A step's argument that should name a work item (an object: which object is checked when the step runs).
    fileprivate func workItemExpression(_ s: StepSite) -> Expr? {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return nil }
        if !t.isObject {
            bag.error(.exprType, "\(s.verb) needs a work item (made by `workItem:`), not \(t)", at: s.arg.location)
        }
        return e
    }
}
