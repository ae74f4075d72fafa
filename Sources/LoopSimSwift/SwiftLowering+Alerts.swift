import LoopSimScenario
import SwiftParser
import SwiftSyntax

/// `UIAlertController` and `UIAlertAction`, the controller app code presents most after async work: the lowering
/// gives a file that makes one (and declares no type of those names) a Swift declaration of each, lowered as the
/// file's own classes are, so an alert is a view controller UIKit's model presents, refuses or dismisses, and holds
/// what Apple's does: the alert keeps its actions (`-[UIAlertController addAction:]`, "The action object you
/// provide is retained by the alert controller"; the `actions` property) and an action keeps its handler block,
/// which holds what the closure captures — so `{ _ in self.track() }` keeps the presenting controller until the
/// alert is let go. A tap on a button, which would run its handler, is not modelled (docs/fidelity.md, UIKit).
extension SwiftLowering {
    /// The names the synthesized declarations take.
    static let alertTypeNames = [
        "UIAlertController", "UIAlertAction", "UIAlertControllerStyle", "UIAlertActionStyle",
    ]

    /// The synthesized declarations (two enums, then `UIAlertAction`, then `UIAlertController`) when the file makes
    /// a `UIAlertController(title:message:preferredStyle:)` and declares none of their names; empty otherwise.
    /// They are written on one line that starts where the first creation does, so that what is reported of them is
    /// reported there.
    func alertDeclarations(_ tree: SourceFileSyntax) -> [CodeBlockItemSyntax] {
        for item in tree.statements {
            guard case .decl(let decl) = item.item else { continue }
            let name =
                decl.as(ClassDeclSyntax.self)?.name.text ?? decl.as(StructDeclSyntax.self)?.name.text
                ?? decl.as(EnumDeclSyntax.self)?.name.text
            if let name, Self.alertTypeNames.contains(name) { return [] }
        }
        let finder = AlertCreationFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let first = finder.first else { return [] }
        let offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let text =
            String(repeating: " ", count: offset)
            + "enum UIAlertControllerStyle { case alert, actionSheet }; "
            + "enum UIAlertActionStyle { case `default`, cancel, destructive }; "
            + "final class UIAlertAction { let handler: ((UIAlertAction) -> Void)?; "
            + "init(title: String?, style: UIAlertActionStyle, handler: ((UIAlertAction) -> Void)? = nil) "
            + "{ self.handler = handler } }; "
            + "final class UIAlertController: UIViewController { var actions: [UIAlertAction] = []; "
            + "init(title: String?, message: String?, preferredStyle: UIAlertControllerStyle) "
            + "{ super.init(nibName: nil, bundle: nil) }; "
            + "func addAction(_ action: UIAlertAction) { actions.append(action) } }"
        return Array(Parser.parse(source: text).statements)
    }
}

extension SwiftLowering {
    /// What to write instead of a part of the alert API the synthesized classes do not model.
    static let alertAdvice =
        "LoopSim's UIAlertController is made with `UIAlertController(title:message:preferredStyle:)`, keeps the "
        + "actions `addAction(_:)` gives it (each `UIAlertAction(title:style:handler:)` holding its handler) and is "
        + "presented and dismissed as any controller; its text fields, `preferredAction`, its title and message reads "
        + "and a tap on a button are not modelled: call the code the handler would run from the experiment"

    /// Whether `cls` is one of the alert classes the lowering declared for the file (not one of the file's own).
    func synthesizedAlertClass(_ cls: String) -> Bool {
        ["UIAlertController", "UIAlertAction"].contains(cls) && alertSynthesized
    }
}

/// Finds the first `UIAlertController(…)` of a file.
private final class AlertCreationFinder: SyntaxVisitor {
    var first: FunctionCallExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard first == nil else { return .skipChildren }
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIAlertController" {
            first = node
            return .skipChildren
        }
        return .visitChildren
    }
}
