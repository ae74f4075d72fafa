import LoopSimScenario
import SwiftSyntax

/// Awaited forms LoopSim does not model, named as themselves: a reviewer's files wrote `let image = try await
/// task.value`, `let who = try await name` (an `async let`) and `try await withTaskCancellationHandler { … }` as a
/// local's value, and were told to write the call "into a local", which they already were.
extension SwiftLowering {
    /// What `e` (under its `try`/`await`) is and what to write instead, when it is a form LoopSim knows it does not
    /// model; nil for any other.
    func unmodelledAwait(_ e: ExprSyntax, in scope: Scope) -> (String, String)? {
        let (inner, tryKind, _) = Self.effects(of: e)
        if tryKind != .none, let member = inner.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "value" || member.declName.baseName.text == "result"
        {
            return (
                "`\(e.trimmedDescription)`, a throwing task's value",
                "a Task whose closure throws is not modelled: catch inside its closure (`Task { do { … } catch "
                    + "{ … } }`) and await a value that cannot throw (`let v = await task.value`)"
            )
        }
        if tryKind != .none, let name = inner.as(DeclReferenceExprSyntax.self)?.baseName.text,
            asyncLets[name] != nil || scope.locals[name] != nil
        {
            return (
                "`\(e.trimmedDescription)`, a throwing `async let`",
                "an `async let` whose call throws is not modelled: call the method with `try await` where its value "
                    + "is needed (`let \(name) = try await load()`), or make it catch its error and return a value"
            )
        }
        if let call = inner.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["withTaskCancellationHandler", "withTaskPriorityEscalationHandler"].contains(callee)
        {
            return (
                "`\(callee)`",
                "cancellation handlers are not modelled: check `Task.isCancelled` (or `try Task.checkCancellation()`) "
                    + "in the operation, or cancel the work the handler would stop from the code that cancels the task"
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
