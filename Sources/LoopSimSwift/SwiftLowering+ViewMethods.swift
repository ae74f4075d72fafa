import LoopSimScenario
import SwiftSyntax

/// Methods a view or cell subclass of the file inherits from UIKit and does not declare (`carousel.addSubview(…)`,
/// `banner.setNeedsLayout()`).
extension SwiftLowering {
    /// UIView's methods that only change what is drawn or laid out (Apple, UIView "Managing the view hierarchy",
    /// "Laying out subviews", "Drawing and updating the view"): inert, as the same calls on a controller's `view`
    /// or an outlet are (``displayStateCall(_:in:)``).
    static let inertViewMethods: Set<String> = [
        "addSubview", "insertSubview", "bringSubviewToFront", "sendSubviewToBack", "exchangeSubview",
        "removeFromSuperview", "setNeedsLayout", "layoutIfNeeded", "setNeedsDisplay", "sizeToFit",
        "addGestureRecognizer", "removeGestureRecognizer", "addConstraint", "addConstraints", "removeConstraint",
        "removeConstraints", "setContentOffset", "scrollRectToVisible", "setNeedsUpdateConstraints",
        "updateConstraintsIfNeeded", "addLayoutGuide", "setContentHuggingPriority",
        "setContentCompressionResistancePriority",
    ]

    /// The UIKit superclass `cls` inherits `name` from, when `cls` is one of the file's view or cell subclasses
    /// (not a controller: its UIKit methods are lowered elsewhere) and does not declare `name`.
    func inheritedViewMethod(_ cls: String, _ name: String) -> String? {
        guard let superclass = classes[cls]?.superclass, superclass != "UIViewController",
            Self.uikitSuperclasses.contains(superclass), classes[cls]?.methods[name] == nil
        else { return nil }
        return superclass
    }

    /// A call of a UIKit method the file's view subclass inherits: inert for a drawing or layout method (refused
    /// with a closure or one of the file's objects as argument, as on an outlet), refused otherwise as a UIKit
    /// method that is not modelled — never "declare it", which would shadow UIKit's.
    mutating func inheritedViewCall(_ cls: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let superclass = inheritedViewMethod(cls, name) ?? "UIView"
        let at = Syntax(call)
        guard Self.inertViewMethods.contains(name) else {
            unsupported(
                "`\(name)`, which `\(cls)` inherits from \(superclass)",
                "LoopSim models UIKit's views only as drawing: call a method `\(cls)` declares, or leave the call "
                    + "out (its drawing and layout calls, such as `addSubview` and `setNeedsLayout`, do nothing here)",
                at: at)
            return []
        }
        if call.trailingClosure != nil || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) {
            unsupported(
                "a view's method that takes a closure", "call what the closure does where it would run", at: call)
            return []
        }
        _ = checkedDisplayValues(call.arguments.map(\.expression), at: call, in: scope)
        return []
    }
}
