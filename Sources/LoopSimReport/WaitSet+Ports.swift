import LoopSimKernel

extension WaitSet {
    /// The wait set as the trace's `ports` list writes it: `wake-up`, then `timer@T` (nanoseconds) or
    /// `timer(disarmed)`, then `main-queue` when the main queue's port is in the set, then `timeout@T` when the
    /// activation has a deadline.
    ///
    /// ```swift
    /// WaitSet(timerPort: .milliseconds(500), mainQueue: false, timeout: .never).traceStrings
    /// // ["wake-up", "timer@500000000"]
    /// ```
    public var traceStrings: [String] {
        var ports = ["wake-up", timerPort.isNever ? "timer(disarmed)" : "timer@\(timerPort.nanoseconds)"]
        if mainQueue { ports.append("main-queue") }
        if !timeout.isNever { ports.append("timeout@\(timeout.nanoseconds)") }
        return ports
    }
}
