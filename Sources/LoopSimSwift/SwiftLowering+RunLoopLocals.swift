import SwiftSyntax

/// A local that holds the current thread's run loop, as engineers write a resident thread's entry:
/// `let runLoop = RunLoop.current; runLoop.add(NSMachPort(), forMode: .default); runLoop.run()`. In the body that
/// bound it, the local is `RunLoop.current` (the thread running the body is the thread whose loop it is), so its
/// `run`, `run(until:)`, `run(mode:before:)` and `add(_:forMode:)` lower as `RunLoop.current`'s do. A closure that
/// captures the local may run on another thread, where the language's run steps (which run only the current
/// thread's loop, docs/scenario-format.md §7.4) would run the wrong loop: there the local is a plain run-loop value
/// and `run()` is refused at its line.
extension SwiftLowering {
    /// `current runloop` when `base` names a local bound to `RunLoop.current` in this very body.
    func currentRunLoopLocal(_ base: ExprSyntax, in scope: Scope) -> String? {
        guard let ref = base.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text]?.isCurrentRunLoop == true
        else { return nil }
        return "current runloop"
    }
}
