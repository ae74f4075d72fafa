extension Kernel {
    /// `+[CADisplayLink displayLinkWithTarget:selector:]`: a timer-like object on the frame grid that
    /// retains its target and is added to modes like a timer (semantics §3.3; the render-server source1 is
    /// modelled as a mode-scoped periodic source that fires once per frame while its mode runs).
    func makeDisplayLink(target: Expr, classIndex: Int, method: Int, fps: Int, label: String, in frame: ProgramFrame,
                         on thread: SimThread) throws(RuntimeFault) -> ObjectID {
        let (targetValue, owned) = try evaluateOwned(target, in: frame, on: thread)
        let framePeriod = SimDuration(nanoseconds: (1_000_000_000 + Int64(fps) / 2) / Int64(fps))
        let action = TimerState.Action(.targetSelector(target: target, classIndex: classIndex, method: method))
        let o = heap.allocate(kind: .timer(action), className: "CADisplayLink", label: label,
                              slotNames: TimerState.slotNames, slotStrengths: [.strong, .strong, .strong],
                              slots: [targetValue, .null, .null], isDeclaredRoot: false, at: now, on: thread.name)
        if case .object(let id) = targetValue, !owned { retain(id) }
        // The first frame boundary after now, on a grid anchored at instant 0.
        let next = SimInstant(nanoseconds: (now.nanoseconds / framePeriod.nanoseconds + 1) * framePeriod.nanoseconds)
        o.initializeTimer(TimerState(fireTSR: next, interval: framePeriod))
        record(thread, .displayLinkCreate(link: name(o), fps: Int64(fps)))
        return o.id
    }

    /// UIKit starts tracking a touch: the default-mode activation of the main run loop is left
    /// (`_CFRunLoopStopMode`) and a tracking activation runs until `now + length` (semantics §2).
    func beginTracking(for length: SimDuration, on thread: SimThread) {
        let end = now + length
        record(thread, .scroll(until: end))
        guard uikit.extendTracking(until: end) else { return }
        let rl = runLoops[0]
        if let current = rl.currentActivation, current.mode.name != RunLoopModeName.tracking {
            current.mode.stopFlag = true
            wakeUp(rl, from: thread)
        }
    }
}
