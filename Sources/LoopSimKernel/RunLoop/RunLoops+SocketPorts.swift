/// `SocketPort` (docs/scenario-format.md §7.5.2), as swift-corelibs-foundation builds it on CF's sockets
/// (Sources/Foundation/Port.swift and Sources/CoreFoundation/CFSocket.c, both at 761b621): a receive port owns a
/// listening `CFSocket` whose run-loop source is version 0, order 600 (`CFSocketCreateRunLoopSource(nil, receiver,
/// 600)`, Port.swift line 719). CF's socket manager thread watches the socket once it is in a run loop
/// (`__CFSocketSchedule`), accepts a connection as soon as one arrives and signals the source and wakes the loop
/// (`CFRunLoopSourceSignal` + `CFRunLoopWakeUp`, CFSocket.c lines 832–971). The accept callout
/// (`__NSFireSocketAccept` → `socketDidAccept`, Port.swift lines 776–795) makes a second `CFSocket` for the
/// connection, with the data callback, and adds its source to every run loop and mode the port is scheduled in; the
/// manager then reads each chunk that arrives (`recvfrom`, CFSocket.c lines 773–830) and signals that source, whose
/// callout (`socketDidReceiveData` → `handleMessage`, Port.swift lines 816–991) calls the delegate's
/// `handle(_:)`. So a new connection's first message ends `run(mode:before:)` twice (the accept, then the data);
/// later messages on it once each (measured: docs/fidelity.md, "SocketPort").
///
/// The model keeps the manager thread's latency at zero: a connection is accepted, and a message read, at the
/// instant it is sent. A run loop that runs a mode without the port's sources leaves them signalled, as CF does.
/// One process opens one connection per receive port: corelibs shares a remote port's state (its `Core`, with the
/// connected socket) between every remote port with the same address (`retainedCore(for:)`, lines 610–625).

/// A `SocketPort`'s state, on its object's ``SourceState/socket``.
public struct SocketPortState: Sendable {
    /// A receive port (`init(tcpPort:)`, listening); false: a remote port (`init(remoteWithTCPPort:host:)`).
    public var isLocal: Bool
    /// The receive port whose address a remote port names; a receive port names itself.
    public var target: ObjectID
    /// `isValid`: false after `invalidate()` (corelibs sets `core = nil`, line 643).
    public var isValid = true
    /// The listening socket's run-loop source (receive ports), held by the port.
    var listener: ObjectID?
    /// The accepted connection's data source, held by the port, once the accept callout ran.
    var connection: ObjectID?
    /// Someone in this process connected (the first `send`): later sends reuse the connection.
    var isConnected = false
    /// The connection waits on the listening socket for its accept callout.
    var acceptPending = false
    /// Messages read from the connection and not yet handled, oldest first: each one `true` when corelibs'
    /// `handleMessage` parses it (``RunLoops/socketMessageIsParsed(dataBytes:)``).
    var messages: [Bool] = []
    /// The run loops and modes the port is scheduled in (`core.loops`), in the order they were added.
    var scheduled: [ScheduledIn] = []

    /// One run loop and mode of `schedule(in:forMode:)`.
    struct ScheduledIn: Sendable, Hashable {
        var runLoop: Int
        var mode: String
    }
}

extension RunLoops {
    /// `SocketPort(tcpPort: 0)` with `setDelegate` (`block`: the delegate's `handle(_:)`, held by the port, or
    /// nil), or with `remote`, `SocketPort(remoteWithTCPPort:host:)` naming that receive port's address. +1 for the
    /// caller. A receive port makes its listening socket's source at once (`CFSocketCreate` +
    /// `CFSocketSetAddress`, Port.swift lines 528–545); it is in no run loop until the port is scheduled.
    func makeSocketPort(block: ObjectID?, remote: ObjectID?, on thread: SimThread) -> ObjectID {
        // Slots 1 and 2 hold the port's sockets' sources (its `core.receiver` and `core.connectors`), so that the
        // object graph sees who keeps them.
        let o = objects.allocate(
            kind: .source, className: "SocketPort", label: nil,
            slotNames: ["delegate", "listening socket", "connection socket"],
            slotStrengths: [.strong, .strong, .strong], slots: [block.map { .object($0) } ?? .null, .null, .null],
            isDeclaredRoot: false, isInternal: false, at: recorder.now, on: thread.name)
        var state = SourceState(order: 0, handler: .socketPort)
        state.socket = SocketPortState(isLocal: remote == nil, target: remote ?? o.id)
        o.source = state
        if remote == nil {
            let listener = makeSource(order: 600, handler: .socketAccept(o.id), block: nil, label: nil, on: thread)
            o.source!.socket!.listener = listener
            o[slot: 1] = .object(listener)  // the +1 makeSource returned
        }
        return o.id
    }

