/// The operation-queue verbs' steps (docs/scenario-format.md §7.11), run by ``OperationQueues``. A queue is
/// its index: the program's `operationQueues:` in order, then `mainQueue`.

/// `[queue addOperationWithBlock:]` (a block literal, optionally depending on the previous operation added to the
/// queue) or `[queue addOperation:]` (an operation object).
public struct AddOperationStep: ExecutableStep {
    public var verb: String { "addOperation" }
    public var queue: Int
    public var dependsOnLast: Bool
    /// A block literal (`addOperationWithBlock:`) or an operation (`operation:`).
    public var block: Expr
    public var isOperation: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if isOperation {
            guard let o = try c.operation(block) else { return .next }
            c.kernel.operations.add(operation: o, to: queue, from: c.thread)
            return .next
        }
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.operations.add(block, to: queue, dependsOnLast: dependsOnLast, from: c.thread)
        return .next
    }
}

/// `[NSBlockOperation blockOperationWithBlock:]`, bound to `into`.
public struct MakeOperationStep: ExecutableStep {
    public var verb: String { "operation" }
    public var block: Expr
    public var into: LValue
    /// The operation's label in reports: the place's name.
    public var label: String
    /// An asynchronous operation (`isAsynchronous` true, its block is its `start()`): it finishes only when a
    /// `finishOperation:` step marks it finished.
    public var isAsynchronous: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        let op = c.kernel.operations.makeOperation(block: block, label: label, on: c.thread)
        if isAsynchronous { c.kernel.operations.makeAsynchronous(op) }
        try c.bind(op, into: into)
        return .next
    }
}

/// `[operation addDependency:]`.
public struct AddDependencyStep: ExecutableStep {
    public var verb: String { "addDependency" }
    public var operation: Expr
    public var dependency: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.operation(operation) else { return .next }
        guard let d = try c.operation(dependency) else {
            // Foundation: addDependency:nil raises (corelibs takes a non-optional Operation).
            c.kernel.appCrashed("*** -[NSOperation addDependency:]: dependency is nil", on: c.thread)
            return .next
        }
        c.kernel.operations.addDependency(o, on: d)
        return .next
    }
}

/// `operation.completionBlock = ^{ … }`.
public struct SetCompletionBlockStep: ExecutableStep {
    public var verb: String { "setCompletionBlock" }
    public var operation: Expr
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.operation(operation) else { return .next }
        let block = try c.retainedObject(block)
        c.kernel.operations.setCompletion(o, block: block, on: c.thread)
        return .next
    }
}

/// `[operation cancel]` and `[queue cancelAllOperations]`.
public struct CancelOperationStep: ExecutableStep {
    public enum Target: Sendable {
        case operation(Expr)
        case queue(Int)
    }
    public var verb: String {
        if case .queue = target { "cancelAllOperations" } else { "cancelOperation" }
    }
    public var target: Target

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        switch target {
        case .operation(let expr):
            guard let o = try c.operation(expr) else { return .next }
            c.kernel.operations.cancel(o)
        case .queue(let index):
            c.kernel.operations.cancelAll(index)
        }
        return .next
    }
}

extension StepContext {
    /// The live operation `expr` names; nil for nil; a fault for anything else.
    func operation(_ expr: Expr) throws(RuntimeFault) -> HeapObject? {
        guard let o = try object(expr, expecting: "an NSOperation") else { return nil }
        guard kernel.operations.isOperation(o) else {
            throw RuntimeFault(
                "unrecognized selector sent to \(o.displayName): it is not an NSOperation (make one "
                    + "with `operation:`)")
        }
        return o
    }
}

/// `[queue waitUntilAllOperationsAreFinished]`.
public struct WaitForOperationsStep: ExecutableStep {
    public var verb: String { "waitUntilAllOperationsAreFinished" }
    public var queue: Int

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let action = c.kernel.operations.waitUntilAllFinished(queue, on: c.thread) else { return .next }
        return StepOutcome(action)
    }
}

/// `[operation waitUntilFinished]`: the thread blocks until the operation has finished (``WaitForOperationFrame``).
public struct WaitUntilFinishedStep: ExecutableStep {
    public var verb: String { "waitUntilFinished" }
    public var operation: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.operation(operation), let r = c.kernel.operations.record(of: o) else { return .next }
        return StepOutcome(.push(WaitForOperationFrame(records: [r])))
    }
}

