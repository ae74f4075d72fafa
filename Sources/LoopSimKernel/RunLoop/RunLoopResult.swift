/// What `CFRunLoopRunInMode` returns (`CFRunLoopRunResult`).
public enum RunLoopResult: String, Sendable, Hashable {
    case finished
    case stopped
    case timedOut = "timed-out"
    case handledSource = "handled-source"
}

/// One return of `CFRunLoopRunSpecific` on some thread.
public struct RunLoopExit: Sendable, Hashable {
    public var thread: String
    public var at: SimInstant
    public var mode: String
    public var result: RunLoopResult
    /// False when the mode was empty (or missing) at entry: Finished with no Entry/Exit observers.
    public var entered: Bool
}
