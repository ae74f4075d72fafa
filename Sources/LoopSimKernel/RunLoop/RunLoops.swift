/// A port a sleeping run loop can be woken on.
enum WaitPort: Equatable {
    case wakeUp
    /// A mode's timer port, by the mode's identity: an activation sleeps only in a mode of its loop's table
    /// (`makeActivation` looks it up; an activation of a missing mode ends without sleeping), whose names are
    /// unique, so the identity test is the name test without a string comparison (callgrind).
    case timerPort(ObjectIdentifier)
    case mainQueue
    /// A port-based source's port (a version-1 source): in the port set of every mode that holds the source.
    case source1(ObjectID)
}

/// The run loops of a run (`struct __CFRunLoop`, one per thread that asked for one), and what they share: the
/// order messages reach their ports, and the serial numbers of their activations. It owns the run loops' modes,
/// items and ports; the pass (`RunLoopPass.swift`), the callouts (`RunLoops+Callouts.swift`), CF's timer routine
/// with the timer ports (`RunLoops+DoTimers.swift`) and the timers (`RunLoops+Timers.swift`) are its methods.
/// Timers, sources and observer blocks are heap objects: their counts and slots stay with the heap (``objects``).
/// It is handed at init the services it uses (docs/kernel.md, "Services"); only what runs the program — the frames'
/// steps, the pass's steps that read the main queue's port, the steps that evaluate a timer's handler — takes the
/// ``Kernel``.
public final class RunLoops {
    /// Every run loop, by id (creation order; the main thread's is 0).
    @exclusivity(unchecked) public private(set) var all: [SimRunLoop] = []
    /// The order messages reach ports: the earliest message in a wait set is taken first.
    @exclusivity(unchecked) var portArrivals = PortArrivals()
    @exclusivity(unchecked) var nextActivationSerial = 0
    /// Lookup only (never iterated): each `CFRunLoopObserver` object's own state (``RunLoops+Observers.swift``).
    @exclusivity(unchecked) var observerStates: [ObjectID: ObserverState] = [:]
    /// How many observers were made: the next one's ``ObserverState/id``.
    var observerCounter = 0

    /// The clock and the event log.
    let recorder: Recorder
    /// Retain, release and the heap (timers, sources, observers and their blocks are heap objects).
    let objects: Objects
    /// The threads: a loop's thread sleeps and is woken through their transitions.
    let threads: Threads
    /// The crash path (a callout's target that cannot take the message).
    let halt: Halt
    /// The variant's flags.
    let profile: VariantProfile
    /// The scenario's classes and blocks (a callout's method or block body).
    let program: Program
    /// Makes the frames of callouts (a block, a method on a target).
    let interpreter: Interpreter
    /// What the run writes down: each activation's exit.
    let records: RunRecords

    /// CF's `TIMER_INTERVAL_LIMIT`: `CFRunLoopRunSpecific` takes a longer timeout as none at all.
    static let timerIntervalLimit = SimDuration.seconds(504_911_232)

    init(
        recorder: Recorder, objects: Objects, threads: Threads, halt: Halt, profile: VariantProfile,
        program: Program, interpreter: Interpreter, records: RunRecords
    ) {
        self.recorder = recorder
        self.objects = objects
        self.threads = threads
        self.halt = halt
        self.profile = profile
        self.program = program
        self.interpreter = interpreter
        self.records = records
    }

    /// A run that ends inside an activation (the main thread's `UIApplicationMain` never returns; the horizon stops
    /// a nested `runMode:`) leaves it on its loop's list, and an activation holds its loop and mode: a cycle that kept
    /// every run's loops, modes and activations after the run, about 1.3 KB a run, so `run --replications` grew by
    /// 1.9 KB of resident memory a replication (heaptrack's leaks; issue 39). With the run loops gone, so is the run.
    deinit {
        for loop in all { loop.abandonActivations() }
    }

    /// The run loop `value` names (a run-loop value, or nil); a fault for any other value.
    func runLoop(named value: Value) throws(RuntimeFault) -> SimRunLoop? {
        switch value {
        case .null: return nil
        case .runLoop(let id): return all[id]
        default: throw RuntimeFault("expected a run loop")
        }
    }

    /// The run loop with this id.
    public subscript(id: Int) -> SimRunLoop { all[id] }

