import LoopSimScenario
import SwiftSyntax

/// `thread.cancel()` and `isCancelled` on a `Thread` value (docs/swift-scenarios.md, "Thread cancellation"), and the
/// refusal of a generic function, which reviewers' files wrote as a `withTimeout<T>` helper taking the operation as a
/// closure.
extension SwiftLowering {
    /// `\(thread.isCancelled)` or `\(thread.isMainThread)` of a `Thread` value, or `\(isCancelled)` (`self.`) in a
    /// Thread subclass (its synthetic field): a `Bool`, printed as itself.
    mutating func isThreadFlagRead(
        _ e: ExprSyntax, _ lowered: (text: String, type: LoweredType)?, in scope: Scope
    ) -> Bool {
        guard lowered?.type == .bool else { return false }
        if let cls = scope.className, threadSubclasses.contains(cls), classes[cls]?.methods["isCancelled"] == nil {
            if let ref = e.as(DeclReferenceExprSyntax.self), ref.baseName.text == "isCancelled" { return true }
            if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isCancelled",
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
            {
                return true
            }
        }
        guard let member = e.as(MemberAccessExprSyntax.self),
            ["isCancelled", "isMainThread"].contains(member.declName.baseName.text), let base = member.base
        else { return false }
        return staticType(base, in: scope, report: false) == .thread
    }

    /// A generic function or method is refused. Specialising it at each call site would need the closure it usually
    /// takes (`operation: @escaping () async throws -> T`) passed as a value, which a method of the subset cannot
    /// take (methods take values, not closures): the refusal says to write the body where it is used.
    mutating func refuseGeneric(_ decl: FunctionDeclSyntax, _ generics: GenericParameterClauseSyntax) {
        let takesClosure = decl.signature.parameterClause.parameters.contains { p in
            var type = p.type
            if let a = type.as(AttributedTypeSyntax.self) { type = a.baseType }
            return type.is(FunctionTypeSyntax.self)
        }
        guard takesClosure else {
            unsupported("a generic method", "write it with concrete types", at: generics)
            return
        }
        unsupported(
            "a generic function taking a closure (`\(decl.name.text)\(generics.trimmedDescription)`)",
            "write its body where it is called, at the concrete type, with the closure's statements in place of the "
                + "call (a task group racing a `Task.sleep` child is modelled: `withThrowingTaskGroup(of: Bool.self)`)",
            at: generics)
    }
}
