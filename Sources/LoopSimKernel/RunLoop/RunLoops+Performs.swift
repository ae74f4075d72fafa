/// NSObject's perform requests (`NSRunLoop.h`'s `NSDelayedPerforming`, `NSThread.h`'s `NSThreadPerformAdditions`)
/// on the run loops that carry them out.
///
/// - `performSelector:withObject:afterDelay:[inModes:]` sets up a one-shot timer in the *current* thread's run loop,
///   in the default mode or the given modes; the timer's context holds the target and the argument until it
///   fires or is cancelled (DOC NSObject `performSelector:withObject:afterDelay:`, "This method sets up a timer to
///   perform the aSelector message on the current thread's run loop"; DOC NSRunLoop
///   `performSelector:target:argument:order:modes:`, "The receiver retains the target and anArgument objects
///   until the timer for the selector fires"). The loop keeps the list of these requests, which
///   `cancelPreviousPerformRequestsWithTarget:` searches ("removes perform requests only in the current run
///   loop, not all run loops"). A loop nobody runs never fires it: the classic GCD-thread bug.
/// - `performSelector:onThread:withObject:waitUntilDone:[modes:]` queues the request on the target thread's run
///   loop, signals the loop's perform source (a version-0 source made on first use and never removed, semantics
///   §2) and wakes the loop; the loop performs it in its next source pass in one of the request's modes (default
///   common modes). With `waitUntilDone` the caller blocks until it has run; on its own thread it runs at once.
///
/// swift-corelibs-foundation has none of these (no Objective-C runtime, no selectors; its `RunLoop.swift` has only
/// `perform(inModes:block:)`): under ``VariantProfile/performSelectorAPI`` false each step crashes the run.
extension RunLoops {
    /// One `performSelector:onThread:` request queued on a run loop: its request object (holding the target and
    /// the argument), the method, the modes it may run in, and the semaphore its waiting caller sleeps on.
    struct ThreadPerform {
        var request: ObjectID
        var classIndex: Int
        var method: Int
        /// Canonical mode names; `kCFRunLoopCommonModes` stands for every common mode of the loop.
        var modes: [String]
        var waiter: ObjectID?
    }

    /// The run loop and method of the `performSelector:onThread:…waitUntilDone:YES` request whose caller waits on
    /// `semaphore`, for the parked-thread reason; nil when none does.
    func performWait(on semaphore: ObjectID) -> (loop: String, method: String)? {
        for rl in all {
            if let p = rl.threadPerforms.first(where: { $0.waiter == semaphore }) {
                return (rl.name, program.classes[p.classIndex].methods[p.method].name)
            }
        }
        return nil
    }

    /// The request object's slots: the target and the argument, both strong.
    static let performSlotNames = ["target", "argument"]

    /// The crash of a perform step under swift-corelibs-foundation, which has no selector-based performs.
    func requirePerformAPI(_ selector: String) throws(RuntimeFault) {
        guard profile.performSelectorAPI else {
            throw RuntimeFault.missingInCorelibs(
                selector, why: RuntimeFault.noSelectors,
                instead: "use RunLoop.perform(inModes:block:), a Timer, or DispatchQueue.asyncAfter")
        }
    }

    // MARK: afterDelay

    /// `performSelector:withObject:afterDelay:inModes:`: a one-shot timer in the current thread's run loop whose
    /// target slot holds `target` and whose userInfo slot holds `argument` (both +1 references the caller hands
    /// over). An empty mode list makes no request and lets both go, as Foundation returns without performing.
    func performAfterDelay(
        target: ObjectID, classIndex: Int, method: Int, argument: Value, delay: SimDuration,
        modes: [String], on thread: SimThread
    ) {
        guard !modes.isEmpty else {
            objects.release(target, on: thread)
            objects.endParameter(argument, on: thread)
            return
        }
        let rl = runLoop(for: thread)
        let methodName = program.classes[classIndex].methods[method].name
        let fire = recorder.now + max(.zero, delay)
        let slots: [Value] = [.object(target), argument, .null]
        let action = TimerState.Action.targetSelector(classIndex: Int32(classIndex), method: Int32(method))
        let o = objects.allocate(
            kind: .timer(action), className: "NSTimer", label: "perform \(methodName)",
            slotNames: TimerState.slotNames, slotStrengths: TimerState.slotStrengths,
            slots: slots, isDeclaredRoot: false, at: recorder.now, on: thread.name)
        o.initializeTimer(TimerState(fireTSR: fire, interval: .zero))
        o.timer.firstSlotWall = fire
        recorder.record(thread, .timerCreate(timer: recorder.name(o), interval: .zero, repeats: false, fireAt: fire))
        rl.removePerformTimers { !isPending($0) }
        rl.addPerformTimer(o.id)
        for mode in modes { addTimer(o.id, to: rl, mode: mode, on: thread) }
        objects.release(o.id, on: thread)  // the modes hold it now
    }

