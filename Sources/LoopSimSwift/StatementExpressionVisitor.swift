import SwiftSyntax

/// The walk the statement finders share (lazy reads, force unwraps): a statement's own expressions, in the order
/// Swift evaluates them, without entering its closures and nested bodies (blocks, `switch` cases, member and
/// accessor blocks), with how deep the walk is in places Swift may not evaluate each time the statement runs: an
/// `else if` condition, a `while` condition, a `repeat` condition. Subclasses note the nodes they look for in
/// their `visitPost` overrides and read the depths there.
class StatementExpressionVisitor: SyntaxVisitor {
    /// The statement walked: its own `if` is not an `else if`.
    var root: Syntax?
    private(set) var elseIfDepth = 0
    private(set) var whileConditionDepth = 0
    private(set) var repeatConditionDepth = 0

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // A loop's body is a skipped code block: what is visited inside a loop statement is its condition.
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        whileConditionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: WhileStmtSyntax) { whileConditionDepth -= 1 }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        repeatConditionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: RepeatStmtSyntax) { repeatConditionDepth -= 1 }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if isElseIf(node) { elseIfDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: IfExprSyntax) {
        if isElseIf(node) { elseIfDepth -= 1 }
    }

    /// An `if` that is another `if`'s `else` branch (and not the statement walked).
    private func isElseIf(_ node: IfExprSyntax) -> Bool {
        guard let root, Syntax(node).id != root.id else { return false }
        return node.parent?.is(IfExprSyntax.self) == true
    }
}

/// Finds a `return` outside nested closures (one in a nested loop counts: it leaves the body too).
final class ReturnFinder: SyntaxVisitor {
    private(set) var found = false

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Whether `node` holds such a `return`.
    static func finds(in node: some SyntaxProtocol) -> Bool {
        let finder = ReturnFinder()
        finder.walk(node)
        return finder.found
    }
}
