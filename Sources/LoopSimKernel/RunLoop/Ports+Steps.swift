/// The port verbs' steps (docs/scenario-format.md §7.11): port-based run-loop sources (version 1), messages sent
/// to them, and streams scheduled in a run-loop mode, run by ``RunLoops``.

/// `[NSMachPort port]` with a delegate whose `handlePortMessage:` is `block`, bound to `into`.
public struct MakePortStep: ExecutableStep {
    public var verb: String { "port" }
    /// The handler; nil: a port with no delegate (its messages are received and dropped).
    public var block: Expr?
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        // swift-corelibs-foundation marks NSMachPort unavailable (Port.swift line 76 at 761b621): `machPortAPI`.
        guard k.profile.machPortAPI else {
            throw RuntimeFault.missingInCorelibs(
                "NSMachPort", why: "\"NSMachPort is not available in swift-corelibs-foundation\"",
                instead: "no port:, addPort: or sendPortMessage: on Linux")
        }
        // +1 to the port's slot.
        let block = try self.block.flatMap { (e) throws(RuntimeFault) in try c.retainedObject(e) }
        let port = k.runLoops.makePort(block: block, className: "NSMachPort", label: nil, on: c.thread)
        try c.bind(port, into: into)
        return .next
    }
}

/// `-[NSRunLoop addPort:forMode:]` (`removes`: `removePort:forMode:`) on `runLoop`.
public struct AddPortStep: ExecutableStep {
    public var verb: String { removes ? "removePort" : "addPort" }
    public var port: Expr
    public var runLoop: Expr
    public var mode: String
    public var removes: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(port, expecting: "a port"), let rl = try c.runLoop(runLoop) else { return .next }
        guard o.source?.isPort == true else {
            throw RuntimeFault("\(verb): \(o.displayName) is not a port")
        }
        let k = c.kernel
        if removes {
            k.runLoops.removeSource(o.id, from: rl, mode: mode, on: c.thread)
        } else {
            k.runLoops.addSource(o.id, to: rl, mode: mode, on: c.thread)
        }
        return .next
    }
}

/// `-[NSPort sendBeforeDate:components:from:reserved:]` from the current thread, or, `after` a delay, from
/// outside (another process, the network). On a `SocketPort`, `send(before:components:from:reserved:)` with
/// `data` as its one data component (``RunLoops/sendSocketMessage(_:dataBytes:on:)``).
public struct SendPortMessageStep: ExecutableStep {
    public var verb: String { "sendPortMessage" }
    public var port: Expr
    public var after: SimDuration?
    /// A `SocketPort` message's data component (its UTF-8 bytes); nil: no component.
    public var data: String?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(port, expecting: "a port") else { return .next }
        if let s = o.source?.socket {
            guard after == nil else {
                throw RuntimeFault("sendPortMessage: a SocketPort sends from a thread: no after:")
            }
            // corelibs' `send` reads `core.signature!` of the port; `invalidate()` set `core = nil` (Port.swift
            // lines 643 and 1071): a crash.
            guard s.isValid else {
                throw RuntimeFault(
                    "Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value "
                        + "(SocketPort.send on an invalidated \(o.displayName))")
            }
            _ = c.kernel.runLoops.sendSocketMessage(o, dataBytes: data.map { $0.utf8.count }, on: c.thread)
            return .next
        }
        guard o.source?.isPort == true else {
            throw RuntimeFault("sendPortMessage: \(o.displayName) is not a port")
        }
        let k = c.kernel
        if let after {
            k.runLoops.schedulePortMessage(o, after: after)
        } else {
            k.runLoops.sendPortMessage(o, from: c.thread)
        }
        return .next
    }
}

/// A stream (`NSInputStream`, an `NSURLConnection`) scheduled in `mode` of `runLoop` with
/// `scheduleInRunLoop:forMode:`: a port-based source whose port receives one message per delivery, `deliveries`
/// from now, and whose callout is the delegate's `stream:handleEvent:` (`block`). The mode holds the stream.
public struct StreamStep: ExecutableStep {
    public var verb: String { "stream" }
    public var runLoop: Expr
    public var mode: String
    public var deliveries: [SimDuration]
    public var block: Expr
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        let rl = try c.runLoop(runLoop)
        let block = try c.retainedObject(block)
        let stream = k.runLoops.makePort(block: block, className: "NSInputStream", label: nil, on: c.thread)
        if let rl { k.runLoops.addSource(stream, to: rl, mode: mode, on: c.thread) }
        let o = k.heap.object(stream)!
        for delay in deliveries { k.runLoops.schedulePortMessage(o, after: delay) }
        try c.bind(stream, into: into)
        return .next
    }
}

/// `[[NSURLConnection alloc] initWithRequest:request delegate:self]` (scheduled in the current run loop's default
/// mode), or with `startImmediately:NO`, `scheduleInRunLoop:forMode:` and `start`: a connection whose data arrives
/// `deliveries` from now, each calling the delegate's `connection:didReceiveData:` (`onData`), and which finishes
/// with the last one, calling `connectionDidFinishLoading:` (`onFinish`) and letting go of its delegate
/// (``RunLoops/finishConnection(_:on:)``). Bound to `into`.
public struct ConnectionStep: ExecutableStep {
    public var verb: String { "connection" }
    public var runLoop: Expr
    public var mode: String
    public var deliveries: [SimDuration]
    public var onData: Expr
    public var onFinish: Expr?
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        let rl = try c.runLoop(runLoop)
        let data = try c.retainedObject(onData)
        let finish = try onFinish.flatMap { (e) throws(RuntimeFault) in try c.retainedObject(e) }
        let connection = k.runLoops.makeConnection(
            onData: data, onFinish: finish, deliveries: deliveries.count,
            on: c.thread)
        if let rl { k.runLoops.addSource(connection, to: rl, mode: mode, on: c.thread) }
        let o = k.heap.object(connection)!
        // The data, then the finish at the instant of the last chunk (an empty body: at once).
        for delay in deliveries { k.runLoops.schedulePortMessage(o, after: delay) }
        k.runLoops.schedulePortMessage(o, after: deliveries.max() ?? .zero)
        try c.bind(connection, into: into)
        return .next
    }
}

/// `-[NSURLConnection cancel]`: "After this method is called, the connection makes no further delegate method calls"
/// (Apple); it lets go of its delegate and leaves its run loop. A finished connection ignores it.
public struct CancelConnectionStep: ExecutableStep {
    public var verb: String { "cancelConnection" }
    public var connection: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(connection, expecting: "a connection") else { return .next }
        guard o.source?.connectionMessages != nil else {
            throw RuntimeFault(
                "-[\(o.className) cancel]: unrecognized selector sent to instance \(o.displayName) "
                    + "(not an NSURLConnection)")
        }
        c.kernel.runLoops.finishConnection(o, on: c.thread)
        return .next
    }
}
