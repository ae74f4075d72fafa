// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Threads/Threads+Steps.swift

extension DetachThreadStep {
    public static func make(name: String, block: Expr, into: LValue? = nil) -> Self {
        Self(name: name, block: block, into: into)
    }
}

extension CancelThreadStep {
    public static func make(thread: Expr) -> Self {
        Self(thread: thread)
    }
}
