/// Reading an operation queue's properties and the quality of service of operations and queues (issue 34 item 5;
/// docs/scenario-format.md §7.11).
extension OperationQueues {
    /// `queue.isSuspended`, `name`, `qualityOfService`, `maxConcurrentOperationCount`, as corelibs answers them:
    /// the main queue is never suspended (its setter is ignored, `if !__mainQ`), is named `NSOperationQueue Main
    /// Queue` and has `userInteractive` (`init(asMainQueue:)`); a declared queue has the name it is declared with
    /// (the app names it so: `queue.name = "work"`) and `default` until set (`_propertyQoS ?? .default`).
    func property(_ property: OperationQueueProperty, of index: Int) -> Value {
        let q = queue(at: index)
        switch property {
        case .isSuspended: return .bool(q.isSuspended)
        case .name: return .string(q.isMain ? "NSOperationQueue Main Queue" : q.name)
        case .qualityOfService:
            return .string((q.isMain ? .userInteractive : q.qualityOfService ?? .default).rawValue)
        case .maxConcurrentOperationCount: return .int(q.maxConcurrent)
        }
    }

    /// `operation.qualityOfService`: `default` until set (corelibs `__propertyQoS ?? .default`).
    func qualityOfService(of operation: HeapObject) -> OperationQualityOfService {
        record(of: operation).flatMap { recordQualityOfService($0) } ?? .default
    }
}

/// `queue.isSuspended`, `queue.name`, `queue.qualityOfService` or `queue.maxConcurrentOperationCount`, stored into
/// `into`.
public struct OperationQueuePropertyStep: ExecutableStep {
    public var verb: String { "queueProperty" }
    public var queue: Int
    public var property: OperationQueueProperty
    public var into: LValue

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let value = c.kernel.operations.property(property, of: queue)
        try c.kernel.interpreter.store(value, owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
        return .next
    }
}

/// `operation.qualityOfService`, stored into `into` as its name.
public struct OperationQualityOfServiceStep: ExecutableStep {
    public var verb: String { "operationQualityOfService" }
    public var operation: Expr
    public var into: LValue

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let level = try c.operation(operation).map { c.kernel.operations.qualityOfService(of: $0) } ?? .default
        try c.kernel.interpreter.store(
            .string(level.rawValue), owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
        return .next
    }
}
