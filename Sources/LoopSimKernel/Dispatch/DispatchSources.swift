/// GCD's timer sources (`dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER)`, semantics §6): creating them,
/// arming their kernel timer, merging fires into handler invocations, `dispatch_resume`, `dispatch_suspend`,
/// `dispatch_source_cancel` and their release. Each source's state is its object's ``HeapObject/dispatchSource``,
/// which is freed with it, so the part keeps none of its own. It uses the services of the GCD queues that hold it
/// (the recorder, the lifetimes, the crash path) and queues handler invocations on them.
final class DispatchSources {
    /// The GCD queues that hold this part: where handlers and cancellation callouts are queued.
    unowned let queues: DispatchQueues
    /// The clock and the event log.
    private var recorder: Recorder { queues.recorder }
    /// Retain, release and the heap.
    private var objects: Objects { queues.objects }
    /// The crash path.
    private var halt: Halt { queues.halt }
    /// The variant's flags.
    private var profile: VariantProfile { queues.profile }

    init(queues: DispatchQueues) { self.queues = queues }

    /// `dispatch_source_create(TIMER)` + `dispatch_source_set_timer` + `dispatch_source_set_event_handler`,
    /// then `dispatch_resume` if `spec.resume`. Returns +1 for the caller.
    ///
    /// Nothing but the caller keeps an active source alive (the classic "my GCD timer never fires" bug:
    /// releasing the last reference deallocates and cancels it).
    func makeTimer(
        _ spec: DispatchTimerSpec, in frame: ProgramFrame, on thread: SimThread,
        _ k: Kernel
    ) throws(RuntimeFault) -> ObjectID {
        let start: SimDuration
        switch spec.start {
        case .fixed(let d): start = d
        case .sampled(let i): start = k.configuration.samplers[i]()
        case .expression(let e): start = try k.interpreter.durationValue(e, in: frame, on: thread, k)
        }
        var spec = spec
        if case .value(let e) = spec.queue {
            spec.queue = try Interpreter.queue(try k.interpreter.evaluate(e.expr, in: frame, on: thread, k))
        }
        // Computed interval and leeway (`schedule(deadline: .now() + d, repeating: interval, leeway: …)`), before
        // the handler, as the schedule call's arguments are. The literal forms' checks hold for them at run time.
        if let e = spec.intervalExpression {
            let interval = try k.interpreter.durationValue(e, in: frame, on: thread, k)
            guard interval > .zero else {
                throw RuntimeFault(
                    "a dispatch timer's repeating interval must be positive, not "
                        + "\(DurationArithmetic.describe(interval)) s (use `.never` for a one-shot)")
            }
            spec.interval = interval
        }
        if let e = spec.leewayExpression {
            let leeway = try k.interpreter.durationValue(e, in: frame, on: thread, k)
            guard leeway >= .zero else {
                throw RuntimeFault(
                    "a dispatch timer's leeway must not be negative: \(DurationArithmetic.describe(leeway)) s")
            }
            spec.leeway = leeway
        }
        let (handler, owned) = try k.interpreter.evaluateOwned(spec.handler, in: frame, on: thread, k)
        let now = k.now
        let o = k.objects.allocate(
            kind: .dispatchSource, className: "dispatch_source", label: spec.label,
            slotNames: ["handler"], slotStrengths: [.strong], slots: [handler],
            isDeclaredRoot: false, at: now, on: thread.name)
        if case .object(let id) = handler, !owned { k.retain(id) }
        o.dispatchSource = DispatchSourceState(
            queue: spec.queue, interval: spec.interval, leeway: spec.leeway,
            wallClock: spec.wallClock, target: max(now, now + start))
        k.record(
            thread,
            .sourceCreate(
                source: k.name(o), start: o.dispatchSource!.target, interval: spec.interval,
                wallClock: spec.wallClock))
        scheduleFire(o)
        if spec.resume { resume(o, on: thread) }
        return o.id
    }

