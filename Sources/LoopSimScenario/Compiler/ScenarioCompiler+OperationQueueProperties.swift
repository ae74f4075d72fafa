import LoopSimKernel

extension ScenarioCompiler {
    /// Reading an operation queue's `isSuspended`, `name`, `qualityOfService` and `maxConcurrentOperationCount`, and
    /// setting an operation's or a queue's `qualityOfService` (docs/scenario-format.md §7.11; issue 34 item 5).
    static let operationQueuePropertyVerbs: [StepVerb] = [
        StepVerb("queueProperty", keys: ["property", "into"]) { c, s in
            guard let index = c.operationQueue(s.arg),
                let node = c.required(s, "property", example: "property: isSuspended"),
                let intoNode = c.required(s, "into", example: "into: suspended"),
                let name = c.string(node, what: "property")
            else { return [] }
            guard let property = OperationQueueProperty(rawValue: name) else {
                c.bag.error(
                    .valueInvalid,
                    "an operation queue's property is one of "
                        + OperationQueueProperty.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                        + c.suggestion(name, OperationQueueProperty.allCases.map(\.rawValue)), at: node.location)
                return []
            }
            let expected: TypeRef =
                property.isString ? .string : property == .isSuspended ? .bool : .int
            guard let (into, type) = c.lvalue(intoNode, scope: s.scope, declare: expected) else { return [] }
            if type != expected {
                c.bag.error(.exprType, "\(property.rawValue) is \(expected), not \(type)", at: intoNode.location)
            }
            return [.perform(OperationQueuePropertyStep.make(queue: index, property: property, into: into))]
        },
        StepVerb("operationQualityOfService", keys: ["into"]) { c, s in
            guard let node = c.required(s, "into", example: "into: qos"),
                let (op, t) = c.expression(s.arg, scope: s.scope),
                let (into, type) = c.lvalue(node, scope: s.scope, declare: .string)
            else { return [] }
            if !t.isObject { c.bag.error(.exprType, "the operation is an object, not \(t)", at: s.arg.location) }
            if type != .string {
                c.bag.error(.exprType, "qualityOfService is a string, not \(type)", at: node.location)
            }
            return [.perform(OperationQualityOfServiceStep.make(operation: op, into: into))]
        },
        StepVerb("setQualityOfService", keys: ["to"]) { c, s in
            guard let level = c.qualityOfService(s), let (op, t) = c.expression(s.arg, scope: s.scope) else {
                return []
            }
            if !t.isObject { c.bag.error(.exprType, "the operation is an object, not \(t)", at: s.arg.location) }
            return [.perform(OperationSetterStep.make(setter: .qualityOfService(operation: op, value: level)))]
        },
        StepVerb("setQueueQualityOfService", keys: ["to"]) { c, s in
            guard let index = c.operationQueue(s.arg), let level = c.qualityOfService(s) else { return [] }
            return [.perform(OperationSetterStep.make(setter: .queueQualityOfService(queue: index, value: level)))]
        },
        StepVerb("setMaxConcurrentOperationCount", keys: ["to"]) { c, s in
            guard let index = c.operationQueue(s.arg), let node = c.required(s, "to", example: "to: 1"),
                let value = c.int(node, what: "to")
            else { return [] }
            if index == c.program.operationQueues.count {
                c.bag.error(
                    .valueInvalid, "OperationQueue.main runs one operation at a time; its width is not set",
                    at: s.arg.location)
                return []
            }
            if value < 1 && value != -1 {
                c.bag.error(
                    .valueInvalid, "to: is a positive count, or -1 for the default (no limit of the queue's own)",
                    at: node.location)
                return []
            }
            return [.perform(OperationSetterStep.make(setter: .maxConcurrent(queue: index, value: value)))]
        },
    ]

    /// The `to:` of a quality-of-service setter: one of `QualityOfService`'s cases.
    private func qualityOfService(_ s: StepSite) -> OperationQualityOfService? {
        guard let node = required(s, "to", example: "to: userInitiated"), let name = string(node, what: "to") else {
            return nil
        }
        guard let level = OperationQualityOfService(rawValue: name) else {
            bag.error(
                .valueInvalid,
                "to: is one of " + OperationQualityOfService.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                    + suggestion(name, OperationQualityOfService.allCases.map(\.rawValue)), at: node.location)
            return nil
        }
        return level
    }
}
