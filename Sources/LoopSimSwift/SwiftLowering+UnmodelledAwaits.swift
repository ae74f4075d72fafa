import LoopSimScenario
import SwiftSyntax

/// Awaited forms LoopSim does not model, named as themselves: a reviewer's files wrote `await task.result`, `try
/// await x.value` of something not known to be a task and `try await withTaskCancellationHandler { … }` as a
/// local's value, and were told to write the call "into a local", which they already were. (`try await task.value`
/// and `try await a` of an `async let` are modelled: SwiftLowering+ThrowingTasks.swift.)
extension SwiftLowering {
    /// What `e` (under its `try`/`await`) is and what to write instead, when it is a form LoopSim knows it does not
    /// model; nil for any other.
    func unmodelledAwait(_ e: ExprSyntax, in scope: Scope) -> (String, String)? {
        let (inner, tryKind, _) = Self.effects(of: e)
        if let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "result" {
            return (
                "`\(e.trimmedDescription)`, a task's `Result`",
                "`task.result` is not modelled: write `do { let v = try await task.value; … } catch { … }` "
                    + "(SwiftLowering+ThrowingTasks.swift)"
            )
        }
        if tryKind != .none, let member = inner.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "value", let base = member.base
        {
            return (
                "`\(e.trimmedDescription)`, the value of something LoopSim cannot tell is a Task",
                "keep the task in a local or a property (`let t = Task { … }`) and write `let v = try await "
                    + "t.value` inside a `do` with a `catch`; `\(base.trimmedDescription)` is no task handle here"
            )
        }
        if let call = inner.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["withTaskCancellationHandler", "withTaskPriorityEscalationHandler"].contains(callee)
        {
            if callee == "withTaskCancellationHandler" {
                return (
                    "`withTaskCancellationHandler` inside an expression",
                    "write it as a statement, or as the whole value of a `return` or a `let` "
                        + "(SwiftLowering+CancellationHandlers.swift)"
                )
            }
            return (
                "`\(callee)`",
                "priority escalation is not modelled: leave the handler out (a task's priority does not change when "
                    + "it runs in LoopSim)"
            )
        }
        return nil
    }

    /// Whether `node` is inside the closure of `Task { … }` or `Task.detached { … }` (nearest closure).
    static func isInTaskClosure(_ node: Syntax) -> Bool {
        var current = node.parent
        while let c = current {
            if let closure = c.as(ClosureExprSyntax.self) {
                guard
                    let call = closure.parent?.as(FunctionCallExprSyntax.self)
                        ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                else { return false }
                let callee = call.calledExpression.trimmedDescription
                return callee == "Task" || callee == "Task.detached" || callee.hasPrefix("Task<")
            }
            if c.is(FunctionDeclSyntax.self) { return false }
            current = c.parent
        }
        return false
    }
}
