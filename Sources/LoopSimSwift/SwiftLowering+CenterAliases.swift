import LoopSimScenario
import SwiftSyntax

/// `let center = NotificationCenter.default` (a local, a property or a top-level `let`), then
/// `center.addObserver(…)`, `self.center.post(…)`: the name is the default center itself, since a `let` of a class
/// instance is that one instance for as long as it exists (the Swift book, "Structures and Classes" › "Classes Are
/// Reference Types"). The declaration lowers to nothing and each call through the name is the call on
/// `NotificationCenter.default` (SwiftLowering+Notifications.swift). A name declared more than once in the file (a
/// parameter, another local) is not taken for the center: its uses keep their own meaning.
extension SwiftLowering {
    /// Whether `decl` is `let NAME = NotificationCenter.default` or `let NAME: NotificationCenter = .default`.
    func isCenterAliasDeclaration(_ decl: VariableDeclSyntax) -> Bool {
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            centerAliases.contains(name)
        else { return false }
        return true
    }

    /// Records the names of the file bound once, by a `let`, to the default center.
    mutating func collectCenterAliases(_ tree: SourceFileSyntax) {
        let names = CenterAliasFinder(viewMode: .sourceAccurate)
        names.walk(tree)
        centerAliases = Set(names.candidates.filter { names.declarations[$0] == 1 })
    }

    /// Whether `e` names a center alias: `center`, `self.center`.
    func isCenterAlias(_ e: ExprSyntax) -> Bool {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return centerAliases.contains(ref.baseName.text) }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return centerAliases.contains(member.declName.baseName.text)
        }
        return false
    }
}

/// Counts every declaration of each name in a file (bindings, parameters, closure parameters) and notes the `let`s
/// whose value is the default center.
private final class CenterAliasFinder: SyntaxVisitor {
    var declarations: [String: Int] = [:]
    var candidates: [String] = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if node.bindingSpecifier.text == "let", node.bindings.count == 1,
                let value = binding.initializer?.value, Self.isDefaultCenterValue(value, binding.typeAnnotation)
            {
                candidates.append(name)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        declarations[node.identifier.text, default: 0] += 1
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        declarations[(node.secondName ?? node.firstName).text, default: 0] += 1
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        declarations[node.name.text, default: 0] += 1
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        declarations[(node.secondName ?? node.firstName).text, default: 0] += 1
        return .visitChildren
    }

    /// `NotificationCenter.default`, or `.default` under the annotation `NotificationCenter`.
    static func isDefaultCenterValue(_ value: ExprSyntax, _ annotation: TypeAnnotationSyntax?) -> Bool {
        guard let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "default"
        else { return false }
        if let base = member.base {
            return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "NotificationCenter"
        }
        return annotation?.type.trimmedDescription == "NotificationCenter"
    }
}
