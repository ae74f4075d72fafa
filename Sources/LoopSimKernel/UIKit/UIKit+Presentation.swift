/// Modal presentation (docs/scenario-format.md §7.8, docs/fidelity.md "UIKit"): `presentViewController:` and
/// `dismissViewControllerAnimated:`, their hooks and completion blocks, and the properties scenarios read.
extension UIKit {
    // MARK: Presenting

    /// `presentViewController:animated:completion:`. UIKit raises `NSInvalidArgumentException` when the controller
    /// is the presenter itself, is already presented, sits in a navigation stack, or is itself presenting (an
    /// "active controller": the presenter's own presenter, or any controller further down the chain). A presenter
    /// presents one controller at a time: while it is presenting, UIKit refuses with a warning and drops the
    /// request (the controller is not retained: it may die; the completion block is not called). So does it when the
    /// program shows a window and the controller `present` is sent to is not in the window hierarchy
    /// (UIKit+Window.swift), with its own warning. A controller in a
    /// navigation stack presents from its navigation controller (`presentingViewController` is the container).
    ///
    /// Hooks: with a full-screen style the presenter's visible controller gets viewWillDisappear, then the presented
    /// one viewWillAppear; at the end of the transition the presented one viewDidAppear, then the presenter
    /// viewDidDisappear, then the completion block. With a sheet style the presenter's views stay and it gets none.
    /// The style is `style`, or (nil) the controller's `modalPresentationStyle`; what it does is the variant's
    /// `sheetPresentation` (``PresentationStyle/coversPresenter(sheets:)``).
    /// - Parameter completion: a block UIKit now owns (+1), or nil.
    func present(
        _ vc: ObjectID, from requested: ObjectID, animated: Bool, style requestedStyle: PresentationStyle?,
        completion: ObjectID?, on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) {
        let sheets = k.profile.sheetPresentation
        guard sheets != .none else {
            if let completion { k.release(completion, on: thread) }
            throw RuntimeFault(
                "present: needs UIKit's modal presentation, which \(k.profile.name) does not have (no UIKit); "
                    + "run this scenario under an iOS variant")
        }
        let style = requestedStyle ?? links(of: vc).modalPresentationStyle
        let covers = style.coversPresenter(sheets: sheets)
        let presenter = parent(of: requested) ?? requested
        do {
            try checkPresentable(vc, from: presenter)
        } catch {
            if let completion { k.release(completion, on: thread) }
            throw error
        }
        let name = k.heap.object(vc)?.displayName ?? ""
        recordPresentation(vc, k) { r in
            r.requests += 1
            if r.firstRequestedAt == nil { r.firstRequestedAt = k.now }
        }
        if let current = links(of: presenter).presented {
            let warning =
                "Warning: Attempt to present \(name) on \(k.heap.object(presenter)?.displayName ?? "") "
                + "which is already presenting \(k.heap.object(current)?.displayName ?? "")"
            k.records.logs.append(LogEntry(at: k.now, thread: thread.name, text: warning))
            k.record(thread, .presentRefused(controller: k.name(name)))
            recordPresentation(vc, k) { $0.refused += 1 }
            if let completion { k.release(completion, on: thread) }
            return
        }
        if k.program.showsWindow, !isInWindowHierarchy(requested) {
            let warning = notInWindowWarning(
                presenting: vc, on: presenter, from: requested, iosVersion: k.profile.iosVersion)
            k.records.logs.append(LogEntry(at: k.now, thread: thread.name, text: warning))
            k.record(thread, .presentRefused(controller: k.name(name)))
            recordPresentation(vc, k) { $0.refused += 1 }
            if let completion { k.release(completion, on: thread) }
            return
        }
        k.retain(vc)
        k.objects.lifecycleRestarted(vc)  // shown again after a dismissal: its lifecycle starts over
        setLinks(presenter) { $0.presented = vc }
        setLinks(vc) {
            $0.presenting = presenter
            $0.coversPresenter = covers
        }
        k.record(thread, .present(controller: k.name(name)))
        recordPresentation(vc, k) { r in
            r.shown += 1
            if r.firstShownAt == nil { r.firstShownAt = k.now }
        }
        let shown = visibleController(vc)
        let covered = visibleController(presenter)
        var will: [Step] = []
        var did = [Self.hook(shown, "viewDidAppear")]
        if covers {
            will.append(Self.hook(covered, "viewWillDisappear"))
            did.append(Self.hook(covered, "viewDidDisappear"))
        }
        will.append(Self.hook(shown, "viewWillAppear"))
        if let completion {
            hold(completion, retaining: false)
            did.append(.internalStep(.callCompletion(completion)))
        }
        queueTransition(will: will, did: did, animated: animated)
    }

    /// The exceptions UIKit raises before presenting (their reasons as UIKit words them).
    private func checkPresentable(_ vc: ObjectID, from presenter: ObjectID) throws(RuntimeFault) {
        let raise = { (reason: String) -> RuntimeFault in
            RuntimeFault(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', "
                    + "reason: '\(reason)'")
        }
        if vc == presenter {
            throw raise(
                "Application tried to present modal view controller on itself. Presenting controller is "
                    + "\(describe(vc)).")
        }
        if let by = links(of: vc).presenting {
            throw raise(
                "Application tried to present modally a view controller \(describe(vc)) that is already "
                    + "being presented by \(describe(by)).")
        }
        if let nav = parent(of: vc) {
            throw raise(
                "Application tried to present modally a view controller \(describe(vc)) that has a parent "
                    + "view controller \(describe(nav)).")
        }
        if links(of: vc).presented != nil {
            throw raise("Application tried to present modally an active controller \(describe(vc)).")
        }
    }

