/// The `SocketPort` verbs' steps (docs/scenario-format.md §7.5.2), run by ``RunLoops`` (`RunLoops+SocketPorts.swift`).

/// `SocketPort(tcpPort: 0)` with `setDelegate` (`block`: the delegate's `handle(_:)`), or, with `remote`,
/// `SocketPort(remoteWithTCPPort:host:)` naming that receive port's address; bound to `into`.
public struct MakeSocketPortStep: ExecutableStep {
    public var verb: String { remote == nil ? "socketPort" : "remoteSocketPort" }
    /// The delegate's `handle(_:)`; nil: no delegate (messages are read and dropped).
    public var block: Expr?
    /// The receive port whose address a remote port names; nil: a receive port.
    public var remote: Expr?
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        // Apple documents `SocketPort` for macOS only (no iOS availability): `socketPortAPI`.
        guard k.profile.socketPortAPI else {
            throw RuntimeFault(
                "SocketPort does not exist on iOS (Apple documents NSSocketPort for macOS only): no socketPort: or "
                    + "remoteSocketPort:")
        }
        var target: ObjectID?
        if let remote {
            guard let o = try c.object(remote, expecting: "a SocketPort") else {
                throw RuntimeFault("remoteSocketPort: to: is nil (no receive port, so no address to connect to)")
            }
            guard let s = o.source?.socket, s.isLocal else {
                throw RuntimeFault("remoteSocketPort: \(o.displayName) is not a receive SocketPort (socketPort:)")
            }
            target = o.id
        }
        let block = try self.block.flatMap { (e) throws(RuntimeFault) in try c.retainedObject(e) }
        let port = k.runLoops.makeSocketPort(block: block, remote: target, on: c.thread)
        try c.bind(port, into: into)
        return .next
    }
}

/// `port.schedule(in: runLoop, forMode: mode)` (`removes`: `port.remove(from:forMode:)`) on a `SocketPort`.
public struct ScheduleSocketPortStep: ExecutableStep {
    public var verb: String { removes ? "unschedulePort" : "schedulePort" }
    public var port: Expr
    public var runLoop: Expr
    public var mode: String
    public var removes: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(port, expecting: "a SocketPort"), let rl = try c.runLoop(runLoop) else {
            return .next
        }
        let k = c.kernel
        guard k.runLoops.isSocketPort(o) else { throw RuntimeFault("\(verb): \(o.displayName) is not a SocketPort") }
        k.runLoops.scheduleSocketPort(o, in: rl, mode: mode, removes: removes, on: c.thread)
        return .next
    }
}

/// `port.invalidate()` on a `SocketPort`: a receive port posts `Port.didBecomeInvalidNotification` (object: the
/// port) on the calling thread, synchronously, the first time.
public struct InvalidatePortStep: ExecutableStep {
    public var verb: String { "invalidatePort" }
    public var port: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(port, expecting: "a SocketPort") else { return .next }
        let k = c.kernel
        guard k.runLoops.isSocketPort(o) else {
            throw RuntimeFault("invalidatePort: \(o.displayName) is not a SocketPort (only SocketPort is modelled)")
        }
        guard k.runLoops.invalidateSocketPort(o, on: c.thread) else { return .next }
        // `NotificationCenter.default.post(name: Port.didBecomeInvalidNotification, object: self)`, Port.swift
        // line 663 (the name's raw value: line 17).
        return StepOutcome(
            k.notifications.post(name: "NSPortDidBecomeInvalidNotification", object: .object(o.id), on: c.thread))
    }
}
