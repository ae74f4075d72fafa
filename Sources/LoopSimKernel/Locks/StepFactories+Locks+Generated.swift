// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Locks/Locks+Steps.swift

extension MakeLockStep {
    public static func make(kind: LockKind, condition: Int, into: LValue, label: String, name: String? = nil) -> Self {
        Self(kind: kind, condition: condition, into: into, label: label, name: name)
    }
}

extension LockStep {
    public static func make(lock: Expr, isTry: Bool, before: SimDuration?, whenCondition: Expr?,
                            result: LValue?) -> Self {
        Self(lock: lock, isTry: isTry, before: before, whenCondition: whenCondition, result: result)
    }
}

extension UnlockStep {
    public static func make(lock: Expr, withCondition: Expr?) -> Self {
        Self(lock: lock, withCondition: withCondition)
    }
}

extension ConditionWaitStep {
    public static func make(condition: Expr, until: SimDuration?, result: LValue?) -> Self {
        Self(condition: condition, until: until, result: result)
    }
}

extension ConditionSignalStep {
    public static func make(condition: Expr, broadcast: Bool) -> Self {
        Self(condition: condition, broadcast: broadcast)
    }
}

extension LockConditionStep {
    public static func make(lock: Expr, into: LValue) -> Self {
        Self(lock: lock, into: into)
    }
}

// MARK: Locks/ObjcSync+Steps.swift

extension ObjcSyncEnterStep {
    public static func make(object: Expr) -> Self {
        Self(object: object)
    }
}

extension ObjcSyncExitStep {
    public static func make(object: Expr) -> Self {
        Self(object: object)
    }
}
