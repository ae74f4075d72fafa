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