    /// Whether `o` is a `SocketPort`.
    func isSocketPort(_ o: HeapObject) -> Bool { o.source?.socket != nil }

    /// `schedule(in:forMode:)` (`removes`: `remove(from:forMode:)`), Port.swift lines 705–757: a remote port has no
    /// receiver and does nothing; a receive port adds (removes) its listening socket's source and its connection's
    /// to (from) the mode, once per mode. A connection already waiting is accepted at once (the manager watches the
    /// socket from now on), and a message already read is signalled.
    func scheduleSocketPort(
        _ o: HeapObject, in rl: SimRunLoop, mode rawMode: String, removes: Bool, on thread: SimThread
    ) {
        guard let s = o.source!.socket, s.isLocal, s.isValid, let listener = s.listener else { return }
        let entry = SocketPortState.ScheduledIn(runLoop: rl.id, mode: RunLoopModeName.canonical(rawMode))
        let name = recorder.name(RunLoopModeName.short(entry.mode))
        if removes {
            guard let i = s.scheduled.firstIndex(of: entry) else { return }
            o.source!.socket!.scheduled.remove(at: i)
            removeSource(listener, from: rl, mode: entry.mode, on: thread)
            if let connection = s.connection { removeSource(connection, from: rl, mode: entry.mode, on: thread) }
            recorder.record(thread, .portRemove(port: recorder.labelName(o), runLoop: rl.nameID, mode: name))
            return
        }
        guard !s.scheduled.contains(entry) else { return }
        o.source!.socket!.scheduled.append(entry)
        addSource(listener, to: rl, mode: entry.mode, on: thread)
        if let connection = s.connection { addSource(connection, to: rl, mode: entry.mode, on: thread) }
        recorder.record(thread, .portAdd(port: recorder.labelName(o), runLoop: rl.nameID, mode: name))
        if s.acceptPending { signalSocket(listener, of: o) }
        if let connection = s.connection, !s.messages.isEmpty { signalSocket(connection, of: o) }
    }

    /// `send(before:components:from:reserved:)` on `o` from `thread`, with one data component of `dataBytes` bytes
    /// (nil: no component). Returns what `send` returns: false when no one listens at the address (the connect
    /// fails, Port.swift lines 1084–1097). The first send connects (the receive port's listening socket gets a
    /// connection to accept); every send's message is read by the manager at once.
    func sendSocketMessage(_ o: HeapObject, dataBytes: Int?, on thread: SimThread) -> Bool {
        let targetID = o.source!.socket!.target
        guard let r = objects.heap.object(targetID), let s = r.source?.socket, s.isValid else {
            recorder.record(thread, .portSend(port: recorder.labelName(o), queued: -1))
            return false
        }
        if !s.isConnected {
            r.source!.socket!.isConnected = true
            r.source!.socket!.acceptPending = true
            if let listener = s.listener { signalSocket(listener, of: r) }
        }
        r.source!.socket!.messages.append(Self.socketMessageIsParsed(dataBytes: dataBytes))
        let queued = Int64(r.source!.socket!.messages.count)
        recorder.record(thread, .portSend(port: recorder.labelName(r), queued: queued))
        if let connection = s.connection { signalSocket(connection, of: r) }
        return true
    }

    /// Whether corelibs' `handleMessage` (Port.swift lines 903–991) parses a message with one data component of
    /// `dataBytes` bytes (nil: none) and calls the delegate. The message is 12 bytes of header, a 20-byte signature
    /// (an IPv4 address) and 8 + n bytes per component; `handleMessage` cuts the signature at
    /// `min(12 + signatureLength, message.count - 20)` (line 913), so a message shorter than 52 bytes keeps fewer
    /// than 20 signature bytes, `Signature(darwinCompatibleDataRepresentation:)` fails and the message is dropped
    /// without a word. Measured: 11 data bytes are dropped, 12 reach the delegate (docs/fidelity.md, "SocketPort").
    static func socketMessageIsParsed(dataBytes: Int?) -> Bool {
        12 + 20 + (dataBytes.map { 8 + $0 } ?? 0) >= 52
    }

