import LoopSimScenario
import SwiftSyntax

/// A control's target and action, recorded from `button.addTarget(self, action: #selector(tap), for: .touchUpInside)`
/// in the class that keeps the control in a property.
struct ControlTarget: Equatable {
    /// The property holding the control (`button`).
    var control: String
    /// The event's case (`touchUpInside`).
    var event: String
    /// The action's method (`tap`).
    var action: String
}

/// UIKit views and controls kept in stored properties (docs/swift-scenarios.md, "Views and controls in
/// properties"): `private let resendButton = UIButton(type: .system)`, `let label = UILabel()`, `lazy var
/// spinner: UIActivityIndicatorView = { let s = UIActivityIndicatorView(style: .medium); s.hidesWhenStopped = true;
/// return s }()`. The view is drawn state the model does not follow: the property has no field, its writes and
/// set-up calls (`label.text = "\(n)"`, `button.isEnabled = false`, `button.setTitle(…)`, `view.addSubview(label)`,
/// constraints) lower to nothing, as an `@IBOutlet`'s do (SwiftLowering+DisplayState.swift), and reading its state
/// back is refused. What the model follows is the target-action: a control does not retain its target (Apple,
/// `UIControl.addTarget(_:action:for:)`: "The control does not retain the object in the target parameter"), so
/// `addTarget(self, …)` stores `self` into a hidden weak field of the controller, `button_touchUpInside`, and
/// `vc.button.sendActions(for: .touchUpInside)` calls the action on the target if it is still alive.
extension SwiftLowering {
    /// The UIKit view classes a stored property may hold as display state.
    static let uikitViewClasses: Set<String> = [
        "UIView", "UILabel", "UIButton", "UITextField", "UITextView", "UIImageView", "UIActivityIndicatorView",
        "UIStackView", "UIProgressView", "UISwitch", "UISlider", "UIStepper", "UISegmentedControl",
        "UIPageControl", "UIDatePicker", "UIScrollView", "UISearchBar", "UIVisualEffectView", "UIRefreshControl",
    ]

    /// The calls of a control's target-action this file lowers (the others, which read UIKit's tables back, are
    /// refused).
    static let controlCalls: Set<String> = [
        "addTarget", "removeTarget", "sendActions", "sendAction", "addAction", "removeAction", "allTargets",
        "actions",
    ]

    /// The UIKit view class `binding` of `decl` holds, when it is a view made where it is declared: `= UIButton(…)`,
    /// `: UILabel = UILabel()`, `lazy var x: UILabel = { … }()`. Nil for an `@IBOutlet` (display state of its own)
    /// and for a view property without an initial value (an ordinary field, as before).
    func viewPropertyClass(_ decl: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> String? {
        if decl.attributes.contains(where: {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet"
        })
            || isStatic(decl.modifiers)
        {
            return nil
        }
        guard binding.pattern.is(IdentifierPatternSyntax.self), let value = binding.initializer?.value,
            binding.accessorBlock == nil
        else { return nil }
        var annotated: String?
        if var type = binding.typeAnnotation?.type {
            if let o = type.as(OptionalTypeSyntax.self) { type = o.wrappedType }
            if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = o.wrappedType }
            annotated = type.as(IdentifierTypeSyntax.self)?.name.text
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.is(ClosureExprSyntax.self), let annotated,
                Self.uikitViewClasses.contains(annotated)
            {
                return annotated  // `lazy var x: UILabel = { … }()`
            }
            if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                Self.uikitViewClasses.contains(callee), annotated == nil || annotated == callee
            {
                return callee
            }
        }
        return nil
    }

