import LoopSimScenario
import SwiftSyntax

/// Operation queues (`operationQueues:`, docs/scenario-format.md §7.11): their declaration, width and calls, and
/// an operation's completion block.
extension SwiftLowering {
    /// `let imports = OperationQueue()` at the top level: an operation queue of `operationQueues:` (its width set by
    /// a later top-level `imports.maxConcurrentOperationCount = N`).
    func operationQueueDeclaration(_ decl: VariableDeclSyntax) -> String? {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "OperationQueue",
            call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `imports.maxConcurrentOperationCount = N` at the top level, for a top-level operation queue: records N as
    /// the queue's width and says whether `expr` was that statement.
    mutating func operationQueueWidth(_ expr: ExprSyntax) -> Bool {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return false }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self), let member = elements[0].as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "maxConcurrentOperationCount",
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let index = operationQueues.firstIndex(where: { $0.name == name })
        else { return false }
        guard let n = elements[2].as(IntegerLiteralExprSyntax.self) else {
            unsupported("a computed width", "write an integer literal", at: elements[2])
            return true
        }
        operationQueues[index].width = n.literal.text
        return true
    }

    /// A call on an operation queue (docs/scenario-format.md §7.11): `addOperation { }` (`addOperation:` with
    /// `do:`), `addOperation(op)`, `addOperations([a, b], waitUntilFinished: b)`, `cancelAllOperations()`,
    /// `waitUntilAllOperationsAreFinished()`.
    mutating func operationQueueCall(
        _ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "addOperation":
            if let closure = trailingOrLabelled(call, "block") {
                guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
                return [.step("addOperation", queue, at: at, block)]
            }
            guard arguments.count == 1, let op = expression(arguments[0].expression, in: scope) else {
                return unknownFoundationCall(call)
            }
            return [.step("addOperation", queue, at: at, [("operation", .plain(op.text, at: location(arguments[0])))])]
        case "addOperations":
            guard arguments.count == 2, let array = arguments[0].expression.as(ArrayExprSyntax.self),
                arguments[1].label?.text == "waitUntilFinished",
                let wait = arguments[1].expression.as(BooleanLiteralExprSyntax.self)
            else { return unknownFoundationCall(call) }
            var operations: [LocatedNode] = []
            for element in array.elements {
                guard let op = expression(element.expression, in: scope) else { return [] }
                operations.append(.plain(op.text, at: location(element)))
            }
            return [
                .step(
                    "addOperations", queue, at: at,
                    [
                        ("operations", .list(operations, at: location(array))),
                        ("waitUntilFinished", .plain(wait.literal.text, at: location(wait))),
                    ])
            ]
        case "cancelAllOperations" where arguments.isEmpty: return [.step("cancelAllOperations", queue, at: at)]
        case "waitUntilAllOperationsAreFinished" where arguments.isEmpty:
            return [.step("waitUntilAllOperationsAreFinished", queue, at: at)]
        default: return unknownFoundationCall(call)
        }
    }

    /// `op.completionBlock = { … }`: `setCompletionBlock: op` (nil when `lhs = rhs` is not that).
    mutating func completionBlockAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "completionBlock",
            let base = member.base, let closure = rhs.as(ClosureExprSyntax.self)
        else { return nil }
        guard let op = expression(base, in: scope), let block = lowerClosure(closure, in: scope, parameters: 0) else {
            return []
        }
        return [.step("setCompletionBlock", op.text, at: location(lhs), block)]
    }
}
