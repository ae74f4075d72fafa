/// The trap verb's step (docs/scenario-format.md §7.1): a runtime trap of the modelled program's own code.

/// `trap: MESSAGE`: the program stops here with MESSAGE, as a Swift runtime trap does — a force unwrap of nil
/// ("Fatal error: Unexpectedly found nil while unwrapping an Optional value", The Swift Programming Language,
/// "Forced Unwrapping"), `fatalError(_:)`, a failed `precondition(_:_:)` (Swift standard library). The process
/// ends with SIGILL/SIGTRAP: nothing after it runs, on any thread, so it is the run's crash at this step.
public struct TrapStep: ExecutableStep {
    public var verb: String { "trap" }
    /// The message the runtime prints before it stops the process.
    public var message: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        throw RuntimeFault(message)
    }
}

/// `blockAPI: SELECTOR`: the app is about to call one of Foundation's iOS 10 block APIs — `-[NSRunLoop
/// performBlock:]`, `-[NSRunLoop performInModes:block:]`, `-[NSThread initWithBlock:]`, `+[NSThread
/// detachNewThreadWithBlock:]` — which NSRunLoop.h and NSThread.h mark `API_AVAILABLE(macosx(10.12), ios(10.0))`,
/// as NSTimer.h marks the block timers. The variant flag `blockBasedTimerAPI` says whether that release's Foundation
/// has them (all came in the same release); without them the message is not understood and the app crashes with
/// `unrecognized selector`, as the timer's block API does (`RunLoops.makeTimer`). With them the step does nothing:
/// the call itself is the next step.
public struct BlockAPIStep: ExecutableStep {
    public var verb: String { "blockAPI" }
    /// The Objective-C method, `-[Class selector]` for an instance's, `+[Class selector]` for the class's.
    public var selector: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard !c.kernel.profile.blockBasedTimerAPI else { return .next }
        let receiver = selector.hasPrefix("+") ? "class" : "instance"
        throw RuntimeFault(
            "\(selector): unrecognized selector sent to \(receiver) (the block API needs iOS 10; use "
                + "target/selector, or CFRunLoopPerformBlock)")
    }
}
