extension RunLoops {
    /// Prepares one callout of an activation; returns the frame to push, or nil if it no longer applies.
    func beginCallout(_ callout: Callout, of a: ActivationFrame, on thread: SimThread) -> Frame? {
        switch callout {
        case .observer(let id, let activity):
            guard let index = a.mode.observers.firstIndex(where: { $0.id == id }) else { return nil }
            let observer = a.mode.observers[index]
            guard isValidObserver(observer.object), !observer.isFiring else { return nil }
            if let callout = kernelCallout(of: observer.object) {
                setObserverFiring(id, true, in: a.runLoop)
                recorder.record(
                    thread,
                    .observerCallout(
                        activity: NameTable.activity(activity) ?? recorder.name(activity.name),
                        order: Int64(observer.order)))
                return callout.frame()
            }
            guard let block = observerBlock(observer.object) else { return nil }
            setObserverFiring(id, true, in: a.runLoop)
            recorder.record(
                thread,
                .observerCallout(
                    activity: NameTable.activity(activity) ?? recorder.name(activity.name),
                    order: Int64(observer.order)))
            // The block's `(CFRunLoopObserverRef observer, CFRunLoopActivity activity)`: the activity, as
            // `_runLoopObserverWithBlockContext` passes it (an `activity:` parameter reads it).
            return calloutFrame(retaining: block, edge: "observer", arguments: [.int(Int(activity.rawValue))])
        case .block(let block):
            recorder.record(
                thread,
                .blockCallout(block: objects.heap.object(block).map { recorder.labelName($0) } ?? recorder.name("")))
            return interpreter.blockFrame(block, edge: "perform block")  // the queued +1 is released when it returns
        case .source0(let id):
            guard let o = objects.heap.object(id), o.source!.isSignalled, o.source!.isValid else { return nil }
            o.source!.isSignalled = false
            a.sourceHandledThisLoop = true
            recorder.record(thread, .sourceCallout(source: recorder.labelName(o)))
            switch o.source!.handler {
            case .userEvents:
                return UserEventsFrame()
            case .threadPerforms:
                return ThreadPerformsFrame(runLoop: a.runLoop, mode: a.mode)
            case .socketAccept(let port):
                return socketAcceptCallout(port, on: thread)
            case .socketData(let port):
                return socketDataCallout(port, on: thread)
            case .socketPort:
                return nil
            case .block:
                guard case .object(let block) = o[slot: 0] else { return nil }
                return calloutFrame(retaining: block, edge: "source handler")
            }
        case .source1(let id):
            // `__CFRunLoopDoSource1` (CFRunLoop.c lines 2301–2340): an invalid source is skipped, a valid one's
            // perform callout runs and the source counts as handled.
            guard let o = objects.heap.object(id), o.source!.isValid else { return nil }
            a.sourceHandledThisLoop = true
            recorder.record(thread, .sourceCallout(source: recorder.labelName(o)))
            if o.source!.connectionMessages != nil { return connectionCallout(o) }
            guard case .object(let block) = o[slot: 0] else { return nil }
            return calloutFrame(retaining: block, edge: "port handler")
        case .timer(let id, let oldFire):
            return beginTimerCallout(id, oldFire: oldFire, of: a, on: thread)
        case .mainQueue:
            return MainQueueDrainFrame()
        case .drainAutoreleasePool:
            objects.drainAutoreleasePool(of: thread, reason: "UIKit pool observer")
            return nil
        }
    }

    /// The frame of a callout to `block`, which is retained for the call and released when it returns.
    ///
    /// A live block with no steps and no locals runs nothing: retaining it, running no step and releasing it
    /// changes no count, frees nothing and writes no trace event, so it gets the shared no-op frame instead of
    /// a retain, an environment, a frame and a release (an empty timer callout is the timer storm's every fire:
    /// BENCHMARKS.md). The thread still takes the frame's one step, so step counts and limits are unchanged.
    func calloutFrame(retaining block: ObjectID, edge: String, arguments: [Value] = []) -> Frame {
        // The block read unretained, its body's two lists in place (a strong read and a copy of the body each took
        // a retain and a release a timer-storm fire, callgrind).
        let runsNothing =
            objects.withUnretainedObject(block) { o in
                guard case .block(let t) = o.kind else { return false }
                return program.blocks[t].body.steps.isEmpty && program.blocks[t].body.localNames.isEmpty
            } ?? false
        if runsNothing { return NoOpFrame.shared }
        objects.retain(block)
        return interpreter.blockFrame(block, edge: edge, arguments: arguments)
    }

