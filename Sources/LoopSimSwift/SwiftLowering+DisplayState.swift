import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// A controller's own views and titles, which UIKit draws and LoopSim does not model (`view.backgroundColor`,
    /// `title`, `navigationItem.title`).
    static let controllerDisplayProperties: Set<String> = ["view", "title", "navigationItem", "tabBarItem"]

    /// A view's (or cell's) own properties that UIKit draws (`alpha = 0`, `self.transform = .identity`,
    /// `backgroundColor`, a cell's `textLabel`), inside a subclass of UIView, UITableViewCell or
    /// UICollectionViewCell (Apple, UIView "Configuring a view's visual appearance", "Configuring the bounds and
    /// frame rectangles").
    static let viewDisplayProperties: Set<String> = [
        "alpha", "backgroundColor", "isHidden", "isOpaque", "tintColor", "frame", "bounds", "center", "transform",
        "layer", "clipsToBounds", "contentMode", "isUserInteractionEnabled", "textLabel", "detailTextLabel",
        "imageView", "contentView", "accessoryType", "accessoryView", "selectionStyle",
    ]

    /// `label.text = "…"`, `button.isEnabled = false`, `title = "Clock"`: a write of display state — a property of
    /// an `@IBOutlet` view, or of a controller's own `view`, `title`, `navigationItem` — which UIKit draws and
    /// which changes no run loop, queue or lifetime the model follows, so it lowers to nothing. The outlet is
    /// taken as connected, as the storyboard connects it on the device before `viewDidLoad` (Apple, "IBOutlet").
    /// Nil when `lhs` is not display state; refused when the value calls something (whose effect would be lost)
    /// or is an object of the file's classes (which the view would keep).
    mutating func displayStateAssignment(_ lhs: ExprSyntax, _ rhs: [ExprSyntax], in scope: Scope) -> [LocatedNode]? {
        if let steps = viewDelegateAssignment(lhs, rhs, in: scope) { return steps }  // +ViewDelegates.swift
        if isViewObjectDisplayState(lhs, in: scope) {
            _ = checkedDisplayValues(rhs, at: lhs, in: scope)
            return []
        }
        guard let root = displayRoot(lhs, in: scope) else { return nil }
        // Storing into an outlet itself changes which view it holds: only a controller's `title` (and the like) is
        // display state as a whole.
        let name =
            root.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? root.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        if root.id == lhs.id, !Self.controllerDisplayProperties.contains(name ?? ""),
            !Self.viewDisplayProperties.contains(name ?? "")
        {
            return nil
        }
        _ = checkedDisplayValues(rhs, at: lhs, in: scope)
        return []
    }

    /// `tableView.reloadData()`, `spinner.startAnimating()`, `button.setTitle("Go", for: .normal)`,
    /// `view.setNeedsLayout()`: a call on an outlet or a controller's `view` that only changes what is drawn lowers
    /// to nothing (see ``displayStateAssignment(_:_:in:)``). Refused with a closure argument (an animation's or
    /// a completion's code would be lost) and with an argument that is one of the file's objects (`addSubview`
    /// would keep it).
    mutating func displayStateCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            displayRoot(base, in: scope) != nil
        else { return nil }
        if call.trailingClosure != nil || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) {
            unsupported(
                "a view's method that takes a closure", "call what the closure does where it would run", at: call)
            return []
        }
        _ = checkedDisplayValues(call.arguments.map(\.expression), at: call, in: scope)
        return []
    }

    /// `self.toast.alpha = 0`, `badge?.isHidden = true`: a drawn property (``viewDisplayProperties``) of an object of
    /// one of the file's view or cell subclasses that does not declare it.
    private mutating func isViewObjectDisplayState(_ lhs: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = lhs.as(MemberAccessExprSyntax.self), var base = member.base,
            Self.viewDisplayProperties.contains(member.declName.baseName.text)
        else { return false }
        if let chain = base.as(OptionalChainingExprSyntax.self) { base = chain.expression }
        let snapshot = self
        let type = staticType(base, in: scope, report: false)
        self = snapshot
        guard case .object(let cls)? = type?.unwrapped, let superclass = classes[cls]?.superclass,
            superclass != "UIViewController", Self.uikitSuperclasses.contains(superclass)
        else { return false }
        return classes[cls]?.fields[member.declName.baseName.text] == nil
    }

    /// The outlet or controller property `e` is rooted at (`label` in `label.text`, `self.label?.layer`), if any.
    private func displayRoot(_ e: ExprSyntax, in scope: Scope) -> ExprSyntax? {
        var current = e
        while true {
            if let chain = current.as(OptionalChainingExprSyntax.self) {
                current = chain.expression
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                    isDisplayName(member.declName.baseName.text, at: e, in: scope)
                {
                    return current
                }
                current = base
            } else if let ref = current.as(DeclReferenceExprSyntax.self) {
                return isDisplayName(ref.baseName.text, at: e, in: scope) && scope.locals[ref.baseName.text] == nil
                    ? current : nil
            } else {
                return nil
            }
        }
    }

    /// Whether `name`, inside the scope's class, is an `@IBOutlet` or a controller's display property.
    private func isDisplayName(_ name: String, at node: ExprSyntax, in scope: Scope) -> Bool {
        guard let cls = scope.className else { return false }
        if isViewController(cls), Self.controllerDisplayProperties.contains(name), classes[cls]?.fields[name] == nil {
            return true
        }
        if let superclass = classes[cls]?.superclass, superclass != "UIViewController",
            Self.uikitSuperclasses.contains(superclass), Self.viewDisplayProperties.contains(name),
            classes[cls]?.fields[name] == nil
        {
            return true
        }
        if classes[cls]?.views[name] != nil { return true }  // a view made in its property (+Controls.swift)
        return outletNames(of: cls, at: node).contains(name)
    }

    /// The `@IBOutlet` properties of `className`.
    private func outletNames(of className: String, at node: ExprSyntax) -> Set<String> {
        guard let file = node.root.as(SourceFileSyntax.self) else { return [] }
        var names: Set<String> = []
        for item in file.statements {
            guard let c = item.item.as(ClassDeclSyntax.self), c.name.text == className else { continue }
            for member in c.memberBlock.members {
                guard let v = member.decl.as(VariableDeclSyntax.self),
                    v.attributes.contains(where: {
                        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet"
                    })
                else { continue }
                for binding in v.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        names.insert(name)
                    }
                }
            }
        }
        return names
    }

    /// Refuses, at the value, a display value that calls something or is an object of the file's classes; true
    /// when none is.
    mutating func checkedDisplayValues(_ values: [ExprSyntax], at node: some SyntaxProtocol, in scope: Scope)
        -> Bool
    {
        for value in values {
            let finder = CallFinder(viewMode: .sourceAccurate)
            finder.walk(value)
            if let call = finder.call {
                unsupported(
                    "a call in a value shown by a view", "store the value in a local first, then show the local",
                    at: call)
                return false
            }
            if let ref = value.as(DeclReferenceExprSyntax.self), let local = scope.locals[ref.baseName.text],
                case .object = local.type
            {
                if let role = Self.callbackRole(of: node) {
                    // UIKit keeps a delegate or data source weakly (UIScrollView.h: `@property(nullable, nonatomic,
                    // weak) id<UIScrollViewDelegate> delegate`); what is not modelled is the callbacks it sends.
                    unsupported(
                        "making one of the file's objects a view's `\(role)`",
                        "UIKit holds it weakly, but LoopSim's UIKit sends no delegate or data-source callbacks "
                            + "to this view (only a scroll view made in a property, `let scrollView = UIScrollView()`, "
                            + "sends `scrollView.delegate = self` its drag callbacks; table views and typing are not "
                            + "modelled): leave this line out, give the "
                            + "callback plain parameters, and call it from the experiment (`scenario.at(.seconds(2), "
                            + "\"drag\") { feed.userBeganDragging() }`)", at: value)
                } else {
                    unsupported(
                        "handing one of the file's objects to a view",
                        "the view would keep it (a subview, a gesture recognizer, a target) and views are not "
                            + "modelled: keep it in a property", at: value)
                }
                return false
            }
        }
        return true
    }
}

