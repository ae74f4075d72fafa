import LoopSimScenario
import SwiftSyntax

/// `MainActor.assumeIsolated { … }` (SE-0392, Swift 5.9): the synchronous way code that knows it runs on the main
/// thread — a Timer's block on the main run loop, a main-queue GCD block, a UIKit callback — calls main-actor code.
/// Its closure runs at once, in place, on the calling thread; off the main actor's executor it stops the program.
/// For the main actor that check is libdispatch's `dispatch_assert_queue(main queue)`
/// (`_swift_task_checkIsolatedSwift`), which holds on the main thread — as this machine's swiftc build shows: a
/// call from a `Thread` crashes in `_dispatch_assert_queue_fail`, called from `MainActor.assumeIsolated`.
extension SwiftLowering {
    /// The message of the trap off the main thread: libdispatch's assertion, which Apple's platforms print
    /// ("BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was expected to execute on queue
    /// [com.apple.main-thread]"), after the Swift call that made it.
    static let assumeIsolatedTrap =
        "MainActor.assumeIsolated off the main actor: BUG IN CLIENT OF LIBDISPATCH: Assertion failed: Block was "
        + "expected to execute on queue [com.apple.main-thread]"

    /// `MainActor.assumeIsolated { … }` as a statement: off the main thread a trap, then the closure's statements
    /// in place. Its value, a capture list and parameters are refused.
    mutating func mainActorAssumeIsolated(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        guard call.arguments.isEmpty, let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty
        else {
            unsupported("this `MainActor.assumeIsolated`", "write `MainActor.assumeIsolated { … }`", at: call)
            return []
        }
        if let signature = closure.signature {
            unsupported(
                "a capture list or parameter in `MainActor.assumeIsolated`'s closure",
                "its closure runs at once, in place: write `MainActor.assumeIsolated { … }`", at: signature)
            return []
        }
        let at = location(call)
        let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(
            trapPrefix(call) + Self.assumeIsolatedTrap)
        var inner = scope
        inner.returnBreaksLoop = false
        inner.tailLoopID = nil
        inner.isInlineClosure = true
        let steps = lowerStatements(closure.statements, in: &inner, tail: false)
        return [.step("if", "!(current thread.isMainThread)", at: at, [("then", .list([trap], at: at))])] + steps
    }
}