    /// Arms the kernel timer for the source's next target (at the end of its leeway window when the
    /// `timerLeewayFiresAt` flag says so).
    private func scheduleFire(_ o: HeapObject) {
        let state = o.dispatchSource!
        if let entry = state.fireEntry { recorder.clock.cancel(entry) }
        let at = state.target + (profile.leewayFiresAtEnd ? state.leeway : .zero)
        o.dispatchSource!.fireEntry = recorder.clock.schedule(
            .dispatchSourceFire(o.id), at: max(recorder.now, at),
            phase: .kernelTimer)
    }

    /// The timer of a source reached its target: one more fire in its data; the handler is queued unless it
    /// is already queued or running (then the fires merge into its next invocation).
    func fired(_ id: ObjectID) {
        guard let o = objects.heap.object(id), o.state == .alive, var state = o.dispatchSource, !state.isCancelled
        else { return }
        state.fireEntry = nil
        state.fires += 1
        state.pendingData += 1
        if let interval = state.interval {
            // The next target is the first grid point after now: missed intervals are not replayed.
            let n = (recorder.now.nanoseconds - state.target.nanoseconds) / interval.nanoseconds + 1
            state.target = SimInstant(nanoseconds: state.target.nanoseconds + n * interval.nanoseconds)
        }
        o.dispatchSource = state
        recorder.record(nil, .sourceFire(source: recorder.name(o), data: Int64(state.pendingData)))
        if state.interval != nil { scheduleFire(o) }
        deliverHandlerIfReady(o)
    }

    /// Queues one handler invocation when data is pending, the source runs and none is in flight.
    func deliverHandlerIfReady(_ o: HeapObject) {
        guard let state = o.dispatchSource, !state.isCancelled, state.suspendCount == 0, !state.handlerInFlight,
            state.pendingData > 0
        else { return }
        o.dispatchSource!.handlerInFlight = true
        objects.retain(o.id)  // the queued invocation keeps the source alive
        queues.enqueue(.sourceHandler(o.id), on: state.queue)
    }

    /// `dispatch_resume`.
    func resume(_ o: HeapObject, on thread: SimThread) {
        guard o.dispatchSource != nil else { return }
        if o.dispatchSource!.suspendCount == 0 {
            halt.appCrashed("BUG IN CLIENT OF LIBDISPATCH: Over-resume of an object", on: thread)
            return
        }
        o.dispatchSource!.suspendCount -= 1
        recorder.record(thread, .sourceResume(source: recorder.name(o)))
        guard o.dispatchSource!.suspendCount == 0 else { return }
        o.dispatchSource!.isActivated = true
        if o.dispatchSource!.cancelCalloutPending {
            // the source runs again: its invoke delivers the cancellation it could not while suspended
            o.dispatchSource!.cancelCalloutPending = false
            objects.retain(o.id)  // the queued cancellation callout keeps the source
            queues.enqueue(.sourceCancel(o.id), on: o.dispatchSource!.queue)
            return
        }
        deliverHandlerIfReady(o)
    }

    /// `dispatch_source_set_event_handler` after the source was made: `handler` (a +1 the slot takes; nil clears it)
    /// replaces the handler the source holds, and the old one is released. Every handler invocation that starts
    /// from then on runs the new one; one already running keeps its own reference to the old one until it returns
    /// (``SourceHandlerFrame``). libdispatch swaps the handler at once when the source is inactive or idle, and
    /// otherwise (suspended, or an invocation queued or running) in a barrier the source runs at its next drain,
    /// before it delivers its next event (source.c `_dispatch_source_set_handler`,
    /// `_dispatch_barrier_trysync_or_async_f`; `_dispatch_source_invoke2` drains its items first): the model swaps at
    /// once in every case, so only the old handler's release can come earlier than libdispatch's (docs/fidelity.md,
    /// "A dispatch source's handler replaced").
    func setHandler(_ o: HeapObject, _ handler: ObjectID?, on thread: SimThread) {
        guard o.dispatchSource != nil else { return }
        let old = o[slot: DispatchSourceState.handlerSlot]
        o[slot: DispatchSourceState.handlerSlot] = handler.map { .object($0) } ?? .null
        if case .object(let id) = old { objects.release(id, on: thread) }
    }

