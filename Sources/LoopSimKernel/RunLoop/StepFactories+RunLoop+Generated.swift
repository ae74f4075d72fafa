// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: RunLoop/Performs+Steps.swift

extension PerformAfterDelayStep {
    public static func make(target: Expr, classIndex: Int, method: Int, argument: Expr?, delay: SimDuration,
                            modes: [String], delayExpression: Expr? = nil) -> Self {
        Self(target: target, classIndex: classIndex, method: method, argument: argument, delay: delay, modes: modes,
             delayExpression: delayExpression)
    }
}

extension PerformOnThreadStep {
    public static func make(target: Expr, classIndex: Int, method: Int, argument: Expr?, runLoop: Expr,
                            waitUntilDone: Bool, modes: [String]) -> Self {
        Self(target: target, classIndex: classIndex, method: method, argument: argument, runLoop: runLoop,
             waitUntilDone: waitUntilDone, modes: modes)
    }
}

extension CancelPerformRequestsStep {
    public static func make(target: Expr, selector: (classIndex: Int, method: Int)?, object: Expr?) -> Self {
        Self(target: target, selector: selector, object: object)
    }
}

// MARK: RunLoop/Ports+Steps.swift

extension MakePortStep {
    public static func make(block: Expr?, into: LValue?) -> Self {
        Self(block: block, into: into)
    }
}

extension AddPortStep {
    public static func make(port: Expr, runLoop: Expr, mode: String, removes: Bool) -> Self {
        Self(port: port, runLoop: runLoop, mode: mode, removes: removes)
    }
}

extension SendPortMessageStep {
    public static func make(port: Expr, after: SimDuration?, data: String?) -> Self {
        Self(port: port, after: after, data: data)
    }
}

extension StreamStep {
    public static func make(runLoop: Expr, mode: String, deliveries: [SimDuration], block: Expr,
                            into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, deliveries: deliveries, block: block, into: into)
    }
}

extension ConnectionStep {
    public static func make(runLoop: Expr, mode: String, deliveries: [SimDuration], onData: Expr, onFinish: Expr?,
                            into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, deliveries: deliveries, onData: onData, onFinish: onFinish, into: into)
    }
}

extension CancelConnectionStep {
    public static func make(connection: Expr) -> Self {
        Self(connection: connection)
    }
}

// MARK: RunLoop/RunLoops+Steps.swift

extension RunStep {
    public static func make(call: RunCall, durationExpression: Expr? = nil, result: LValue? = nil) -> Self {
        Self(call: call, durationExpression: durationExpression, result: result)
    }
}

extension StopOrWakeUpStep {
    public static func make(runLoop: Expr, stops: Bool) -> Self {
        Self(runLoop: runLoop, stops: stops)
    }
}

extension AddCommonModeStep {
    public static func make(runLoop: Expr, mode: String) -> Self {
        Self(runLoop: runLoop, mode: mode)
    }
}

extension PerformBlockStep {
    public static func make(runLoop: Expr, mode: String, block: Expr) -> Self {
        Self(runLoop: runLoop, mode: mode, block: block)
    }
}

extension AddObserverStep {
    public static func make(runLoop: Expr, mode: String, activities: RunLoopActivity, repeats: Bool, order: Int,
                            block: Expr, into: LValue? = nil) -> Self {
        Self(runLoop: runLoop, mode: mode, activities: activities, repeats: repeats, order: order, block: block,
             into: into)
    }
}

extension RemoveFromRunLoopStep {
    public static func make(item: Expr, runLoop: Expr, mode: String, isObserver: Bool) -> Self {
        Self(item: item, runLoop: runLoop, mode: mode, isObserver: isObserver)
    }
}

extension InvalidateRunLoopItemStep {
    public static func make(item: Expr, isObserver: Bool) -> Self {
        Self(item: item, isObserver: isObserver)
    }
}

extension AddSourceStep {
    public static func make(runLoop: Expr, mode: String, order: Int, block: Expr, into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, order: order, block: block, into: into)
    }
}

extension SignalStep {
    public static func make(source: Expr) -> Self {
        Self(source: source)
    }
}

extension LimitDateStep {
    public static func make(mode: String, runLoop: Expr, result: LValue?) -> Self {
        Self(mode: mode, runLoop: runLoop, result: result)
    }
}

// MARK: RunLoop/SocketPorts+Steps.swift

extension MakeSocketPortStep {
    public static func make(block: Expr?, remote: Expr?, into: LValue?) -> Self {
        Self(block: block, remote: remote, into: into)
    }
}

extension ScheduleSocketPortStep {
    public static func make(port: Expr, runLoop: Expr, mode: String, removes: Bool) -> Self {
        Self(port: port, runLoop: runLoop, mode: mode, removes: removes)
    }
}

extension InvalidatePortStep {
    public static func make(port: Expr) -> Self {
        Self(port: port)
    }
}