/// `[queue addOperations:@[a, b] waitUntilFinished:wait]`: adds each operation, in order, as `addOperation:` does;
/// with `wait`, the thread then blocks until every one of them has finished (Apple, `addOperations:waitUntilFinished:`:
/// "If YES, the current thread is blocked until all of the specified operations finish executing").
public struct AddOperationsStep: ExecutableStep {
    public var verb: String { "addOperations" }
    public var queue: Int
    public var operations: [Expr]
    public var waitUntilFinished: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        var records: [Int] = []
        for e in operations {
            guard let o = try c.operation(e) else { continue }
            if let r = k.operations.record(of: o) { records.append(r) }
            k.operations.add(operation: o, to: queue, from: c.thread)
            if k.halt.crash != nil { return .next }
        }
        guard waitUntilFinished, !records.isEmpty else { return .next }
        return StepOutcome(.push(WaitForOperationFrame(records: records)))
    }
}

/// `operation.queuePriority = …`, `queue.isSuspended = …`, `queue.underlyingQueue = …` (issue 34 item 5).
public struct OperationSetterStep: ExecutableStep {
    public enum Setter: Sendable {
        case priority(operation: Expr, value: Int)
        case suspended(queue: Int, value: Bool)
        case underlying(queue: Int, to: QueueRef?)
        case qualityOfService(operation: Expr, value: OperationQualityOfService)
        case queueQualityOfService(queue: Int, value: OperationQualityOfService)
        /// `queue.maxConcurrentOperationCount = n` while the app runs (``OperationQueues/setMaxConcurrent(_:_:)``).
        case maxConcurrent(queue: Int, value: Int)
    }
    public var verb: String {
        switch setter {
        case .priority: "setQueuePriority"
        case .suspended: "setSuspended"
        case .underlying: "setUnderlyingQueue"
        case .qualityOfService: "setQualityOfService"
        case .queueQualityOfService: "setQueueQualityOfService"
        case .maxConcurrent: "setMaxConcurrentOperationCount"
        }
    }
    public var setter: Setter

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let operations = c.kernel.operations
        switch setter {
        case .priority(let operation, let value):
            guard let o = try c.operation(operation) else { return .next }
            operations.setPriority(o, value)
        case .suspended(let queue, let value):
            operations.setSuspended(queue, value)
        case .underlying(let queue, let to):
            operations.setUnderlying(queue, try to.map { q throws(RuntimeFault) in try c.queue(q) }, on: c.thread)
        case .qualityOfService(let operation, let value):
            guard let o = try c.operation(operation) else { return .next }
            operations.setQualityOfService(o, value)
        case .queueQualityOfService(let queue, let value):
            operations.setQualityOfService(queue: queue, value)
        case .maxConcurrent(let queue, let value):
            // corelibs' setter traps on a negative count but the default's -1 (Operation.swift at 761b621).
            if value < 0 && value != Program.defaultMaxConcurrentOperationCount {
                throw RuntimeFault("Fatal error: count (\(value)) cannot be negative")
            }
            operations.setMaxConcurrent(queue, value)
        }
        return .next
    }
}

/// `queue.operationCount`, stored into `into`.
public struct OperationCountStep: ExecutableStep {
    public var verb: String { "operationCount" }
    public var queue: Int
    public var into: LValue

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let count = c.kernel.operations.operationCount(queue)
        try c.kernel.interpreter.store(.int(count), owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
        return .next
    }
}

/// `[queue addBarrierBlock:]` (``OperationQueues/addBarrier(_:to:from:)``).
public struct AddBarrierBlockStep: ExecutableStep {
    public var verb: String { "addBarrierBlock" }
    public var queue: Int
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.operations.addBarrier(block, to: queue, from: c.thread)
        return .next
    }
}

/// `[operation addExecutionBlock:]` (``OperationQueues/addExecutionBlock(_:block:on:)``).
public struct AddExecutionBlockStep: ExecutableStep {
    public var verb: String { "addExecutionBlock" }
    public var operation: Expr
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.operation(operation) else { return .next }
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.operations.addExecutionBlock(o, block: block, on: c.thread)
        return .next
    }
}

/// An asynchronous operation marks itself finished: `isExecuting = false; isFinished = true` with their KVO
/// notifications (``OperationQueues/finishAsynchronous(_:on:)``).
public struct FinishOperationStep: ExecutableStep {
    public var verb: String { "finishOperation" }
    public var operation: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.operation(operation) else { return .next }
        c.kernel.operations.finishAsynchronous(o, on: c.thread)
        return .next
    }
}
