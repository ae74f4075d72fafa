import LoopSimScenario
import SwiftSyntax

/// Weak proxies in Swift (docs/swift-scenarios.md, "Weak proxies"). Swift cannot subclass `NSProxy` (its
/// `methodSignatureForSelector:` and `forwardInvocation:` take `NSMethodSignature` and `NSInvocation`, which Swift
/// does not import), so its idiom is an `NSObject` subclass with a `weak var target` that overrides
/// `forwardingTarget(for:)`: the Objective-C runtime's fast forwarding path sends every message the proxy does not
/// implement to the object it returns. When it returns nil, the message goes on to the normal forwarding path,
/// where NSObject's `methodSignatureForSelector:` finds no method and `doesNotRecognizeSelector:` raises (Apple,
/// `forwardingTarget(for:)`: "If you return nil … the message is sent to the normal forwarding machinery"). That
/// is the language's `proxy: {target: FIELD, whenTargetIsNil: crash}` (docs/scenario-format.md §4).
extension SwiftLowering {
    /// Whether `decl` is `override func forwardingTarget(for aSelector: Selector!) -> Any?`.
    func isForwardingTarget(_ decl: FunctionDeclSyntax) -> Bool {
        decl.name.text == "forwardingTarget" && decl.signature.parameterClause.parameters.count == 1
            && decl.signature.parameterClause.parameters.first?.firstName.text == "for"
    }

    /// Whether `decl` is `override func responds(to aSelector: Selector!) -> Bool`, which a weak proxy writes
    /// beside `forwardingTarget(for:)`. Nothing the model sends asks it (a timer, `call:` and a notification send
    /// the selector without asking), so it is accepted and lowers to nothing.
    func isRespondsTo(_ decl: FunctionDeclSyntax) -> Bool {
        decl.name.text == "responds" && decl.signature.parameterClause.parameters.count == 1
            && decl.signature.parameterClause.parameters.first?.firstName.text == "to"
    }

    /// Whether `decl` is one of a weak proxy's forwarding methods in `cls`: `forwardingTarget(for:)`, and
    /// `responds(to:)` beside it.
    func isProxyMethod(_ decl: FunctionDeclSyntax, of cls: some ClassLikeDecl) -> Bool {
        if isForwardingTarget(decl) { return true }
        return isRespondsTo(decl)
            && cls.memberBlock.members.contains {
                $0.decl.as(FunctionDeclSyntax.self).map(isForwardingTarget) ?? false
            }
    }

    /// The class's `proxy:` entry when it overrides `forwardingTarget(for:)` to return one of its fields; nil when it
    /// does not override it, after reporting a body the lowering cannot read.
    mutating func proxyEntry(_ decl: some ClassLikeDecl) -> (String, LocatedNode)? {
        guard
            let method = decl.memberBlock.members.lazy.compactMap({ $0.decl.as(FunctionDeclSyntax.self) })
                .first(where: isForwardingTarget)
        else { return nil }
        let at = location(method)
        guard let body = method.body, body.statements.count == 1, let item = body.statements.first?.item,
            let value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression,
            let field = forwardedField(value), case .object(let cls)? = classes[decl.name.text]?.fields[field],
            classes[cls] != nil
        else {
            unsupported(
                "this `forwardingTarget(for:)`",
                "a weak proxy returns the field holding its target: `return target`, with `weak var target: C?` "
                    + "of a scenario class C", at: method)
            return nil
        }
        return (
            "proxy",
            .map([("target", .plain(field, at: at)), ("whenTargetIsNil", .plain("crash", at: at))], at: at)
        )
    }

    /// The field `target` or `self.target` names.
    private func forwardedField(_ e: ExprSyntax) -> String? {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return member.declName.baseName.text
        }
        return nil
    }
}
