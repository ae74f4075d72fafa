extension Kernel {
    /// Animated transitions take this long (UIKit's default push and modal animations are about this).
    static let transition = SimDuration.milliseconds(350)

    func links(_ id: ObjectID) -> UIKitLinks { uikit[id] ?? UIKitLinks() }

    func setLinks(_ id: ObjectID, _ change: (inout UIKitLinks) -> Void) {
        var l = uikit[id] ?? UIKitLinks()
        change(&l)
        uikit[id] = l
    }

    /// A UIKit object (navigation controller, navigation item, bar button item), +1 for the caller.
    func makeUIKitObject(_ className: String, label: String?, on thread: SimThread) -> ObjectID {
        heap.allocate(kind: .uikit, className: className, label: label, slotNames: [], slotStrengths: [], slots: [],
                      isDeclaredRoot: false, at: now, on: thread.name).id
    }

    /// The controller's navigation item, made on first use (`-[UIViewController navigationItem]`).
    func navigationItem(of vc: ObjectID, on thread: SimThread) -> ObjectID {
        if let item = links(vc).navigationItem { return item }
        let item = makeUIKitObject("UINavigationItem", label: nil, on: thread)
        setLinks(vc) { $0.navigationItem = item }  // the +1 is the controller's
        return item
    }

    /// `navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:view]`.
    func setRightBarButton(of vc: ObjectID, customView: ObjectID, owned: Bool, on thread: SimThread) {
        let item = navigationItem(of: vc, on: thread)
        let button = makeUIKitObject("UIBarButtonItem", label: nil, on: thread)
        if !owned { retain(customView) }
        setLinks(button) { $0.customView = customView }
        let old = links(item).rightBarButtonItem
        setLinks(item) { $0.rightBarButtonItem = button }
        if let old { release(old, on: thread) }
    }

    /// `[[UINavigationController alloc] initWithRootViewController:]`, +1 for the caller.
    func makeNavigationController(root: ObjectID, on thread: SimThread) -> ObjectID {
        let nav = makeUIKitObject("UINavigationController", label: "nav", on: thread)
        navigationControllers.append(nav)
        push(root, on: nav, animated: false, on: thread)
        return nav
    }

    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool, on thread: SimThread) {
        retain(vc)
        let item = navigationItem(of: vc, on: thread)
        retain(item)
        setLinks(nav) {
            $0.viewControllers.append(vc)
            $0.barItems.append(item)
        }
        record(thread, .push(controller: heap.object(vc).map { name($0) } ?? name("")))
        transitionHooks(appearing: vc, disappearing: nil, animated: animated)
    }

    func pop(_ nav: ObjectID, toRoot: Bool, on thread: SimThread) {
        var popped: [ObjectID] = []
        var items: [ObjectID] = []
        setLinks(nav) { l in
            while l.viewControllers.count > 1 {
                popped.append(l.viewControllers.removeLast())
                if !l.barItems.isEmpty { items.append(l.barItems.removeLast()) }
                if !toRoot { break }
            }
        }
        record(thread, .pop(count: Int64(popped.count)))
        for item in items { release(item, on: thread) }
        for vc in popped {
            letGoIfSurvives(vc, because: "popped", releasingOn: thread)
        }
    }

    /// `presentViewController:animated:`. A presenter presents one controller at a time: while it is presenting,
    /// UIKit refuses with a warning and drops the request (the controller is not retained: it may die).
    func present(_ vc: ObjectID, from presenter: ObjectID, animated: Bool, on thread: SimThread) {
        let name = heap.object(vc)?.displayName ?? ""
        recordPresentation(vc) { r in
            r.requests += 1
            if r.firstRequestedAt == nil { r.firstRequestedAt = now }
        }
        if let current = links(presenter).presented {
            let warning = "Warning: Attempt to present \(name) on \(heap.object(presenter)?.displayName ?? "") "
                + "which is already presenting \(heap.object(current)?.displayName ?? "")"
            records.logs.append(LogEntry(at: now, thread: thread.name, text: warning))
            record(thread, .presentRefused(controller: self.name(name)))
            recordPresentation(vc) { $0.refused += 1 }
            return
        }
        retain(vc)
        setLinks(presenter) { $0.presented = vc }
        setLinks(vc) { $0.presenting = presenter }
        record(thread, .present(controller: self.name(name)))
        recordPresentation(vc) { r in
            r.shown += 1
            if r.firstShownAt == nil { r.firstShownAt = now }
        }
        transitionHooks(appearing: vc, disappearing: nil, animated: animated)
    }

    /// `dismissViewControllerAnimated:` sent to `vc`: dismisses what `vc` presents, or `vc` itself when it is
    /// presented, or the presented navigation controller it sits in. Sent from a pushed (not root) controller
    /// of a presented navigation controller, UIKit tears down the stack's controllers but the presenter keeps
    /// the navigation controller and its bar's items: seed 000's S3 observation, while its S4 login screen (the
    /// root) dismisses itself cleanly. The mechanism is closed source: UNCONFIRMED.
    func dismiss(_ vc: ObjectID, animated: Bool, on thread: SimThread) {
        var target = vc
        var fromChild = false
        if let presented = links(vc).presented {
            target = presented
        } else if links(vc).presenting == nil,
                  let nav = navigationControllers.first(where: { links($0).viewControllers.contains(vc) && links($0).presenting != nil }) {
            target = nav
            fromChild = links(nav).viewControllers.first != vc
        }
        // Nothing presented, or its dismissal already under way: UIKit does nothing (the presenter's
        // presentedViewController is released once, when the first dismissal's transition ends).
        guard let presenter = links(target).presenting, !links(target).isBeingDismissed else { return }
        let visible = links(target).viewControllers.last ?? target
        record(thread, .dismiss(controller: heap.object(target).map { name($0) } ?? name(""), fromChild: fromChild))
        if fromChild {
            transitionHooks(appearing: nil, disappearing: visible, animated: animated)
            // the stack's controllers go; the navigation controller and its bar items stay with the presenter
            var popped: [ObjectID] = []
            setLinks(target) { l in
                popped = l.viewControllers
                l.viewControllers = []
            }
            for child in popped { letGoIfSurvives(child, because: "dismissed", releasingOn: thread) }
            if let nav = heap.object(target) { abandon(nav, because: "dismissed") }  // it should go; the presenter keeps it
            return
        }
        // UIKit keeps the controller, and the presenter its presentedViewController, until the dismissal ends.
        setLinks(target) { $0.isBeingDismissed = true }
        transitionHooks(appearing: nil, disappearing: visible, animated: animated,
                        first: [.internalStep(.endPresentation(presenter: presenter, presented: target))],
                        finally: [.internalStep(.releasePresented(target))])
    }

    /// The end of a dismissal: the presenter forgets the controller (before its viewDidDisappear, so the
    /// presenter may present again from there).
    func endPresentation(presenter: ObjectID, presented: ObjectID, on thread: SimThread) {
        if links(presenter).presented == presented { setLinks(presenter) { $0.presented = nil } }
        if uikit[presented] != nil {
            setLinks(presented) {
                $0.presenting = nil
                $0.isBeingDismissed = false
            }
        }
    }

    /// After its viewDidDisappear, UIKit releases the dismissed controller.
    func releasePresented(_ presented: ObjectID, on thread: SimThread) {
        letGoIfSurvives(presented, because: "dismissed", releasingOn: thread)
    }

    /// Releases a reference UIKit held; the object is let go if it outlives it.
    private func letGoIfSurvives(_ id: ObjectID, because reason: String, releasingOn thread: SimThread) {
        release(id, on: thread)
        if let o = heap.object(id), o.state == .alive { abandon(o, because: reason) }
    }

    private func recordPresentation(_ vc: ObjectID, _ change: (inout PresentationRecord) -> Void) {
        guard let o = heap.object(vc) else { return }
        if let i = presentations.firstIndex(where: { $0.serial == o.serial }) {
            change(&presentations[i].record)
        } else {
            var r = PresentationRecord(object: o.label, serial: o.serial, className: o.className)
            change(&r)
            presentations.append((o.serial, r))
        }
    }

    /// viewWillAppear/viewWillDisappear now, viewDidAppear/viewDidDisappear when the transition ends; each runs
    /// on the main thread through UIKit's event source, when the class defines it.
    private func transitionHooks(appearing: ObjectID?, disappearing: ObjectID?, animated: Bool, first: [Step] = [],
                                 finally: [Step] = []) {
        var now: [Step] = []
        var later: [Step] = []
        defer {
            queueUIKitCallouts(first + later + finally, at: self.now + (animated ? Self.transition : .zero),
                               label: "did appear/disappear")
        }
        if let d = disappearing {
            now.append(.internalStep(.callHook(d, "viewWillDisappear")))
            later.append(.internalStep(.callHook(d, "viewDidDisappear")))
        }
        if let a = appearing {
            now.append(.internalStep(.callHook(a, "viewWillAppear")))
            later.append(.internalStep(.callHook(a, "viewDidAppear")))
        }
        queueUIKitCallouts(now, at: self.now, label: "will appear/disappear")
    }

    private func queueUIKitCallouts(_ steps: [Step], at instant: SimInstant, label: String) {
        guard !steps.isEmpty else { return }
        userActions.append(UserAction(at: instant, label: label, body: Body(steps: steps, localNames: [])))
        queue.schedule(.userAction(userActions.count - 1), at: instant, phase: .input)
    }

    /// A hook's frame, if the object's class defines the method.
    func hookFrame(_ id: ObjectID, _ method: String) -> Frame? {
        guard let o = heap.object(id), case .instance(let c) = o.kind,
              let m = program.classes[c].methods.firstIndex(where: { $0.name == method }) else { return nil }
        return methodFrame(o, classIndex: c, method: m)
    }
}
