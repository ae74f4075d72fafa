// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Timers/Timers+Steps.swift

extension MakeDisplayLinkStep {
    public static func make(target: Expr, classIndex: Int, method: Int, fps: Int, label: String,
                            into: LValue?) -> Self {
        Self(target: target, classIndex: classIndex, method: method, fps: fps, label: label, into: into)
    }
}

extension MakeTimerStep {
    public static func make(spec: TimerSpec, into: LValue?) -> Self {
        Self(spec: spec, into: into)
    }
}

extension AddTimerStep {
    public static func make(timer: Expr, runLoop: Expr, mode: String) -> Self {
        Self(timer: timer, runLoop: runLoop, mode: mode)
    }
}

extension InvalidateOrFireStep {
    public static func make(timer: Expr, fires: Bool) -> Self {
        Self(timer: timer, fires: fires)
    }
}

extension SetPausedStep {
    public static func make(link: Expr, paused: Expr) -> Self {
        Self(link: link, paused: paused)
    }
}

extension SetFrameRateStep {
    public static func make(link: Expr, fps: Expr) -> Self {
        Self(link: link, fps: fps)
    }
}

extension SetFireDateStep {
    public static func make(timer: Expr, at: Expr?, after: SimDuration) -> Self {
        Self(timer: timer, at: at, after: after)
    }
}