    /// Calls `body` with the run loop with this id, unretained (run loops are never removed from ``all``), where
    /// reading ``subscript(id:)`` retains and releases it (Objects/Unretained.swift).
    @inline(__always)
    func withUnretained<R>(_ id: Int, _ body: (SimRunLoop) -> R) -> R { all.withUnretained(at: id, body) }

    /// The thread's run loop, created on first use (`CFRunLoopGetCurrent`).
    func runLoop(for thread: SimThread) -> SimRunLoop {
        if let id = thread.runLoopID { return all[id] }
        let rlName = "runloop(\(thread.name))"
        let rl = SimRunLoop(
            id: all.count, threadID: thread.id, threadNameID: thread.nameID, name: rlName,
            nameID: recorder.name(rlName),
            isMain: thread.isMain)
        all.append(rl)
        threads.attach(runLoop: rl.id, to: thread)
        recorder.record(thread, .runLoopCreate(runLoop: rl.nameID))
        return rl
    }
}

extension RunLoops {
    // MARK: Wake-up and stop

    /// `CFRunLoopWakeUp`: dropped while the loop is not running or is between waking and its next iteration
    /// (`ignoreWakeUps`); otherwise one message on the wake-up port (redundant ones collapse).
    func wakeUp(_ rl: SimRunLoop, from thread: SimThread?) {
        guard let activation = rl.currentActivation, !activation.ignoreWakeUps else {
            recorder.record(
                thread,
                .wakeUpDropped(
                    runLoop: rl.nameID,
                    why: recorder.name(rl.currentActivation == nil ? "not running" : "ignoring wake-ups")))
            return
        }
        recorder.record(thread, .wakeUpSend(runLoop: rl.nameID))
        rl.postWakeUp(&portArrivals)
        wakeIfWaiting(rl, on: .wakeUp)
    }

    /// `CFRunLoopStop`: marks the innermost activation stopped and wakes the loop; dropped if not running.
    func stop(_ rl: SimRunLoop, from thread: SimThread) {
        guard let activation = rl.currentActivation else {
            recorder.record(thread, .stopDropped(runLoop: rl.nameID))
            return
        }
        activation.requestStop()
        recorder.record(thread, .stop(runLoop: rl.nameID))
        wakeUp(rl, from: thread)
    }

    /// Schedules the loop's thread to resume if it sleeps on a wait set that contains `port`.
    func wakeIfWaiting(_ rl: SimRunLoop, on port: WaitPort) {
        // Thread and activation read unretained (every timer-port message asks): threads live for the run, and
        // the activation is on the loop's list for the whole call, which schedules and records nothing else.
        threads.withUnretained(rl.threadID) { thread in
            guard thread.state == .sleeping else { return }
            rl.withUnretainedCurrentActivation { activation in
                guard activation.isSleeping else { return }
                switch port {
                case .wakeUp: break
                case .timerPort(let mode): guard mode == ObjectIdentifier(activation.mode) else { return }
                case .mainQueue: guard activation.dispatchPortParticipates(on: thread) else { return }
                case .source1(let id): guard activation.mode.sources1.contains(id) else { return }
                }
                threads.scheduleResume(thread)
            }
        }
    }

    /// The device woke after sleeping: every mode's timers are placed again by their deadlines (which the caller
    /// moved), and the deadlines the run loops keep (the modes' armed and cached ones, the activations' timeouts)
    /// move by `shift`.
    func deviceWoke(shift: (SimInstant) -> SimInstant) {
        for rl in all {
            for mode in rl.modes.values {
                mode.timers.refreshDeadlines { objects.heap.timer(at: $0).timer.fireTSR }
                mode.shiftDeadlines(shift)
            }
            for a in rl.activations { a.shiftDeadline(shift) }
        }
    }

    /// The activation's GCD timeout fired: `CFRunLoopWakeUp` on the loop, if that activation still runs.
    func activationTimedOut(_ rl: SimRunLoop, serial: Int) {
        guard let activation = rl.activations.first(where: { $0.serial == serial }) else { return }
        activation.noteTimeout(entry: nil)
        recorder.record(nil, .runLoopTimeout(runLoop: rl.nameID))
        wakeUp(rl, from: nil)
    }

    // MARK: Modes and items

