import LoopSimScenario
import SwiftSyntax

/// `withTaskCancellationHandler { operation } onCancel: { handler }` (docs/swift-scenarios.md, "Cancellation
/// handlers"; SE-0304), lowered as the standard library writes it (stdlib/public/Concurrency/TaskCancellation.swift:
/// `let record = _taskAddCancellationHandler(handler: handler); defer { _taskRemoveCancellationHandler(record:
/// record) }; return try await operation()`): `addCancelHandler:` with the handler's closure, the operation's
/// statements in place, and `removeCancelHandler:` on every way out of them, as a `defer` runs. The kernel calls the
/// handler at once on the cancelling thread when the task is cancelled while it is installed, or before the operation
/// when the task was cancelled already (CancellationHandlers+Steps.swift).
///
/// Forms: a statement (`try await withTaskCancellationHandler { … } onCancel: { … }`), whose operation may hold any
/// statements but `return`; and the value of a `return` (or of a one-expression body) or of a `let`, whose operation
/// is one expression (`try await withCheckedThrowingContinuation { … }`, `try await loader.load()`), lowered where the
/// call stands as that expression would be.
extension SwiftLowering {
    /// Where a `withTaskCancellationHandler` call's value goes.
    private enum HandlerPosition {
        case statement
        case returned(Syntax, LoweredType)
        case local(PatternBindingSyntax, name: String, isVar: Bool)
    }

    /// The `withTaskCancellationHandler` call `e` is, under its `try` and `await`, with whether it was awaited.
    private func cancellationHandlerCall(_ e: ExprSyntax?) -> (call: FunctionCallExprSyntax, awaited: Bool)? {
        guard let e else { return nil }
        let (inner, _, awaited) = Self.effects(of: e)
        guard let call = inner.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withTaskCancellationHandler"
        else { return nil }
        return (call, awaited)
    }

    /// The statement `item` when it is a `withTaskCancellationHandler` call, its value returned, or bound to a
    /// local; nil for any other statement.
    mutating func cancellationHandlerStatement(
        _ item: CodeBlockItemSyntax, onlyItem: Bool, tail: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        var found: (call: FunctionCallExprSyntax, awaited: Bool)?
        var position = HandlerPosition.statement
        if let ret = item.item.as(ReturnStmtSyntax.self), let value = ret.expression {
            found = cancellationHandlerCall(value)
            guard found != nil else { return nil }
            guard let type = scope.returnType, !scope.isInlineClosure, scope.syncValueInto == nil else {
                unsupported(
                    "returning the value of `withTaskCancellationHandler` here",
                    "return it from an async method that declares its type (`func load() async throws -> Bool`)",
                    at: value)
                return []
            }
            position = .returned(Syntax(ret), type)
        } else if let decl = item.item.as(VariableDeclSyntax.self) {
            guard decl.bindings.count == 1, let binding = decl.bindings.first,
                let value = binding.initializer?.value, let (call, awaited) = cancellationHandlerCall(value)
            else { return nil }
            found = (call, awaited)
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                decl.modifiers.isEmpty, scope.kind != .main
            else {
                unsupported(
                    "this binding of `withTaskCancellationHandler`'s value",
                    "bind it to one local inside an async method: `let ok = try await withTaskCancellationHandler "
                        + "{ … } onCancel: { … }`", at: binding)
                return []
            }
            position = .local(binding, name: name, isVar: decl.bindingSpecifier.text == "var")
        } else {
            let value = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
            found = cancellationHandlerCall(value)
            guard found != nil else { return nil }
            if onlyItem, tail, let type = scope.returnType, !scope.isInlineClosure, let value {
                position = .returned(Syntax(value), type)  // a one-expression body returns its value (SE-0255)
            }
        }
        guard let (call, awaited) = found else { return nil }
        guard awaited else {
            unsupported(
                "`withTaskCancellationHandler` without `await`",
                "write `await withTaskCancellationHandler { … } onCancel: { … }`", at: call)
            return []
        }
        guard let (operation, onCancel) = cancellationHandlerClosures(call) else { return [] }
        guard let handler = lowerClosure(onCancel, in: scope, parameters: 0) else { return [] }
        let at = location(call)
        let remove: [LocatedNode] = [.step("removeCancelHandler", nil, at: location(onCancel))]
        guard let body = operationSteps(operation, position: position, in: &scope) else { return [] }
        var count = 0
        let guarded = Self.runningDeferred(Self.runningDeferredOnLoopExits(body, remove), remove, count: &count)
        if case .returned = position { return [.step("addCancelHandler", nil, at: at, handler)] + guarded }
        return [.step("addCancelHandler", nil, at: at, handler)] + guarded + remove
    }

