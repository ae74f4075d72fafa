import LoopSimScenario
import SwiftSyntax

/// Leaving a `for await` over an `AsyncStream` early (`break`, `return`, a `throw`; docs/swift-scenarios.md,
/// "AsyncStream and for await").
///
/// Swift (swift stdlib/public/Concurrency/AsyncStream.swift): every copy of an `AsyncStream` value, and the
/// iterator `for await` makes from it (`makeAsyncIterator()` returns `Iterator(context: context)`), share one
/// `_Context` object; the continuation holds only the storage. `_Context.deinit` calls `storage?.cancel()`, and
/// `_Storage.cancel()` (AsyncStreamBuffer.swift) swaps the termination handler out, calls it with `.cancelled`
/// ("handler must be invoked before yielding nil for termination") and then `finish()`es the storage: from then on
/// `yield` returns `.terminated` and drops its value. So the stream is terminated, on the thread of the task that
/// leaves the loop, exactly when the last copy of the stream goes — at the loop's exit when the iterator held the
/// only one (`for await v in monitor.events()`, a stream a method makes), never at it while another copy lives
/// (a stored property, a top-level `let`): that stream stays open, and a later `for await` reads on.
///
/// The lowering tells the two apart by what the loop iterates: a call of a method of the file whose body makes
/// the stream is the first kind (`streamFinish:` with `cancelled: true` at each exit: after the loop, and before
/// each `return` in it, once the returned value is computed, as a `defer` runs); a stored property, or a name
/// declared at the top level of the file, the second (nothing at the exit). Any other stream — a local, a
/// parameter, a capture — lives as long as that name does, which LoopSim does not follow: in a file that sets a
/// stream's `onTermination` (where the moment is observable), leaving such a loop early is refused, located.
extension SwiftLowering {
    /// Whether leaving the `for await` `f` drops the stream's last copy (true: the loop's exits terminate it);
    /// nil after refusing an early exit LoopSim cannot place.
    mutating func streamDroppedAtExit(_ f: ForStmtSyntax) -> Bool? {
        let finder = EarlyExitFinder(viewMode: .sourceAccurate)
        finder.walk(f.body)
        guard let exit = finder.found else { return false }
        var sequence = unparenthesized(f.sequence)
        while true {
            if let t = sequence.as(TryExprSyntax.self) {
                sequence = unparenthesized(t.expression)
            } else if let a = sequence.as(AwaitExprSyntax.self) {
                sequence = unparenthesized(a.expression)
            } else {
                break
            }
        }
        if let call = sequence.as(FunctionCallExprSyntax.self), methodMakesStream(call) { return true }
        if streamOutlivesLoop(sequence, from: f) { return false }
        guard Syntax(f).root.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "onTermination" }) else {
            return false
        }
        unsupported(
            "leaving a `for await` early over a stream a local, a parameter or a capture holds, in a file that sets "
                + "`onTermination`",
            "Swift terminates the stream (`onTermination` with `.cancelled`) when the last copy of the stream goes, "
                + "which for this name LoopSim does not follow: iterate a stream a method makes (`for await v in "
                + "events()`, terminated when the loop is left) or one a stored property holds (left open), or end "
                + "it from the producer with `continuation.finish()`, or cancel the consuming task", at: exit)
        return nil
    }

    /// Whether `call` calls a method (or function) of the file each of whose declarations makes the stream it
    /// returns (`func events() -> AsyncStream<Int> { AsyncStream { … } }`): the caller's copy is the only one.
    private func methodMakesStream(_ call: FunctionCallExprSyntax) -> Bool {
        let name: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else {
            return false
        }
        if Self.makesStream(ExprSyntax(call)) { return true }  // `AsyncStream { … }` written in the loop
        let finder = FunctionFinder(name: name, viewMode: .sourceAccurate)
        finder.walk(Syntax(call).root)
        return !finder.found.isEmpty && finder.found.allSatisfy(Self.returnsNewStream)
    }

    /// Whether every value `f` returns is a stream made there.
    private static func returnsNewStream(_ f: FunctionDeclSyntax) -> Bool {
        guard let body = f.body else { return false }
        let statements = Array(body.statements)
        if statements.count == 1, let e = statements[0].item.as(ExprSyntax.self) { return makesStream(e) }
        let returns = StreamReturnFinder(viewMode: .sourceAccurate)
        returns.walk(body)
        return !returns.found.isEmpty && returns.found.allSatisfy { $0.expression.map(makesStream) ?? false }
    }

    /// Whether `sequence` names a stream something other than the loop holds for longer than the loop: a stored
    /// property (`self.events`, `feed.numbers`, a bare name no enclosing body declares) or a top-level name.
    private func streamOutlivesLoop(_ sequence: ExprSyntax, from f: ForStmtSyntax) -> Bool {
        if let member = sequence.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return false }
            if base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
                || base.is(OptionalChainingExprSyntax.self)
            {
                return true
            }
            return false
        }
        guard let ref = sequence.as(DeclReferenceExprSyntax.self) else { return false }
        return !Self.declaredInBody(ref.baseName.text, above: Syntax(f))
    }

    /// Whether `name` is declared in a body around `node` (a local, a parameter, a closure's parameter or an
    /// `if let`), not at the top level of the file nor as a member of a type.
    private static func declaredInBody(_ name: String, above node: Syntax) -> Bool {
        var current: Syntax? = node.parent
        while let n = current {
            if n.is(MemberBlockSyntax.self) || n.is(SourceFileSyntax.self) { return false }
            if let block = n.as(CodeBlockItemListSyntax.self), !(n.parent?.is(SourceFileSyntax.self) ?? false) {
                for item in block {
                    if let v = item.item.as(VariableDeclSyntax.self),
                        v.bindings.contains(where: { binds($0.pattern, name) })
                    {
                        return true
                    }
                }
            }
            if let fn = n.as(FunctionDeclSyntax.self),
                fn.signature.parameterClause.parameters.contains(where: {
                    ($0.secondName ?? $0.firstName).text == name
                })
            {
                return true
            }
            if let i = n.as(InitializerDeclSyntax.self),
                i.signature.parameterClause.parameters.contains(where: {
                    ($0.secondName ?? $0.firstName).text == name
                })
            {
                return true
            }
            if let c = n.as(ClosureExprSyntax.self), let clause = c.signature?.parameterClause {
                switch clause {
                case .simpleInput(let list): if list.contains(where: { $0.name.text == name }) { return true }
                case .parameterClause(let p):
                    if p.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
                }
            }
            if let conditions = n.as(IfExprSyntax.self)?.conditions ?? n.as(GuardStmtSyntax.self)?.conditions
                ?? n.as(WhileStmtSyntax.self)?.conditions,
                conditions.contains(where: {
                    $0.condition.as(OptionalBindingConditionSyntax.self).map { binds($0.pattern, name) } ?? false
                })
            {
                return true
            }
            if let loop = n.as(ForStmtSyntax.self), loop != node.as(ForStmtSyntax.self), binds(loop.pattern, name) {
                return true
            }
            current = n.parent
        }
        return false
    }

    /// Whether `pattern` binds `name`.
    private static func binds(_ pattern: PatternSyntax, _ name: String) -> Bool {
        if let i = pattern.as(IdentifierPatternSyntax.self) { return i.identifier.text == name }
        if let t = pattern.as(TuplePatternSyntax.self) { return t.elements.contains { binds($0.pattern, name) } }
        if let b = pattern.as(ValueBindingPatternSyntax.self) { return binds(b.pattern, name) }
        return false
    }

    /// `loop` (a `for await`'s lowered `while`) with the stream `iterated` cancelled at each exit: before each
    /// `return` in it (``runningDeferred(_:_:count:)``, as a `defer` runs) and after it (a `break`, a thrown error
    /// leaving it, or its end, where the stream is already terminal and the cancel changes nothing).
    static func cancellingAtExits(_ loop: [LocatedNode], _ iterated: String, at: ScenarioLocation) -> [LocatedNode] {
        let cancel = [LocatedNode.step("streamFinish", iterated, at: at, [("cancelled", .plain("true", at: at))])]
        var count = 0
        return runningDeferred(loop, cancel, count: &count) + cancel
    }
}