extension SwiftLowering {
    /// `delegate` or `dataSource` when `node` stores into a view's delegate or data source (`scrollView.delegate`,
    /// `tableView.dataSource`, `searchBar.delegate`, `textField.delegate`, `webView.navigationDelegate`).
    static func callbackRole(of node: some SyntaxProtocol) -> String? {
        guard let member = Syntax(node).as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        return name.hasSuffix("delegate") || name.hasSuffix("Delegate") || name.hasSuffix("dataSource")
            || name.hasSuffix("DataSource") ? name : nil
    }
}

/// Finds a call in an expression, but for the values a view takes, which have no effect but their value: a UIKit,
/// Core Graphics or Foundation value's initializer (`UIColor(white: 0, alpha: 1)`, `CGRect(…)`, `String(n)`) and a
/// static factory on one (`.systemFont(ofSize: 12)`, `UIImage(named: "x")`).
private final class CallFinder: SyntaxVisitor {
    var call: FunctionCallExprSyntax?
    static let valueTypes = ["UI", "CG", "NS"]
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if isValueFactory(node.calledExpression) { return .visitChildren }
        call = call ?? node
        return .skipChildren
    }

    /// `UIColor(…)`, `String(…)`, `.systemFont(…)`, `UIFont.boldSystemFont(…)`.
    private func isValueFactory(_ callee: ExprSyntax) -> Bool {
        func isValueType(_ name: String) -> Bool {
            name == "String" || Self.valueTypes.contains { name.hasPrefix($0) && name.count > 2 }
        }
        if let ref = callee.as(DeclReferenceExprSyntax.self) { return isValueType(ref.baseName.text) }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            return base.as(DeclReferenceExprSyntax.self).map { isValueType($0.baseName.text) } ?? false
        }
        return false
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