    /// `CFRunLoopSourceSignal` on one of `port`'s sockets' sources and `CFRunLoopWakeUp` on a run loop it is in, as
    /// the manager thread does (`__CFSocketHandleRead`, CFSocket.c lines 959–971): the first loop the port was
    /// scheduled in (CF picks among several the one waiting in a mode holding the source:
    /// `__CFSocketCopyRunLoopToWakeUp`; one loop is all a scenario needs). A source in no loop is not watched yet:
    /// nothing happens until the port is scheduled.
    private func signalSocket(_ source: ObjectID, of port: HeapObject) {
        guard let first = port.source!.socket!.scheduled.first, let o = objects.heap.object(source) else { return }
        signal(o)
        recorder.record(nil, .sourceSignal(source: recorder.labelName(o)))
        wakeUp(all[first.runLoop], from: nil)
    }

    /// The listening socket's callout: accepts the waiting connection and schedules its socket's source in every
    /// run loop and mode of the port (`socketDidAccept` + `addToLoopsAssumingLockHeld`, Port.swift lines 776–807).
    /// The data already sent is then read at once and signalled. Nothing of the scenario's runs here.
    func socketAcceptCallout(_ portID: ObjectID, on thread: SimThread) -> Frame {
        guard let r = objects.heap.object(portID), let s = r.source?.socket, s.isValid, s.acceptPending else {
            return NoOpFrame.shared
        }
        r.source!.socket!.acceptPending = false
        let connection = makeSource(order: 600, handler: .socketData(portID), block: nil, label: nil, on: thread)
        r.source!.socket!.connection = connection
        r[slot: 2] = .object(connection)  // the +1 makeSource returned
        for entry in s.scheduled { addSource(connection, to: all[entry.runLoop], mode: entry.mode, on: thread) }
        if !s.messages.isEmpty { signalSocket(connection, of: r) }
        return NoOpFrame.shared
    }

    /// The connection's callout: one message read (`__CFSocketPerformV0` takes one entry of `_dataQueue`, and
    /// signals the source again and wakes the loop when more wait, CFSocket.c lines 2189–2262), handed to the
    /// delegate's `handle(_:)` when corelibs parses it and the port has a delegate.
    func socketDataCallout(_ portID: ObjectID, on thread: SimThread) -> Frame {
        guard let r = objects.heap.object(portID), let s = r.source?.socket, s.isValid, !s.messages.isEmpty else {
            return NoOpFrame.shared
        }
        let parsed = r.source!.socket!.messages.removeFirst()
        if !r.source!.socket!.messages.isEmpty, let connection = s.connection { signalSocket(connection, of: r) }
        guard parsed, case .object(let block) = r[slot: 0] else { return NoOpFrame.shared }
        return calloutFrame(retaining: block, edge: "port delegate handle")
    }

    /// `invalidate()` (Port.swift lines 641–671): the port reads `isValid` false from now on; a receive port
    /// invalidates its sockets (their sources leave every run loop) and lets go of them and of the messages not yet
    /// handled. Returns whether `Port.didBecomeInvalidNotification` is to be posted: only for a receive port
    /// ("Invalidation notifications are only sent for local (receiver != nil) ports", line 662), once.
    func invalidateSocketPort(_ o: HeapObject, on thread: SimThread) -> Bool {
        guard let s = o.source!.socket, s.isValid else { return false }
        o.source!.socket!.isValid = false
        guard s.isLocal else { return false }
        o.source!.socket!.messages = []
        o.source!.socket!.scheduled = []
        o.source!.socket!.acceptPending = false
        o.source!.socket!.connection = nil
        o.source!.socket!.listener = nil
        for (slot, id) in [(2, s.connection), (1, s.listener)] {
            guard let id else { continue }
            invalidateSource(id, on: thread)
            o[slot: slot] = .null
            objects.release(id, on: thread)
        }
        return true
    }
}
