/// View-controller containment (docs/scenario-format.md §7.8, docs/fidelity.md "UIKit"): a container keeps its
/// child controllers (`addChildViewController:`, UIViewController's `childViewControllers`, strong) until
/// `removeFromParentViewController`; a child whose view is in its parent's view hierarchy gets the parent's
/// appearance hooks after the parent's own (`shouldAutomaticallyForwardAppearanceMethods`, true by default), and
/// appears or disappears at once when its view is added to or removed from an appeared parent's view. A window
/// made key and visible shows its root controller: its appear hooks run as a transition without animation.
/// Sources: Apple, "Implementing a Container View Controller" and `addChild(_:)` ("If the child view controller is
/// already the child of a different container view controller, it is removed from that container before being
/// added"), `removeFromParent()`, `shouldAutomaticallyForwardAppearanceMethods`, `makeKeyAndVisible()`.
extension UIKit {
    /// `[parent addChildViewController:child]`: the parent keeps the child (+1), after taking it from another
    /// parent; adding a child again to its own parent changes nothing.
    func addChild(_ child: ObjectID, to parent: ObjectID, on thread: SimThread) throws(RuntimeFault) {
        guard child != parent else {
            throw RuntimeFault(
                "addChild: \(describe(parent)) cannot be its own child view controller (UIKit's containment "
                    + "makes a tree)")
        }
        if let old = links(of: child).parentController {
            if old == parent { return }
            removeFromParent(child, on: thread)
        }
        objects.retain(child)
        setLinks(parent) { $0.children.append(child) }
        setLinks(child) { $0.parentController = parent }
    }

    /// `[child removeFromParentViewController]`: the parent lets the child go (its view is no longer forwarded the
    /// parent's hooks); nothing without a parent.
    func removeFromParent(_ child: ObjectID, on thread: SimThread) {
        guard let parent = links(of: child).parentController else { return }
        setLinks(child) {
            $0.parentController = nil
            $0.viewInParent = false
        }
        guard let i = links(of: parent).children.firstIndex(of: child) else { return }
        setLinks(parent) { $0.children.remove(at: i) }
        letGoIfSurvives(child, because: "removed from parent", releasingOn: thread)
    }

    /// `[parent.view addSubview:child.view]` (`appeared`) or `[child.view removeFromSuperview]`: the child's view
    /// joins or leaves its parent's hierarchy. The hooks to run at once: the child's appear (disappear) pair when
    /// its parent has appeared; none for a controller that is not a child of `parent`.
    func moveChildView(_ child: ObjectID, into parent: ObjectID?, appeared: Bool) -> [Step] {
        let l = links(of: child)
        guard let owner = parent ?? l.parentController, l.parentController == owner, l.viewInParent != appeared
        else { return [] }
        setLinks(child) { $0.viewInParent = appeared }
        guard links(of: owner).isAppeared else { return [] }
        return appeared
            ? [Self.hook(child, "viewWillAppear"), Self.hook(child, "viewDidAppear")]
            : [Self.hook(child, "viewWillDisappear"), Self.hook(child, "viewDidDisappear")]
    }

    /// A lifecycle hook of `id` runs: its appearance is noted, and the hook steps forwarding it to the children whose
    /// views are in its hierarchy are returned (empty for other hooks, or with no such child).
    func forwardAppearance(_ id: ObjectID, _ method: String) -> [Step] {
        switch method {
        case "viewWillAppear": if !links(of: id).isAppeared { setLinks(id) { $0.isAppeared = true } }
        case "viewDidDisappear": if links(of: id).isAppeared { setLinks(id) { $0.isAppeared = false } }
        case "viewDidAppear", "viewWillDisappear": break
        default: return []
        }
        return links(of: id).children.filter { links(of: $0).viewInParent }.map { Self.hook($0, method) }
    }

    /// `[window makeKeyAndVisible]` with `root` as its `rootViewController`: the root's (or its visible
    /// controller's) appear hooks, as a transition without animation; the root's view is in the window after its
    /// viewWillAppear (UIKit+Window.swift).
    func showRoot(_ root: ObjectID) {
        let shown = visibleController(root)
        queueTransition(
            will: [Self.hook(shown, "viewWillAppear"), .internalStep(.windowShowsRoot(root))],
            did: [Self.hook(shown, "viewDidAppear")], animated: false)
    }
}
