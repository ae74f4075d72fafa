import LoopSimScenario
import SwiftSyntax

/// UIKit's view controllers in Swift (docs/swift-scenarios.md, "UIKit and notifications"): a `UIViewController`
/// subclass is a scenario class whose lifecycle overrides are the methods UIKit calls (docs/scenario-format.md
/// §7.8); `pushViewController`, `popViewController`, `present`, `dismiss` and `UINavigationController(rootView
/// Controller:)` lower to the language's UIKit steps; a window holding its root controller is a top-level name.
extension SwiftLowering {
    /// The lifecycle methods a `UIViewController` subclass overrides and UIKit calls. UIKit's model calls the four
    /// appearance hooks (docs/scenario-format.md §7.8); `viewDidLoad` the lowering calls where UIKit loads the view
    /// (``loadViewSteps(_:_:at:)``).
    static let controllerHooks: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]

    /// The UIKit superclasses a scenario class may have: view controllers, and views whose overrides are plain
    /// methods (a cell's `prepareForReuse`, which the app's code calls for the table view it stands for).
    static let uikitSuperclasses: Set<String> = [
        "UIViewController", "UIView", "UITableViewCell", "UICollectionViewCell",
    ]

    /// The methods a view or cell subclass may override: called by the scenario's code, not by a modelled table.
    static let viewOverrides: Set<String> = ["prepareForReuse", "layoutSubviews", "didMoveToWindow"]

    /// The properties a view controller inherits that UIKit answers from its references (docs/scenario-format.md
    /// §6, UIKit properties); a bare one inside the class reads `self.NAME`.
    static let controllerProperties: [String: LoweredType] = [
        "navigationController": .object("UINavigationController"),
        "presentedViewController": .object("UIViewController"),
        "presentingViewController": .object("UIViewController"),
        "isViewLoaded": .bool,
    ]

    /// Whether `cls` is a scenario class that subclasses `UIViewController`.
    func isViewController(_ cls: String?) -> Bool {
        guard let cls, let shape = classes[cls] else { return false }
        return shape.superclass == "UIViewController"
    }

    /// Records a class's UIKit superclass in its shape, and gives a controller's lifecycle overrides no parameters
    /// (UIKit's model passes none: `viewWillAppear(_ animated:)` is called as `viewWillAppear`).
    func noteUIKitSuperclass(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        for inherited in decl.inheritanceClause?.inheritedTypes ?? [] {
            let parent = inherited.type.trimmedDescription
            if Self.uikitSuperclasses.contains(parent) { shape.superclass = parent }
            if Self.listControllers.contains(parent) {
                shape.superclass = "UIViewController"
                shape.listController = parent
            } else if parent.hasPrefix("UI"), parent.hasSuffix("ViewController"), shape.superclass == nil {
                // `UIPageViewController`, refused where it is named (``acceptsUIKitSuperclass(_:at:)``): its lifecycle
                // overrides and its callers are read as a controller's, so that the one refusal is all it reports.
                shape.superclass = "UIViewController"
            }
        }
        guard shape.superclass == "UIViewController" else { return }
        for hook in Self.controllerHooks where shape.methods[hook] != nil { shape.methods[hook] = [] }
        shape.inherited = Set(Self.controllerProperties.keys)
    }

    /// `UITableViewController` and `UICollectionViewController`: controllers as any other for UIKit's model, which
    /// follows their lifecycle and presentation but not their table or collection view (no data-source or delegate
    /// callbacks, no cell reuse: the app's code calls the cell's methods itself, as the tests of a cell do).
    static let listControllers: Set<String> = ["UITableViewController", "UICollectionViewController"]

    /// Whether `parent` is a UIKit superclass the lowering follows; a UIKit class it does not follow is refused
    /// here with what to write instead (and the caller reports nothing more).
    mutating func acceptsUIKitSuperclass(_ parent: String, at node: some SyntaxProtocol) -> Bool {
        if Self.uikitSuperclasses.contains(parent) || Self.listControllers.contains(parent) { return true }
        if Self.viewDelegateProtocols.contains(parent) { return true }  // SwiftLowering+ViewDelegates.swift
        if parent.hasPrefix("UI"), ["Delegate", "DataSource"].contains(where: { parent.hasSuffix($0) }) {
            unsupported(
                "conforming to `\(parent)`",
                "LoopSim's UIKit sends no `\(parent)` callbacks (table and collection views are not modelled; "
                    + "scroll-view, search-bar and text-field delegates are): leave the conformance out, give the "
                    + "method plain parameters, and call it from the experiment (`scenario.at(.seconds(1), \"tap\") "
                    + "{ vc.didSelectRow(2) }`)",
                at: node)
            return true
        }
        if parent.hasPrefix("UI") {
            unsupported(
                "subclassing `\(parent)`",
                "subclass UIViewController (or UIView); other UIKit classes, storyboards and segues are not "
                    + "modelled", at: node)
            return true
        }
        return false
    }

    /// The fields UIKit gives every controller subclass: `isViewLoaded`, which the view's loading sets.
    func uikitFields(className: String, at location: ScenarioLocation) -> [(String, LocatedNode)] {
        isViewController(className) ? [("isViewLoaded", .plain("bool", at: location))] : []
    }

    /// Checks an `override func` against what UIKit calls: a controller's lifecycle method, or a view's overridable
    /// method. A lifecycle method's `animated` parameter is not passed by UIKit's model, so reading it is refused.
    mutating func checkOverride(_ decl: FunctionDeclSyntax, className: String) -> Bool {
        let name = decl.name.text
        let shape = classes[className]
        if isViewController(className), Self.controllerHooks.contains(name) {
            for parameter in decl.signature.parameterClause.parameters {
                let local = (parameter.secondName ?? parameter.firstName).text
                if local != "_", let body = decl.body, readsOutsideSuperCall(local, in: body) {
                    unsupported(
                        "reading `\(local)` in `\(name)`",
                        "LoopSim's UIKit calls the lifecycle methods without arguments; leave `\(local)` unread",
                        at: parameter)
                    return false
                }
            }
            return true
        }
        if let superclass = shape?.superclass, superclass != "UIViewController", Self.viewOverrides.contains(name) {
            return true
        }
        if isViewController(className), ["willMove", "didMove"].contains(name) {
            return true  // containment's, called with the parent (SwiftLowering+Containment.swift)
        }
        if ["tableView", "collectionView", "numberOfSections"].contains(name) {
            unsupported(
                "overriding `\(name)`",
                "a table's or collection's data-source and delegate callbacks are not modelled (UIKit's model has "
                    + "no table view): keep the cell in a property and call its methods from the scenario's code "
                    + "(`cell.configure(…)`, `cell.prepareForReuse()`) where the table would", at: decl.name)
            return false
        }
        unsupported(
            "overriding `\(name)`",
            "a UIViewController subclass overrides viewDidLoad, viewWillAppear(_:), viewDidAppear(_:), "
                + "viewWillDisappear(_:), viewDidDisappear(_:), willMove(toParent:) and didMove(toParent:); a cell "
                + "prepareForReuse(); name other methods "
                + "without `override`", at: decl.name)
        return false
    }

    /// Whether `body` reads `name` other than as an argument of a `super.…(…)` call (which passes `animated` on).
    private func readsOutsideSuperCall(_ name: String, in body: CodeBlockSyntax) -> Bool {
        final class Reads: SyntaxVisitor {
            let name: String
            var found = false
            init(_ name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let callee = node.calledExpression.as(MemberAccessExprSyntax.self)
                return callee?.base?.is(SuperExprSyntax.self) == true ? .skipChildren : .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text == name { found = true }
                return .skipChildren
            }
        }
        let reads = Reads(name)
        reads.walk(body)
        return reads.found
    }

    /// Whether `decl` is a controller's lifecycle override, lowered without its parameter.
    func isLifecycleOverride(_ decl: FunctionDeclSyntax, className: String) -> Bool {
        isViewController(className) && Self.controllerHooks.contains(decl.name.text)
    }

    /// The UIKit type a Swift type name means, for fields and locals (`UINavigationController?`).
    func uikitType(_ name: String) -> LoweredType {
        switch name {
        case "UINavigationController": .object("UINavigationController")
        case "UIAlertController" where classes[name] != nil: .object(name)  // SwiftLowering+Alerts.swift
        case "UIViewController", "UIAlertController": .object("UIViewController")
        case "UIView", "UIWindow": .object("UIView")
        default: notificationType(name)
        }
    }

    /// A controller's inherited property read bare inside its class (`navigationController`): `self.NAME`.
    func inheritedReference(_ name: String, in scope: Scope) -> (String, LoweredType)? {
        guard scope.locals["self"] != nil, isViewController(scope.className),
            let type = Self.controllerProperties[name]
        else { return nil }
        return ("self.\(name)", type)
    }

    /// `super.viewDidLoad()`, `super.viewWillAppear(animated)`, `super.prepareForReuse()`,
    /// `super.init(nibName: nil, bundle: nil)`: UIKit's own implementations, which do nothing the model follows.
    func uikitSuperCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let superclass = scope.className.flatMap({ classes[$0]?.superclass }) else { return nil }
        if superclass == "UIViewController",
            Self.controllerHooks.contains(name) || ["willMove", "didMove"].contains(name)
        {
            return []
        }
        if superclass != "UIViewController", Self.viewOverrides.contains(name) { return [] }
        if name == "init", scope.kind == .method { return [] }
        return nil
    }

    /// A UIKit call without a receiver inside a controller (`present(vc, animated: true)`,
    /// `dismiss(animated: true)`, `loadViewIfNeeded()`): the same call on `self`.
    mutating func uikitBareCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: inout Scope)
        -> [LocatedNode]?
    {
        guard isViewController(scope.className), scope.locals["self"] != nil, let cls = scope.className else {
            return nil
        }
        if Self.controllerHooks.contains(name) {
            // A lifecycle method called directly: the override without arguments, or UIKit's (nothing).
            return classes[cls]?.methods[name] == nil ? [] : [.step("call", "self.\(name)", at: location(call))]
        }
        guard classes[cls]?.methods[name] == nil else { return nil }
        return uikitCall(("self", .object(cls)), name, call, in: &scope)
    }

    /// A UIKit call on a receiver (`nav.pushViewController(vc, animated: true)`, `vc.dismiss(animated: true)`,
    /// `window.makeKeyAndVisible()`), when `name` is one the lowering models and the receiver's class does not
    /// declare a method of that name itself.
    mutating func uikitMemberCall(
        _ base: ExprSyntax, _ name: String, _ call: FunctionCallExprSyntax,
        in scope: inout Scope
    ) -> [LocatedNode]? {
        let known = [
            "pushViewController", "popViewController", "popToRootViewController", "present", "dismiss",
            "loadViewIfNeeded", "makeKeyAndVisible", "setViewControllers",
        ]
        guard known.contains(name) || Self.controllerHooks.contains(name) || Self.containmentCalls.contains(name)
        else { return nil }
        guard let receiver = expression(base, in: scope) else { return [] }
        if case .object(let cls) = receiver.type, let shape = classes[cls] {
            if Self.controllerHooks.contains(name), shape.superclass == "UIViewController" {
                // Calling a lifecycle method yourself: the override if the class has one, else UIKit's (nothing).
                return shape.methods[name] == nil ? [] : [.step("call", "\(receiver.text).\(name)", at: location(call))]
            }
            if shape.methods[name] != nil { return nil }
        }
        if Self.controllerHooks.contains(name) { return nil }
        return uikitCall(receiver, name, call, in: &scope)
    }

    /// The UIKit steps of one call on `receiver`.
    private mutating func uikitCall(
        _ receiver: (text: String, type: LoweredType), _ name: String, _ call: FunctionCallExprSyntax,
        in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(call)
        let arguments = Array(call.arguments)
        func label(_ i: Int) -> String? { i < arguments.count ? arguments[i].label?.text : nil }
        switch name {
        case "pushViewController":
            guard arguments.count == 2, label(0) == nil, label(1) == "animated",
                let animated = animatedFlag(arguments[1].expression)
            else { return refuseUIKitCall(call, "write `pushViewController(vc, animated: true)`") }
            guard let (vc, load, temporary) = heldController(arguments[0].expression, in: &scope) else { return [] }
            let push = LocatedNode.step("push", vc, at: at, [("on", .plain(receiver.text, at: at)), animated])
            return load + [push] + releasing(temporary, at: at)
        case "popViewController", "popToRootViewController":
            guard arguments.count == 1, label(0) == "animated", let animated = animatedFlag(arguments[0].expression)
            else { return refuseUIKitCall(call, "write `\(name)(animated: true)`") }
            return [.step(name == "popViewController" ? "pop" : "popToRoot", receiver.text, at: at, [animated])]
        case "present":
            guard arguments.count >= 2, label(0) == nil, label(1) == "animated",
                let animated = animatedFlag(arguments[1].expression)
            else {
                return refuseUIKitCall(call, "write `present(vc, animated: true)` with a completion closure or not")
            }
            guard let completion = completionBlock(call, after: 2, in: scope) else { return [] }
            guard let (vc, load, temporary) = heldController(arguments[0].expression, in: &scope) else { return [] }
            let from: (String, LocatedNode) = ("from", .plain(receiver.text, at: at))
            return load + [.step("present", vc, at: at, [from, animated] + completion)] + releasing(temporary, at: at)
        case "dismiss":
            guard arguments.count >= 1, label(0) == "animated", let animated = animatedFlag(arguments[0].expression)
            else { return refuseUIKitCall(call, "write `dismiss(animated: true)` with a completion closure or not") }
            guard let completion = completionBlock(call, after: 1, in: scope) else { return [] }
            return [.step("dismiss", receiver.text, at: at, [animated] + completion)]
        case "loadViewIfNeeded":
            guard arguments.isEmpty else { return refuseUIKitCall(call, "write `loadViewIfNeeded()`") }
            return loadViewSteps(receiver.text, receiver.type, at: at)
        case "setViewControllers":
            unsupported(
                "`setViewControllers(_:animated:)`",
                "build the stack with `UINavigationController(rootViewController: first)` and "
                    + "`pushViewController(next, animated: false)` for each next controller", at: call)
            return []
        case "makeKeyAndVisible":
            // The window shows its root controller, whose view was loaded when it was made (``uikitCreation``):
            // its appear hooks run (SwiftLowering+Containment.swift).
            guard arguments.isEmpty else { return refuseUIKitCall(call, "write `window.makeKeyAndVisible()`") }
            return [.step("makeKeyAndVisible", receiver.text, at: at)]
        default:
            if Self.containmentCalls.contains(name) { return containmentCall(receiver, name, call, in: &scope) }
            return nil
        }
    }

    /// Refuses a UIKit call written in a form the lowering does not read, saying which form it reads.
    private mutating func refuseUIKitCall(_ call: FunctionCallExprSyntax, _ instead: String) -> [LocatedNode] {
        unsupported("this form of `\(call.calledExpression.trimmedDescription)(…)`", instead, at: call)
        return []
    }

    /// `animated: true` as the step's `animated:` key (a literal: the language reads a boolean there).
    private mutating func animatedFlag(_ e: ExprSyntax) -> (String, LocatedNode)? {
        guard let b = e.as(BooleanLiteralExprSyntax.self) else {
            unsupported("a computed `animated:`", "write `true` or `false`", at: e)
            return nil
        }
        return ("animated", .plain(b.literal.text, at: location(e)))
    }

    /// A `completion:` closure (labelled after the first `after` arguments, or trailing) as `completion:` and
    /// `captures:` keys; `completion: nil` or none is no key. Nil after reporting a problem.
    private mutating func completionBlock(_ call: FunctionCallExprSyntax, after: Int, in scope: Scope)
        -> [(String, LocatedNode)]?
    {
        var closure = call.trailingClosure
        for argument in call.arguments.dropFirst(after) {
            guard argument.label?.text == "completion" else {
                unsupported(
                    "`\(argument.label?.text ?? "_"):` here", "the call takes `animated:` and `completion:`",
                    at: argument)
                return nil
            }
            if argument.expression.is(NilLiteralExprSyntax.self) { continue }
            guard let c = argument.expression.as(ClosureExprSyntax.self) else {
                unsupported("a completion that is not a closure", "write the closure in place", at: argument)
                return nil
            }
            closure = c
        }
        guard let closure else { return [] }
        guard let lowered = lowerClosure(closure, in: scope, parameters: 0) else { return nil }
        return lowered.map { key, value in (key == "do" ? "completion" : key, value) }
    }

    /// The release of a temporary that held a new controller while its view loaded (Swift releases it at the end
    /// of the statement, once UIKit has taken its own reference).
    private func releasing(_ temporary: String?, at: ScenarioLocation) -> [LocatedNode] {
        temporary.map { [.step("release", $0, at: at)] } ?? []
    }

    /// A controller expression whose view UIKit loads now: its text and the loading steps. A new controller whose
    /// class overrides `viewDidLoad` is first held in a local (returned third, the Swift temporary), so that its
    /// `viewDidLoad` can be called before the step that takes it.
    private mutating func heldController(_ e: ExprSyntax, in scope: inout Scope)
        -> (String, [LocatedNode], String?)?
    {
        guard let vc = expression(e, in: scope) else { return nil }
        let at = location(e)
        guard vc.text.hasPrefix("new ") else { return (vc.text, loadViewSteps(vc.text, vc.type, at: at), nil) }
        guard case .object(let cls) = vc.type, classes[cls]?.methods["viewDidLoad"] != nil else {
            return (vc.text, [], nil)
        }
        let name = "loaded\(at.line)"
        scope.locals[name] = Local(type: vc.type, isVar: false)
        return (name, [.step("let", "\(name) = \(vc.text)", at: at)] + loadViewSteps(name, vc.type, at: at), name)
    }

    /// UIKit loading a controller's view, once (`loadViewIfRequired`, which `loadViewIfNeeded()`, the first read
    /// of `view` and a push or a present do): `isViewLoaded` becomes true and `viewDidLoad` runs. Only a controller
    /// of a scenario class is followed; a navigation controller made by the lowering loads its root's view.
    func loadViewSteps(_ text: String, _ type: LoweredType, at: ScenarioLocation) -> [LocatedNode] {
        if type == .object("UIViewController") {
            // Any controller (a parameter typed `UIViewController`): the view of the class the object is of, tried
            // with `as?` for each controller class of the file, in the order of their names.
            return classes.keys.filter { isViewController($0) }.sorted().flatMap { cls -> [LocatedNode] in
                let local = "loaded\(cls)\(at.line)x\(at.column)"
                return [.step("let", "\(local) = \(text) as? \(cls)", at: at)]
                    + loadViewSteps(local, .object(cls), at: at)
            }
        }
        guard case .object(let cls) = type, isViewController(cls) else { return [] }
        var then: [LocatedNode] = [.step("set", "\(text).isViewLoaded = true", at: at)]
        if classes[cls]?.methods["viewDidLoad"] != nil { then.append(.step("call", "\(text).viewDidLoad", at: at)) }
        let condition = text == "self" ? "!self.isViewLoaded" : "\(text) != nil && !\(text).isViewLoaded"
        return [.step("if", condition, at: at, [("then", .list(then, at: at))])]
    }

    /// A UIKit object made by a call: `UINavigationController(rootViewController: vc)` as `navigationController:`
    /// (stored into `place`), `UIWindow(…)` as nothing (the window is the name that will hold its root controller).
    mutating func uikitCreation(_ call: FunctionCallExprSyntax, place: String?, in scope: inout Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        let at = location(call)
        switch callee.baseName.text {
        case "UINavigationController":
            guard call.arguments.count == 1, call.arguments.first?.label?.text == "rootViewController",
                let argument = call.arguments.first?.expression
            else {
                if call.arguments.isEmpty {
                    // Its first controller set later (`setViewControllers([vc], animated: false)`, a first push).
                    unsupported(
                        "a navigation controller made without a root (`UINavigationController()`)",
                        "make it with its first controller, `UINavigationController(rootViewController: vc)`, in "
                            + "place of the later `setViewControllers([vc], animated:)` or first push", at: call)
                    return ([], .unknown)
                }
                unsupported(
                    "this UINavigationController initializer", "write `UINavigationController(rootViewController: vc)`",
                    at: call)
                return ([], .unknown)
            }
            // The root's view is loaded here, where the app makes its navigation controller at launch (UIKit loads
            // it when the window first shows it, later in the same launch: docs/fidelity.md).
            guard let (root, load, temporary) = heldController(argument, in: &scope) else { return ([], .unknown) }
            let extra: [(String, LocatedNode)] = [("root", .plain(root, at: location(argument)))]
            return (
                load + [.step("navigationController", place, at: at, extra)] + releasing(temporary, at: at),
                .object("UINavigationController")
            )
        case "UIWindow":
            return ([], .object("UIWindow"))
        default:
            return nil
        }
    }

    /// `window.rootViewController = X`: the window holds its root controller, as a top-level name holds an object
    /// (an app root): the name `window` now holds X. Other UIKit stores the model has no place for are refused.
    mutating func uikitAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, at e: ExprSyntax, in scope: inout Scope)
        -> [LocatedNode]?
    {
        if let steps = presentationStyleAssignment(lhs, rhs, in: &scope) { return steps }  // +PresentationStyle
        guard let member = lhs.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        if name == "modalTransitionStyle" {
            unsupported(
                "setting `\(name)`",
                "leave it out: the model's transitions all take the same time (docs/swift-scenarios.md)", at: lhs)
            return []
        }
        guard name == "rootViewController", let window = member.base?.as(DeclReferenceExprSyntax.self),
            scope.locals[window.baseName.text]?.type == .object("UIWindow")
        else { return nil }
        let place = window.baseName.text
        if let call = rhs.as(FunctionCallExprSyntax.self), let made = uikitCreation(call, place: place, in: &scope) {
            scope.locals[place]?.type = made.type
            return made.steps
        }
        guard let root = expression(rhs, in: scope) else { return [] }
        scope.locals[place]?.type = root.type
        // "Assigning a view controller to this property … installs the view controller's view as the content view
        // of the window" (Apple, UIWindow.rootViewController): the root's view loads here, its appear hooks wait
        // for `makeKeyAndVisible()`.
        return [.step("let", "\(place) = \(root.text)", at: location(e))]
            + loadViewSteps(place, root.type, at: location(e))
    }
}

