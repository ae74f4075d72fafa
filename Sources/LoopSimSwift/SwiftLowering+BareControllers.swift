import LoopSimScenario
import SwiftParser
import SwiftSyntax

/// A plain `UIViewController()` — a navigation controller's placeholder root, a controller presented only to be
/// dismissed — is a view controller of no class of the file. The lowering gives the file a class of that name with
/// no members, a `UIViewController` as the subclasses are (SwiftLowering+UIKit.swift): UIKit's model loads its
/// view, gives it a navigation item and calls no hook it lacks; its objects are counted and reported like every
/// controller's, as an allocation Instruments would show (`UIViewController` instance).
extension SwiftLowering {
    /// The synthesized `class UIViewController: UIViewController {}` when the file creates a plain one and declares
    /// no type of that name; its position is the first creation's, so that it is reported there.
    func bareControllerDeclaration(_ tree: SourceFileSyntax) -> ClassDeclSyntax? {
        let name = "UIViewController"
        for item in tree.statements {
            if let c = item.item.as(ClassDeclSyntax.self), c.name.text == name { return nil }
            if let s = item.item.as(StructDeclSyntax.self), s.name.text == name { return nil }
        }
        let finder = BareControllerFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let first = finder.first else { return nil }
        // Spaces up to the first creation: the declaration's position in the file is that call's.
        let offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let text = String(repeating: " ", count: offset) + "final class \(name): \(name) {}"
        let parsed = Parser.parse(source: text)
        return parsed.statements.first?.item.as(ClassDeclSyntax.self)
    }
}

/// Finds the first `UIViewController()` or `UIViewController(nibName: nil, bundle: nil)` of a file.
private final class BareControllerFinder: SyntaxVisitor {
    var first: FunctionCallExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard first == nil else { return .skipChildren }
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIViewController",
            node.trailingClosure == nil,
            node.arguments.isEmpty
                || node.arguments.map({ $0.label?.text ?? "_" }) == ["nibName", "bundle"]
                    && node.arguments.allSatisfy({ $0.expression.is(NilLiteralExprSyntax.self) })
        {
            first = node
            return .skipChildren
        }
        return .visitChildren
    }
}
