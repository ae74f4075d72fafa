extension Kernel {
    /// `dispatch_source_create(TIMER)` + `dispatch_source_set_timer` + `dispatch_source_set_event_handler`,
    /// then `dispatch_resume` if `spec.resume`. Returns +1 for the caller.
    ///
    /// Nothing but the caller keeps an active source alive (the classic "my GCD timer never fires" bug:
    /// releasing the last reference deallocates and cancels it).
    func makeDispatchTimer(_ spec: DispatchTimerSpec, in frame: ProgramFrame, on thread: SimThread) throws(RuntimeFault) -> ObjectID {
        let (handler, owned) = try evaluateOwned(spec.handler, in: frame, on: thread)
        let start: SimDuration
        switch spec.start {
        case .fixed(let d): start = d
        case .sampled(let i): start = configuration.samplers[i]()
        }
        let o = heap.allocate(kind: .dispatchSource, className: "dispatch_source", label: spec.label, slotNames: ["handler"],
                              slotStrengths: [.strong], slots: [handler], isDeclaredRoot: false, at: now, on: thread.name)
        if case .object(let id) = handler, !owned { retain(id) }
        o.dispatchSource = DispatchSourceState(queue: spec.queue, interval: spec.interval, leeway: spec.leeway,
                                               wallClock: spec.wallClock, target: max(now, now + start))
        record(thread, .sourceCreate(source: name(o), start: o.dispatchSource!.target, interval: spec.interval,
                                     wallClock: spec.wallClock))
        scheduleSourceFire(o)
        if spec.resume { resumeSource(o, on: thread) }
        return o.id
    }

    /// Arms the kernel timer for the source's next target (at the end of its leeway window when the
    /// `timerLeewayFiresAt` flag says so).
    private func scheduleSourceFire(_ o: HeapObject) {
        let state = o.dispatchSource!
        if let entry = state.fireEntry { queue.cancel(entry) }
        let at = state.target + (profile.leewayFiresAtEnd ? state.leeway : .zero)
        o.dispatchSource!.fireEntry = queue.schedule(.dispatchSourceFire(o.id), at: max(now, at), phase: .kernelTimer)
    }

    /// The timer of a source reached its target: one more fire in its data; the handler is queued unless it
    /// is already queued or running (then the fires merge into its next invocation).
    func dispatchSourceFired(_ id: ObjectID) {
        guard let o = heap.object(id), o.state == .alive, var state = o.dispatchSource, !state.isCancelled else { return }
        state.fireEntry = nil
        state.fires += 1
        state.pendingData += 1
        if let interval = state.interval {
            // The next target is the first grid point after now: missed intervals are not replayed.
            let k = (now.nanoseconds - state.target.nanoseconds) / interval.nanoseconds + 1
            state.target = SimInstant(nanoseconds: state.target.nanoseconds + k * interval.nanoseconds)
        }
        o.dispatchSource = state
        record(nil, .sourceFire(source: name(o), data: Int64(state.pendingData)))
        if state.interval != nil { scheduleSourceFire(o) }
        deliverSourceHandlerIfReady(o)
    }

    /// Queues one handler invocation when data is pending, the source runs and none is in flight.
    func deliverSourceHandlerIfReady(_ o: HeapObject) {
        guard let state = o.dispatchSource, !state.isCancelled, state.suspendCount == 0, !state.handlerInFlight,
              state.pendingData > 0 else { return }
        o.dispatchSource!.handlerInFlight = true
        retain(o.id)  // the queued invocation keeps the source alive
        dispatch.enqueue(.sourceHandler(o.id), on: state.queue, self)
    }

    /// `dispatch_resume`.
    func resumeSource(_ o: HeapObject, on thread: SimThread) {
        guard o.dispatchSource != nil else { return }
        if o.dispatchSource!.suspendCount == 0 {
            crash = Crash(message: "BUG IN CLIENT OF LIBDISPATCH: Over-resume of an object", at: now, thread: thread.name)
            return
        }
        o.dispatchSource!.suspendCount -= 1
        record(thread, .sourceResume(source: name(o)))
        deliverSourceHandlerIfReady(o)
    }

    /// `dispatch_suspend`: fires go on accumulating; the handler waits for the resume.
    func suspendSource(_ o: HeapObject, on thread: SimThread) {
        guard o.dispatchSource != nil else { return }
        o.dispatchSource!.suspendCount += 1
        record(thread, .sourceSuspend(source: name(o)))
    }

    /// `dispatch_source_cancel`: no more fires or handler calls. The handler (and its captures) is released
    /// later, by the source's cancellation callout on its target queue (libdispatch `_dispatch_source_cancel_callout`;
    /// conformance p03, docs/fidelity.md D3), not on the cancelling thread.
    func cancelSource(_ o: HeapObject, on thread: SimThread, disposing: Bool = false) {
        guard var state = o.dispatchSource, !state.isCancelled else { return }
        state.isCancelled = true
        if let entry = state.fireEntry { queue.cancel(entry) }
        state.fireEntry = nil
        o.dispatchSource = state
        record(thread, .sourceCancel(source: name(o)))
        guard case .object(let handler) = o[slot: DispatchSourceState.handlerSlot] else { return }
        if disposing {
            // the source itself is being freed: its handlers go with it, now
            o[slot: DispatchSourceState.handlerSlot] = .null
            release(handler, on: thread)
            return
        }
        retain(o.id)  // the queued cancellation callout keeps the source
        dispatch.enqueue(.sourceCancel(o.id), on: state.queue, self)
    }

    /// The cancellation callout, on the source's queue: frees the handler.
    func sourceCancelFrame(_ source: ObjectID) -> Frame {
        BlockThenFrame(block: nil, edge: "") { kernel, thread in
            if let o = kernel.heap.object(source), case .object(let handler) = o[slot: DispatchSourceState.handlerSlot] {
                o[slot: DispatchSourceState.handlerSlot] = .null
                kernel.record(thread, .sourceCancelCallout(source: kernel.name(o)))
                kernel.release(handler, on: thread)
            }
            kernel.release(source, on: thread)
        }
    }

    /// The last reference to a source went: releasing a suspended source crashes libdispatch; otherwise
    /// it is cancelled.
    func sourceDeallocating(_ o: HeapObject, on thread: SimThread) {
        guard let state = o.dispatchSource else { return }
        if state.suspendCount > 0 && !state.isCancelled {
            crash = Crash(message: "BUG IN CLIENT OF LIBDISPATCH: Release of a suspended object", at: now, thread: thread.name)
            return
        }
        cancelSource(o, on: thread, disposing: true)
    }

    // MARK: dispatch_after

    /// `dispatch_after`: the block waits (retained) until `delay` has passed, then is queued.
    /// Modelled to fire at its deadline; libdispatch allows up to 10 % leeway (semantics §6).
    func dispatchAfter(_ block: ObjectID, delay: SimDuration, to queueRef: QueueRef, from thread: SimThread) {
        if delay <= .zero {
            dispatch.async(block, to: queueRef, from: thread, self)
            return
        }
        let index = dispatch.addAfter(block, queue: queueRef)
        record(thread, .dispatchAfter(queue: name(dispatch.name(of: queueRef)), at: now + delay,
                                      block: heap.object(block).map { labelName($0) } ?? name("")))
        queue.schedule(.dispatchAfter(index), at: now + delay, phase: .kernelTimer)
    }

    func dispatchAfterFired(_ index: Int) {
        guard let item = dispatch.takeAfter(index) else { return }
        dispatch.async(item.block, to: item.queue, from: nil, self)
    }
}

/// Runs one handler invocation of a dispatch source, delivering the merged fire count.
final class SourceHandlerFrame: Frame {
    let source: ObjectID
    var started = false

    init(source: ObjectID) { self.source = source }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard let o = kernel.heap.object(source) else { return .pop(.null) }
        if !started {
            started = true
            let data = o.dispatchSource!.pendingData
            o.dispatchSource!.pendingData = 0
            guard !o.dispatchSource!.isCancelled, data > 0, case .object(let handler) = o[slot: DispatchSourceState.handlerSlot]
            else { return .next }
            o.dispatchSource!.invocations += 1
            o.dispatchSource!.largestMerge = max(o.dispatchSource!.largestMerge, data)
            kernel.record(thread, .sourceHandler(source: kernel.name(o), data: Int64(data)))
            kernel.retain(handler)
            return .push(kernel.blockFrame(handler, edge: "source handler"))
        }
        o.dispatchSource!.handlerInFlight = false
        kernel.deliverSourceHandlerIfReady(o)
        kernel.release(source, on: thread)
        return .pop(.null)
    }

    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [("source", source)] }
}
