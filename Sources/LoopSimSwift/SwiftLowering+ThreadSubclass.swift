import LoopSimScenario
import SwiftSyntax

/// `final class WorkerThread: Thread { override func main() { … } }` (docs/swift-scenarios.md, "Thread
/// subclasses"): a scenario class whose `start()` spawns a thread running its `main()` — Apple, `Thread.main()`:
/// "The default implementation of this method invokes the target and selector used to initialize the receiver";
/// a subclass that overrides it replaces that, and `start()` runs it on the new thread. The class gets three fields
/// Foundation keeps for it: `isCancelled` (`cancel()` only sets it: Apple, `cancel()`, "Changes the cancelled state
/// of the receiver to indicate that it should exit"), `name`, and `nsthread`, the `NSThread` the scenario language
/// runs (what `perform(_:on:with:waitUntilDone:)` targets).
extension SwiftLowering {
    /// The synthetic fields of a Thread subclass and their types.
    static let threadSubclassFields: [(name: String, type: LoweredType, declaration: String)] = [
        ("isCancelled", .bool, "bool = false"), ("name", .string, "string"), ("nsthread", .thread, "strong NSThread"),
    ]

    /// Records that `decl` subclasses `Thread`, and its synthetic fields (before any body is lowered).
    mutating func collectThreadSubclass(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        guard isThreadSuperclass(decl) else { return }
        threadSubclasses.insert(shape.name)
        for field in Self.threadSubclassFields where shape.fields[field.name] == nil {
            shape.fields[field.name] = field.type
        }
    }

    /// Whether the class declares `Thread` as its superclass.
    func isThreadSuperclass(_ decl: some ClassLikeDecl) -> Bool {
        decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "Thread"
    }

