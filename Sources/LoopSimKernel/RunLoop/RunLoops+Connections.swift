/// `NSURLConnection` scheduled in a run loop (docs/scenario-format.md §7.11): a port-based source whose port gets
/// one message per data delivery (`connection:didReceiveData:`) and one more when the load finishes
/// (`connectionDidFinishLoading:`), then lets go of its delegate and leaves its run loop; or `cancel`, after which it
/// makes no more delegate calls.
///
/// Apple, NSURLConnection `initWithRequest:delegate:`: "The connection retains delegate. It releases that strong
/// reference when the connection finishes loading, fails, or is canceled." `initWithRequest:delegate:` schedules it
/// in the current run loop in the default mode ("delegate methods are called on the thread that started the
/// asynchronous load operation"; `scheduleInRunLoop:forMode:` picks another loop or mode), so a connection started on
/// a thread that never runs its loop never calls its delegate and never finishes. Its delegate's methods are the
/// connection's two blocks: slot 0 the data callback, slot 1 `connectionDidFinishLoading:` (or null).
extension RunLoops {
    /// A connection object (+1 for the caller), holding `onData` and `onFinish` (+1s it takes), that expects
    /// `deliveries` data messages and then its finish.
    func makeConnection(
        onData: ObjectID?, onFinish: ObjectID?, deliveries: Int, on thread: SimThread
    ) -> ObjectID {
        let o = objects.allocate(
            kind: .source, className: "NSURLConnection", label: nil,
            slotNames: ["delegate", "delegate didFinish"], slotStrengths: [.strong, .strong],
            slots: [onData.map { .object($0) } ?? .null, onFinish.map { .object($0) } ?? .null],
            isDeclaredRoot: false, isInternal: false, at: recorder.now, on: thread.name)
        var state = SourceState(order: 0, handler: .block)
        state.isPort = true
        state.connectionMessages = deliveries + 1
        o.source = state
        return o.id
    }

    /// The callout of one of a connection's messages: its data callback, or, for the last, its finish callback.
    func connectionCallout(_ o: HeapObject) -> Frame? {
        o.source!.connectionHandled += 1
        let isFinish = o.source!.connectionHandled == o.source!.connectionMessages
        guard case .object(let block) = o[slot: isFinish ? 1 : 0] else { return isFinish ? NoOpFrame.shared : nil }
        return calloutFrame(retaining: block, edge: isFinish ? "connectionDidFinishLoading" : "connection data")
    }

    /// The load finished (after `connectionDidFinishLoading:` returned) or `cancel`: the connection lets go of its
    /// delegate and leaves every mode it was scheduled in; it makes no more delegate calls (a message still on its
    /// way is dropped: the port is invalid).
    func finishConnection(_ o: HeapObject, on thread: SimThread) {
        guard o.source!.isValid else { return }
        objects.retain(o.id)  // for the call: the modes' releases must not free it under us
        invalidateSource(o.id, on: thread)
        for slot in 0..<2 {
            guard case .object(let block) = o[slot: slot] else { continue }
            o[slot: slot] = .null
            objects.release(block, on: thread)
        }
        objects.release(o.id, on: thread)
    }
}
