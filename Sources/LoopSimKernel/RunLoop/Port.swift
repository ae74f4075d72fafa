/// A receive port in a run loop's wait set — a run loop's wake-up port, a mode's timer port, the main queue's
/// port — as far as waiting goes: whether a message is queued, and when it arrived.
///
/// A run loop's ports hold one message: CFRunLoop.c's `__CFPortAllocate` sets `mpl_qlimit = 1`, and CF sends
/// its wake-ups with a zero timeout (`__CFSendTrivialMachMessage`), so a message sent to a port that has one
/// already is dropped and the two collapse into one wake. A thread waiting on several ports takes the message
/// that arrived first (``PortArrivals`` numbers arrivals across every port of a run).
struct Port {
    /// A message is queued.
    private(set) var hasMessage = false
    /// When the queued message arrived, in ``PortArrivals`` order.
    private(set) var arrival: UInt64 = 0

    /// Sends a message: queued unless one is already (then nothing changes, not even its arrival).
    mutating func post(_ arrivals: inout PortArrivals) {
        guard !hasMessage else { return }
        hasMessage = true
        arrival = arrivals.next()
    }

    /// Receives the queued message, if any.
    mutating func take() { hasMessage = false }
}

/// The order in which messages reach the ports of one run: a counter every post draws from.
struct PortArrivals {
    private var last: UInt64 = 0

    mutating func next() -> UInt64 {
        last += 1
        return last
    }
}
