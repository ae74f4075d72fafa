/// A run-loop source: version 0 (`CFRunLoopSourceContext` with a perform callback, signalled by hand) or version
/// 1 (a port-based source, `NSPort`/`NSMachPort`: messages sent to its port wake the loop).
public struct SourceState: Sendable {
    public var order: Int
    /// A version-1 (port-based) source: in its modes' ``RunLoopMode/sources1`` and their port sets.
    public var isPort = false
    /// A port's queued messages, oldest first: each one's place in the run's ``PortArrivals`` order.
    var messages: [UInt64] = []
    /// Deliveries scheduled on the event queue (`sendPortMessage:` with `after:`, a stream's deliveries), each
    /// holding a +1 on the port (a send right) until it arrives.
    var scheduledDeliveries = 0
    /// How many messages wait on the port.
    public var queuedMessages: Int { messages.count }
    /// An `NSURLConnection`'s messages in all (its data deliveries, then its finish), and how many it has handled;
    /// nil for a port or a stream, which never finish (``RunLoops+Connections.swift``).
    public var connectionMessages: Int?
    var connectionHandled = 0
    public var isSignalled = false
    public var isValid = true
    public var runLoop: Int?
    public var modes: [String] = []
    /// A `SocketPort`'s own state (``RunLoops+SocketPorts.swift``); nil for every other source.
    public var socket: SocketPortState?
    /// What the source runs: a block in slot 0 of the source object, or the UIKit event queue.
    public var handler: Handler
    public enum Handler: Sendable, Hashable {
        case block
        /// UIKit's event source on the main run loop: delivers queued user actions.
        case userEvents
        /// A loop's `performSelector:onThread:` source: performs the requests queued for the running mode.
        case threadPerforms
        /// A `SocketPort`'s listening `CFSocket` (version 0, order 600): accepts one connection to the port.
        case socketAccept(ObjectID)
        /// The `CFSocket` of a connection a `SocketPort` accepted (version 0, order 600): reads one message.
        case socketData(ObjectID)
        /// The `SocketPort` object itself: not a run-loop source, it owns the two above.
        case socketPort
    }
}
