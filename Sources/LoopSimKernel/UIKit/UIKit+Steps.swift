/// The view-controller verbs' steps (docs/scenario-format.md §7.8): each evaluates its arguments and calls
/// ``UIKit``.

/// `[[UINavigationController alloc] initWithRootViewController:]`; binds the controller to `into`.
public struct MakeNavigationControllerStep: ExecutableStep {
    public var verb: String { "navigationController" }
    public var root: Expr
    public var into: LValue?
    /// Where the step is written (`LINE, column COLUMN`), named by the crash UIKit raises there.
    public var site: String = ""

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let root = try c.object(root, expecting: "a view controller") else { return .next }
        let nav = try UIKit.raising(at: verb, site) { () throws(RuntimeFault) in
            try c.kernel.uikit.makeNavigationController(root: root.id, on: c.thread)
        }
        try c.bind(nav, into: into)
        return .next
    }
}

extension UIKit {
    /// Runs `body`; an exception UIKit raises in it names the step that called UIKit and where it is written.
    static func raising<T>(at verb: String, _ site: String, _ body: () throws(RuntimeFault) -> T) throws(RuntimeFault)
        -> T
    {
        do {
            return try body()
        } catch {
            throw site.isEmpty ? error : RuntimeFault(error.message + " (\(verb): at line \(site))")
        }
    }
}

/// `[nav pushViewController:animated:]`.
public struct PushStep: ExecutableStep {
    public var verb: String { "push" }
    public var controller: Expr
    public var navigationController: Expr
    public var animated: Bool
    /// Where the step is written (`LINE, column COLUMN`), named by the crash UIKit raises there.
    public var site: String = ""

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let vc = try c.object(controller, expecting: "a view controller"),
            let nav = try c.object(navigationController, expecting: "a navigation controller")
        else { return .next }
        try UIKit.raising(at: verb, site) { () throws(RuntimeFault) in
            try c.kernel.uikit.push(vc.id, on: nav.id, animated: animated, on: c.thread)
        }
        return .next
    }
}

/// `[nav popViewControllerAnimated:]`, or `popToRootViewControllerAnimated:`.
public struct PopStep: ExecutableStep {
    public var verb: String { toRoot ? "popToRoot" : "pop" }
    public var navigationController: Expr
    public var toRoot: Bool
    public var animated: Bool = true

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let nav = try c.object(navigationController, expecting: "a navigation controller") {
            c.kernel.uikit.pop(nav.id, toRoot: toRoot, animated: animated, on: c.thread)
        }
        return .next
    }
}

/// `vc.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:view]`, or
/// `initWithBarButtonSystemItem:target:action:` for a system item.
public struct SetRightBarButtonStep: ExecutableStep {
    public var verb: String { "setRightBarButton" }
    public var controller: Expr
    /// What the bar button item shows: a custom view, or a system item.
    public var content: BarButtonContent
    /// A system item's target, which the bar button item does not keep (UIBarButtonItem.h: `weak`); the action it
    /// would send is not modelled.
    public var target: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let target {
            // Evaluated as the message's argument is, and not retained: a `new` target dies at once.
            let (value, owned) = try c.ownedValue(target)
            c.drop(value, owned: owned)
        }
        switch content {
        case .systemItem(let item):
            guard let vc = try c.object(controller, expecting: "a view controller") else { return .next }
            c.kernel.uikit.setRightBarButton(
                of: vc.id, customView: nil, label: item.rawValue, owned: false,
                on: c.thread)
        case .customView(let customView):
            let (view, owned) = try c.ownedValue(customView)
            guard let vc = try c.object(controller, expecting: "a view controller"), case .object(let viewID) = view
            else {
                c.drop(view, owned: owned)
                return .next
            }
            c.kernel.uikit.setRightBarButton(of: vc.id, customView: viewID, label: nil, owned: owned, on: c.thread)
        }
        return .next
    }
}