/// The first statement of a loop's body that leaves the loop early: a `return`, a `throw`, a `try` that passes an
/// error on, a labelled `break`, or a `break` of the loop itself (not of a nested loop or `switch`); closures and
/// nested functions are skipped.
final class EarlyExitFinder: SyntaxVisitor {
    var found: Syntax?
    private var nested = 0

    private func take(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if found == nil { found = Syntax(node) }
        return .skipChildren
    }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { take(node) }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { take(node) }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        node.questionOrExclamationMark == nil ? take(node) : .visitChildren
    }
    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        node.label != nil || nested == 0 ? take(node) : .skipChildren
    }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        nested += 1
        return .visitChildren
    }
    override func visitPost(_ node: ForStmtSyntax) { nested -= 1 }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        nested += 1
        return .visitChildren
    }
    override func visitPost(_ node: WhileStmtSyntax) { nested -= 1 }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        nested += 1
        return .visitChildren
    }
    override func visitPost(_ node: RepeatStmtSyntax) { nested -= 1 }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        nested += 1
        return .visitChildren
    }
    override func visitPost(_ node: SwitchExprSyntax) { nested -= 1 }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The function declarations of a name, anywhere in a file.
private final class FunctionFinder: SyntaxVisitor {
    let name: String
    var found: [FunctionDeclSyntax] = []

    init(name: String, viewMode: SyntaxTreeViewMode) {
        self.name = name
        super.init(viewMode: viewMode)
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == name { found.append(node) }
        return .visitChildren
    }
}

/// The `return` statements of a body, not of the closures or functions in it.
private final class StreamReturnFinder: SyntaxVisitor {
    var found: [ReturnStmtSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
