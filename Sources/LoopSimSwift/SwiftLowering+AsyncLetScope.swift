import LoopSimScenario
import SwiftSyntax

/// The end of an `async let`'s scope (SE-0317, "Implicit async let awaiting": "if the scope exits without awaiting
/// an async let, the child task is implicitly cancelled and then awaited"). The compiler ends every `async let` of a
/// block, innermost last declared first, where the block ends or is left by `return`; the runtime's
/// `swift_asyncLet_finish` (swift stdlib/public/Concurrency/AsyncLet.cpp) does nothing more when the value was
/// awaited, and otherwise cancels the child and waits for it ("Otherwise, cancel the task and let it finish
/// first"). LoopSim lowers each end to `cancelTask:` then `awaitTask:` of the child: both do nothing to a child
/// that has finished (its value awaited, or not), so they are written at every exit and need no record of which
/// path awaited it. A child that ignores the cancellation delays the exit until it returns.
extension SwiftLowering {
    /// Lowers a block's statements (``lowerBlockStatements(_:in:tail:)``), then ends the `async let`s the block
    /// declared, unless its last step returned already (the `return` ended them: ``asyncLetEnds(_:)``).
    mutating func lowerStatements<C: Collection>(_ items: C, in scope: inout Scope, tail: Bool) -> [LocatedNode]
    where C.Element == CodeBlockItemSyntax {
        let mark = scope.openAsyncLets.count
        var steps = lowerBlockStatements(items, in: &scope, tail: tail)
        guard scope.openAsyncLets.count > mark else { return steps }
        let declared = Array(scope.openAsyncLets[mark...])
        scope.openAsyncLets.removeSubrange(mark...)
        if let last = steps.last, Self.isReturnStep(last) { return steps }
        steps += asyncLetEnds(declared)
        return steps
    }

    /// The steps ending `children` (the innermost last): each, from the last, is cancelled, then awaited.
    func asyncLetEnds(_ children: [(task: String, at: ScenarioLocation)]) -> [LocatedNode] {
        children.reversed().flatMap { child in
            [LocatedNode.step("cancelTask", child.task, at: child.at), .step("awaitTask", child.task, at: child.at)]
        }
    }

    /// `steps` of a `return value` with the open `async let`s ended before each of its `return:` steps (after the
    /// value's own steps, as Swift evaluates the value before leaving the scope), in `if:` branches too.
    func endingAsyncLets(_ steps: [LocatedNode], in scope: Scope) -> [LocatedNode] {
        guard !scope.openAsyncLets.isEmpty else { return steps }
        let ends = asyncLetEnds(scope.openAsyncLets)
        func rewrite(_ list: [LocatedNode]) -> [LocatedNode] {
            list.flatMap { step -> [LocatedNode] in
                if Self.isReturnStep(step) { return ends + [step] }
                guard case .mapping(var m) = step, m.entries.first?.key.text == "if" else { return [step] }
                for i in m.entries.indices where ["then", "else"].contains(m.entries[i].key.text) {
                    if case .sequence(var s) = m.entries[i].value {
                        s.items = rewrite(s.items)
                        m.entries[i].value = .sequence(s)
                    }
                }
                return [.mapping(m)]
            }
        }
        return rewrite(steps)
    }

    /// Whether `step` is `return` or `return: value`.
    static func isReturnStep(_ step: LocatedNode) -> Bool {
        switch step {
        case .scalar(let s): s.text == "return"
        case .mapping(let m): m.entries.first?.key.text == "return"
        default: false
        }
    }
}

extension SwiftLowering {
    /// `break`, `continue` or `throw` statement `stmt` refused when it leaves a block that declared an `async let`
    /// before it: the lowering ends a child only where its block ends or a `return` leaves it, so such an exit would
    /// let the child run on unended. Returns whether it was refused.
    mutating func refusedAsyncLetExit(_ stmt: StmtSyntax) -> Bool {
        let isThrow = stmt.is(ThrowStmtSyntax.self)
        guard stmt.is(BreakStmtSyntax.self) || stmt.is(ContinueStmtSyntax.self) || isThrow else { return false }
        var node = Syntax(stmt)
        while let parent = node.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self)
                || parent.is(AccessorDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
            {
                break
            }
            // A loop (or, for `break`, a `switch`) ends a `break`'s or `continue`'s way out; a `do` with `catch`es
            // a `throw`'s.
            if !isThrow,
                parent.is(WhileStmtSyntax.self) || parent.is(ForStmtSyntax.self)
                    || parent.is(RepeatStmtSyntax.self)
                    || (stmt.is(BreakStmtSyntax.self) && parent.is(SwitchExprSyntax.self))
            {
                break
            }
            if isThrow, let d = parent.as(DoStmtSyntax.self), !d.catchClauses.isEmpty, node.id == d.body.id { break }
            if let items = parent.as(CodeBlockItemListSyntax.self),
                items.contains(where: { $0.position < node.position && isPlainAsyncLet($0) })
            {
                let what = isThrow ? "a `throw`" : "`\(stmt.firstToken(viewMode: .sourceAccurate)?.text ?? "break")`"
                unsupported(
                    "\(what) out of a block that declared an `async let`",
                    "await the child before it (`_ = await name`), or return instead: LoopSim cancels and awaits an "
                        + "`async let` child where its block ends or a `return` leaves it", at: stmt)
                return true
            }
            node = parent
        }
        return false
    }

    /// Whether `item` declares an `async let` whose method does not throw (a throwing child is ended on every way
    /// out, `throw` and `break` too, with its error handling: SwiftLowering+ThrowingTasks.swift).
    private func isPlainAsyncLet(_ item: CodeBlockItemSyntax) -> Bool {
        guard let decl = item.item.as(VariableDeclSyntax.self) else { return false }
        return decl.modifiers.first?.name.text == "async" && decl.bindingSpecifier.text == "let"
            && !isThrowingAsyncLet(decl)
    }
}
