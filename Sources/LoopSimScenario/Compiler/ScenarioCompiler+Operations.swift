import LoopSimKernel

extension ScenarioCompiler {
    /// The operation queues' verbs (docs/scenario-format.md §7.11). Each makes its step of
    /// `Dispatch/OperationQueues+Steps.swift`.
    static let operationVerbs: [StepVerb] = [
        StepVerb("operation", keys: ["asynchronous", "captures", "do"]) { c, s in
            guard let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope),
                let (into, type) = c.lvalue(s.arg, scope: s.scope, declare: .anyObject)
            else { return [] }
            if !type.isObject { c.bag.error(.exprType, "an operation is an object, not \(type)", at: s.arg.location) }
            let label = s.arg.scalar?.text.split(separator: ".").last.map(String.init) ?? "operation"
            let isAsynchronous = s.map["asynchronous"].flatMap { c.bool($0, what: "asynchronous") } ?? false
            return [
                .perform(MakeOperationStep.make(block: block, into: into, label: label, isAsynchronous: isAsynchronous))
            ]
        },
        StepVerb("addDependency", keys: ["on"]) { c, s in
            guard let on = c.required(s, "on", example: "on: download"),
                let operation = c.operationExpression(s.arg, "the operation", s),
                let dependency = c.operationExpression(on, "on: (the operation it waits for)", s)
            else { return [] }
            return [.perform(AddDependencyStep.make(operation: operation, dependency: dependency))]
        },
        StepVerb("setCompletionBlock", keys: ["captures", "do"]) { c, s in
            guard let operation = c.operationExpression(s.arg, "the operation", s),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            return [.perform(SetCompletionBlockStep.make(operation: operation, block: block))]
        },
        StepVerb("addOperation", keys: ["operation", "dependsOnLast", "captures", "do"]) { c, s in
            guard let index = c.operationQueue(s.arg) else { return [] }
            if let node = s.map["operation"] {
                for key in ["dependsOnLast", "captures", "do"] where s.map[key] != nil {
                    c.bag.error(
                        .keyUnknown,
                        "addOperation: takes either operation: or a block (do:, captures:, "
                            + "dependsOnLast:), not both; use addDependency: for an operation", at: s.map[key]!.location
                    )
                }
                guard let operation = c.operationExpression(node, "operation:", s) else { return [] }
                return [
                    .perform(
                        AddOperationStep.make(
                            queue: index, dependsOnLast: false, block: operation,
                            isOperation: true))
                ]
            }
            let dependsOnLast = s.map["dependsOnLast"].flatMap { c.bool($0, what: "dependsOnLast") } ?? false
            guard let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            return [.perform(AddOperationStep.make(queue: index, dependsOnLast: dependsOnLast, block: block))]
        },
        StepVerb("finishOperation", keys: []) { c, s in
            guard let operation = c.operationExpression(s.arg, "the operation", s) else { return [] }
            return [.perform(FinishOperationStep.make(operation: operation))]
        },
        StepVerb("cancelOperation", keys: []) { c, s in
            guard let operation = c.operationExpression(s.arg, "the operation", s) else { return [] }
            return [.perform(CancelOperationStep.make(target: .operation(operation)))]
        },
        StepVerb("cancelAllOperations", keys: []) { c, s in
            guard let index = c.operationQueue(s.arg) else { return [] }
            return [.perform(CancelOperationStep.make(target: .queue(index)))]
        },
        StepVerb("waitUntilFinished", keys: []) { c, s in
            guard let operation = c.operationExpression(s.arg, "the operation", s) else { return [] }
            return [.perform(WaitUntilFinishedStep.make(operation: operation))]
        },
        StepVerb("addOperations", keys: ["operations", "waitUntilFinished"]) { c, s in
            guard let index = c.operationQueue(s.arg),
                let list = c.required(s, "operations", example: "operations: [download, parse]")
            else { return [] }
            // Every item is checked, so that each undefined operation is reported at once.
            let items = list.sequence?.items ?? [list]
            let operations = items.compactMap { c.operationExpression($0, "operations:", s) }
            guard operations.count == items.count else { return [] }
            let wait = s.map["waitUntilFinished"].flatMap { c.bool($0, what: "waitUntilFinished") } ?? false
            return [.perform(AddOperationsStep.make(queue: index, operations: operations, waitUntilFinished: wait))]
        },
        StepVerb("waitUntilAllOperationsAreFinished", keys: []) { c, s in
            guard let index = c.operationQueue(s.arg) else { return [] }
            return [.perform(WaitForOperationsStep.make(queue: index))]
        },
    ]

    /// An operation queue's index: a name from `operationQueues:`, or `main` (`NSOperationQueue.mainQueue`).
    func operationQueue(_ node: LocatedNode) -> Int? {
        guard let name = string(node, what: "the operation queue") else { return nil }
        // The kernel puts mainQueue after the declared queues (OperationQueues.init).
        if name == "main" { return program.operationQueues.count }
        guard let index = program.operationQueues.firstIndex(where: { $0.name == name }) else {
            bag.error(
                .nameUndefined,
                "no operation queue named '\(name)': declare it under operationQueues:, or use "
                    + "main" + suggestion(name, program.operationQueues.map(\.name) + ["main"]), at: node.location)
            return nil
        }
        return index
    }

    /// An expression that should name an operation (an object: which object is checked when the step runs).
    private func operationExpression(_ node: LocatedNode, _ what: String, _ s: StepSite) -> Expr? {
        guard let (e, t) = expression(node, scope: s.scope) else { return nil }
        if !t.isObject {
            bag.error(.exprType, "\(what) is an operation (made by `operation:`), not \(t)", at: node.location)
        }
        return e
    }
}
