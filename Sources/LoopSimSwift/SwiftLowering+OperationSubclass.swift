import LoopSimScenario
import SwiftSyntax

/// `final class DecodeOperation: Operation { override func main() { … } }` (docs/swift-scenarios.md, "Operation
/// subclasses"): a scenario class declared `superclass: Operation` (docs/scenario-format.md, "`superclass:
/// Operation`"), whose instances are operations a queue runs. Apple, `Operation`: "For non-concurrent operations,
/// you typically override only one method: main()"; `start()`'s default implementation runs `main()` unless the
/// operation was cancelled, and the operation finishes when `main()` returns (swift-corelibs-foundation
/// Operation.swift, `start()`: `if !isCanc { … main() }`). Inside the class, `isCancelled`, `isExecuting`,
/// `isFinished` and `isReady` are the operation's own states; outside it, `op.cancel()`, `op.addDependency(x)`,
/// `op.waitUntilFinished()`, `op.completionBlock = { … }` and `queue.addOperation(op)` are BlockOperation's. An
/// asynchronous subclass (`override func start()` with its own `isExecuting`/`isFinished` KVO) is refused.
extension SwiftLowering {
    /// The states of an operation a subclass reads as its own properties (`if isCancelled { return }`).
    static let operationStateNames = ["isCancelled", "isExecuting", "isFinished", "isReady"]

    /// Whether the class declares `Operation` as its superclass.
    func isOperationSuperclass(_ decl: some ClassLikeDecl) -> Bool {
        let parent = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        return parent == "Operation" || parent == "Foundation.Operation"
    }

    /// Records that `decl` subclasses `Operation`, with its states as Bool members (read, never declared as fields:
    /// the scenario language reads them from the operation).
    mutating func collectOperationSubclass(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        guard isOperationSuperclass(decl) else { return }
        operationSubclasses.insert(shape.name)
        for name in Self.operationStateNames where shape.fields[name] == nil { shape.fields[name] = .bool }
    }

    /// The class entry's `superclass: Operation` (none for any other class); refuses an asynchronous subclass's
    /// overrides.
    mutating func operationSubclassEntries(_ decl: some ClassLikeDecl) -> [(String, LocatedNode)] {
        guard operationSubclasses.contains(decl.name.text) else { return [] }
        for member in decl.memberBlock.members {
            let modifiers =
                member.decl.as(FunctionDeclSyntax.self)?.modifiers
                ?? member.decl.as(VariableDeclSyntax.self)?.modifiers
            guard let modifiers, modifiers.contains(where: { $0.name.text == "override" }) else { continue }
            let name =
                member.decl.as(FunctionDeclSyntax.self)?.name.text
                ?? member.decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription ?? ""
            if name == "main" { continue }
            unsupported(
                "overriding `\(name)` in an Operation subclass",
                "override `main()` only (a non-concurrent operation: Apple, Operation); an asynchronous operation is "
                    + "written in YAML (`superclass: Operation` with a `start` method and `finishOperation:`)",
                at: member.decl)
        }
        return [("superclass", .plain("Operation", at: location(decl.name)))]
    }

    /// Whether `decl` is an Operation subclass's `override func main()`.
    func isOperationMainOverride(_ decl: FunctionDeclSyntax, className: String) -> Bool {
        operationSubclasses.contains(className) && decl.name.text == "main"
            && decl.signature.parameterClause.parameters.isEmpty
    }

    /// An Operation subclass's calls: `op.cancel()`, `op.waitUntilFinished()`, `op.addDependency(other)`,
    /// `op.removeDependency(other)` is refused; inside the class, `cancel()`; `super.main()` does nothing (the
    /// default `main()` does nothing: Apple, "The default implementation of this method does nothing"). Nil for
    /// every other call.
    mutating func operationSubclassCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard !operationSubclasses.isEmpty else { return nil }
        let at = location(call)
        let name: String
        let receiver: (text: String, type: LoweredType)
        var isOptional = false
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), let cls = scope.className,
            operationSubclasses.contains(cls), let me = scope.locals["self"]
        {
            name = callee.baseName.text
            receiver = (me.text("self"), .object(cls))
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            if base.is(SuperExprSyntax.self) {
                guard name == "main", let cls = scope.className, operationSubclasses.contains(cls) else { return nil }
                return []
            }
            guard ["cancel", "waitUntilFinished", "addDependency", "start"].contains(name),
                let lowered = expression(base, in: scope)
            else { return nil }
            receiver = lowered
            isOptional = base.is(OptionalChainingExprSyntax.self)
        } else {
            return nil
        }
        guard case .object(let cls) = receiver.type, operationSubclasses.contains(cls),
            classes[cls]?.methods[name] == nil
        else { return nil }
        var steps: [LocatedNode]
        let arguments = Array(call.arguments)
        switch name {
        case "cancel" where arguments.isEmpty: steps = [.step("cancelOperation", receiver.text, at: at)]
        case "waitUntilFinished" where arguments.isEmpty: steps = [.step("waitUntilFinished", receiver.text, at: at)]
        case "addDependency" where arguments.count == 1 && arguments[0].label == nil:
            guard let other = expression(arguments[0].expression, in: scope) else { return [] }
            steps = [
                .step(
                    "addDependency", receiver.text, at: at,
                    [("on", .plain(other.text, at: location(arguments[0].expression)))])
            ]
        case "start":
            unsupported(
                "starting an operation by hand", "add it to a queue: `queue.addOperation(op)`", at: call)
            return []
        default:
            return nil
        }
        if isOptional {
            steps = [.step("if", "\(receiver.text) != nil", at: at, [("then", .list(steps, at: at))])]
        }
        return steps
    }
}
