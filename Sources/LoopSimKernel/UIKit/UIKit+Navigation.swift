/// Navigation controllers (docs/scenario-format.md §7.8, docs/fidelity.md "The navigation bar and its items"): the
/// stack of view controllers, the navigation bar with its item stack, and the appearance hooks of a push or a pop.
///
/// The documented tree: `UINavigationController` keeps its `viewControllers` and its `navigationBar`; the bar keeps
/// its item stack (`items`), one `UINavigationItem` per pushed controller; each controller keeps its own
/// navigation item, the item its `rightBarButtonItem`, a bar button item its `customView`. Nothing in it points
/// back up: an item does not keep its bar, a bar button item does not keep its target. A push pushes the
/// controller and its item, a pop pops both ("each pop pops the controller's navigationItem off the bar's stack
/// and frees the controls it manages", seed 000). So a navigation controller dismissed with its stack unpopped
/// frees the stack, the bar, the items and their system bar buttons.
///
/// One edge is the model's, inferred from seed 000 (S3): the custom view of an item that a push covered stays
/// with the bar that covered it (``UIKitLinks/coveringBar``) until a pop uncovers the item or takes it off. Seed
/// 000 dismisses a stack whose covered items carry custom views without popping: the controllers dealloc, the
/// custom views never do, and popping first frees them; the edge closes the bar's documented chain to those views
/// into a cycle, which only a pop opens.
extension UIKit {
    /// The controller's navigation item, made on first use (`-[UIViewController navigationItem]`).
    func navigationItem(of vc: ObjectID, on thread: SimThread) -> ObjectID {
        if let item = links(of: vc).navigationItem { return item }
        let item = makeUIKitObject("UINavigationItem", label: nil, on: thread)
        setLinks(vc) { $0.navigationItem = item }  // the +1 is the controller's
        return item
    }

    /// `navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:view]`, or, without a
    /// custom view, `initWithBarButtonSystemItem:target:action:` (the bar button keeps no target: UIBarButtonItem.h
    /// declares `target` `weak`, so the caller does not pass it here). When the item is on a bar and covered, the
    /// new custom view is covered at once, and the replaced one no longer is.
    /// - Parameters:
    ///   - customView: the custom view, or nil for a system item (`label` names it, e.g. `done`).
    ///   - owned: whether the caller's +1 on `customView` passes to the bar button item.
    func setRightBarButton(of vc: ObjectID, customView: ObjectID?, label: String?, owned: Bool, on thread: SimThread) {
        let item = navigationItem(of: vc, on: thread)
        let button = makeUIKitObject("UIBarButtonItem", label: label, on: thread)
        if let customView {
            if !owned { objects.retain(customView) }
            setLinks(button) { $0.customView = customView }
        }
        let old = links(of: item).rightBarButtonItem
        if let oldView = old.flatMap({ links(of: $0).customView }) { setCovered(oldView, by: nil, on: thread) }
        setLinks(item) { $0.rightBarButtonItem = button }
        if let bar = bar(holding: item) { updateCoveredViews(on: bar, on: thread) }
        if let old { objects.release(old, on: thread) }
    }

    /// `[[UINavigationController alloc] initWithRootViewController:]`, +1 for the caller. The root goes on the
    /// stack and its item on the bar; no hook runs: the navigation controller is in no window yet (its top
    /// controller's appear hooks run when it is presented).
    func makeNavigationController(root: ObjectID, on thread: SimThread) throws(RuntimeFault) -> ObjectID {
        try checkPushable(root)
        let nav = makeUIKitObject("UINavigationController", label: "nav", on: thread)
        let bar = makeUIKitObject("UINavigationBar", label: nil, on: thread)
        setLinks(nav) { $0.navigationBar = bar }  // the +1 is the navigation controller's
        navigationControllers.append(nav)
        stack(root, on: nav, on: thread)
        return nav
    }

