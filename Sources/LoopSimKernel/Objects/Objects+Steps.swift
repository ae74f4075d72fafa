/// `retain: EXPR` — `[object retain]` (or `CFRetain`) under manual reference counting: +1 on the object, which
/// only a matching release takes back. Nothing refers to it by the reference it adds: an object kept only by such
/// retains is an over-retain, a leak (docs/scenario-format.md §10.1). Nil does nothing; a freed object crashes.
public struct RetainStep: ExecutableStep {
    public var object: Expr
    public var verb: String { "retain" }

    public func execute(in context: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try context.object(object, expecting: "an object to retain") else { return .next }
        context.kernel.retain(o.id)
        return .next
    }
}

/// Makes the one instance of a `root: true` class (`shared C`) if no read has made it yet, so that its `init:` runs
/// before the step that reads through it (`call: shared C.loader.load`): Swift's `static let shared = C()` runs its
/// initializer to the end on the first access, before the access returns (swift_once), and a field of the instance
/// read in the same step as the first access would otherwise see the instance before its `init:`. The compiler
/// puts one before each step whose expressions read a field of `shared C` (ScenarioCompiler+Steps.swift).
public struct EnsureSharedStep: ExecutableStep {
    public var classIndex: Int
    public var verb: String { "ensureShared" }

    public func execute(in context: StepContext) throws(RuntimeFault) -> StepOutcome {
        _ = context.kernel.objects.sharedInstance(classIndex: classIndex, on: context.thread)
        return .next
    }
}
