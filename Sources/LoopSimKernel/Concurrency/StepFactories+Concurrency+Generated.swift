// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Concurrency/Awaits+Steps.swift

extension AwaitCallStep {
    public static func make(receiver: Expr, classIndex: Int, method: Int, arguments: [Expr], isolation: CalleeIsolation,
                            result: LValue? = nil) -> Self {
        Self(receiver: receiver, classIndex: classIndex, method: method, arguments: arguments, isolation: isolation,
             result: result)
    }
}

extension AwaitTaskStep {
    public static func make(task: Expr, result: LValue? = nil, error: LValue? = nil) -> Self {
        Self(task: task, result: result, error: error)
    }
}

extension TaskGroupStep {
    public static func make(children: [Expr]) -> Self {
        Self(children: children)
    }
}

extension TaskGroupBodyStep {
    public static func make(open: Bool) -> Self {
        Self(open: open)
    }
}

extension AddTaskStep {
    public static func make(closure: Expr) -> Self {
        Self(closure: closure)
    }
}

// MARK: Concurrency/CancellationHandlers+Steps.swift

extension AddCancelHandlerStep {
    public static func make(handler: Expr) -> Self {
        Self(handler: handler)
    }
}

// MARK: Concurrency/Continuations+Steps.swift

extension WithContinuationStep {
    public static func make(open: Bool, into: Int, checked: Bool = true, function: String = "", result: LValue? = nil,
                            error: LValue? = nil) -> Self {
        Self(open: open, into: into, checked: checked, function: function, result: result, error: error)
    }
}

extension ResumeContinuationStep {
    public static func make(continuation: Expr, value: Expr? = nil, error: Expr? = nil) -> Self {
        Self(continuation: continuation, value: value, error: error)
    }
}

// MARK: Concurrency/Streams+Steps.swift

extension MakeStreamStep {
    public static func make(into: LValue, label: String, throwing: Bool = false, bufferingLimit: Expr? = nil,
                            keepsNewest: Bool = false) -> Self {
        Self(into: into, label: label, throwing: throwing, bufferingLimit: bufferingLimit, keepsNewest: keepsNewest)
    }
}

extension StreamYieldStep {
    public static func make(stream: Expr, value: Expr) -> Self {
        Self(stream: stream, value: value)
    }
}

extension StreamFinishStep {
    public static func make(stream: Expr, error: Expr? = nil, cancelled: Bool = false) -> Self {
        Self(stream: stream, error: error, cancelled: cancelled)
    }
}

extension StreamNextStep {
    public static func make(stream: Expr, take: Bool, result: LValue? = nil, ended: LValue? = nil,
                            error: LValue? = nil) -> Self {
        Self(stream: stream, take: take, result: result, ended: ended, error: error)
    }
}

// MARK: Concurrency/TaskGroupValues+Steps.swift

extension TaskGroupNextStep {
    public static func make(take: Bool, result: LValue? = nil, found: LValue? = nil, error: LValue? = nil) -> Self {
        Self(take: take, result: result, found: found, error: error)
    }
}

// MARK: Concurrency/Tasks+Steps.swift

extension MakeTaskStep {
    public static func make(closure: Expr, detached: Bool, actor: TaskExecutor?, into: LValue?, label: String,
                            child: Bool = false) -> Self {
        Self(closure: closure, detached: detached, actor: actor, into: into, label: label, child: child)
    }
}

extension TaskSleepStep {
    public static func make(delay: DurationSpec, throwing: Bool) -> Self {
        Self(delay: delay, throwing: throwing)
    }
}

extension CancelTaskStep {
    public static func make(task: Expr) -> Self {
        Self(task: task)
    }
}

extension MainActorRunStep {
    public static func make(enter: Bool) -> Self {
        Self(enter: enter)
    }
}

// MARK: Concurrency/ThrowingStreams+Steps.swift

extension StreamOnTerminationStep {
    public static func make(stream: Expr, handler: Expr) -> Self {
        Self(stream: stream, handler: handler)
    }
}

// MARK: Concurrency/ThrowingTaskGroups+Steps.swift

extension TaskThrowStep {
    public static func make(error: Expr) -> Self {
        Self(error: error)
    }
}

extension TaskGroupIsCancelledStep {
    public static func make(into: LValue) -> Self {
        Self(into: into)
    }
}
