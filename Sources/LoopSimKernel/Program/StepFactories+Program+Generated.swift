// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Program/Arrays+Steps.swift

extension ArrayStep {
    public static func make(place: LValue, operation: ArrayOperation) -> Self {
        Self(place: place, operation: operation)
    }
}

// MARK: Program/Dictionaries+Steps.swift

extension DictionaryStep {
    public static func make(place: LValue, operation: DictionaryOperation) -> Self {
        Self(place: place, operation: operation)
    }
}

// MARK: Program/Log+Steps.swift

extension InterpolatedLogStep {
    public static func make(parts: [LogPart]) -> Self {
        Self(parts: parts)
    }
}

// MARK: Program/Step.swift

extension DispatchTimerSpec {
    public static func make(queue: QueueRef, start: DurationSpec, interval: SimDuration?, leeway: SimDuration,
                            wallClock: Bool, handler: Expr, resume: Bool, label: String,
                            intervalExpression: Expr? = nil, leewayExpression: Expr? = nil) -> Self {
        Self(queue: queue, start: start, interval: interval, leeway: leeway, wallClock: wallClock, handler: handler,
             resume: resume, label: label, intervalExpression: intervalExpression, leewayExpression: leewayExpression)
    }
}

extension TimerSpec {
    public static func make(interval: SimDuration, repeats: Bool, action: Action, userInfo: Expr? = nil,
                            scheduleMode: String?, firstFireAfter: SimDuration? = nil, isBlockInitializer: Bool = false,
                            tolerance: SimDuration = .zero, label: String, intervalExpression: Expr? = nil,
                            firstFireExpression: Expr? = nil, toleranceExpression: Expr? = nil) -> Self {
        Self(interval: interval, repeats: repeats, action: action, userInfo: userInfo, scheduleMode: scheduleMode,
             firstFireAfter: firstFireAfter, isBlockInitializer: isBlockInitializer, tolerance: tolerance, label: label,
             intervalExpression: intervalExpression, firstFireExpression: firstFireExpression,
             toleranceExpression: toleranceExpression)
    }
}

// MARK: Program/Trap+Steps.swift

extension TrapStep {
    public static func make(message: String) -> Self {
        Self(message: message)
    }
}

extension BlockAPIStep {
    public static func make(selector: String) -> Self {
        Self(selector: selector)
    }
}