    /// `CFRunLoopAddCommonMode`: marks `mode` common and adds every common item to it.
    func addCommonMode(_ rl: SimRunLoop, _ rawMode: String, on thread: SimThread) {
        let name = RunLoopModeName.canonical(rawMode)
        guard name != RunLoopModeName.common, !rl.isCommon(name) else { return }
        rl.joinCommonModes(name)
        let mode = rl.findOrCreateMode(name)
        mode.markCommon()
        recorder.record(thread, .commonModeAdd(runLoop: rl.nameID, mode: recorder.name(mode)))
        for timer in rl.commonTimers { addTimer(timer, to: rl, mode: name, on: thread) }
        for source in rl.commonSources { addSource(source, to: rl, mode: name, on: thread) }
        for observer in rl.commonObservers { insertObserver(observer, into: mode) }
    }

    /// Whether `mode` has nothing that can wake or run (`__CFRunLoopModeIsEmpty`).
    func isModeEmpty(_ rl: SimRunLoop, _ name: String, on thread: SimThread) -> Bool {
        guard let mode = rl.modes[name] else { return true }
        return isModeEmpty(rl, mode, on: thread)
    }

    /// ``isModeEmpty(_:_:on:)`` of one of `rl.modes`, such as a running activation's: no lookup by name, and
    /// whether it is common from its flag (set wherever `rl.commonModes` grows, so it equals `rl.isCommon(name)`).
    ///
    /// In `__CFRunLoopModeIsEmpty`'s order (swift-corelibs-foundation `Sources/CoreFoundation/CFRunLoop.c` at
    /// 761b621, lines 1164–1189): the main queue first — it counts only on the main thread, in the main loop, in
    /// a common mode, and while the main thread is not already servicing it (`libdispatchQSafe`: CF sets
    /// `__CFTSDKeyIsInGCDMainQ` around `__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`, lines 3224 and
    /// 3235, and never services it while the key is set, line 2948, so a depth of 0 is the key's 0); then
    /// sources, timers, and blocks queued for the mode or for the common modes. Observers do not count. Without
    /// UIKit nothing else is in the main loop's common modes (``UIKit/addEventSource(to:on:_:)``).
    func isModeEmpty(_ rl: SimRunLoop, _ mode: RunLoopMode, on thread: SimThread) -> Bool {
        if rl.isMain && thread.isMain && mode.isCommon && thread.mainQueueDrainDepth == 0
            && profile.mainQueueCountsAsSource
        {
            return false  // the main queue counts as a source in the main loop's common modes
        }
        // A port-based source counts too: `if (NULL != rlm->_sources1 && 0 < CFSetGetCount(rlm->_sources1))
        // return false;` (line 1175).
        if !mode.sources0.isEmpty || !mode.sources1.isEmpty || !mode.timers.isEmpty { return false }
        let common = mode.isCommon
        let name = mode.name
        return !rl.blocks.contains { item in item.modes.map { $0.contains(name) } ?? common }
    }

    /// `CFRunLoopPerformBlock`: queued, not woken (callers wake the loop themselves).
    func performBlock(_ block: ObjectID, on rl: SimRunLoop, mode rawMode: String, from thread: SimThread) {
        let name = RunLoopModeName.canonical(rawMode)
        rl.queueBlock(block, modes: name == RunLoopModeName.common ? nil : [name])
        if name != RunLoopModeName.common { _ = rl.findOrCreateMode(name) }
        recorder.record(
            thread,
            .performBlock(
                runLoop: rl.nameID, mode: recorder.name(RunLoopModeName.short(name)),
                block: objects.heap.object(block).map { recorder.labelName($0) } ?? recorder.name("")))
    }

    /// A version-0 source object (+1 for the caller) whose handler is `block` (retained by the source).
    func makeSource(
        order: Int, handler: SourceState.Handler, block: ObjectID?, label: String?,
        on thread: SimThread
    ) -> ObjectID {
        let o = objects.allocate(
            kind: .source, className: "CFRunLoopSource", label: label, slotNames: ["handler"],
            slotStrengths: [.strong], slots: [block.map { .object($0) } ?? .null],
            isDeclaredRoot: false, isInternal: handler != .block, at: recorder.now, on: thread.name)
        o.source = SourceState(order: order, handler: handler)
        return o.id
    }

