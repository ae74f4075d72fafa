/// The view-controller verbs' steps (docs/scenario-format.md §7.8): each evaluates its arguments and calls
/// ``UIKit``.

/// `[[UINavigationController alloc] initWithRootViewController:]`; binds the controller to `into`.
public struct MakeNavigationControllerStep: ExecutableStep {
    public var verb: String { "navigationController" }
    public var root: Expr
    public var into: LValue?

    public init(root: Expr, into: LValue?) {
        self.root = root
        self.into = into
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let root = try c.object(root, expecting: "a view controller") else { return .next }
        try c.bind(c.kernel.uikit.makeNavigationController(root: root.id, on: c.thread, c.kernel), into: into)
        return .next
    }
}

/// `[nav pushViewController:animated:]`.
public struct PushStep: ExecutableStep {
    public var verb: String { "push" }
    public var controller: Expr
    public var navigationController: Expr
    public var animated: Bool

    public init(_ controller: Expr, on navigationController: Expr, animated: Bool) {
        self.controller = controller
        self.navigationController = navigationController
        self.animated = animated
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let vc = try c.object(controller, expecting: "a view controller"),
              let nav = try c.object(navigationController, expecting: "a navigation controller") else { return .next }
        c.kernel.uikit.push(vc.id, on: nav.id, animated: animated, on: c.thread, c.kernel)
        return .next
    }
}

/// `[nav popViewControllerAnimated:]`, or `popToRootViewControllerAnimated:`.
public struct PopStep: ExecutableStep {
    public var verb: String { "pop" }
    public var navigationController: Expr
    public var toRoot: Bool

    public init(_ navigationController: Expr, toRoot: Bool) {
        self.navigationController = navigationController
        self.toRoot = toRoot
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let nav = try c.object(navigationController, expecting: "a navigation controller") {
            c.kernel.uikit.pop(nav.id, toRoot: toRoot, on: c.thread, c.kernel)
        }
        return .next
    }
}

/// `vc.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:view]`.
public struct SetRightBarButtonStep: ExecutableStep {
    public var verb: String { "setRightBarButton" }
    public var controller: Expr
    public var customView: Expr

    public init(_ controller: Expr, customView: Expr) {
        self.controller = controller
        self.customView = customView
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let (view, owned) = try c.ownedValue(customView)
        guard let vc = try c.object(controller, expecting: "a view controller"), case .object(let viewID) = view else {
            c.drop(view, owned: owned)
            return .next
        }
        c.kernel.uikit.setRightBarButton(of: vc.id, customView: viewID, owned: owned, on: c.thread, c.kernel)
        return .next
    }
}

/// `[presenter presentViewController:animated:completion:]`, on the main thread.
public struct PresentStep: ExecutableStep {
    public var verb: String { "present" }
    public var controller: Expr
    public var presenter: Expr
    public var animated: Bool

    public init(_ controller: Expr, from presenter: Expr, animated: Bool) {
        self.controller = controller
        self.presenter = presenter
        self.animated = animated
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard c.thread.isMain else { throw RuntimeFault("presentViewController:animated: off the main thread") }
        let (vc, owned) = try c.ownedValue(controller)
        guard case .object(let vcID) = vc, let presenter = try c.object(presenter, expecting: "a presenter") else {
            c.drop(vc, owned: owned)
            return .next
        }
        c.kernel.uikit.present(vcID, from: presenter.id, animated: animated, on: c.thread, c.kernel)
        c.drop(vc, owned: owned)  // a new controller lives only as long as UIKit keeps it
        return .next
    }
}

/// `[vc dismissViewControllerAnimated:completion:]`.
public struct DismissStep: ExecutableStep {
    public var verb: String { "dismiss" }
    public var controller: Expr
    public var animated: Bool

    public init(_ controller: Expr, animated: Bool) {
        self.controller = controller
        self.animated = animated
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let vc = try c.object(controller, expecting: "a view controller") {
            c.kernel.uikit.dismiss(vc.id, animated: animated, on: c.thread, c.kernel)
        }
        return .next
    }
}

/// A scroll gesture on the main thread: UIKit runs the main loop in `UITrackingRunLoopMode` for the drag and the
/// deceleration, then returns to the default mode.
public struct ScrollStep: ExecutableStep {
    public var verb: String { "scroll" }
    public var drag: DurationSpec
    public var decelerate: DurationSpec

    public init(drag: DurationSpec, decelerate: DurationSpec) {
        self.drag = drag
        self.decelerate = decelerate
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard c.thread.isMain else { throw RuntimeFault("UIKit touch handling off the main thread") }
        let k = c.kernel
        k.uikit.beginTracking(for: k.interpreter.duration(drag, k) + k.interpreter.duration(decelerate, k), on: c.thread, k)
        return .next
    }
}
