/// A version-0 run-loop source (`CFRunLoopSourceContext` with a perform callback).
public struct SourceState: Sendable {
    public var order: Int
    public var isSignalled = false
    public var isValid = true
    public var runLoop: Int?
    public var modes: [String] = []
    /// What the source runs: a block in slot 0 of the source object, or the UIKit event queue.
    public var handler: Handler
    public enum Handler: Sendable, Hashable {
        case block
        /// UIKit's event source on the main run loop: delivers queued user actions.
        case userEvents
        /// A loop's `performSelector:onThread:` source: performs the requests queued for the running mode.
        case threadPerforms
    }
}