    /// `dispatch_suspend`: fires go on accumulating; the handler waits for the resume.
    func suspend(_ o: HeapObject, on thread: SimThread) {
        guard o.dispatchSource != nil else { return }
        o.dispatchSource!.suspendCount += 1
        recorder.record(thread, .sourceSuspend(source: recorder.name(o)))
    }

    /// `dispatch_source_cancel`: no more fires or handler calls. The handler (and its captures) is released
    /// later, by the source's cancellation callout on its target queue (libdispatch `_dispatch_source_cancel_callout`;
    /// conformance p03, docs/fidelity.md D3), not on the cancelling thread. A suspended source is not woken, so the
    /// callout waits for the resume that brings its suspend count to 0.
    func cancel(_ o: HeapObject, on thread: SimThread, disposing: Bool = false) {
        guard var state = o.dispatchSource, !state.isCancelled else { return }
        state.isCancelled = true
        if let entry = state.fireEntry { recorder.clock.cancel(entry) }
        state.fireEntry = nil
        o.dispatchSource = state
        recorder.record(thread, .sourceCancel(source: recorder.name(o)))
        guard case .object(let handler) = o[slot: DispatchSourceState.handlerSlot] else { return }
        if disposing {
            // the source itself is being freed: its handlers go with it, now
            o[slot: DispatchSourceState.handlerSlot] = .null
            objects.release(handler, on: thread)
            return
        }
        if state.suspendCount > 0 {
            o.dispatchSource!.cancelCalloutPending = true
            return
        }
        objects.retain(o.id)  // the queued cancellation callout keeps the source
        queues.enqueue(.sourceCancel(o.id), on: state.queue)
    }

    /// The cancellation callout, on the source's queue: frees the handler.
    func cancelFrame(_ source: ObjectID) -> Frame {
        BlockThenFrame(block: nil, edge: "") { kernel, thread in
            if let o = kernel.heap.object(source),
                case .object(let handler) = o[slot: DispatchSourceState.handlerSlot]
            {
                o[slot: DispatchSourceState.handlerSlot] = .null
                kernel.record(thread, .sourceCancelCallout(source: kernel.name(o)))
                kernel.release(handler, on: thread)
            }
            kernel.release(source, on: thread)
        }
    }

    /// The last reference to a source went: releasing a suspended source crashes libdispatch, cancelled or not
    /// (queue.c `_dispatch_queue_xref_dispose` tests the suspend bits of the queue state, which
    /// `dispatch_source_cancel` does not touch: it only sets `DSF_CANCELED` in the flags); a source never resumed is
    /// still inactive and crashes with "Release of an inactive object". Otherwise it is cancelled.
    func deallocating(_ o: HeapObject, on thread: SimThread) {
        guard let state = o.dispatchSource else { return }
        if state.suspendCount > 0 {
            let what = state.isActivated ? "a suspended" : "an inactive"
            halt.appCrashed("BUG IN CLIENT OF LIBDISPATCH: Release of \(what) object", on: thread)
            return
        }
        cancel(o, on: thread, disposing: true)
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
            guard !o.dispatchSource!.isCancelled, data > 0,
                case .object(let handler) = o[slot: DispatchSourceState.handlerSlot]
            else { return .next }
            o.dispatchSource!.invocations += 1
            o.dispatchSource!.largestMerge = max(o.dispatchSource!.largestMerge, data)
            kernel.record(thread, .sourceHandler(source: kernel.name(o), data: Int64(data)))
            kernel.retain(handler)
            return .push(kernel.interpreter.blockFrame(handler, edge: "source handler"))
        }
        o.dispatchSource!.handlerInFlight = false
        kernel.dispatch.sources.deliverHandlerIfReady(o)
        kernel.release(source, on: thread)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [("source", source)] }
}
