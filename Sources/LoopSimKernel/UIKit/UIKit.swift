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
    var navigationControllers: [ObjectID] = []
    /// Presentation figures per controller, in the order first presented.
    var presentations: [(serial: Int, record: PresentationRecord)] = []
    /// The window's root controller once `makeKeyAndVisible` has put its view in the window (UIKit+Window.swift);
    /// nil before.
    var windowRoot: ObjectID?
    /// The main run loop tracks a scroll (runs `UITrackingRunLoopMode`) until this instant.
    private(set) var trackingUntil = SimInstant.zero
    /// How many scrolls have begun: the serial of the latest touch (UIKit+ScrollDelegate.swift).
    var scrolls = 0
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

    /// The clock and the event log.
    let recorder: Recorder
    /// Retain, release and the heap.
    let objects: Objects

    init(userActions: [UserAction], generated: (() -> UserAction?)? = nil, recorder: Recorder, objects: Objects) {
        self.recorder = recorder
        self.objects = objects
        self.userActions = userActions
        self.generated = generated
    }

    // MARK: The event source

    /// `UIApplicationMain` adds UIKit's event source to the main run loop's common modes (which keep it), ordered
    /// before any source of the app's.
    ///
    /// Without UIKit (`uikitMainRunLoop` off: Linux) nothing is added to the run loop, whose common modes then
    /// hold only what the app puts there (and the main queue, `__CFRunLoopModeIsEmpty`). Input reaches the app
    /// through the main queue instead, as swift-corelibs-foundation's own input does (`FileHandle`'s
    /// `readInBackgroundAndNotify` hands each read to `DispatchQueue.main.async`): a dispatch source on the main
    /// queue, which the system holds, whose handler runs the pending actions (``signalEventSource(waking:_:)``).
    func addEventSource(to rl: SimRunLoop, on main: SimThread, _ k: Kernel) {
        guard k.profile.uikitMainRunLoop else {
            eventSource =
                k.objects.allocate(
                    kind: .dispatchSource, className: "dispatch_source",
                    label: "main-queue input source", slotNames: [], slotStrengths: [],
                    slots: [], isDeclaredRoot: true, isInternal: true, at: k.now,
                    on: main.name
                ).id  // the system holds it (a root) for the whole run
            return
        }
        let source = k.runLoops.makeSource(
            order: -1, handler: .userEvents, block: nil, label: "UIKit event source", on: main)
        eventSource = source
        k.runLoops.addSource(source, to: rl, mode: RunLoopModeName.common, on: main)
        k.release(source, on: main)  // the run loop's common items keep it
    }

    /// Input is pending: UIKit's event source is signalled (and, `waking`, the main run loop woken), or without
    /// UIKit the main-queue input source's handler is queued on the main queue, once until it starts
    /// (libdispatch merges the events of a source whose handler is already queued).
    func signalEventSource(waking: Bool, _ k: Kernel) {
        guard let source = eventSource.flatMap({ k.heap.object($0) }) else { return }
        guard k.profile.uikitMainRunLoop else {
            k.dispatch.enqueueInputHandler()
            return
        }
        k.runLoops.signal(source)
        if waking { k.runLoops.wakeUp(k.runLoops[0], from: nil) }
    }

    /// Queues every user action known at the start for its instant.
    func scheduleUserActions() {
        for (i, action) in userActions.enumerated() {
            recorder.clock.schedule(.userAction(i), at: action.at, phase: .input)
        }
        scheduleNextGenerated()
    }

    /// Draws the next generated action, if any, and queues it for its instant. One is queued at a time: the next
    /// is drawn when it is delivered (each is later than the one before, so the order is the same as if all were
    /// queued at the start).
    private func scheduleNextGenerated() {
        guard let action = generated?() else {
            nextGenerated = nil
            return
        }
        userActions.append(action)
        nextGenerated = userActions.count - 1
        recorder.clock.schedule(.userAction(userActions.count - 1), at: action.at, phase: .input)
    }

    /// A user action reaches UIKit's event source on the main run loop: signal it and wake the loop.
    func deliverUserAction(_ index: Int, _ k: Kernel) {
        if index == nextGenerated { scheduleNextGenerated() }
        if let action = userActions[index].appAction {
            k.app.perform(action, k)
            return
        }
        pendingUserActions.append(index)
        k.record(nil, .userAction(label: k.name(userActions[index].label)))
        signalEventSource(waking: true, k)
    }

    /// A callback for the main thread, due now: pending on the event source at once, and the source signalled.
    /// The caller wakes the main run loop (or defers it while the app is suspended).
    func enqueue(_ action: UserAction, _ k: Kernel) {
        userActions.append(action)
        pendingUserActions.append(userActions.count - 1)
        signalEventSource(waking: false, k)
    }

    /// The next action the event source's callout runs, taken off the pending ones.
    func takePendingAction() -> UserAction? {
        guard let index = pendingUserActions.popFirst() else { return nil }
        return userActions[index]
    }

    /// An action that reaches the event source at its instant through the queue, after those already queued for
    /// that instant (the launch's appearance callouts).
    func queue(_ action: UserAction) {
        userActions.append(action)
        recorder.clock.schedule(.userAction(userActions.count - 1), at: action.at, phase: .input)
    }

    /// Callbacks that reach the event source at `instant` through the queue, like a touch.
    func queueCallouts(_ steps: [Step], at instant: SimInstant, label: String) {
        guard !steps.isEmpty else { return }
        userActions.append(UserAction(at: instant, label: label, body: Body(steps: steps, localNames: [])))
        recorder.clock.schedule(.userAction(userActions.count - 1), at: instant, phase: .input)
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
            current.mode.requestStop()
            k.runLoops.wakeUp(rl, from: thread)
        }
    }

    // MARK: Links

    /// UIKit's references of `id` (none if it has none).
    func links(of id: ObjectID) -> UIKitLinks { links[id] ?? UIKitLinks() }

    /// UIKit lets go of `id`'s references (its dealloc): they are returned, for the caller to release.
    func removeLinks(of id: ObjectID) -> UIKitLinks? { links.removeValue(forKey: id) }

    func setLinks(_ id: ObjectID, _ change: (inout UIKitLinks) -> Void) {
        var l = links[id] ?? UIKitLinks()
        change(&l)
        links[id] = l
    }

    /// A UIKit object (navigation controller, navigation item, bar button item), +1 for the caller.
    func makeUIKitObject(_ className: String, label: String?, on thread: SimThread) -> ObjectID {
        objects.allocate(
            kind: .uikit, className: className, label: label, slotNames: [], slotStrengths: [], slots: [],
            isDeclaredRoot: false, at: recorder.now, on: thread.name
        ).id
    }

    // MARK: Transitions

    /// Objects UIKit holds while a transition is under way, one entry per reference: a popped controller until its
    /// viewDidDisappear, a completion block until it is called. A root of the leak analysis ("UIKit transition").
    private(set) var transitionHolds: [ObjectID] = []

    /// UIKit takes a reference for a transition (the caller's +1, or a new one when `retaining`).
    func hold(_ id: ObjectID, retaining: Bool) {
        if retaining { objects.retain(id) }
        transitionHolds.append(id)
    }

    /// UIKit lets go of a transition's reference to `id`; the caller releases it. False if UIKit held none.
    func unhold(_ id: ObjectID) -> Bool {
        guard let i = transitionHolds.firstIndex(of: id) else { return false }
        transitionHolds.remove(at: i)
        return true
    }

    /// A transition's hooks: `will` runs now through the event source, `did` when the transition ends (after
    /// ``transition`` when animated, else at once in a following callout), each hook when the class defines it.
    func queueTransition(will: [Step], did: [Step], animated: Bool) {
        queueCallouts(will, at: recorder.now, label: "will appear/disappear")
        queueCallouts(did, at: recorder.now + (animated ? Self.transition : .zero), label: "did appear/disappear")
    }

    /// The step calling `hook` on `id`.
    static func hook(_ id: ObjectID, _ hook: String) -> Step { .internalStep(.callHook(id, hook)) }

    /// A hook's frame, if the object's class defines the method (and, when `aliveOnly`, the object is not being
    /// deallocated: a scroll view's delegate callback, sent through a weak reference).
    func hookFrame(_ id: ObjectID, _ method: String, arguments: [Value] = [], aliveOnly: Bool = false, _ k: Kernel)
        -> Frame?
    {
        guard let o = k.heap.object(id), !aliveOnly || o.state == .alive, case .instance(let c) = o.kind,
            let m = k.program.classes[c].methods.firstIndex(where: { $0.name == method })
        else { return nil }
        return k.interpreter.methodFrame(o, classIndex: c, method: m, arguments: arguments)
    }
}