/// What a `setRightBarButton:` bar button item shows.
public enum BarButtonContent: Sendable {
    /// `initWithCustomView:`: the view the expression yields.
    case customView(Expr)
    /// `initWithBarButtonSystemItem:target:action:`.
    case systemItem(BarButtonSystemItem)
}

/// `[presenter presentViewController:animated:completion:]`, on the main thread.
public struct PresentStep: ExecutableStep {
    public var verb: String { "present" }
    public var controller: Expr
    public var presenter: Expr
    public var animated: Bool
    /// The `modalPresentationStyle` to present with; nil: the controller's own (`automatic` unless the app set it
    /// with `setModalPresentationStyle:`).
    public var style: PresentationStyle? = nil
    /// A block literal (`completion:`), called at the end of the presentation.
    public var completion: Expr? = nil
    /// Where the step is written (`LINE, column COLUMN`), named by the crash UIKit raises there.
    public var site: String = ""

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard c.thread.isMain else { throw RuntimeFault("presentViewController:animated: off the main thread") }
        let (vc, owned) = try c.ownedValue(controller)
        guard case .object(let vcID) = vc, let presenter = try c.object(presenter, expecting: "a presenter") else {
            c.drop(vc, owned: owned)
            return .next
        }
        do {
            let block = try completion.flatMap { e throws(RuntimeFault) in try c.retainedObject(e) }
            try UIKit.raising(at: verb, site) { () throws(RuntimeFault) in
                try c.kernel.uikit.present(
                    vcID, from: presenter.id, animated: animated, style: style,
                    completion: block, on: c.thread, c.kernel)
            }
        } catch {
            c.drop(vc, owned: owned)
            throw error
        }
        c.drop(vc, owned: owned)  // a new controller lives only as long as UIKit keeps it
        return .next
    }
}

/// `vc.modalPresentationStyle = style`: how a later `present:` of the controller shows it. A property store:
/// UIKit does not check the thread (its Main Thread Checker only logs in a debug run).
public struct SetModalPresentationStyleStep: ExecutableStep {
    public var verb: String { "setModalPresentationStyle" }
    public var controller: Expr
    public var style: PresentationStyle

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let vc = try c.object(controller, expecting: "a view controller") {
            c.kernel.uikit.setModalPresentationStyle(vc.id, style)
        }
        return .next
    }
}

/// `[vc dismissViewControllerAnimated:completion:]`.
public struct DismissStep: ExecutableStep {
    public var verb: String { "dismiss" }
    public var controller: Expr
    public var animated: Bool
    /// A block literal (`completion:`), called at the end of the dismissal.
    public var completion: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let vc = try c.object(controller, expecting: "a view controller") {
            let block = try completion.flatMap { e throws(RuntimeFault) in try c.retainedObject(e) }
            c.kernel.uikit.dismiss(vc.id, animated: animated, completion: block, on: c.thread)
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
    /// The scroll view's delegate (`delegate:`), read at the touch's start: nil for none. UIKit holds it weakly.
    public var delegate: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard c.thread.isMain else { throw RuntimeFault("UIKit touch handling off the main thread") }
        let k = c.kernel
        // Without UIKit there is no UITrackingRunLoopMode to run: the main loop would return from the missing mode
        // at once, again and again, at one instant (swift-corelibs-foundation has no tracking mode; c32).
        guard k.profile.uikitMainRunLoop else {
            throw RuntimeFault(
                "scroll: needs UIKit's UITrackingRunLoopMode, which \(k.profile.name) does not have "
                    + "(no UIKit); run this scenario under an iOS variant")
        }
        let (dragging, decelerating) = (try c.duration(drag), try c.duration(decelerate))
        let target = try delegate.flatMap { e throws(RuntimeFault) in
            try c.object(e, expecting: "a scroll view's delegate")
        }
        k.uikit.beginTracking(for: dragging + decelerating, on: c.thread, k)
        k.uikit.queueScrollDelegate(target?.id, drag: dragging, decelerate: decelerating)
        return .next
    }
}
