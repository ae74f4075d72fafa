extension Kernel {
    /// UIKit starts tracking a touch: the default-mode activation of the main run loop is left
    /// (`_CFRunLoopStopMode`) and a tracking activation runs until `now + length` (semantics §2).
    func beginTracking(for length: SimDuration, on thread: SimThread) {
        let end = now + length
        record(thread, .scroll(until: end))
        guard end > trackingUntil else { return }
        trackingUntil = end
        let rl = runLoops[0]
        if let current = rl.currentActivation, current.mode.name != RunLoopModeName.tracking {
            current.mode.stopFlag = true
            runLoops.wakeUp(rl, from: thread, self)
        }
    }
}
