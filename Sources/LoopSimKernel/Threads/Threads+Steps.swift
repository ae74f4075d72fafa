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

/// `[thread cancel]` (`thread.cancel()`): sets the thread's cancelled flag, which `isCancelled` reads, and does
/// nothing else; nil does nothing. Apple, `-[NSThread cancel]`: "Changes the cancelled state of the receiver to
/// indicate that it should exit"; swift-corelibs-foundation Sources/Foundation/Thread.swift, `open func cancel()`,
/// only sets `_cancelled` under its lock. The thread is not woken, its run loop is not stopped: a thread whose body
/// never reads `isCancelled` runs on (docs/fidelity.md, "Thread cancellation").
public struct CancelThreadStep: ExecutableStep {
    public var verb: String { "cancelThread" }
    public var thread: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        switch try c.value(thread) {
        case .thread(let id): c.kernel.threads[id].isCancelled = true
        case .null: break
        default: throw RuntimeFault("cancelThread on a value that is not an NSThread")
        }
        return .next
    }
}
