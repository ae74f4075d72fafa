extension Kernel {
    // MARK: User input

    func scheduleUserActions() {
        for (i, action) in userActions.enumerated() {
            queue.schedule(.userAction(i), at: action.at, phase: .input)
        }
    }

    /// A user action reaches UIKit's event source on the main run loop: signal it and wake the loop.
    func deliverUserAction(_ index: Int) {
        if let action = userActions[index].appAction {
            perform(action)
            return
        }
        pendingUserActions.append(index)
        record(nil, .userAction(label: name(userActions[index].label)))
        guard let source = userEventSource.flatMap({ heap.object($0) }) else { return }
        runLoops.signal(source, self)
        runLoops.wakeUp(runLoops[0], from: nil, self)
    }
}
