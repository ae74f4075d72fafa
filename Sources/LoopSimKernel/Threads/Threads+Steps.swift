/// `[NSThread detachNewThreadWithBlock:]` (the `thread:` verb, docs/scenario-format.md §7.6): a new thread
/// named `name` runs `block`, then exits; ``Threads`` makes it. With `into`, the new `NSThread` is stored there
/// (`self.thread = [[NSThread alloc] initWithBlock:…]; [self.thread start];`), for `performSelector:onThread:`.
public struct DetachThreadStep: ExecutableStep {
    public var verb: String { "thread" }
    public var name: String
    public var block: Expr
    public var into: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        let thread = c.kernel.threads.detachThread(name: name, block: block, c.kernel)
        if let into {
            try c.kernel.interpreter.store(
                .thread(thread.id), owned: false, into: into, in: c.frame, on: c.thread,
                c.kernel)
        }
        return .next
    }
}