    /// A port object (`[NSMachPort port]`, +1 for the caller) with its run-loop source of version 1, whose perform
    /// callout is `block` (the delegate's `handlePortMessage:`, retained by the port). `className` names what
    /// owns the port (`NSMachPort`, or a stream scheduled in a run loop).
    func makePort(block: ObjectID?, className: String, label: String?, on thread: SimThread) -> ObjectID {
        let o = objects.allocate(
            kind: .source, className: className, label: label, slotNames: ["handler"],
            slotStrengths: [.strong], slots: [block.map { .object($0) } ?? .null],
            isDeclaredRoot: false, isInternal: false, at: recorder.now, on: thread.name)
        var state = SourceState(order: 0, handler: .block)
        state.isPort = true
        o.source = state
        return o.id
    }

    /// `CFRunLoopAddSource` (the mode's set retains the source; sorted by order for the source0 pass). A port-based
    /// source goes into the mode's `_sources1` and its port into the mode's port set instead (CFRunLoop.c lines
    /// 3636–3642): a message already waiting on the port wakes the loop if it sleeps in that mode.
    func addSource(_ id: ObjectID, to rl: SimRunLoop, mode rawMode: String, on thread: SimThread) {
        guard let o = objects.heap.object(id), o.source!.isValid else { return }
        let name = RunLoopModeName.canonical(rawMode)
        if name == RunLoopModeName.common {
            if !rl.commonSources.contains(id) {
                rl.addCommonSource(id)
                objects.retain(id)
            }
            for m in rl.commonModes { addSource(id, to: rl, mode: m, on: thread) }
            return
        }
        let mode = rl.findOrCreateMode(name)
        if o.source!.isPort {
            guard !mode.sources1.contains(id) else { return }
            mode.addSource1(id)
            objects.retain(id)
            o.source!.runLoop = rl.id
            o.source!.modes.append(name)
            recorder.record(
                thread, .portAdd(port: recorder.labelName(o), runLoop: rl.nameID, mode: recorder.name(mode)))
            if !o.source!.messages.isEmpty { wakeIfWaiting(rl, on: .source1(id)) }
            return
        }
        guard !mode.sources0.contains(id) else { return }
        let order = o.source!.order
        let index = mode.sources0.firstIndex { objects.heap.object($0)!.source!.order > order } ?? mode.sources0.count
        mode.insertSource0(id, at: index)
        objects.retain(id)
        o.source!.runLoop = rl.id
        o.source!.modes.append(name)
    }

    /// `CFRunLoopRemoveSource` (`-[NSRunLoop removePort:forMode:]` for a port): out of the mode's `_sources0`, or
    /// `_sources1` with its port out of the mode's port set (CFRunLoop.c lines 3689–3700); the mode's release. A
    /// port's messages stay queued on it. With the common pseudo-mode: out of the common items and every common mode,
    /// only if it was added with the common pseudo-mode (lines 3675–3686). The source's handler stays: CF releases
    /// the context only when the source is freed (`__CFRunLoopSourceDeallocate`).
    func removeSource(_ id: ObjectID, from rl: SimRunLoop, mode rawMode: String, on thread: SimThread) {
        guard let o = objects.heap.object(id), o.source != nil else { return }
        let name = RunLoopModeName.canonical(rawMode)
        if name == RunLoopModeName.common {
            guard let i = rl.commonSources.firstIndex(of: id) else { return }
            rl.removeCommonSource(at: i)
            for m in rl.commonModes { removeSource(id, from: rl, mode: m, on: thread) }
            objects.release(id, on: thread)
            return
        }
        guard let mode = rl.modes[name] else { return }
        if let i = mode.sources1.firstIndex(of: id) {
            mode.removeSource1(at: i)
            recorder.record(
                thread, .portRemove(port: recorder.labelName(o), runLoop: rl.nameID, mode: recorder.name(mode)))
        } else if let i = mode.sources0.firstIndex(of: id) {
            mode.removeSource0(at: i)
        } else {
            return
        }
        o.source!.modes.removeAll { $0 == name }
        if o.source!.modes.isEmpty { o.source!.runLoop = nil }
        objects.release(id, on: thread)
    }

