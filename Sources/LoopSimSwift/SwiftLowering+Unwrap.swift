import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// What the Swift runtime prints when a force unwrap meets nil (The Swift Programming Language, "The Basics" ›
    /// "Forced Unwrapping": "Trying to use ! to access a nonexistent optional value triggers a runtime error").
    static let unwrapTrap = "Fatal error: Unexpectedly found nil while unwrapping an Optional value"

    /// The runtime's prefix of a trap at `node`: `FILE.swift:LINE: ` (Swift 5.3 and later print the file's name and
    /// line before `Fatal error:`), the file's last path component so that a fingerprint does not depend on the
    /// directory a run was started from.
    func trapPrefix(_ node: some SyntaxProtocol) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(location(node).line): "
    }

    /// The checks a statement's force unwraps need, in the order Swift evaluates them: `x!` is `if: x == nil`
    /// `then: [trap: …]` before the statement (an inner unwrap before an outer one, `a!.b!`). The unwrap itself then
    /// lowers to its operand (``expression(_:in:)``). Unwraps inside the statement's closures and nested bodies are
    /// checked where those are lowered. Refused where Swift might not evaluate the unwrap every time the statement
    /// starts: the right of `&&`, `||`, `??`, a branch of `?:`, a condition after the first, an `else if`, a loop's
    /// condition.
    mutating func unwrapChecks(_ item: CodeBlockItemSyntax, in scope: Scope) -> [LocatedNode] {
        let finder = UnwrapFinder(viewMode: .sourceAccurate)
        finder.root = Syntax(item.item)
        finder.walk(item.item)
        if let loop = finder.loopCondition {
            unsupported(
                "a force unwrap `!` in a loop's condition",
                "read the value into a local in the loop (`guard let x = … else { break }`)", at: loop)
            return []
        }
        if let elseIf = finder.elseIf {
            unsupported(
                "a force unwrap `!` in an `else if` condition", "bind it with `if let` in a nested `if`", at: elseIf)
            return []
        }
        var steps: [LocatedNode] = []
        for unwrap in finder.found {
            if let why = conditionallyEvaluated(unwrap, root: Syntax(item.item)) {
                unsupported(
                    "a force unwrap `!` \(why)", "bind the value with `if let` or `guard let` first", at: unwrap)
                return []
            }
            guard let operand = expression(unwrap.expression, in: scope) else { return [] }
            switch operand.type {
            case .int, .bool, .string, .interval, .date:
                unsupported(
                    "a force unwrap `!` of a value that is not an object",
                    "LoopSim's Int, Bool and String values are never nil: drop the `!`", at: unwrap)
                return []
            default: break
            }
            let at = location(unwrap)
            let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(trapPrefix(unwrap) + Self.unwrapTrap)
            steps.append(.step("if", "\(operand.text) == nil", at: at, [("then", .list([trap], at: at))]))
        }
        return steps
    }

    /// Why `unwrap` may not be evaluated each time its statement runs, or nil: it is to the right of a
    /// short-circuiting operator or a `?:`, or in a condition after the first.
    private func conditionallyEvaluated(_ unwrap: ForceUnwrapExprSyntax, root: Syntax) -> String? {
        var child = Syntax(unwrap)
        var current = unwrap.parent
        while let node = current, node.id != root.id {
            if let sequence = node.as(SequenceExprSyntax.self) {
                for element in sequence.elements {
                    if element.id == child.id || Syntax(element).isAncestor(of: child) { break }
                    if let op = element.as(BinaryOperatorExprSyntax.self),
                        ["&&", "||", "??"].contains(op.operator.text)
                    {
                        return "to the right of `\(op.operator.text)`"
                    }
                    if element.is(UnresolvedTernaryExprSyntax.self) { return "in a branch of `?:`" }
                }
            }
            if node.is(TernaryExprSyntax.self) { return "in a branch of `?:`" }
            if let list = node.as(ConditionElementListSyntax.self), let first = list.first,
                first.id != child.id
            {
                return "in a condition after the first"
            }
            child = node
            current = node.parent
        }
        return nil
    }
}

extension Syntax {
    /// Whether this node contains `other` (or is it).
    fileprivate func isAncestor(of other: Syntax) -> Bool {
        var current: Syntax? = other
        while let n = current {
            if n.id == id { return true }
            current = n.parent
        }
        return false
    }
}

/// Finds a statement's force unwraps in post-order (inner first), without entering its closures and nested
/// bodies, and notes an unwrap in a loop's condition or an `else if` condition.
private final class UnwrapFinder: SyntaxVisitor {
    var root: Syntax?
    var found: [ForceUnwrapExprSyntax] = []
    var loopCondition: ForceUnwrapExprSyntax?
    var elseIf: ForceUnwrapExprSyntax?
    private var inLoopCondition = 0
    private var inElseIf = 0

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        inLoopCondition += 1
        return .visitChildren
    }
    override func visitPost(_ node: WhileStmtSyntax) { inLoopCondition -= 1 }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        inLoopCondition += 1
        return .visitChildren
    }
    override func visitPost(_ node: RepeatStmtSyntax) { inLoopCondition -= 1 }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if let root, Syntax(node).id != root.id, node.parent?.is(IfExprSyntax.self) == true { inElseIf += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: IfExprSyntax) {
        if let root, Syntax(node).id != root.id, node.parent?.is(IfExprSyntax.self) == true { inElseIf -= 1 }
    }

    override func visitPost(_ node: ForceUnwrapExprSyntax) {
        if inLoopCondition > 0 {
            loopCondition = loopCondition ?? node
        } else if inElseIf > 0 {
            elseIf = elseIf ?? node
        } else {
            found.append(node)
        }
    }
}
