import DequeModule

/// UIKit as the app sees it: the references it keeps per view controller, navigation controller and bar item
/// (``UIKitLinks``), the navigation controllers, what happened to each presented controller, the scroll being
/// tracked, and its event source on the main run loop with the user actions that go through it. It owns them;
/// the kernel's services (the clock, the queue, run loops, events, the heap) are reached through the ``Kernel``
/// each call is given.
///
/// User actions live here, with the event source, because every one of them reaches the app through it: the
/// scenario's touches (`user:`) and the run's generated ones at their instants, and the callbacks UIKit and the
/// app's lifecycle queue as the run goes (view-controller hooks of transitions, app-delegate callbacks, background
/// task expiration). Each is signalled on the source, and the source's callout (``UserEventsFrame``) runs them in
/// arrival order in the app's environment. An `app:` action is the system's, not a touch: it goes to
/// ``AppLifecycle/perform(_:_:)`` instead.
final class UIKit {
    /// Animated transitions take this long (UIKit's default push and modal animations are about this).
    static let transition = SimDuration.milliseconds(350)

    /// UIKit's references per object (looked up by id only, never iterated).
    private(set) var links: [ObjectID: UIKitLinks] = [:]
    private var navigationControllers: [ObjectID] = []
    /// Presentation figures per controller, in the order first presented.
    private(set) var presentations: [(serial: Int, record: PresentationRecord)] = []
    /// The main run loop tracks a scroll (runs `UITrackingRunLoopMode`) until this instant.
    private(set) var trackingUntil = SimInstant.zero
    /// UIKit's event source, a version-0 source in the main run loop's common modes.
    private var eventSource: ObjectID?
    /// The program's user actions, then the run's generated ones and the callbacks queued as the run goes.
    private var userActions: [UserAction]
    /// Draws the run's next generated action (``KernelConfiguration/generatedUserActions``).
    private let generated: (() -> UserAction?)?
    /// The index of the generated action scheduled and not yet delivered: when it is, the next is drawn.
    private var nextGenerated: Int?
    /// Actions signalled on the event source and not yet run by its callout, by index in arrival order.
    private var pendingUserActions = Deque<Int>()

    init(userActions: [UserAction], generated: (() -> UserAction?)? = nil) {
        self.userActions = userActions
        self.generated = generated
    }

    // MARK: The event source

    /// `UIApplicationMain` adds UIKit's event source to the main run loop's common modes (which keep it), ordered
    /// before any source of the app's.
    func addEventSource(to rl: SimRunLoop, on main: SimThread, _ k: Kernel) {
        let source = k.runLoops.makeSource(order: -1, handler: .userEvents, block: nil, label: "UIKit event source", on: main, k)
        eventSource = source
        k.runLoops.addSource(source, to: rl, mode: RunLoopModeName.common, on: main, k)
        k.release(source, on: main)  // the run loop's common items keep it
    }

    /// Queues every user action known at the start for its instant.
    func scheduleUserActions(_ k: Kernel) {
        for (i, action) in userActions.enumerated() {
            k.clock.schedule(.userAction(i), at: action.at, phase: .input)
        }
        scheduleNextGenerated(k)
    }

    /// Draws the next generated action, if any, and queues it for its instant. One is queued at a time: the next
    /// is drawn when it is delivered (each is later than the one before, so the order is the same as if all were
    /// queued at the start).
    private func scheduleNextGenerated(_ k: Kernel) {
        guard let action = generated?() else {
            nextGenerated = nil
            return
        }
        userActions.append(action)
        nextGenerated = userActions.count - 1
        k.clock.schedule(.userAction(userActions.count - 1), at: action.at, phase: .input)
    }

