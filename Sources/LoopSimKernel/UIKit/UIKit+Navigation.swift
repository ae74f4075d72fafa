/// Navigation controllers (docs/scenario-format.md §7.8, docs/fidelity.md "UIKit"): the stack of view controllers,
/// the navigation bar with its item stack, and the appearance hooks of a push or a pop.
///
/// `UINavigationController` keeps its `viewControllers` and its `navigationBar`; the bar keeps its item stack
/// (`items`), one `UINavigationItem` per pushed controller; each controller keeps its own navigation item, the item
/// its `rightBarButtonItem`, the bar button item its `customView`. A push pushes the controller and its item, a pop
/// pops both ("each pop pops the controller's navigationItem off the bar's stack and frees the controls it
/// manages", seed 000). An item pushed over another keeps the bar it is on (its back button; closed source, the
/// model's choice): while items above the root are on the bar, bar and items keep each other, and only a pop
/// breaks that. So a navigation controller dismissed with a pushed stack leaves its bar, the items and their views
/// alive (seed 000's S3), and popping to the root first frees them (the seed's fix).
extension UIKit {
    /// The controller's navigation item, made on first use (`-[UIViewController navigationItem]`).
    func navigationItem(of vc: ObjectID, on thread: SimThread, _ k: Kernel) -> ObjectID {
        if let item = links(of: vc).navigationItem { return item }
        let item = makeUIKitObject("UINavigationItem", label: nil, on: thread, k)
        setLinks(vc) { $0.navigationItem = item }  // the +1 is the controller's
        return item
    }

    /// `navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:view]`.
    func setRightBarButton(of vc: ObjectID, customView: ObjectID, owned: Bool, on thread: SimThread, _ k: Kernel) {
        let item = navigationItem(of: vc, on: thread, k)
        let button = makeUIKitObject("UIBarButtonItem", label: nil, on: thread, k)
        if !owned { k.retain(customView) }
        setLinks(button) { $0.customView = customView }
        let old = links(of: item).rightBarButtonItem
        setLinks(item) { $0.rightBarButtonItem = button }
        if let old { k.release(old, on: thread) }
    }

    /// `[[UINavigationController alloc] initWithRootViewController:]`, +1 for the caller. The root goes on the
    /// stack and its item on the bar; no hook runs: the navigation controller is in no window yet (its top
    /// controller's appear hooks run when it is presented).
    func makeNavigationController(root: ObjectID, on thread: SimThread, _ k: Kernel) throws(RuntimeFault) -> ObjectID {
        try checkPushable(root, k)
        let nav = makeUIKitObject("UINavigationController", label: "nav", on: thread, k)
        let bar = makeUIKitObject("UINavigationBar", label: nil, on: thread, k)
        setLinks(nav) { $0.navigationBar = bar }  // the +1 is the navigation controller's
        navigationControllers.append(nav)
        stack(root, on: nav, on: thread, k)
        return nav
    }

