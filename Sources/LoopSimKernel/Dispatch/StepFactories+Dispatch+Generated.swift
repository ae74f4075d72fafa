// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Dispatch/DispatchQueues+Steps.swift

extension DispatchAfterStep {
    public static func make(delay: DurationSpec, queue: QueueRef, block: Expr, wallClock: Bool = false) -> Self {
        Self(delay: delay, queue: queue, block: block, wallClock: wallClock)
    }
}

extension MakeDispatchTimerStep {
    public static func make(spec: DispatchTimerSpec, into: LValue?) -> Self {
        Self(spec: spec, into: into)
    }
}

extension DispatchSourceStep {
    public static func make(call: Call, source: Expr) -> Self {
        Self(call: call, source: source)
    }
}

extension DispatchSourceSetHandlerStep {
    public static func make(source: Expr, block: Expr) -> Self {
        Self(source: source, block: block)
    }
}

extension SemaphoreWaitStep {
    public static func make(semaphore: Expr, timeout: SimDuration?, result: LValue?,
                            timeoutExpression: Expr? = nil) -> Self {
        Self(semaphore: semaphore, timeout: timeout, result: result, timeoutExpression: timeoutExpression)
    }
}

extension SemaphoreSignalStep {
    public static func make(semaphore: Expr) -> Self {
        Self(semaphore: semaphore)
    }
}

extension DispatchAsyncStep {
    public static func make(queue: QueueRef, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

// MARK: Dispatch/DispatchQueues+SyncSteps.swift

extension DispatchSyncStep {
    public static func make(queue: QueueRef, block: Expr, isBarrier: Bool = false) -> Self {
        Self(queue: queue, block: block, isBarrier: isBarrier)
    }
}

extension DispatchGroupStep {
    public static func make(call: Call, group: Expr) -> Self {
        Self(call: call, group: group)
    }
}

extension DispatchGroupBlockStep {
    public static func make(call: Call, group: Expr, queue: QueueRef, block: Expr) -> Self {
        Self(call: call, group: group, queue: queue, block: block)
    }
}

extension DispatchGroupWaitStep {
    public static func make(group: Expr, timeout: SimDuration?, result: LValue?,
                            timeoutExpression: Expr? = nil) -> Self {
        Self(group: group, timeout: timeout, result: result, timeoutExpression: timeoutExpression)
    }
}

extension DispatchOnceStep {
    public static func make(token: Expr, place: LValue, block: Expr) -> Self {
        Self(token: token, place: place, block: block)
    }
}

extension DispatchBarrierAsyncStep {
    public static func make(queue: QueueRef, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

// MARK: Dispatch/DispatchQueues+WorkItemSteps.swift

extension MakeWorkItemStep {
    public static func make(block: Expr, into: LValue, label: String) -> Self {
        Self(block: block, into: into, label: label)
    }
}

extension WorkItemStep {
    public static func make(call: Call, item: Expr) -> Self {
        Self(call: call, item: item)
    }
}

extension ConcurrentPerformStep {
    public static func make(iterations: Expr, block: Expr) -> Self {
        Self(iterations: iterations, block: block)
    }
}

// MARK: Dispatch/OperationQueues+PropertySteps.swift

extension OperationQueuePropertyStep {
    public static func make(queue: Int, property: OperationQueueProperty, into: LValue) -> Self {
        Self(queue: queue, property: property, into: into)
    }
}

extension OperationQualityOfServiceStep {
    public static func make(operation: Expr, into: LValue) -> Self {
        Self(operation: operation, into: into)
    }
}

// MARK: Dispatch/OperationQueues+Steps.swift

extension AddOperationStep {
    public static func make(queue: Int, dependsOnLast: Bool, block: Expr, isOperation: Bool = false) -> Self {
        Self(queue: queue, dependsOnLast: dependsOnLast, block: block, isOperation: isOperation)
    }
}

extension MakeOperationStep {
    public static func make(block: Expr, into: LValue, label: String, isAsynchronous: Bool = false) -> Self {
        Self(block: block, into: into, label: label, isAsynchronous: isAsynchronous)
    }
}

extension AddDependencyStep {
    public static func make(operation: Expr, dependency: Expr) -> Self {
        Self(operation: operation, dependency: dependency)
    }
}

extension SetCompletionBlockStep {
    public static func make(operation: Expr, block: Expr) -> Self {
        Self(operation: operation, block: block)
    }
}

extension CancelOperationStep {
    public static func make(target: Target) -> Self {
        Self(target: target)
    }
}

extension WaitForOperationsStep {
    public static func make(queue: Int) -> Self {
        Self(queue: queue)
    }
}

extension WaitUntilFinishedStep {
    public static func make(operation: Expr) -> Self {
        Self(operation: operation)
    }
}

extension AddOperationsStep {
    public static func make(queue: Int, operations: [Expr], waitUntilFinished: Bool) -> Self {
        Self(queue: queue, operations: operations, waitUntilFinished: waitUntilFinished)
    }
}

extension OperationSetterStep {
    public static func make(setter: Setter) -> Self {
        Self(setter: setter)
    }
}

extension OperationCountStep {
    public static func make(queue: Int, into: LValue) -> Self {
        Self(queue: queue, into: into)
    }
}

extension AddBarrierBlockStep {
    public static func make(queue: Int, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

extension AddExecutionBlockStep {
    public static func make(operation: Expr, block: Expr) -> Self {
        Self(operation: operation, block: block)
    }
}

extension FinishOperationStep {
    public static func make(operation: Expr) -> Self {
        Self(operation: operation)
    }
}
