import LoopSimScenario
import SwiftSyntax

/// `thread.isExecuting`, `thread.isFinished` and `thread.isCancelled` of a `Thread` the app keeps (Apple, `Thread`:
/// "isExecuting — A Boolean value that indicates whether the receiver is executing"; `isFinished`, `isCancelled`
/// likewise). The model's thread objects carry a name and whether they are the main thread, not these states, so a
/// read of one is refused, naming the form that says the same thing in the app's own state.
extension SwiftLowering {
    mutating func refuseThreadState(_ name: String, at node: some SyntaxProtocol) {
        unsupported(
            "`\(name)` of a Thread",
            "LoopSim's threads carry `name` and `isMainThread` only: keep the state in a property the thread's "
                + "block sets (`isRunning = true` first, `isRunning = false` last, both on one queue or under one "
                + "lock) and read that; a `Thread` subclass reads its own `isCancelled`",
            at: node)
    }
}