/// The framework calls that make something a place holds: a navigation controller, a window, a notification
/// observer's token. Called from the statement, `let` and assignment lowering (one hook each).
extension SwiftLowering {
    /// A framework object made by `call`, stored into `place` (nil: dropped): nil when `call` is no such call.
    mutating func frameworkCreation(_ call: FunctionCallExprSyntax, place: String?, in scope: inout Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        if isBlockObserverRegistration(call) {
            return (notificationCall(call, token: place, in: scope), .object("id"))
        }
        return uikitCreation(call, place: place, in: &scope)
    }

    /// `PLACE = …` for what the framework makes or UIKit holds: `window.rootViewController = nav`,
    /// `token = NotificationCenter.default.addObserver(forName: …)`, `nav = UINavigationController(…)`.
    mutating func frameworkAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, at e: ExprSyntax, in scope: inout Scope)
        -> [LocatedNode]?
    {
        if let steps = uikitAssignment(lhs, rhs, at: e, in: &scope) { return steps }
        guard let call = rhs.as(FunctionCallExprSyntax.self),
            isBlockObserverRegistration(call)
                || call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UINavigationController"
        else { return nil }
        guard let place = expression(lhs, in: scope) else { return [] }
        return frameworkCreation(call, place: place.text, in: &scope)?.steps
    }

    /// Whether `decl` is `extension Notification.Name { … }`, whose names the first pass collected.
    func isNotificationNameExtension(_ decl: ExtensionDeclSyntax) -> Bool {
        let extended = decl.extendedType.trimmedDescription
        return extended == "Notification.Name" || extended == "NSNotification.Name"
    }
}

extension SwiftLowering {
    /// What to write instead of a UIKit API the lowering does not model (storyboards, segues, table views).
    func uikitAdvice(_ text: String) -> String? {
        if text.contains("performSegue") || text.contains("Segue") {
            return "segues are not modelled: push or present the controller (`navigationController?"
                + ".pushViewController(DetailVC(), animated: true)`)"
        }
        if text.contains("UIAlert") {
            return "alerts are modelled as controllers: declare `class AlertVC: UIViewController {}` and "
                + "`present(AlertVC(), animated: true)` (seed cases S17-S19)"
        }
        if text.contains("UIStoryboard") || text.contains("instantiate") {
            return "storyboards are not modelled: create the controller in code (`let vc = DetailVC()`)"
        }
        if text.contains("tableView") || text.contains("collectionView") || text.contains("dequeueReusable") {
            return "table views, their data sources and their reuse are not modelled: keep the cell in a top-level "
                + "`let` and call its methods (`cell.prepareForReuse()`) where the table would"
        }
        return nil
    }
}
