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

extension SwiftLowering {
    /// `queue.operationCount` of an operation queue (a property's, a top-level one, `OperationQueue.main`) as a
    /// value: `operationCount: QUEUE` `into:` a temporary before the statement (``Hoisting``), as a returning call
    /// is; also inside a computed property's getter (`var pending: Int { queue.operationCount }`), read where the
    /// property is. Nil when `member` is no such read; `.some(nil)` after refusing it.
    mutating func hoistedOperationCount(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard member.declName.baseName.text == "operationCount", let base = member.base else { return nil }
        let queue: String
        if let q = propertyQueue(base, in: scope), q.isOperationQueue {
            queue = q.name
        } else if let ref = base.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil,
            operationQueues.contains(where: { $0.name == ref.baseName.text })
        {
            queue = ref.baseName.text
        } else if base.trimmedDescription == "OperationQueue.main" {
            queue = "main"
        } else {
            return nil
        }
        if let done = hoisting.temporaries[member.id] { return .some(done) }
        // A computed property's getter is read where the property is: its own declaration is outside the statement.
        var inStatement = false
        var node: Syntax? = Syntax(member)
        while let current = node, !inStatement {
            inStatement = current.id == hoisting.root?.id
            node = current.parent
        }
        let why = inStatement ? whyNotHoisted(member, in: scope) : hoisting.isOpen ? nil : "here"
        if let why {
            unsupported(
                "reading `operationCount` \(why)",
                "read it into a local first (`let n = queue.operationCount`), then use the local", at: member)
            return .some(nil)
        }
        let at = location(member)
        let temporary = Self.temporaryName("operationCount", at: at)
        hoisting.steps.append(.step("operationCount", queue, at: at, [("into", .plain(temporary, at: at))]))
        hoisting.temporaries[member.id] = (temporary, .int)
        return .some((temporary, .int))
    }
}

extension SwiftLowering {
    /// Whether `e` is `queue.operationCount` of an operation queue: an `Int`, never optional, so a local bound to it
    /// prints as its value.
    func isOperationCountRead(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "operationCount",
            let base = member.base
        else { return false }
        if let q = propertyQueue(base, in: scope), q.isOperationQueue { return true }
        if let ref = base.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil {
            return operationQueues.contains { $0.name == ref.baseName.text }
        }
        return base.trimmedDescription == "OperationQueue.main"
    }
}
