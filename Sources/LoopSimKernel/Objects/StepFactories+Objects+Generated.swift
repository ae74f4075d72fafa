// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Objects/Objects+Steps.swift

extension RetainStep {
    public static func make(object: Expr) -> Self {
        Self(object: object)
    }
}

extension EnsureSharedStep {
    public static func make(classIndex: Int) -> Self {
        Self(classIndex: classIndex)
    }
}