    /// `pushViewController:animated:`: the stack and its bar hold the controller and its navigation item. The
    /// controller on top until now is covered: its viewWillDisappear, the pushed one's viewWillAppear, then at the
    /// end of the transition its viewDidDisappear and the pushed one's viewDidAppear (the order UIKit logs for a
    /// push; docs/fidelity.md).
    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool, on thread: SimThread) throws(RuntimeFault) {
        try checkPushable(vc)
        let covered = links(of: nav).viewControllers.last
        stack(vc, on: nav, on: thread)
        objects.lifecycleRestarted(vc)  // shown again after a pop: its lifecycle starts over
        let controller = objects.heap.object(vc).map { recorder.name($0) } ?? recorder.name("")
        recorder.record(thread, .push(controller: controller))
        var will: [Step] = []
        var did: [Step] = []
        if let covered {
            will.append(Self.hook(covered, "viewWillDisappear"))
            did.append(Self.hook(covered, "viewDidDisappear"))
        }
        will.append(Self.hook(vc, "viewWillAppear"))
        did.append(Self.hook(vc, "viewDidAppear"))
        queueTransition(will: will, did: did, animated: animated)
    }

    /// UIKit raises when a controller already on a stack is pushed again (`NSInvalidArgumentException`).
    private func checkPushable(_ vc: ObjectID) throws(RuntimeFault) {
        if let nav = parent(of: vc) {
            throw RuntimeFault(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
                    + "'Pushing the same view controller instance more than once is not supported (\(describe(vc))) "
                    + "(already in the stack of \(describe(nav)))'")
        }
    }

    /// Puts `vc` on top of `nav`'s stack and its navigation item on top of the bar's.
    private func stack(_ vc: ObjectID, on nav: ObjectID, on thread: SimThread) {
        objects.retain(vc)
        setLinks(nav) { $0.viewControllers.append(vc) }
        guard let bar = links(of: nav).navigationBar else { return }
        let item = navigationItem(of: vc, on: thread)
        objects.retain(item)
        setLinks(bar) { $0.items.append(item) }
        updateCoveredViews(on: bar, on: thread)
    }

    /// `popViewControllerAnimated:` or `popToRootViewControllerAnimated:`. The stack and the bar drop the popped
    /// controllers and their items at once (`viewControllers` no longer lists them). The top one is visible: its
    /// viewWillDisappear and the uncovered controller's viewWillAppear run now, its viewDidDisappear and the
    /// uncovered one's viewDidAppear at the end of the transition, and UIKit keeps it until then. The ones under it
    /// were not visible: no hook, released at once. Popping the root does nothing (UIKit returns nil).
    func pop(_ nav: ObjectID, toRoot: Bool, animated: Bool, on thread: SimThread) {
        let stack = links(of: nav).viewControllers
        let keep = stack.isEmpty ? 0 : (toRoot ? 1 : stack.count - 1)
        let popped = Array(stack.dropFirst(keep))
        recorder.record(thread, .pop(count: Int64(popped.count)))
        guard let top = popped.last else { return }
        setLinks(nav) { $0.viewControllers.removeLast(popped.count) }
        if let bar = links(of: nav).navigationBar {
            for _ in popped { popItem(from: bar, on: thread) }
            updateCoveredViews(on: bar, on: thread)  // the new top item is uncovered
        }
        hold(top, retaining: false)  // the stack's reference becomes the transition's
        for vc in popped.dropLast().reversed() { letGoIfSurvives(vc, because: "popped", releasingOn: thread) }
        let uncovered = stack[keep - 1]
        queueTransition(
            will: [Self.hook(top, "viewWillDisappear"), Self.hook(uncovered, "viewWillAppear")],
            did: [
                Self.hook(top, "viewDidDisappear"), Self.hook(uncovered, "viewDidAppear"),
                .internalStep(.releaseHeld(top, reason: "popped")),
            ],
            animated: animated)
    }

    /// The bar pops its top item: its custom view is no longer covered, and the bar lets go of the item.
    private func popItem(from bar: ObjectID, on thread: SimThread) {
        var item: ObjectID?
        setLinks(bar) { item = $0.items.popLast() }
        guard let item else { return }
        if let view = customView(of: item) { setCovered(view, by: nil, on: thread) }
        objects.release(item, on: thread)
    }

    // MARK: Covered custom views

    /// Brings the covering edges of `bar`'s items up to date: the custom view of every item under the top one is
    /// covered by `bar`, the top item's is not (docs/fidelity.md, "The navigation bar and its items").
    private func updateCoveredViews(on bar: ObjectID, on thread: SimThread) {
        let items = links(of: bar).items
        let covered = items.dropLast().compactMap { customView(of: $0) }
        for item in items {
            guard let view = customView(of: item) else { continue }
            setCovered(view, by: covered.contains(view) ? bar : nil, on: thread)
        }
    }

    /// Sets the bar that covers `view` (nil: none), retaining the new one before releasing the old.
    private func setCovered(_ view: ObjectID, by bar: ObjectID?, on thread: SimThread) {
        let old = links(of: view).coveringBar
        guard old != bar else { return }
        if let bar { objects.retain(bar) }
        setLinks(view) { $0.coveringBar = bar }
        if let old { objects.release(old, on: thread) }
    }

    /// The custom view of `item`'s right bar button item, if it has one.
    private func customView(of item: ObjectID) -> ObjectID? {
        links(of: item).rightBarButtonItem.flatMap { links(of: $0).customView }
    }

    /// The navigation bar whose item stack holds `item`, if any.
    private func bar(holding item: ObjectID) -> ObjectID? {
        navigationControllers.lazy.compactMap { self.links(of: $0).navigationBar }
            .first { self.links(of: $0).items.contains(item) }
    }

    /// The navigation controller whose stack holds `vc` (`vc.navigationController`), if any.
    func parent(of vc: ObjectID) -> ObjectID? {
        navigationControllers.first { links(of: $0).viewControllers.contains(vc) }
    }

    /// The controller whose hooks run when `id` appears or disappears: a navigation controller forwards them to
    /// its top controller; any other controller is its own.
    func visibleController(_ id: ObjectID) -> ObjectID {
        links(of: id).viewControllers.last ?? id
    }

    /// `<Class label>`, as UIKit's messages print a controller.
    func describe(_ id: ObjectID) -> String {
        "<\(objects.heap.object(id)?.displayName ?? "deallocated object")>"
    }

    /// Releases a reference UIKit held; the object is let go if it outlives it.
    func letGoIfSurvives(_ id: ObjectID, because reason: String, releasingOn thread: SimThread) {
        objects.release(id, on: thread)
        if let o = objects.heap.object(id), o.state == .alive { objects.abandon(o, because: reason) }
    }

    /// The end of a transition: UIKit releases what it held for it (a popped or dismissed controller).
    func releaseHeld(_ id: ObjectID, because reason: String, on thread: SimThread) {
        guard unhold(id) else { return }
        letGoIfSurvives(id, because: reason, releasingOn: thread)
    }
}
