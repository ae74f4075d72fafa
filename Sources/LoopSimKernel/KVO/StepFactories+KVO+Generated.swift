// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: KVO/KeyValueObserving+Steps.swift

extension AddKeyPathObserverStep {
    public static func make(object: Expr, slot: Int, keyPath: String, observer: Expr) -> Self {
        Self(object: object, slot: slot, keyPath: keyPath, observer: observer)
    }
}

extension RemoveKeyPathObserverStep {
    public static func make(object: Expr, keyPath: String, observer: Expr) -> Self {
        Self(object: object, keyPath: keyPath, observer: observer)
    }
}

extension ObserveKeyPathStep {
    public static func make(object: Expr, slot: Int, keyPath: String, block: Expr, into: LValue?,
                            passes: [KeyValueChangeArgument] = [], initial: Bool = false) -> Self {
        Self(object: object, slot: slot, keyPath: keyPath, block: block, into: into, passes: passes, initial: initial)
    }
}
