import LoopSimScenario
import SwiftSyntax

/// Collects the names a piece of Swift refers to and the names it declares, in source order: the raw material
/// of a closure's implicit captures (The Swift Programming Language, "Closures" › "Capturing Values": a closure
/// captures the constants and variables of its surrounding context that its body refers to).
final class NameCollector: SyntaxVisitor {
    /// Each name referred to, once, in order of first reference, with where.
    private(set) var referenced: [(name: String, node: Syntax)] = []
    /// Names declared inside (parameters, `let`/`var`, `if let`, `for` patterns).
    private(set) var declared: Set<String> = []
    /// Names referred to by shorthand bindings (`if let x`), which refer to the outer `x` although they declare one.
    private var seen: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// Records a reference to `name` at `node`, once.
    private func refer(_ name: String, _ node: some SyntaxProtocol) {
        if seen.insert(name).inserted { referenced.append((name, Syntax(node))) }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `a.b`: `b` is a member name, not a reference to a variable `b`.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .skipChildren
        }
        refer(node.baseName.text, node)
        return .skipChildren
    }

    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
        // `[weak self]` refers to the enclosing `self`; `[weak b = self.button]` refers to what its value names.
        if node.initializer == nil { refer(node.name.text, node) }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.initializer == nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            refer(name, node)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(node.identifier.text)
        return .skipChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(node.name.text)
        return .skipChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        declared.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
}

extension SwiftLowering {
    /// The names that some closure among `nodes` refers to: a `var` of the body among them is shared with the
    /// closure (captured as a variable, not a value), so it is declared as a `__block` variable.
    func capturedNames(in nodes: [Syntax]) -> Set<String> {
        final class ClosureFinder: SyntaxVisitor {
            var names: Set<String> = []
            init() { super.init(viewMode: .sourceAccurate) }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                // `array.forEach { … }` runs its closure in place, before `forEach` returns (not escaping): it
                // shares the body's variables as a loop body does (SwiftLowering+Arrays.swift).
                if let call = node.parent?.as(FunctionCallExprSyntax.self)
                    ?? node.parent?.parent?.parent?.as(
                        FunctionCallExprSyntax.self),
                    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "forEach"
                {
                    return .visitChildren
                }
                // A capture-list entry (`[n]`, `[weak x]`, `[m = n]`) copies the value when the closure is made:
                // it does not share the variable, and inside the body its name is that copy (the Swift book,
                // "Closures" › "Capturing Values" and "Expressions" › "Capture Lists"). Only the body's other names
                // are shared.
                let listed = Set(node.signature?.capture?.items.map(\.name.text) ?? [])
                let collector = NameCollector()
                collector.walk(node.statements)
                for (name, _) in collector.referenced where !listed.contains(name) { names.insert(name) }
                return .skipChildren
            }
        }
        let finder = ClosureFinder()
        for node in nodes { finder.walk(node) }
        return finder.names
    }

    /// The names of the enclosing `scope` that `closure` uses without listing them in its capture list, in order
    /// of first use: its implicit captures. A bare member name of the enclosing class means `self`.
    func implicitCaptures(of closure: ClosureExprSyntax, in scope: Scope) -> [(name: String, node: Syntax)] {
        let listed = Set(closure.signature?.capture?.items.map(\.name.text) ?? [])
        // The closure's own parameters (`{ ok in … }`, `$0`) are its locals, not captures, even where an outer name
        // or a member of the class is spelled the same.
        var own: Set<String> = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): own = Set(list.map(\.name.text))
        case .parameterClause(let clause): own = Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
        case nil: break
        }
        let collector = NameCollector()
        collector.walk(closure.statements)
        var result: [(name: String, node: Syntax)] = []
        var added: Set<String> = []
        for (name, node) in collector.referenced where !own.contains(name) && !name.hasPrefix("$") {
            var resolved: String?
            if scope.locals[name] != nil, !collector.declared.contains(name) || name == "self" {
                resolved = name
            } else if !collector.declared.contains(name), let cls = scope.className,
                classes[cls]?.hasMember(name) == true, scope.locals["self"] != nil
            {
                resolved = "self"
            }
            guard let resolved, !listed.contains(resolved), added.insert(resolved).inserted else { continue }
            result.append((resolved, node))
        }
        return result
    }
}