    /// Completes a callout after its frame returned.
    func finishCallout(_ callout: Callout, of a: ActivationFrame, on thread: SimThread) {
        switch callout {
        case .observer(let id, _):
            setObserverFiring(id, false, in: a.runLoop)
            // `__CFRunLoopDoObservers`: `if (doInvalidate) CFRunLoopObserverInvalidate(rlo);` for a non-repeating one.
            if let observer = a.mode.observers.first(where: { $0.id == id }), !observer.repeats {
                invalidateObserver(observer.object, on: thread)
            }
        case .block:
            break
        case .source0:
            if a.returnAfterSourceHandled { a.calloutIndex = a.callouts.count }  // stop after the first source
        case .timer(let id, let oldFire):
            finishTimerCallout(id, oldFire: oldFire, of: a, on: thread)
        case .source1(let id):
            if let o = objects.heap.object(id), o.source!.isValid, let all = o.source!.connectionMessages,
                o.source!.connectionHandled == all
            {
                finishConnection(o, on: thread)
            }
        case .mainQueue, .drainAutoreleasePool:
            break
        }
    }

    private func setObserverFiring(_ id: Int, _ firing: Bool, in rl: SimRunLoop) {
        for mode in rl.modes.values {
            if let i = mode.observers.firstIndex(where: { $0.id == id }) { mode.setObserverFiring(at: i, firing) }
        }
    }
}

/// A callout with nothing to run. It holds nothing, so one instance serves every such callout.
final class NoOpFrame: Frame {
    nonisolated(unsafe) static let shared = NoOpFrame()

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction { .pop(.null) }
    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// UIKit's event source callout, or without UIKit the main-queue input handler: delivers every queued user
/// action, in arrival order.
///
/// Each action runs in the app's environment; the names its `do:` declares are its own locals, released when it
/// returns (``HandlerLocals``).
final class UserEventsFrame: Frame {
    private var locals = HandlerLocals()
    /// The kernel's own steps that end a delegate callback with locals (the suspension after
    /// `didEnterBackground`): run after the callback has returned and its locals have gone.
    private var followUps: [Step] = []
    private var label = ""

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if locals.isOpen {
            // The action returned: its locals go (their deallocs run before the next action).
            locals.close(on: thread)
            guard followUps.isEmpty else {
                defer { followUps = [] }
                return .push(
                    ProgramFrame(
                        steps: followUps, env: kernel.app.environment, ownsEnvironment: false,
                        label: label))
            }
            return .next
        }
        guard let action = kernel.uikit.takePendingAction() else { return .pop(.null) }
        kernel.record(thread, .userDeliver(label: kernel.name(action.label)))
        locals.open(action.body.localNames, in: kernel.app)
        var steps = action.body.steps
        label = "user: \(action.label)"
        if locals.isOpen {
            let kernelSteps = steps.reversed().prefix { if case .internalStep = $0 { true } else { false } }.count
            followUps = Array(steps.suffix(kernelSteps))
            steps.removeLast(kernelSteps)
        }
        return .push(ProgramFrame(steps: steps, env: kernel.app.environment, ownsEnvironment: false, label: label))
    }
    func heldObjects() -> [(String, ObjectID)] { locals.heldObjects() }
}

/// `_dispatch_main_queue_callback_4CF`: drains only the blocks present at entry; later ones wait for
/// another wake (the port is signalled again).
final class MainQueueDrainFrame: Frame {
    var remaining: Int?

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if remaining == nil {
            remaining = kernel.dispatch.mainCount
            thread.mainQueueDrainDepth += 1
            kernel.record(thread, .mainQueueDrain(blocks: Int64(remaining!)))
        }
        if remaining! > 0, let item = kernel.dispatch.popMain() {
            remaining! -= 1
            return .push(kernel.dispatch.frame(for: item, edge: "main queue block", kernel))
        }
        thread.mainQueueDrainDepth -= 1
        if kernel.dispatch.mainCount > 0 { kernel.dispatch.signalMainPort() }
        return .pop(.null)
    }
    func heldObjects() -> [(String, ObjectID)] { [] }
}