    /// A user action reaches UIKit's event source on the main run loop: signal it and wake the loop.
    func deliverUserAction(_ index: Int, _ k: Kernel) {
        if index == nextGenerated { scheduleNextGenerated(k) }
        if let action = userActions[index].appAction {
            k.app.perform(action, k)
            return
        }
        pendingUserActions.append(index)
        k.record(nil, .userAction(label: k.name(userActions[index].label)))
        guard let source = eventSource.flatMap({ k.heap.object($0) }) else { return }
        k.runLoops.signal(source)
        k.runLoops.wakeUp(k.runLoops[0], from: nil, k)
    }

    /// A callback for the main thread, due now: pending on the event source at once, and the source signalled.
    /// The caller wakes the main run loop (or defers it while the app is suspended).
    func enqueue(_ action: UserAction, _ k: Kernel) {
        userActions.append(action)
        pendingUserActions.append(userActions.count - 1)
        if let source = eventSource.flatMap({ k.heap.object($0) }) { k.runLoops.signal(source) }
    }

    /// The next action the event source's callout runs, taken off the pending ones.
    func takePendingAction() -> UserAction? {
        guard let index = pendingUserActions.popFirst() else { return nil }
        return userActions[index]
    }

    /// Callbacks that reach the event source at `instant` through the queue, like a touch.
    private func queueCallouts(_ steps: [Step], at instant: SimInstant, label: String, _ k: Kernel) {
        guard !steps.isEmpty else { return }
        userActions.append(UserAction(at: instant, label: label, body: Body(steps: steps, localNames: [])))
        k.clock.schedule(.userAction(userActions.count - 1), at: instant, phase: .input)
    }

    // MARK: Tracking

    /// UIKit starts tracking a touch: the default-mode activation of the main run loop is left
    /// (`_CFRunLoopStopMode`) and a tracking activation runs until `now + length` (semantics §2).
    func beginTracking(for length: SimDuration, on thread: SimThread, _ k: Kernel) {
        let end = k.now + length
        k.record(thread, .scroll(until: end))
        guard end > trackingUntil else { return }  // a touch already tracked until then or later
        trackingUntil = end
        let rl = k.runLoops[0]
        if let current = rl.currentActivation, current.mode.name != RunLoopModeName.tracking {
            current.mode.stopFlag = true
            k.runLoops.wakeUp(rl, from: thread, k)
        }
    }

    // MARK: Links

    /// UIKit's references of `id` (none if it has none).
    func links(of id: ObjectID) -> UIKitLinks { links[id] ?? UIKitLinks() }

    /// UIKit lets go of `id`'s references (its dealloc): they are returned, for the caller to release.
    func removeLinks(of id: ObjectID) -> UIKitLinks? { links.removeValue(forKey: id) }

    private func setLinks(_ id: ObjectID, _ change: (inout UIKitLinks) -> Void) {
        var l = links[id] ?? UIKitLinks()
        change(&l)
        links[id] = l
    }

    /// A UIKit object (navigation controller, navigation item, bar button item), +1 for the caller.
    private func makeUIKitObject(_ className: String, label: String?, on thread: SimThread, _ k: Kernel) -> ObjectID {
        k.objects.allocate(kind: .uikit, className: className, label: label, slotNames: [], slotStrengths: [], slots: [],
                           isDeclaredRoot: false, at: k.now, on: thread.name).id
    }

    // MARK: Navigation

    /// The controller's navigation item, made on first use (`-[UIViewController navigationItem]`).
    private func navigationItem(of vc: ObjectID, on thread: SimThread, _ k: Kernel) -> ObjectID {
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

    /// `[[UINavigationController alloc] initWithRootViewController:]`, +1 for the caller.
    func makeNavigationController(root: ObjectID, on thread: SimThread, _ k: Kernel) -> ObjectID {
        let nav = makeUIKitObject("UINavigationController", label: "nav", on: thread, k)
        navigationControllers.append(nav)
        push(root, on: nav, animated: false, on: thread, k)
        return nav
    }

    /// `pushViewController:animated:`: the stack and its bar hold the controller and its navigation item.
    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool, on thread: SimThread, _ k: Kernel) {
        k.retain(vc)
        let item = navigationItem(of: vc, on: thread, k)
        k.retain(item)
        setLinks(nav) {
            $0.viewControllers.append(vc)
            $0.barItems.append(item)
        }
        k.record(thread, .push(controller: k.heap.object(vc).map { k.name($0) } ?? k.name("")))
        transitionHooks(appearing: vc, disappearing: nil, animated: animated, k)
    }