    /// First pass: records the view properties of `decl` in the shape; true when every binding is one.
    func noteViewProperties(_ decl: VariableDeclSyntax, into shape: inout ClassShape) -> Bool {
        var found: [(String, String)] = []
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let cls = viewPropertyClass(decl, binding)
            else { return false }
            found.append((name, cls))
        }
        for (name, cls) in found { shape.views[name] = cls }
        return !found.isEmpty
    }

    /// First pass: the target-actions the class's code adds to its own controls with `self` as the target, one
    /// action per control and event (a second is refused where it is added).
    func collectControlTargets(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        guard !shape.views.isEmpty else { return }
        let finder = AddTargetFinder(viewMode: .sourceAccurate)
        for member in classMembers(decl) { finder.walk(member.decl) }
        for call in finder.calls {
            guard let target = Self.selfControlTarget(call, views: shape.views) else { continue }
            let key = "\(target.control)_\(target.event)"
            if shape.controlTargets[key] == nil { shape.controlTargets[key] = target }
        }
        for key in shape.controlTargets.keys { shape.fields[key] = .object(shape.name) }
    }

    /// `p.addTarget(self, action: #selector(m), for: .e)` (or `self.p.…`) on a view property `p`: its target-action.
    private static func selfControlTarget(_ call: FunctionCallExprSyntax, views: [String: String]) -> ControlTarget? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let control = ownControlName(member.base), views[control] != nil
        else { return nil }
        let arguments = Array(call.arguments)
        guard arguments.count == 3, arguments[0].label == nil,
            arguments[0].expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
            arguments[1].label?.text == "action", let action = selectorMethod(arguments[1].expression),
            arguments[2].label?.text == "for", let event = eventName(arguments[2].expression)
        else { return nil }
        return ControlTarget(control: control, event: event, action: action)
    }

    /// `button`, `self.button`: the property a control call inside its class is on.
    private static func ownControlName(_ base: ExprSyntax?) -> String? {
        if let ref = base?.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = base?.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// `.touchUpInside`, `UIControl.Event.valueChanged`: the event's case; nil for a set of events.
    private static func eventName(_ e: ExprSyntax) -> String? {
        guard let member = e.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.trimmedDescription != "UIControl.Event" { return nil }
        let name = member.declName.baseName.text
        return name == "allEvents" ? nil : name
    }

    /// The hidden weak fields that hold the controls' targets.
    func controlTargetFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        (classes[className]?.controlTargets.keys.sorted() ?? []).map { ($0, .plain("weak \(className)", at: at)) }
    }

    /// A view property's declaration: no field; the initial value is checked (a lazy closure may only make the
    /// view and set what it shows). True when `decl` is one.
    mutating func lowerViewProperty(_ decl: VariableDeclSyntax, className: String) -> Bool {
        guard let views = classes[className]?.views,
            let first = decl.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            views[first] != nil
        else { return false }
        for modifier in decl.modifiers where ["weak", "unowned"].contains(modifier.name.text) {
            unsupported(
                "`\(modifier.name.text)` on a view made in its property",
                "leave the modifier out: the property is the view's only owner until it is added to a view",
                at: modifier)
        }
        for binding in decl.bindings {
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { continue }
            if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
                checkViewClosure(closure, call: call)
            } else if call.trailingClosure != nil
                || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
                || call.arguments.contains(where: { $0.expression.trimmedDescription.contains("UIAction") })
            {
                unsupported(
                    "a view made with an action closure (`primaryAction: UIAction { … }`)",
                    "make the view plainly and add the action in `viewDidLoad`: `button.addTarget(self, action: "
                        + "#selector(tap), for: .touchUpInside)`", at: call)
            }
        }
        return true
    }

    /// `{ let b = UIButton(type: .system); b.isEnabled = false; return b }()`: statements that make the view and
    /// set what it shows; anything else (a target, a closure, a call of the app's code) is refused at it.
    private mutating func checkViewClosure(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax) {
        if !call.arguments.isEmpty || closure.signature != nil {
            unsupported("this lazy view closure", "write `lazy var x: UILabel = { … }()` without parameters", at: call)
            return
        }
        var local: String?
        for item in closure.statements {
            if let v = item.item.as(VariableDeclSyntax.self), local == nil, v.bindings.count == 1,
                let name = v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let made = v.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
                let callee = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                Self.uikitViewClasses.contains(callee), !containsClosure(made)
            {
                local = name
                continue
            }
            if let ret = item.item.as(ReturnStmtSyntax.self), let local,
                ret.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text == local
            {
                continue
            }
            if let local, isDisplaySetUp(item, of: local) { continue }
            unsupported(
                "this statement in a lazy view's closure",
                "the closure makes the view (`let b = UIButton(type: .system)`), sets what it shows (`b.isEnabled = "
                    + "false`, `b.setTitle(\"Go\", for: .normal)`) and returns it; add targets and closures in "
                    + "`viewDidLoad`", at: item)
            return
        }
    }

    /// `b.isEnabled = false`, `b.setTitle("Go", for: .normal)`, `b.layer.cornerRadius = 8`: a statement on the
    /// view `local` that only sets what it shows (no closure, no target, no action).
    private func isDisplaySetUp(_ item: CodeBlockItemSyntax, of local: String) -> Bool {
        if containsClosure(item) { return false }
        var root: ExprSyntax?
        if let e = item.item.as(ExprSyntax.self) {
            if let sequence = e.as(SequenceExprSyntax.self), let lhs = sequence.elements.first,
                sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true
            {
                root = lhs
            } else if let assign = e.as(InfixOperatorExprSyntax.self), assign.operator.is(AssignmentExprSyntax.self) {
                root = assign.leftOperand
            } else if let call = e.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                !Self.controlCalls.contains(member.declName.baseName.text)
            {
                root = member.base
            }
        }
        while let member = root?.as(MemberAccessExprSyntax.self) { root = member.base }
        return root?.as(DeclReferenceExprSyntax.self)?.baseName.text == local
    }

    private func containsClosure(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .leftBrace }
    }

    /// `button`, `self.button`, `vc.button`, `vc?.button`: the view property `e` names, its owner's class and the
    /// owner's lowered text; nil when `e` is not one.
    mutating func viewPropertyReference(_ e: ExprSyntax, in scope: Scope)
        -> (owner: String, cls: String, property: String)?
    {
        var e = e
        if let chain = e.as(OptionalChainingExprSyntax.self) { e = chain.expression }
        if let unwrap = e.as(ForceUnwrapExprSyntax.self) { e = unwrap.expression }
        if let ref = e.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil,
            let cls = scope.className, classes[cls]?.views[ref.baseName.text] != nil, let me = scope.locals["self"]
        {
            return (me.text("self"), cls, ref.baseName.text)
        }
        guard let member = e.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
        if let chain = base.as(OptionalChainingExprSyntax.self) { base = chain.expression }
        let snapshot = self
        let type = staticType(base, in: scope, report: false)
        self = snapshot
        guard case .object(let cls)? = type?.unwrapped, classes[cls]?.views[member.declName.baseName.text] != nil,
            let owner = expression(base, in: scope)
        else { return nil }
        return (owner.text, cls, member.declName.baseName.text)
    }

    /// `button.addTarget(self, action: #selector(tap), for: .touchUpInside)`, `removeTarget(…)`,
    /// `vc.button.sendActions(for: .touchUpInside)` on a view property; nil when the call is none of these.
    mutating func controlCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        // `NSLayoutConstraint.activate([label.topAnchor.constraint(equalTo: view.topAnchor)])`: layout, drawn state.
        if ["NSLayoutConstraint.activate", "NSLayoutConstraint.deactivate"].contains(
            call.calledExpression.trimmedDescription)
        {
            if containsClosure(call) {
                unsupported("a closure in a layout constraint", "pass the constraints only", at: call)
            }
            return []
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.controlCalls.contains(member.declName.baseName.text),
            let control = viewPropertyReference(base, in: scope)
        else { return nil }
        let at = location(call)
        let shape = classes[control.cls]
        let arguments = Array(call.arguments)
        switch member.declName.baseName.text {
        case "addTarget":
            guard let target = Self.selfControlTarget(call, views: shape?.views ?? [:]),
                target.control == control.property, control.cls == scope.className,
                control.owner == scope.locals["self"]?.text("self")
            else {
                unsupported(
                    "this form of `addTarget`",
                    "in the class that keeps the control, write `\(control.property).addTarget(self, action: "
                        + "#selector(tap), for: .touchUpInside)`: the target `self`, one event", at: call)
                return []
            }
            let key = "\(target.control)_\(target.event)"
            guard shape?.controlTargets[key] == target else {
                unsupported(
                    "a second action for `\(control.property)`'s `.\(target.event)`",
                    "call both from one action method: `@objc func \(shape?.controlTargets[key]?.action ?? "tap")()`",
                    at: call)
                return []
            }
            guard shape?.methods[target.action]?.isEmpty == true else {
                unsupported(
                    "an action method with parameters (the sender, the event)",
                    "declare it without them: `@objc func \(target.action)()`; LoopSim's controls pass none",
                    at: arguments[1].expression)
                return []
            }
            return [.step("set", "\(control.owner).\(key) = \(control.owner)", at: at)]
        case "removeTarget":
            let keys = (shape?.controlTargets ?? [:]).filter { key, target in
                guard target.control == control.property else { return false }
                if let event = arguments.last.flatMap({ Self.eventName($0.expression) }) {
                    return target.event == event
                }
                return arguments.last?.expression.trimmedDescription == ".allEvents"
            }.keys.sorted()
            guard arguments.count == 3 else {
                unsupported(
                    "this form of `removeTarget`", "write `removeTarget(self, action: nil, for: .allEvents)`", at: call)
                return []
            }
            return keys.map { .step("release", "\(control.owner).\($0)", at: at) }
        case "sendActions":
            guard arguments.count == 1, arguments[0].label?.text == "for",
                let event = Self.eventName(arguments[0].expression)
            else {
                unsupported("this form of `sendActions`", "write `button.sendActions(for: .touchUpInside)`", at: call)
                return []
            }
            let key = "\(control.property)_\(event)"
            guard let target = shape?.controlTargets[key] else { return [] }  // no action for this event: nothing
            let local = "controlTarget\(at.line)x\(at.column)"
            return [
                .step("let", "\(local) = \(control.owner).\(key)", at: at),
                .step(
                    "if", "\(local) != nil", at: at,
                    [("then", .list([.step("call", "\(local).\(target.action)", at: at)], at: at))]),
            ]
        default:
            unsupported(
                "`\(member.declName.baseName.text)` on a control",
                "add a target with `addTarget(self, action: #selector(tap), for: .touchUpInside)` and tap it from the "
                    + "experiment with `vc.button.sendActions(for: .touchUpInside)`", at: call)
            return []
        }
    }

    /// Reading a view property's state back (`label.text`, `button.isEnabled`, `button.title(for: .normal)`):
    /// refused, as the view's state is not kept. True when `name` of `cls` is a view property.
    mutating func refusesViewRead(_ cls: String?, _ name: String, at node: some SyntaxProtocol) -> Bool {
        guard let cls, let viewClass = classes[cls]?.views[name] else { return false }
        unsupported(
            "reading `\(name)`, a `\(viewClass)` (what a view shows is not kept)",
            "keep the value in a property of your own (`var canResend = false`) and set the view from it", at: node)
        return true
    }
}

/// Finds `addTarget` calls in a class's members.
private final class AddTargetFinder: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "addTarget" {
            calls.append(node)
        }
        return .visitChildren
    }
}
