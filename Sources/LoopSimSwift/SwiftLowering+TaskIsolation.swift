import LoopSimScenario
import SwiftSyntax

/// Where a plain `Task { }` runs, read from the static isolation of the code that makes it (SE-0304, SE-0316):
/// the `actor:` the Swift front-end writes on a `task:` step (SwiftLowering+Concurrency.swift's `taskCreation`).
extension SwiftLowering {
    /// Where a plain `Task { }` made at `call` runs, by the static isolation of the code that makes it (SE-0304: the
    /// task inherits the actor context it is made in; SE-0316: `@MainActor` types and members): `main` in a method
    /// of a `@MainActor` class, a UIKit view or view controller (UIKit declares them `@MainActor`) or a `@MainActor`
    /// method or closure; `none` in nonisolated code (a method of a plain class, a `nonisolated` method, a closure
    /// inside such code). Nil where the kernel decides when the step runs: inside another task (its executor), in an
    /// actor's method, in a closure of main-actor code, whose isolation depends on whether the API takes it
    /// `@Sendable`, and in the file's top-level code, which stands for the app's main-thread code (the main actor's
    /// in Swift 6 mode, SE-0343; Swift 5 mode leaves it nonisolated: docs/fidelity.md).
    func staticTaskIsolation(_ call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call).parent
        var throughClosure = false
        while let n = node {
            if let closure = n.as(ClosureExprSyntax.self) {
                if let attributes = closure.signature?.attributes, hasMainActor(attributes) { return "main" }
                let owner =
                    closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if let owner, isTaskCreation(owner) { return nil }
                throughClosure = true
            }
            if let f = n.as(FunctionDeclSyntax.self) {
                return memberIsolation(f.attributes, f.modifiers, at: n, throughClosure: throughClosure)
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return memberIsolation(i.attributes, i.modifiers, at: n, throughClosure: throughClosure)
            }
            if let v = n.as(VariableDeclSyntax.self) {
                return memberIsolation(v.attributes, v.modifiers, at: n, throughClosure: throughClosure)
            }
            if n.is(DeinitializerDeclSyntax.self) {
                return memberIsolation(
                    AttributeListSyntax([]), DeclModifierListSyntax([]), at: n, throughClosure: throughClosure)
            }
            node = n.parent
        }
        return nil
    }

    /// The isolation of a member with `attributes` and `modifiers` declared at `node`, for a task made in it (or in
    /// a closure inside it, `throughClosure`).
    private func memberIsolation(
        _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax, at node: Syntax, throughClosure: Bool
    ) -> String? {
        if hasMainActor(attributes) { return throughClosure ? nil : "main" }
        if modifiers.contains(where: { $0.name.text == "nonisolated" }) { return "none" }
        var current: Syntax? = node.parent
        while let c = current {
            if c.is(ActorDeclSyntax.self) { return nil }
            if let cls = c.as(ClassDeclSyntax.self) { return typeIsolation(cls, throughClosure: throughClosure) }
            if let ext = c.as(ExtensionDeclSyntax.self) {
                let name = ext.extendedType.trimmedDescription
                if hasMainActor(ext.attributes) { return throughClosure ? nil : "main" }
                let declared = node.root.as(SourceFileSyntax.self)?.statements.lazy
                    .compactMap { $0.item.as(ClassDeclSyntax.self) }.first { $0.name.text == name }
                if node.root.as(SourceFileSyntax.self)?.statements.contains(where: {
                    $0.item.as(ActorDeclSyntax.self)?.name.text == name
                }) == true {
                    return nil
                }
                guard let declared else { return "none" }
                return typeIsolation(declared, throughClosure: throughClosure)
            }
            if c.is(StructDeclSyntax.self) || c.is(EnumDeclSyntax.self) { return "none" }
            current = c.parent
        }
        return "none"
    }

    /// A class's isolation: `@MainActor`, or a subclass of a UIKit view or view controller (`@MainActor` in UIKit).
    private func typeIsolation(_ cls: ClassDeclSyntax, throughClosure: Bool) -> String? {
        let isMain =
            hasMainActor(cls.attributes)
            || (cls.inheritanceClause?.inheritedTypes ?? []).contains {
                Self.uikitSuperclasses.contains($0.type.trimmedDescription)
                    || classes[$0.type.trimmedDescription].map { $0.superclass != nil } == true
            }
        if isMain { return throughClosure ? nil : "main" }
        return "none"
    }
}
