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
    ///
    /// A member of an implicitly unwrapped optional property (`var timer: Timer!`, then `timer.invalidate()`) is
    /// unwrapped the same way: Swift force-unwraps an IUO wherever it is used as its non-optional type (SE-0054),
    /// here where a member of it is read or called; `timer?.m()`, `timer == nil`, `if let t = timer` do not.
    mutating func unwrapChecks(_ item: CodeBlockItemSyntax, in scope: Scope) -> [LocatedNode] {
        let finder = UnwrapFinder(viewMode: .sourceAccurate)
        finder.root = Syntax(item.item)
        finder.implicitlyUnwrapped = implicitlyUnwrappedFields(of: scope.className, at: item)
            .filter { scope.locals[$0] == nil }
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
            let operandSyntax = unwrap.as(ForceUnwrapExprSyntax.self)?.expression ?? unwrap
            if let why = conditionallyEvaluated(unwrap, root: Syntax(item.item)) {
                unsupported(
                    "a force unwrap `!` \(why)", "bind the value with `if let` or `guard let` first", at: unwrap)
                return []
            }
            if let found = optionalStructPlace(operandSyntax, in: scope) {
                // `lastFix!` of an optional struct (SwiftLowering+OptionalStructs.swift): nil when its flag is false.
                let at = location(unwrap)
                let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(trapPrefix(unwrap) + Self.unwrapTrap)
                steps.append(
                    .step("if", "!\(found.place)\(Self.optionalStructFlag)", at: at, [("then", .list([trap], at: at))]))
                continue
            }
            if isResultSubject(operandSyntax, in: scope) {
                // `lastResult!` of an optional `Result` (SwiftLowering+ResultValues.swift): nil when both parts are.
                guard let place = resultPlace(operandSyntax, in: scope) else { return [] }
                let at = location(unwrap)
                let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(trapPrefix(unwrap) + Self.unwrapTrap)
                steps.append(.step("if", place.nilTest, at: at, [("then", .list([trap], at: at))]))
                continue
            }
            guard let operand = expression(operandSyntax, in: scope) else { return [] }
            // A KVO change's `newValue`/`oldValue` is an optional of any type: nil when not asked for, or the old
            // value of an `.initial` call (SwiftLowering+KVO.swift).
            let isChangeValue =
                operandSyntax.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)
                .map { scope.locals[$0.baseName.text]?.type == Self.keyValueChangeType } ?? false
            if isChangeValue && operand.text == "nil" {
                unsupported(
                    "a force unwrap `!` of a change value the options do not ask for (it is always nil, and the "
                        + "unwrap always traps)", "add `.new` (or `.old`) to the options", at: unwrap)
                return []
            }
            switch operand.type {
            case .int, .bool, .string, .interval, .date:
                // `counts[key]!`: a dictionary's value is an optional of its type (SwiftLowering+Dictionaries.swift).
                if isChangeValue || isDictionarySubscript(operandSyntax, in: scope) { break }
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
    func conditionallyEvaluated(_ unwrap: ExprSyntax, root: Syntax) -> String? {
        if unwrap.id == root.id { return nil }  // the whole of what is lowered (an operand tested on its own)
        var child = Syntax(unwrap)
        var current = unwrap.parent
        while let node = current, node.id != root.id {
            if let sequence = node.as(SequenceExprSyntax.self) {
                for element in sequence.elements {
                    // The element that holds `unwrap` (the sequence's own child is its element list).
                    if element.id == child.id || Syntax(element).isAncestor(of: Syntax(unwrap)) { break }
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

extension SwiftLowering {
    /// The implicitly unwrapped optional properties (`var timer: Timer!`) of `className`, found in the file that
    /// holds `node` (the class's own declaration); `@IBOutlet`s are left out: the storyboard connects them on the
    /// device, and the model, which loads no storyboard, keeps them nil.
    func implicitlyUnwrappedFields(of className: String?, at node: some SyntaxProtocol) -> Set<String> {
        guard let className, let file = node.root.as(SourceFileSyntax.self) else { return [] }
        var names: Set<String> = []
        for item in file.statements {
            guard let c = item.item.as(ClassDeclSyntax.self), c.name.text == className else { continue }
            for member in c.memberBlock.members {
                guard let v = member.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers),
                    !v.attributes.contains(where: {
                        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet"
                    })
                else { continue }
                for binding in v.bindings
                where binding.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        names.insert(name)
                    }
                }
            }
        }
        return names
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
private final class UnwrapFinder: StatementExpressionVisitor {
    /// The implicitly unwrapped optional properties whose members a use unwraps.
    var implicitlyUnwrapped: Set<String> = []
    /// Each `x!` (a ``ForceUnwrapExprSyntax``) and each implicitly unwrapped `timer` / `self.timer` whose member
    /// is used, in post-order.
    var found: [ExprSyntax] = []
    var loopCondition: ExprSyntax?
    var elseIf: ExprSyntax?

    override func visitPost(_ node: ForceUnwrapExprSyntax) { note(ExprSyntax(node)) }

    override func visitPost(_ node: DeclReferenceExprSyntax) {
        if implicitlyUnwrapped.contains(node.baseName.text), isMemberBase(ExprSyntax(node)) { note(ExprSyntax(node)) }
    }

    override func visitPost(_ node: MemberAccessExprSyntax) {
        // `self.timer.invalidate()`: `self.timer` is the unwrapped base.
        if node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
            implicitlyUnwrapped.contains(node.declName.baseName.text), isMemberBase(ExprSyntax(node))
        {
            note(ExprSyntax(node))
        }
    }

    /// Whether `e` is the base of a member access (`e.m`), not of `e?.m` nor `e!.m`.
    private func isMemberBase(_ e: ExprSyntax) -> Bool {
        guard let parent = e.parent?.as(MemberAccessExprSyntax.self) else { return false }
        return parent.base?.id == e.id
    }

    private func note(_ node: ExprSyntax) {
        if whileConditionDepth > 0 || repeatConditionDepth > 0 {
            loopCondition = loopCondition ?? node
        } else if elseIfDepth > 0 {
            elseIf = elseIf ?? node
        } else {
            found.append(node)
        }
    }
}