    /// The field declarations a Thread subclass gets (none for any other class).
    func threadSubclassFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard threadSubclasses.contains(className) else { return [] }
        return Self.threadSubclassFields.map { ($0.name, .plain($0.declaration, at: at)) }
    }

    /// Whether `decl` is a Thread subclass's `override func main()`, the body its thread runs.
    func isThreadMainOverride(_ decl: FunctionDeclSyntax, className: String) -> Bool {
        threadSubclasses.contains(className) && decl.name.text == "main"
            && decl.signature.parameterClause.parameters.isEmpty
    }

    /// A Thread subclass's own calls: `worker.start()`, `worker?.start()`, `start()` inside the class,
    /// `cancel()`, and `super.main()` (the default implementation invokes a target the subclass has not got:
    /// nothing). Nil for every other call.
    mutating func threadSubclassCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        if let steps = threadCancel(call, in: scope) { return steps }
        guard !threadSubclasses.isEmpty else { return nil }
        let name: String
        var receiver: (text: String, type: LoweredType)
        var isOptional = false
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), let cls = scope.className,
            threadSubclasses.contains(cls), scope.locals["self"] != nil
        {
            name = callee.baseName.text
            receiver = (scope.locals["self"]?.text("self") ?? "self", .object(cls))
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            if base.is(SuperExprSyntax.self) {
                guard name == "main", let cls = scope.className, threadSubclasses.contains(cls) else { return nil }
                return []
            }
            guard ["start", "cancel"].contains(name), let lowered = expression(base, in: scope) else { return nil }
            receiver = lowered
            isOptional = base.is(OptionalChainingExprSyntax.self)
        } else {
            return nil
        }
        let at = location(call)
        guard case .object(let cls) = receiver.type, threadSubclasses.contains(cls),
            classes[cls]?.methods[name] == nil
        else { return nil }
        var steps: [LocatedNode]
        switch name {
        case "cancel":
            // The class's field, and the flag of the thread it runs on, which `Thread.current.isCancelled` reads
            // in its `main()` (nil before `start()`: `cancelThread:` then does nothing).
            steps = [
                .step("set", "\(receiver.text).isCancelled = true", at: at),
                .step("cancelThread", "\(receiver.text).nsthread", at: at),
            ]
        case "start":
            steps = [startStep(receiver.text, className: cls, call: call)]
        default:
            return nil
        }
        if isOptional {
            steps = [.step("if", "\(receiver.text) != nil", at: at, [("then", .list(steps, at: at))])]
        }
        return steps
    }

    /// `thread.cancel()` or `thread?.cancel()` on a `Thread` (one kept by `let thread = Thread(…)`, or
    /// `Thread.current`): `cancelThread:`, which only sets the flag `isCancelled` reads (Apple, `cancel()`;
    /// swift-corelibs-foundation Thread.swift `cancel()`). Nil for any other call.
    private mutating func threadCancel(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "cancel",
            let base = member.base, staticType(base, in: scope, report: false)?.unwrapped == .thread,
            let receiver = expression(base, in: scope)
        else { return nil }
        return [.step("cancelThread", receiver.text, at: location(call))]
    }

    /// `start()`: `thread: NAME` whose block holds the object (swift-corelibs-foundation's `Thread.start()` passes
    /// `self` retained to the new thread, released when it exits) and calls its `main`, storing the new `NSThread`
    /// into the object's `nsthread`. NAME is the literal last assigned to the receiver's `name` in the statements
    /// before the call, else the one the class's init assigns, else the receiver's name.
    private mutating func startStep(_ receiver: String, className: String, call: FunctionCallExprSyntax)
        -> LocatedNode
    {
        let at = location(call)
        let isName = !receiver.contains(".")
        let capture = isName ? "strong \(receiver)" : "strong \(receiver) as startedThread"
        let target = isName ? receiver : "startedThread"
        let threadName =
            assignedThreadName(before: call) ?? initThreadName(className, from: call)
            ?? (receiver == "self" ? className : String(receiver.split(separator: ".").last ?? "thread"))
        return .step(
            "thread", threadName, at: at,
            [
                ("into", .plain("\(receiver).nsthread", at: at)),
                ("captures", .list([.plain(capture, at: at)], at: at)),
                ("do", .list([.step("call", "\(target).main", at: at)], at: at)),
            ])
    }

    /// The string literal assigned to `X.name` in the statements of the call's block before it, where `X` is the
    /// call's receiver as written (`worker.name = "sync"` then `worker.start()`).
    private func assignedThreadName(before call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let receiver = base.trimmedDescription.replacingOccurrences(of: "?", with: "")
        var node: Syntax? = Syntax(call)
        var item: CodeBlockItemSyntax?
        while let n = node {
            if let i = n.as(CodeBlockItemSyntax.self) { item = i; break }
            node = n.parent
        }
        guard let item, let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        var found: String?
        for statement in list {
            if statement.id == item.id { break }
            if let (target, value) = assignmentOf(statement),
                target.trimmedDescription.replacingOccurrences(of: "?", with: "") == receiver + ".name",
                let text = plainString(value)
            {
                found = text
            }
        }
        return found
    }

    /// The string literal the class's `init` assigns to `name` (`self.name = "worker"`), if any.
    private func initThreadName(_ className: String, from node: some SyntaxProtocol) -> String? {
        guard let tree = node.root.as(SourceFileSyntax.self) else { return nil }
        for item in tree.statements {
            guard let c = item.item.as(ClassDeclSyntax.self), c.name.text == className else { continue }
            for member in c.memberBlock.members {
                guard let i = member.decl.as(InitializerDeclSyntax.self), let body = i.body else { continue }
                for statement in body.statements {
                    if let (target, value) = assignmentOf(statement),
                        ["name", "self.name"].contains(target.trimmedDescription), let text = plainString(value)
                    {
                        return text
                    }
                }
            }
        }
        return nil
    }

    /// Refuses (and says so) the `Thread` members a subclass's object has on a device but the model does not keep:
    /// `isFinished`, `isExecuting`, priorities, the stack size and the thread dictionary.
    mutating func refusesThreadMember(_ cls: String, _ name: String, at node: some SyntaxProtocol) -> Bool {
        let refused = [
            "isFinished", "isExecuting", "isMainThread", "stackSize", "threadPriority", "qualityOfService",
            "threadDictionary",
        ]
        guard threadSubclasses.contains(cls), classes[cls]?.fields[name] == nil, refused.contains(name) else {
            return false
        }
        unsupported(
            "`\(name)` of a Thread subclass",
            "keep the state in a field of the class; a subclass has `isCancelled`, `name`, `start()` and `cancel()`",
            at: node)
        return true
    }

    /// The thread `perform(_:on:with:waitUntilDone:)` targets when `on:` is an object of a Thread subclass: its
    /// `nsthread`. Nil for any other value.
    func threadOfSubclass(_ value: (text: String, type: LoweredType)) -> String? {
        guard case .object(let cls) = value.type, threadSubclasses.contains(cls) else { return nil }
        return value.text + ".nsthread"
    }
}