    /// `CFRunLoopSourceInvalidate`: marks the source invalid and not signalled, and removes it from every mode of its
    /// run loop and from the common items (`__CFRunLoopSourceRemoveFromRunLoop`, CFRunLoop.c lines 4190–4215). Its
    /// context (the handler) stays until the source is freed: "for hashing- and equality-use purposes, can't
    /// actually release the context here". An invalid source is never added again (`CFRunLoopAddSource` checks
    /// `__CFIsValid`), and a port's later messages are dropped.
    func invalidateSource(_ id: ObjectID, on thread: SimThread) {
        guard let o = objects.heap.object(id), o.source?.isValid == true else { return }
        o.source!.isValid = false
        o.source!.isSignalled = false
        guard let rlID = o.source!.runLoop else {
            for rl in all where rl.commonSources.contains(id) {
                removeSource(id, from: rl, mode: RunLoopModeName.common, on: thread)
            }
            return
        }
        objects.retain(id)  // CFRetain(rls) for the call
        let rl = all[rlID]
        removeSource(id, from: rl, mode: RunLoopModeName.common, on: thread)
        for mode in o.source!.modes { removeSource(id, from: rl, mode: mode, on: thread) }
        objects.release(id, on: thread)
    }

    /// A message sent to a port (`-[NSPort sendBeforeDate:…]`, a stream's data arriving): queued on the port; it
    /// wakes the port's run loop if that loop sleeps in a mode whose port set holds the port. From `thread`, or
    /// from outside the app (nil: a delayed send or a stream delivery arriving). A message to an invalidated
    /// port is dropped.
    func sendPortMessage(_ o: HeapObject, from thread: SimThread?) {
        guard o.source!.isValid else {
            recorder.record(thread, .portSend(port: recorder.labelName(o), queued: -1))
            return
        }
        o.source!.messages.append(portArrivals.next())
        recorder.record(thread, .portSend(port: recorder.labelName(o), queued: Int64(o.source!.messages.count)))
        if let rlID = o.source!.runLoop { wakeIfWaiting(all[rlID], on: .source1(o.id)) }
    }

    /// Schedules a message to reach `port` `delay` from now. The sender holds a send right, which does not keep
    /// the port object: a message whose port was freed meanwhile is lost.
    func schedulePortMessage(_ o: HeapObject, after delay: SimDuration) {
        o.source!.scheduledDeliveries += 1
        _ = recorder.clock.schedule(.portMessage(o.id), at: recorder.now + max(delay, .zero), phase: .kernelTimer)
    }

    /// A scheduled message reached its port (if the port still exists).
    func scheduledPortMessageArrived(_ id: ObjectID) {
        guard let o = objects.heap.object(id), o.source != nil else { return }
        o.source!.scheduledDeliveries -= 1
        sendPortMessage(o, from: nil)
    }

    /// `CFRunLoopSourceSignal`.
    func signal(_ source: HeapObject) {
        source.source!.isSignalled = true
    }

    /// A thread's run loop at thread exit: sources and timers are removed (released), timers not invalidated.
    func finalizeRunLoop(_ rl: SimRunLoop, on thread: SimThread) {
        for mode in rl.modes.values {
            // Ids first: a release can free a timer whose slot a later one then takes.
            let ids = mode.timers.ordered().map { self.objects.heap.timer(at: $0).id }
            for id in ids {
                if let o = objects.heap.object(id) {
                    o.timer.runLoop = nil
                    o.timerModes = []
                }
                objects.release(id, on: thread)
            }
            mode.timers = TimerList()
            for id in mode.sources0 { objects.release(id, on: thread) }
            mode.removeAllSources0()
            for id in mode.sources1 { objects.release(id, on: thread) }
            mode.removeAllSources1()
            let observers = mode.observers
            mode.removeAllObservers()
            for observer in observers { objects.release(observer.object, on: thread) }
            if let entry = mode.port.entry { recorder.clock.cancel(entry) }
            mode.port = TimerPort()
        }
        for id in rl.commonTimers + rl.commonSources { objects.release(id, on: thread) }
        for observer in rl.commonObservers { objects.release(observer.object, on: thread) }
        for item in rl.blocks { objects.release(item.block, on: thread) }
        rl.removeAllCommonItemsAndBlocks()
        // The perform source's own +1 (made on first use): the modes' references went above.
        if let source = rl.takeThreadPerformSource() { objects.release(source, on: thread) }
        recorder.record(thread, .runLoopFinalize(runLoop: rl.nameID))
    }
}