    /// `popViewControllerAnimated:` or `popToRootViewControllerAnimated:`.
    func pop(_ nav: ObjectID, toRoot: Bool, on thread: SimThread, _ k: Kernel) {
        var popped: [ObjectID] = []
        var items: [ObjectID] = []
        setLinks(nav) { l in
            while l.viewControllers.count > 1 {
                popped.append(l.viewControllers.removeLast())
                if !l.barItems.isEmpty { items.append(l.barItems.removeLast()) }
                if !toRoot { break }
            }
        }
        k.record(thread, .pop(count: Int64(popped.count)))
        for item in items { k.release(item, on: thread) }
        for vc in popped {
            letGoIfSurvives(vc, because: "popped", releasingOn: thread, k)
        }
    }

    // MARK: Presentation

    /// `presentViewController:animated:`. A presenter presents one controller at a time: while it is presenting,
    /// UIKit refuses with a warning and drops the request (the controller is not retained: it may die).
    func present(_ vc: ObjectID, from presenter: ObjectID, animated: Bool, on thread: SimThread, _ k: Kernel) {
        let name = k.heap.object(vc)?.displayName ?? ""
        recordPresentation(vc, k) { r in
            r.requests += 1
            if r.firstRequestedAt == nil { r.firstRequestedAt = k.now }
        }
        if let current = links(of: presenter).presented {
            let warning = "Warning: Attempt to present \(name) on \(k.heap.object(presenter)?.displayName ?? "") "
                + "which is already presenting \(k.heap.object(current)?.displayName ?? "")"
            k.records.logs.append(LogEntry(at: k.now, thread: thread.name, text: warning))
            k.record(thread, .presentRefused(controller: k.name(name)))
            recordPresentation(vc, k) { $0.refused += 1 }
            return
        }
        k.retain(vc)
        setLinks(presenter) { $0.presented = vc }
        setLinks(vc) { $0.presenting = presenter }
        k.record(thread, .present(controller: k.name(name)))
        recordPresentation(vc, k) { r in
            r.shown += 1
            if r.firstShownAt == nil { r.firstShownAt = k.now }
        }
        transitionHooks(appearing: vc, disappearing: nil, animated: animated, k)
    }

    /// `dismissViewControllerAnimated:` sent to `vc`: dismisses what `vc` presents, or `vc` itself when it is
    /// presented, or the presented navigation controller it sits in. Sent from a pushed (not root) controller
    /// of a presented navigation controller, UIKit tears down the stack's controllers but the presenter keeps
    /// the navigation controller and its bar's items: seed 000's S3 observation, while its S4 login screen (the
    /// root) dismisses itself cleanly. The mechanism is closed source: UNCONFIRMED.
    func dismiss(_ vc: ObjectID, animated: Bool, on thread: SimThread, _ k: Kernel) {
        var target = vc
        var fromChild = false
        if let presented = links(of: vc).presented {
            target = presented
        } else if links(of: vc).presenting == nil,
                  let nav = navigationControllers.first(where: {
                      links(of: $0).viewControllers.contains(vc) && links(of: $0).presenting != nil
                  }) {
            target = nav
            fromChild = links(of: nav).viewControllers.first != vc
        }
        // Nothing presented, or its dismissal already under way: UIKit does nothing (the presenter's
        // presentedViewController is released once, when the first dismissal's transition ends).
        guard let presenter = links(of: target).presenting, !links(of: target).isBeingDismissed else { return }
        let visible = links(of: target).viewControllers.last ?? target
        k.record(thread, .dismiss(controller: k.heap.object(target).map { k.name($0) } ?? k.name(""),
                                  fromChild: fromChild))
        if fromChild {
            transitionHooks(appearing: nil, disappearing: visible, animated: animated, k)
            // the stack's controllers go; the navigation controller and its bar items stay with the presenter
            var popped: [ObjectID] = []
            setLinks(target) { l in
                popped = l.viewControllers
                l.viewControllers = []
            }
            for child in popped { letGoIfSurvives(child, because: "dismissed", releasingOn: thread, k) }
            if let nav = k.heap.object(target) { k.objects.abandon(nav, because: "dismissed", k) }  // it should go; the presenter keeps it
            return
        }
        // UIKit keeps the controller, and the presenter its presentedViewController, until the dismissal ends.
        setLinks(target) { $0.isBeingDismissed = true }
        transitionHooks(appearing: nil, disappearing: visible, animated: animated,
                        first: [.internalStep(.endPresentation(presenter: presenter, presented: target))],
                        finally: [.internalStep(.releasePresented(target))], k)
    }

