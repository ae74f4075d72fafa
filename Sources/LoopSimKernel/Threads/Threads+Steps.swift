/// `[NSThread detachNewThreadWithBlock:]` (the `thread:` verb, docs/scenario-format.md §7.6): a new thread
/// named `name` runs `block`, then exits; ``Threads`` makes it.
public struct DetachThreadStep: ExecutableStep {
    public var verb: String { "thread" }
    public var name: String
    public var block: Expr

    public init(name: String, block: Expr) {
        self.name = name
        self.block = block
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.threads.detachThread(name: name, block: block, c.kernel)
        return .next
    }
}