    /// Whether `id` is a perform timer still waiting to fire.
    private func isPending(_ id: ObjectID) -> Bool {
        guard let o = objects.heap.object(id), o.state == .alive, o.isTimer else { return false }
        return o.timer.isValid
    }

    /// The perform timers of `rl` still waiting to fire, oldest first.
    func pendingPerformTimers(of rl: SimRunLoop) -> [ObjectID] {
        rl.performTimers.filter { isPending($0) }
    }

    /// `cancelPreviousPerformRequestsWithTarget:[selector:object:]`: invalidates the current run loop's pending
    /// requests for `target` (and, with a selector, only those of that method whose argument equals `argument`),
    /// which releases what they hold. Other run loops' requests are untouched. Apple: "Argument equality is
    /// determined using isEqual:" and nil matches only a request made with nil (DOC NSObject
    /// `cancelPreviousPerformRequestsWithTarget:selector:object:`): an object is equal to itself only (NSObject's
    /// `isEqual:` is identity; a class of the app never overrides it here), a value (a Swift `String` or `Int`,
    /// bridged to an `NSString` or `NSNumber`) to an equal value.
    func cancelPerformRequests(
        target: ObjectID, method: (classIndex: Int, method: Int, argument: Value)?,
        on thread: SimThread
    ) {
        let rl = runLoop(for: thread)
        for id in pendingPerformTimers(of: rl) {
            guard let o = objects.heap.object(id), o[slot: TimerState.targetSlot].object == target else { continue }
            if let method {
                guard case .targetSelector(let c, let m) = o.timerAction, Int(c) == method.classIndex,
                    Int(m) == method.method, o[slot: TimerState.userInfoSlot] == method.argument
                else { continue }
            }
            invalidateTimer(id, on: thread, reason: "cancelPreviousPerformRequests")
        }
        rl.removePerformTimers { !isPending($0) }
    }

    // MARK: onThread

    /// `performSelector:onThread:withObject:waitUntilDone:modes:` from `thread` to the thread of `rl`. `target`
    /// and `argument` are +1 references the request takes over. Returns what the caller's frame does next: run
    /// the method at once (its own thread, waiting), block until it has run (another thread, waiting), or go on.
    func performOnThread(
        _ rl: SimRunLoop, target: ObjectID, classIndex: Int, method: Int, argument: Value,
        waitUntilDone: Bool, modes: [String], from thread: SimThread, _ k: Kernel
    ) -> FrameAction {
        let methodName = k.program.classes[classIndex].methods[method].name
        guard !modes.isEmpty else {
            k.release(target, on: thread)
            k.objects.endParameter(argument, on: thread)
            return .next
        }
        let request = k.objects.allocate(
            kind: .invocation, className: "NSThreadPerform", label: methodName,
            slotNames: Self.performSlotNames, slotStrengths: [.strong, .strong],
            slots: [.object(target), argument],
            isDeclaredRoot: false, isInternal: true, at: k.now, on: thread.name)
        var perform = ThreadPerform(request: request.id, classIndex: classIndex, method: method, modes: modes)
        if waitUntilDone && rl.threadID == thread.id {
            // "If the current thread and target thread are the same, and you specify true for this parameter,
            // the selector is performed immediately" (DOC NSObject performSelector:onThread:...).
            return .push(ThreadPerformsFrame(performs: [perform]))
        }
        var semaphore: HeapObject?
        if waitUntilDone {
            let s = k.dispatch.internalSemaphore(className: "NSCondition", label: "waitUntilDone", on: thread)
            perform.waiter = s.id  // the request's +1 on it, released once it has signalled
            semaphore = s
        }
        rl.queueThreadPerform(perform)
        let source = threadPerformSource(of: rl, on: thread)
        for mode in modes { addSource(source.id, to: rl, mode: mode, on: thread) }
        signal(source)
        wakeUp(rl, from: thread)
        guard let semaphore else { return .next }
        k.retain(semaphore.id)  // the caller's own, for its wait
        let action = k.dispatch.semaphoreWait(semaphore, timeout: nil, on: thread)
        k.release(semaphore.id, on: thread)
        return action
    }