    /// The end of a dismissal: the presenter forgets the controller (before its viewDidDisappear, so the
    /// presenter may present again from there).
    func endPresentation(presenter: ObjectID, presented: ObjectID, on thread: SimThread) {
        if links(of: presenter).presented == presented { setLinks(presenter) { $0.presented = nil } }
        if links[presented] != nil {
            setLinks(presented) {
                $0.presenting = nil
                $0.isBeingDismissed = false
            }
        }
    }

    /// After its viewDidDisappear, UIKit releases the dismissed controller.
    func releasePresented(_ presented: ObjectID, on thread: SimThread, _ k: Kernel) {
        letGoIfSurvives(presented, because: "dismissed", releasingOn: thread, k)
    }

    /// Releases a reference UIKit held; the object is let go if it outlives it.
    private func letGoIfSurvives(_ id: ObjectID, because reason: String, releasingOn thread: SimThread, _ k: Kernel) {
        k.release(id, on: thread)
        if let o = k.heap.object(id), o.state == .alive { k.objects.abandon(o, because: reason, k) }
    }

    private func recordPresentation(_ vc: ObjectID, _ k: Kernel, _ change: (inout PresentationRecord) -> Void) {
        guard let o = k.heap.object(vc) else { return }
        if let i = presentations.firstIndex(where: { $0.serial == o.serial }) {
            change(&presentations[i].record)
        } else {
            var r = PresentationRecord(object: o.label, serial: o.serial, className: o.className,
                                       createdAt: o.allocatedAt)
            change(&r)
            presentations.append((o.serial, r))
        }
    }

    // MARK: View-controller hooks

    /// viewWillAppear/viewWillDisappear now, viewDidAppear/viewDidDisappear when the transition ends; each runs
    /// on the main thread through UIKit's event source, when the class defines it.
    private func transitionHooks(appearing: ObjectID?, disappearing: ObjectID?, animated: Bool, first: [Step] = [],
                                 finally: [Step] = [], _ k: Kernel) {
        var now: [Step] = []
        var later: [Step] = []
        defer {
            queueCallouts(first + later + finally, at: k.now + (animated ? Self.transition : .zero),
                          label: "did appear/disappear", k)
        }
        if let d = disappearing {
            now.append(.internalStep(.callHook(d, "viewWillDisappear")))
            later.append(.internalStep(.callHook(d, "viewDidDisappear")))
        }
        if let a = appearing {
            now.append(.internalStep(.callHook(a, "viewWillAppear")))
            later.append(.internalStep(.callHook(a, "viewDidAppear")))
        }
        queueCallouts(now, at: k.now, label: "will appear/disappear", k)
    }

    /// A hook's frame, if the object's class defines the method.
    func hookFrame(_ id: ObjectID, _ method: String, _ k: Kernel) -> Frame? {
        guard let o = k.heap.object(id), case .instance(let c) = o.kind,
              let m = k.program.classes[c].methods.firstIndex(where: { $0.name == method }) else { return nil }
        return k.interpreter.methodFrame(o, classIndex: c, method: m, k)
    }
}
