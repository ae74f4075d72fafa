import SwiftSyntax

/// Swift names that are words of the scenario language's expressions (docs/scenario-format.md §6): `new` (`new C`
/// makes an object), `YES`/`NO`, `distantFuture`, `referenceDate`, `now_s`, `now_date`, `now_uptime`,
/// `dispatch_semaphore_create`, `dispatch_group_create`. Swift lets an engineer name a local `new` (`let new =
/// change.newValue` in a KVO handler), which the language would read as its word, so before the lowering runs such
/// a name is renamed `NAME_` wherever it names the same thing: a declaration (`let new`, a closure's parameter, a
/// parameter's label and internal name, a stored property), a bare reference (`new`), a member with an explicit base
/// (`self.new`, `change.new`), a call's argument label (`render(new: 2)`) and a selector's (`render(old:new:)`). An implicit member (`.new` of `NSKeyValueObservingOptions`) is the framework's and
/// keeps its name. The renames join the overloads' (SwiftOverloads.swift), so every location stays the file's.
final class ReservedWordFinder: SyntaxVisitor {
    static let words: Set<String> = [
        "new", "YES", "NO", "distantFuture", "referenceDate", "now_s", "now_date", "now_uptime",
        "dispatch_semaphore_create", "dispatch_group_create",
    ]

    /// The tokens to rename and their new names, in source order.
    private(set) var renames: [(TokenSyntax, String)] = []

    private func note(_ token: TokenSyntax) {
        guard case .identifier(let name) = token.tokenKind, Self.words.contains(name) else { return }
        renames.append((token, name + "_"))
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        note(node.identifier)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `.new` with no base is a framework's member; `x.new` is the file's (its declaration is renamed too).
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            if member.base != nil { note(node.baseName) }
        } else {
            note(node.baseName)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        // Both names: `func render(old: Int, new: Int)` uses its label as its local, and a label renamed here is
        // renamed at every call (`render(old: 1, new: 2)`) and selector (`#selector(render(old:new:))`) too, below,
        // so declarations and calls agree.
        note(node.firstName)
        if let second = node.secondName { note(second) }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if let label = node.label { note(label) }
        return .visitChildren
    }

    override func visit(_ node: DeclNameArgumentSyntax) -> SyntaxVisitorContinueKind {
        note(node.name)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        note(node.name)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        note(node.secondName ?? node.firstName)
        return .visitChildren
    }
}