    /// `vc.modalPresentationStyle = style`: how a later `present` of `vc` shows it (UIKit reads the property when
    /// the presentation starts; one under way keeps the style it began with).
    func setModalPresentationStyle(_ vc: ObjectID, _ style: PresentationStyle) {
        setLinks(vc) { $0.modalPresentationStyle = style }
    }

    // MARK: Dismissing

    /// `dismissViewControllerAnimated:completion:` sent to `vc`. What `vc` (or its navigation controller) presents
    /// is dismissed, with everything presented above it; when it presents nothing, UIKit asks the presenter of `vc`
    /// (or of the navigation controller it sits in) to dismiss it — the same dismissal whoever sends it (Apple's
    /// documentation of the method). Only the top-most controller is animated; the ones between are removed.
    ///
    /// Hooks: the top-most visible controller's viewWillDisappear, then (full-screen style) the presenter's
    /// viewWillAppear; at the end of the transition the presenter forgets the controller, then its viewDidAppear,
    /// the dismissed one's viewDidDisappear, the completion block, and UIKit releases the dismissed controllers.
    /// Nothing to dismiss, or a dismissal already under way: nothing happens and the completion is not called.
    /// - Parameter completion: a block UIKit now owns (+1), or nil.
    func dismiss(_ vc: ObjectID, animated: Bool, completion: ObjectID?, on thread: SimThread) {
        let container = parent(of: vc)
        var target: ObjectID?
        if let presented = links(of: vc).presented ?? container.flatMap({ links(of: $0).presented }) {
            target = presented
        } else if links(of: vc).presenting != nil {
            target = vc
        } else if let container, links(of: container).presenting != nil {
            target = container
        }
        guard let target, let presenter = links(of: target).presenting, !links(of: target).isBeingDismissed else {
            if let completion { objects.release(completion, on: thread) }
            return
        }
        let fromChild = container == target && links(of: target).viewControllers.first != vc
        let targetName = objects.heap.object(target).map { recorder.name($0) } ?? recorder.name("")
        recorder.record(thread, .dismiss(controller: targetName, fromChild: fromChild))
        // The chain from the target up to the top-most presented controller.
        var chain = [(presenter: presenter, presented: target)]
        while let above = links(of: chain.last!.presented).presented { chain.append((chain.last!.presented, above)) }
        for (_, presented) in chain { setLinks(presented) { $0.isBeingDismissed = true } }
        let leaving = visibleController(chain.last!.presented)
        let uncovered = visibleController(presenter)
        let covers = links(of: target).coversPresenter
        var will = [Self.hook(leaving, "viewWillDisappear")]
        var did: [Step] = chain.reversed().map {
            .internalStep(.endPresentation(presenter: $0.presenter, presented: $0.presented))
        }
        if covers {
            will.append(Self.hook(uncovered, "viewWillAppear"))
            did.append(Self.hook(uncovered, "viewDidAppear"))
        }
        did.append(Self.hook(leaving, "viewDidDisappear"))
        if let completion {
            hold(completion, retaining: false)
            did.append(.internalStep(.callCompletion(completion)))
        }
        did += chain.reversed().map { .internalStep(.releaseHeld($0.presented, reason: "dismissed")) }
        queueTransition(will: will, did: did, animated: animated)
    }

    /// The end of a dismissal: the presenter forgets the controller (before the hooks, so that the presenter may
    /// present again from them), whose presenter's reference UIKit holds until the end of the transition.
    func endPresentation(presenter: ObjectID, presented: ObjectID, on thread: SimThread) {
        guard links(of: presenter).presented == presented else { return }
        setLinks(presenter) { $0.presented = nil }
        setLinks(presented) {
            $0.presenting = nil
            $0.isBeingDismissed = false
        }
        hold(presented, retaining: false)
    }

    func recordPresentation(_ vc: ObjectID, _ k: Kernel, _ change: (inout PresentationRecord) -> Void) {
        guard let o = k.heap.object(vc) else { return }
        if let i = presentations.firstIndex(where: { $0.serial == o.serial }) {
            change(&presentations[i].record)
        } else {
            var r = PresentationRecord(
                object: o.label, serial: o.serial, className: o.className,
                createdAt: o.allocatedAt)
            change(&r)
            presentations.append((o.serial, r))
        }
    }

    // MARK: Properties

    /// A UIKit property of `id` as a scenario reads it (nil where UIKit answers nil).
    func property(_ property: UIKitProperty, of id: ObjectID) -> Value {
        let container = parent(of: id)
        func object(_ o: ObjectID?) -> Value { o.map { .object($0) } ?? .null }
        switch property {
        case .presentedViewController:
            // "The view controller that is presented by this view controller, or one of its ancestors"
            return object(links(of: id).presented ?? container.flatMap { links(of: $0).presented })
        case .presentingViewController:
            // "... if one of its ancestors is being presented, the view controller presenting the nearest ancestor"
            return object(links(of: id).presenting ?? container.flatMap { links(of: $0).presenting })
        case .topViewController:
            return object(links(of: id).viewControllers.last)
        case .navigationController:
            return object(container)
        case .viewControllerCount:
            return .int(links(of: id).viewControllers.count)
        }
    }
}