    /// `pushViewController:animated:`: the stack and its bar hold the controller and its navigation item. The
    /// controller on top until now is covered: its viewWillDisappear, the pushed one's viewWillAppear, then at the
    /// end of the transition its viewDidDisappear and the pushed one's viewDidAppear (the order UIKit logs for a
    /// push; docs/fidelity.md).
    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool, on thread: SimThread,
              _ k: Kernel) throws(RuntimeFault) {
        try checkPushable(vc, k)
        let covered = links(of: nav).viewControllers.last
        stack(vc, on: nav, on: thread, k)
        k.objects.lifecycleRestarted(vc)  // shown again after a pop: its lifecycle starts over
        k.record(thread, .push(controller: k.heap.object(vc).map { k.name($0) } ?? k.name("")))
        var will: [Step] = []
        var did: [Step] = []
        if let covered {
            will.append(Self.hook(covered, "viewWillDisappear"))
            did.append(Self.hook(covered, "viewDidDisappear"))
        }
        will.append(Self.hook(vc, "viewWillAppear"))
        did.append(Self.hook(vc, "viewDidAppear"))
        queueTransition(will: will, did: did, animated: animated, k)
    }

    /// UIKit raises when a controller already on a stack is pushed again (`NSInvalidArgumentException`).
    private func checkPushable(_ vc: ObjectID, _ k: Kernel) throws(RuntimeFault) {
        if let nav = parent(of: vc) {
            throw RuntimeFault("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
                + "'Pushing the same view controller instance more than once is not supported (\(describe(vc, k))) "
                + "(already in the stack of \(describe(nav, k)))'")
        }
    }

    /// Puts `vc` on top of `nav`'s stack and its navigation item on top of the bar's.
    private func stack(_ vc: ObjectID, on nav: ObjectID, on thread: SimThread, _ k: Kernel) {
        k.retain(vc)
        setLinks(nav) { $0.viewControllers.append(vc) }
        guard let bar = links(of: nav).navigationBar else { return }
        let item = navigationItem(of: vc, on: thread, k)
        k.retain(item)
        let hasBackItem = !links(of: bar).items.isEmpty
        setLinks(bar) { $0.items.append(item) }
        if hasBackItem {
            k.retain(bar)
            setLinks(item) { $0.navigationBar = bar }
        }
    }

    /// `popViewControllerAnimated:` or `popToRootViewControllerAnimated:`. The stack and the bar drop the popped
    /// controllers and their items at once (`viewControllers` no longer lists them). The top one is visible: its
    /// viewWillDisappear and the uncovered controller's viewWillAppear run now, its viewDidDisappear and the
    /// uncovered one's viewDidAppear at the end of the transition, and UIKit keeps it until then. The ones under it
    /// were not visible: no hook, released at once. Popping the root does nothing (UIKit returns nil).
    func pop(_ nav: ObjectID, toRoot: Bool, animated: Bool, on thread: SimThread, _ k: Kernel) {
        let stack = links(of: nav).viewControllers
        let keep = stack.isEmpty ? 0 : (toRoot ? 1 : stack.count - 1)
        let popped = Array(stack.dropFirst(keep))
        k.record(thread, .pop(count: Int64(popped.count)))
        guard let top = popped.last else { return }
        setLinks(nav) { $0.viewControllers.removeLast(popped.count) }
        if let bar = links(of: nav).navigationBar {
            for _ in popped { popItem(from: bar, on: thread, k) }
        }
        hold(top, retaining: false, k)  // the stack's reference becomes the transition's
        for vc in popped.dropLast().reversed() { letGoIfSurvives(vc, because: "popped", releasingOn: thread, k) }
        let uncovered = stack[keep - 1]
        queueTransition(will: [Self.hook(top, "viewWillDisappear"), Self.hook(uncovered, "viewWillAppear")],
                        did: [Self.hook(top, "viewDidDisappear"), Self.hook(uncovered, "viewDidAppear"),
                              .internalStep(.releaseHeld(top, reason: "popped"))],
                        animated: animated, k)
    }

    /// The bar pops its top item: the item lets go of the bar, the bar of the item.
    private func popItem(from bar: ObjectID, on thread: SimThread, _ k: Kernel) {
        var item: ObjectID?
        setLinks(bar) { item = $0.items.popLast() }
        guard let item else { return }
        if let back = links(of: item).navigationBar {
            setLinks(item) { $0.navigationBar = nil }
            k.release(back, on: thread)
        }
        k.release(item, on: thread)
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
    func describe(_ id: ObjectID, _ k: Kernel) -> String {
        "<\(k.heap.object(id)?.displayName ?? "deallocated object")>"
    }

    /// Releases a reference UIKit held; the object is let go if it outlives it.
    func letGoIfSurvives(_ id: ObjectID, because reason: String, releasingOn thread: SimThread, _ k: Kernel) {
        k.release(id, on: thread)
        if let o = k.heap.object(id), o.state == .alive { k.objects.abandon(o, because: reason, k) }
    }

    /// The end of a transition: UIKit releases what it held for it (a popped or dismissed controller).
    func releaseHeld(_ id: ObjectID, because reason: String, on thread: SimThread, _ k: Kernel) {
        guard unhold(id) else { return }
        letGoIfSurvives(id, because: reason, releasingOn: thread, k)
    }
}
