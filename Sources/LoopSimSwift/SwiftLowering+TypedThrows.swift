import LoopSimScenario
import SwiftSyntax

/// Typed throws (SE-0413, Swift 6): `func parse() throws(ParseError) -> Int` throws only `ParseError`, so inside it
/// `throw .empty` names a case of that enum, and a `do` whose throwing calls and throws all throw `ParseError` (or
/// `do throws(ParseError)`) binds a `catch`'s `error` as a `ParseError`: `switch error { case .bad: … case .empty:
/// … }` needs no cast (SE-0413, "Typed throws" › "Inference for do…catch blocks"; this machine's swiftc 6.3.1 accepts
/// both under `-swift-version 5`). The error itself is held as before, its case's name
/// (SwiftLowering+Errors.swift): the type only says which enum a bare `.case` belongs to.
extension SwiftLowering {
    /// The error enum of the file a typed `throws(E)` names; nil for a plain `throws` or another type.
    func typedThrowsEnum(_ clause: ThrowsClauseSyntax?) -> String? {
        guard let name = clause?.type?.trimmedDescription, let e = enums[name], e.isError else { return nil }
        return name
    }

    /// Whether a typed `throws(…)` clause is in the subset: an error enum of the file, or `any Error` (the same as
    /// `throws`). Refused (false) otherwise, saying what to write.
    mutating func acceptsTypedThrows(_ clause: ThrowsClauseSyntax) -> Bool {
        guard let type = clause.type else { return true }
        if typedThrowsEnum(clause) != nil || errorExistentialType(type) != nil { return true }
        unsupported(
            "typed throws `throws(\(type.trimmedDescription))`",
            "throw an error enum of the file (`enum ParseError: Error { case bad }`, then `throws(ParseError)`), or "
                + "write `throws`", at: type)
        return false
    }

    /// Records the error enum each typed-throwing method of `decl` throws.
    func collectTypedThrows(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        for member in classMembers(decl) where !isTypeMember(member.decl) {
            guard let f = member.decl.as(FunctionDeclSyntax.self),
                let e = typedThrowsEnum(f.signature.effectSpecifiers?.throwsClause)
            else { continue }
            shape.typedThrows[f.name.text] = e
        }
    }

    /// The error enum a `throw` at `node` must be a case of: the `throws(E)` of the `do` body or the method or
    /// init it leaves to; nil when that place takes any error.
    func typedThrowTarget(_ node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        var child = Syntax(node)
        while let n = current {
            if n.is(ClosureExprSyntax.self) { return nil }
            if let d = n.as(DoStmtSyntax.self), !d.catchClauses.isEmpty, d.body.id == child.id {
                return typedThrowsEnum(d.throwsClause)
            }
            if let f = n.as(FunctionDeclSyntax.self) {
                return typedThrowsEnum(f.signature.effectSpecifiers?.throwsClause)
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return typedThrowsEnum(i.signature.effectSpecifiers?.throwsClause)
            }
            child = n
            current = n.parent
        }
        return nil
    }

    /// The type of a `catch`'s `error` in `d`: its `do throws(E)`, or the one error enum every `try` (of a method
    /// declared `throws(E)`) and `throw E.c` in its body throws (SE-0413's inference); `Error` otherwise.
    func caughtErrorType(_ d: DoStmtSyntax) -> LoweredType {
        if let e = typedThrowsEnum(d.throwsClause) { return .enumeration(e, isInt: false) }
        let finder = ThrowSiteFinder(viewMode: .sourceAccurate)
        finder.walk(d.body)
        var found: Set<String> = []
        for site in finder.sites {
            switch site {
            case .call(let name):
                let declaring = classes.values.filter { $0.throwing.contains(name) }
                let types = Set(declaring.map { $0.typedThrows[name] ?? "" })
                guard types.count == 1, let only = types.first, !only.isEmpty else {
                    return .enumeration(Self.errorTypeName, isInt: false)
                }
                found.insert(only)
            case .thrown(let e):
                guard let e, enums[e]?.isError == true else { return .enumeration(Self.errorTypeName, isInt: false) }
                found.insert(e)
            case .other:
                return .enumeration(Self.errorTypeName, isInt: false)
            }
        }
        guard found.count == 1, let only = found.first else { return .enumeration(Self.errorTypeName, isInt: false) }
        return .enumeration(only, isInt: false)
    }
}

/// The places a `do` body may throw from: each plain `try`'s call (by method name) and each `throw` (by the enum
/// its value names, `throw ParseError.bad`), outside closures, nested declarations and nested `do`-`catch`es.
private final class ThrowSiteFinder: SyntaxVisitor {
    enum Site {
        case call(String)
        case thrown(String?)
        case other
    }
    var sites: [Site] = []
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            sites.append(.thrown(base.baseName.text))
        } else {
            sites.append(.thrown(nil))
        }
        return .skipChildren
    }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.questionOrExclamationMark == nil else { return .visitChildren }
        var inner = node.expression
        if let a = inner.as(AwaitExprSyntax.self) { inner = a.expression }
        if let call = inner.as(FunctionCallExprSyntax.self) {
            if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                sites.append(.call(ref.baseName.text))
            } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                sites.append(.call(member.declName.baseName.text))
            } else {
                sites.append(.other)
            }
        } else {
            sites.append(.other)
        }
        return .visitChildren
    }
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        node.catchClauses.isEmpty ? .visitChildren : .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