    /// The loop's perform source, made on first use; the loop's modes keep it until the loop is finalized.
    private func threadPerformSource(of rl: SimRunLoop, on thread: SimThread) -> HeapObject {
        if let id = rl.threadPerformSource, let o = objects.heap.object(id) { return o }
        let id = makeSource(
            order: 0, handler: .threadPerforms, block: nil, label: "performSelector:onThread:",
            on: thread)
        rl.keepThreadPerformSource(id)  // the loop keeps the +1 until finalizeRunLoop
        return objects.heap.object(id)!
    }

    /// Takes the loop's queued requests that may run in `mode`, in the order they were queued.
    func takeThreadPerforms(for mode: RunLoopMode, of rl: SimRunLoop) -> [ThreadPerform] {
        let runs = { (p: ThreadPerform) in
            p.modes.contains(mode.name) || (p.modes.contains(RunLoopModeName.common) && rl.isCommon(mode))
        }
        return rl.takeThreadPerforms(where: runs)
    }

    /// The frame that calls a request's method on its target (through a proxy), or nil when there is nothing to
    /// call: a proxy swallowed it, or a naive proxy crashed the run.
    func threadPerformFrame(_ p: ThreadPerform, on thread: SimThread) -> Frame? {
        guard let request = objects.heap.object(p.request),
            let target = request[slot: 0].object.flatMap({ objects.heap.object($0) })
        else { return nil }
        do {
            let selector = program.classes[p.classIndex].methods[p.method].name
            guard let receiver = try interpreter.forwardingTarget(target, selector: selector) else { return nil }
            // The request's argument (`withObject:`) binds the method's parameter, if it declares one.
            return interpreter.methodFrame(
                receiver, classIndex: p.classIndex, method: p.method,
                arguments: [request[slot: 1]])
        } catch {
            halt.appCrashed(error.message, on: thread)
            return nil
        }
    }

    /// After a request has run: it lets go of its target and argument, and its waiting caller runs again.
    func finishThreadPerform(_ p: ThreadPerform, on thread: SimThread, _ k: Kernel) {
        if let waiter = p.waiter, let s = k.heap.object(waiter) {
            k.dispatch.semaphoreSignal(s, from: thread)
            k.release(waiter, on: thread)
        }
        k.release(p.request, on: thread)
    }

    /// Requests left for other modes keep the perform source signalled.
    func resignalThreadPerforms(of rl: SimRunLoop) {
        guard !rl.threadPerforms.isEmpty, let id = rl.threadPerformSource, let o = objects.heap.object(id) else {
            return
        }
        signal(o)
    }
}

/// The perform source's callout (`__NSThreadPerformPerform`): performs the requests queued for the running mode,
/// in order, each released (and its waiter woken) once its method returns. Also runs one request at once, for
/// `waitUntilDone` on the caller's own thread.
final class ThreadPerformsFrame: Frame {
    /// Nil until the callout takes the loop's requests for its mode.
    private var performs: [RunLoops.ThreadPerform]?
    private let source: (runLoop: SimRunLoop, mode: RunLoopMode)?
    private var index = 0
    private var running = false

    /// The callout of `runLoop`'s perform source in `mode`.
    init(runLoop: SimRunLoop, mode: RunLoopMode) { source = (runLoop, mode) }

    /// Performs these requests (taken from no loop).
    init(performs: [RunLoops.ThreadPerform]) {
        self.performs = performs
        source = nil
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if performs == nil, let source {
            performs = kernel.runLoops.takeThreadPerforms(for: source.mode, of: source.runLoop)
        }
        if running {
            running = false
            kernel.runLoops.finishThreadPerform(performs![index - 1], on: thread, kernel)
        }
        while index < performs!.count {
            let p = performs![index]
            index += 1
            if let frame = kernel.runLoops.threadPerformFrame(p, on: thread) {
                running = true
                return .push(frame)
            }
            kernel.runLoops.finishThreadPerform(p, on: thread, kernel)
        }
        if let source { kernel.runLoops.resignalThreadPerforms(of: source.runLoop) }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] {
        guard let performs else { return [] }
        let from = running ? index - 1 : index
        return performs[from...].map { ("perform request", $0.request) }
    }
}
