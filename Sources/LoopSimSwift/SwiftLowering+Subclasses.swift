import SwiftSyntax

/// A subclass of one of the file's own classes (`class FeedViewController: BaseViewController`, `class Child:
/// Parent` of an `NSObject` subclass of the file): the scenario language has no class inheritance (a class's
/// `superclass:` is Foundation's `Operation` only, docs/scenario-format.md §4), so Swift's dynamic dispatch to an
/// override, `super.` calls, the base's stored properties and the deinit order (the subclass's deinit, then the
/// base's: the Swift book, "Deinitialization" › "How Deinitialization Works") are not followed. Such a class is
/// refused once, at its superclass, saying how to write it; its `override`s are not refused again.
extension SwiftLowering {
    /// Reports `parent` when it is a class of the file; whether it did.
    mutating func refusesFileSuperclass(_ parent: String, of name: String, at node: some SyntaxProtocol) -> Bool {
        guard parent != name, declaresClass(parent, in: node) else { return false }
        unsupported(
            "subclassing `\(parent)`, a class of this file (class inheritance: overrides, `super.` calls and the "
                + "base's deinit are not followed)",
            "write one class: copy `\(parent)`'s properties and methods into `\(name)`, with each override's body "
                + "in place of the base's method and the base's `super.` code inlined where it was called, and "
                + "`\(name)`'s deinit followed by `\(parent)`'s (a scenario class is a plain Swift class or an "
                + "NSObject subclass)", at: node)
        return true
    }

    /// Whether `decl` is a method of a class whose superclass is a class of the file (refused at that superclass).
    func overridesFileClass(_ decl: FunctionDeclSyntax) -> Bool {
        var node = decl.parent
        while let n = node {
            if let c = n.as(ClassDeclSyntax.self) {
                guard let parent = c.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else {
                    return false
                }
                return parent != c.name.text && declaresClass(parent, in: c)
            }
            node = n.parent
        }
        return false
    }

    /// Whether the file holding `node` declares a class named `name` at its top level (not a class the lowering
    /// gives the file, such as a bare `UIViewController`).
    func declaresClass(_ name: String, in node: some SyntaxProtocol) -> Bool {
        guard let file = node.root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { $0.item.as(ClassDeclSyntax.self)?.name.text == name }
    }
}
