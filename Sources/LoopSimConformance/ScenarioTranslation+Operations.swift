import LoopSimKernel

/// The operation queues' steps (docs/scenario-format.md §7.11) as `Operation` and `OperationQueue` calls.
extension ScenarioTranslation {
    /// The Swift of `step` when it is one of these steps; false (nothing written) for any other.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    mutating func emitOperation(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) -> Bool {
        switch step {
        case let s as AddOperationStep:
            if s.isOperation {
                w.line("LS.addOperation(\(operationQueue(s.queue)), operation: \(expr(s.block, context)))")
            } else {
                w.line(
                    "LS.addOperation(\(operationQueue(s.queue)), dependsOnLast: \(s.dependsOnLast), "
                        + "\(expr(s.block, context)))")
            }
        case let s as MakeOperationStep:
            let make = s.isAsynchronous ? "makeAsynchronousOperation" : "makeOperation"
            w.line(store("LS.\(make)(\(expr(s.block, context)))", into: s.into, context))
        case let s as FinishOperationStep:
            w.line("LS.finishOperation(\(expr(s.operation, context)))")
        case let s as AddDependencyStep:
            w.line("LS.addDependency(\(expr(s.operation, context)), on: \(expr(s.dependency, context)))")
        case let s as SetCompletionBlockStep:
            w.line("LS.setCompletionBlock(\(expr(s.operation, context)), \(expr(s.block, context)))")
        case let s as WaitForOperationsStep:
            w.line("\(operationQueue(s.queue)).queue.waitUntilAllOperationsAreFinished()")
        case let s as CancelOperationStep:
            switch s.target {
            case .operation(let operation): w.line("(LS.obj(\(expr(operation, context))) as? Operation)?.cancel()")
            case .queue(let index): w.line("\(operationQueue(index)).queue.cancelAllOperations()")
            }
        case let s as OperationSetterStep:
            switch s.setter {
            case .priority(let operation, let value):
                w.line("LS.setQueuePriority(\(expr(operation, context)), \(value))")
            case .suspended(let index, let value):
                w.line("\(operationQueue(index)).queue.isSuspended = \(value)")
            case .underlying(let index, let to):
                let target = to.map { queueExpression($0, context) } ?? "nil"
                w.line("\(operationQueue(index)).queue.underlyingQueue = \(target)")
            case .qualityOfService(let operation, let value):
                w.line("(LS.obj(\(expr(operation, context))) as? Operation)?.qualityOfService = .\(value.rawValue)")
            case .queueQualityOfService(let index, let value):
                w.line("\(operationQueue(index)).queue.qualityOfService = .\(value.rawValue)")
            case .maxConcurrent(let index, let value):
                w.line("\(operationQueue(index)).queue.maxConcurrentOperationCount = \(value)")
            }
        case let s as OperationQueuePropertyStep:
            let q = "\(operationQueue(s.queue)).queue"
            let value =
                switch s.property {
                case .isSuspended: "LSValue.bool(\(q).isSuspended)"
                case .name: "LSValue.string(\(q).name ?? \"\")"
                case .qualityOfService: "LS.qosName(\(q).qualityOfService)"
                case .maxConcurrentOperationCount: "LSValue.int(\(q).maxConcurrentOperationCount)"
                }
            w.line(store(value, into: s.into, context))
        case let s as OperationQualityOfServiceStep:
            let operation = "(LS.obj(\(expr(s.operation, context))) as? Operation)"
            let value = "LS.qosName(\(operation)?.qualityOfService ?? .default)"
            w.line(store(value, into: s.into, context))
        case let s as OperationCountStep:
            w.line(store("LSValue.int(\(operationQueue(s.queue)).queue.operationCount)", into: s.into, context))
        case let s as WaitUntilFinishedStep:
            w.line("(LS.obj(\(expr(s.operation, context))) as? Operation)?.waitUntilFinished()")
        case let s as AddExecutionBlockStep:
            w.line("LS.addExecutionBlock(\(expr(s.operation, context)), \(expr(s.block, context)))")
        case let s as AddBarrierBlockStep:
            w.line("LS.addBarrierBlock(\(operationQueue(s.queue)), \(expr(s.block, context)))")
        default:
            return false
        }
        return true
    }

    /// An operation queue by the kernel's index: a declared one, or `OperationQueue.main` after them.
    func operationQueue(_ index: Int) -> String {
        index == program.operationQueues.count ? "LSOperationQueue.main" : "\(namespace).operationQueues[\(index)]"
    }
}
