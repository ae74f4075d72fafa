import LoopSimKernel
import LoopSimScenario
import SwiftSyntax

/// `vc.modalPresentationStyle = .fullScreen` (docs/swift-scenarios.md "UIKit"): the controller's presentation style,
/// which a later `present(vc, animated:)` reads, as the YAML step `setModalPresentationStyle:` (docs/scenario-format.md
/// §7.8). What a style does is the variant's (`sheetPresentation`): iOS 13's default, `.automatic`, is a page sheet
/// that leaves the presenter's views (no disappear hooks); before iOS 13 the default and the sheets are full screen
/// on an iPhone. `isModalInPresentation` only stops a swipe-down dismissal, which the model has no gesture for: the
/// store does nothing.
extension SwiftLowering {
    /// The styles a scenario may set, by their Swift case names (the model's names are the same).
    static let modelledPresentationStyles = PresentationStyle.allCases.map(\.rawValue)

    /// `X.modalPresentationStyle = STYLE`, a bare `modalPresentationStyle = STYLE` inside a controller, and
    /// `isModalInPresentation = …`; nil when `lhs` is none of them.
    mutating func presentationStyleAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: inout Scope)
        -> [LocatedNode]?
    {
        let name: String
        let receiver: (text: String, type: LoweredType)?
        if let member = lhs.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            guard name == "modalPresentationStyle" || name == "isModalInPresentation" else { return nil }
            if case .object(let cls)? = (base.as(DeclReferenceExprSyntax.self)).flatMap({
                scope.locals[$0.baseName.text]?.type
            }),
                classes[cls]?.fields[name] != nil
            {
                return nil  // an app's own field of that name
            }
            receiver = expression(base, in: scope)
            guard receiver != nil else { return [] }
        } else if let reference = lhs.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            guard name == "modalPresentationStyle" || name == "isModalInPresentation",
                scope.locals[name] == nil, isViewController(scope.className), scope.locals["self"] != nil,
                let cls = scope.className, classes[cls]?.fields[name] == nil
            else { return nil }
            receiver = ("self", .object(cls))
        } else {
            return nil
        }
        guard let receiver else { return [] }
        guard isPresentableController(receiver.type) else {
            unsupported(
                "`\(name)` of \(receiver.text) (not a view controller the model knows)",
                "set it on a view controller: `vc.\(name) = …`", at: lhs)
            return []
        }
        if name == "isModalInPresentation" {
            // It stops only an interactive (swipe-down) dismissal of a sheet, which no scenario can make; the
            // value is evaluated for its effects.
            return []
        }
        guard let style = presentationStyleName(rhs) else { return [] }
        return [
            .step(
                "setModalPresentationStyle", receiver.text, at: location(lhs),
                [("style", .plain(style, at: location(rhs)))])
        ]
    }

    /// `vc.modalPresentationStyle` read as a value: refused (true), as the model keeps the style only for the
    /// `present` that reads it and the scenario language has no expression for it. False for another member, or
    /// an app's own field of that name.
    mutating func refusesPresentationStyleRead(_ cls: String, _ name: String, at node: some SyntaxProtocol) -> Bool {
        guard name == "modalPresentationStyle", classes[cls]?.fields[name] == nil,
            isPresentableController(.object(cls))
        else { return false }
        unsupported(
            "reading `modalPresentationStyle`",
            "LoopSim keeps the style for the `present` that reads it; keep the choice in a property of your own "
                + "(a Bool or an enum of the file) set beside `vc.modalPresentationStyle = …`, and read that",
            at: node)
        return true
    }

    /// Whether a value of `type` is a controller `present` takes: a `UIViewController` subclass of the scenario's,
    /// a plain `UIViewController()` or a navigation controller.
    private func isPresentableController(_ type: LoweredType) -> Bool {
        guard case .object(let cls) = type else { return false }
        return isViewController(cls) || cls == "UIViewController" || cls == "UINavigationController"
    }

    /// The model's name of a `UIModalPresentationStyle` value (`.pageSheet`, `UIModalPresentationStyle.pageSheet`),
    /// or a located refusal (nil) for a style the model does not have.
    private mutating func presentationStyleName(_ rhs: ExprSyntax) -> String? {
        guard let member = rhs.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription == "UIModalPresentationStyle"
        else {
            unsupported(
                "a `modalPresentationStyle` that is not a literal case",
                "write one of " + Self.modelledPresentationStyles.map { "`.\($0)`" }.joined(separator: ", "), at: rhs)
            return nil
        }
        let name = member.declName.baseName.text
        guard Self.modelledPresentationStyles.contains(name) else {
            unsupported(
                "the presentation style `.\(name)`",
                "write one of " + Self.modelledPresentationStyles.map { "`.\($0)`" }.joined(separator: ", ")
                    + " (popover, custom and current-context presentations are not modelled)", at: rhs)
            return nil
        }
        return name
    }
}