    /// The operation's and the handler's closures of `call`: trailing (`{ … } onCancel: { … }`) or labelled
    /// (`operation: { … }, onCancel: { … }`); `isolation: #isolation` is the default and says nothing more here.
    private mutating func cancellationHandlerClosures(_ call: FunctionCallExprSyntax)
        -> (ClosureExprSyntax, ClosureExprSyntax)?
    {
        var operation = call.trailingClosure
        var onCancel = call.additionalTrailingClosures.first { $0.label.text == "onCancel" }?.closure
        for argument in call.arguments {
            switch argument.label?.text {
            case "operation": operation = argument.expression.as(ClosureExprSyntax.self)
            case "onCancel": onCancel = argument.expression.as(ClosureExprSyntax.self)
            case "isolation" where argument.expression.trimmedDescription == "#isolation": break
            default:
                unsupported(
                    "this argument of `withTaskCancellationHandler`",
                    "pass the operation and the handler as closures: `withTaskCancellationHandler { … } onCancel: "
                        + "{ … }`", at: argument)
                return nil
            }
        }
        guard let operation, let onCancel, call.additionalTrailingClosures.count <= 1,
            operation.signature?.parameterClause == nil, onCancel.signature?.parameterClause == nil
        else {
            unsupported(
                "this `withTaskCancellationHandler`",
                "write both closures in place, without parameters: `withTaskCancellationHandler { … } onCancel: "
                    + "{ … }`", at: call)
            return nil
        }
        return (operation, onCancel)
    }

    /// The operation's steps where the call stands: its statements (a statement), or its one expression lowered as
    /// the value returned or bound.
    private mutating func operationSteps(
        _ operation: ClosureExprSyntax, position: HandlerPosition, in scope: inout Scope
    ) -> [LocatedNode]? {
        if case .statement = position {
            let finder = OperationReturnFinder(viewMode: .sourceAccurate)
            finder.walk(operation.statements)
            if let ret = finder.found {
                unsupported(
                    "`return` in the operation of a `withTaskCancellationHandler` statement",
                    "its statements are lowered in place, so a `return` would leave the method around it: put the "
                        + "code after it in an `else` branch, or make the operation one call whose value is returned",
                    at: ret)
                return nil
            }
            var inner = scope
            inner.returnBreaksLoop = false
            inner.tailLoopID = nil
            inner.isInlineClosure = true  // a `return` in it would leave the closure, not the method: refused
            return lowerStatements(operation.statements, in: &inner, tail: false)
        }
        let statements = Array(operation.statements)
        let value: ExprSyntax? =
            statements.count != 1
            ? nil
            : statements[0].item.as(ReturnStmtSyntax.self)?.expression ?? statements[0].item.as(ExprSyntax.self)
                ?? statements[0].item.as(ExpressionStmtSyntax.self)?.expression
        guard let value else {
            unsupported(
                "an operation of more than one expression whose value is used",
                "make the operation one call (`try await withCheckedThrowingContinuation { … }`, or an async "
                    + "method of the file: `try await loader.load()`)", at: operation)
            return nil
        }
        switch position {
        case .statement:
            return []
        case .returned(let ret, let type):
            return lowerValueReturn(ret, value: value, type: type, in: &scope)
        case .local(let binding, let name, let isVar):
            let annotated = binding.typeAnnotation.map { typeNamed($0.type) }
            if let made = continuationSteps(value, place: name, type: annotated, in: scope) {
                let type = annotated ?? continuationCall(value).flatMap { continuationValueType($0.call) }
                scope.locals[name] = Local(type: type ?? .unknown, isVar: isVar)
                return made
            }
            if let made = awaitedValue(value, place: name, in: scope) {
                scope.locals[name] = Local(type: annotated ?? awaitedType(value, in: scope), isVar: isVar)
                return made
            }
            unsupported(
                "this operation's value",
                "make the operation a continuation (`try await withCheckedThrowingContinuation { … }`) or an "
                    + "awaited method of the file (`try await loader.load()`)", at: value)
            return nil
        }
    }
}

/// The first `return` of an operation closure's own (not of a closure or function nested in it).
private final class OperationReturnFinder: SyntaxVisitor {
    var found: ReturnStmtSyntax?

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = node }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
