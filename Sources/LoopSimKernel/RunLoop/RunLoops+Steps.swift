/// The run-loop verbs' steps (docs/scenario-format.md §7.4–§7.5): running a loop, stopping and waking it, common
/// modes, performed blocks, observers and version-0 sources, run by ``RunLoops``.

/// `-[NSRunLoop run]`, `runUntilDate:`, `runMode:beforeDate:`, `CFRunLoopRun` and `CFRunLoopRunInMode` on the
/// current thread's run loop: a ``RunCallFrame`` runs the call's activations.
public struct RunStep: ExecutableStep {
    public var call: RunCall
    /// The call's duration computed when the step runs (`run(until: Date(timeIntervalSinceNow: t))`, the seconds
    /// of `CFRunLoopRunInMode`), in place of the one ``call`` holds; a past date returns at once, as a literal's.
    public var durationExpression: Expr? = nil
    /// Where `runMode:` puts what `-runMode:beforeDate:` returns (`result:`): NO when the mode was empty and the
    /// loop did not run, YES after an activation (corelibs `RunLoop.run(mode:before:)`: `_CFRunLoopFinished` →
    /// false, else `CFRunLoopRunInMode` and true).
    public var result: LValue? = nil
    public var verb: String {
        switch call {
        case .run: "run"
        case .runUntil: "runUntil"
        case .runMode: "runMode"
        case .cfRun: "CFRunLoopRun"
        case .cfRunInMode: "CFRunLoopRunInMode"
        }
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        var call = call
        if let e = durationExpression {
            let d = try c.duration(e, or: .zero)
            switch call {
            case .runUntil: call = .runUntil(after: d)
            case .runMode(let mode, _): call = .runMode(mode, before: d)
            case .cfRunInMode(let mode, _, let rash):
                call = .cfRunInMode(mode, seconds: d, returnAfterSourceHandled: rash)
            case .run, .cfRun: break
            }
        }
        let frame = RunCallFrame(call: call, runLoop: c.kernel.runLoops.runLoop(for: c.thread))
        return try c.waiting(into: result) { .push(frame) }
    }
}

/// `CFRunLoopStop` and `CFRunLoopWakeUp`.
public struct StopOrWakeUpStep: ExecutableStep {
    public var runLoop: Expr
    /// `CFRunLoopStop`; false: `CFRunLoopWakeUp`.
    public var stops: Bool
    public var verb: String { stops ? "CFRunLoopStop" : "CFRunLoopWakeUp" }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let rl = try c.runLoop(runLoop) else { return .next }
        if stops {
            c.kernel.runLoops.stop(rl, from: c.thread)
        } else {
            c.kernel.runLoops.wakeUp(rl, from: c.thread)
        }
        return .next
    }
}

/// `CFRunLoopAddCommonMode`.
public struct AddCommonModeStep: ExecutableStep {
    public var verb: String { "CFRunLoopAddCommonMode" }
    public var runLoop: Expr
    public var mode: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let rl = try c.runLoop(runLoop) { c.kernel.runLoops.addCommonMode(rl, mode, on: c.thread) }
        return .next
    }
}

/// `CFRunLoopPerformBlock(rl, mode, block)`.
public struct PerformBlockStep: ExecutableStep {
    public var verb: String { "CFRunLoopPerformBlock" }
    public var runLoop: Expr
    public var mode: String
    public var block: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard case (let rl, let block)? = try c.runLoopAndBlock(runLoop, block) else { return .next }
        c.kernel.runLoops.performBlock(block, on: rl, mode: mode, from: c.thread)
        return .next
    }
}

/// `CFRunLoopObserverCreateWithHandler` then `CFRunLoopAddObserver`: a block observer of `activities`, bound to
/// `into` (the creator's +1, as an app keeps the `CFRunLoopObserverRef` it made), or, without a place, released at
/// once (`CFRelease(observer)` after adding it: the mode's list is what keeps it).
public struct AddObserverStep: ExecutableStep {
    public var verb: String { "addObserver" }
    public var runLoop: Expr
    public var mode: String
    public var activities: RunLoopActivity
    public var repeats: Bool
    public var order: Int
    public var block: Expr
    public var into: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard case (let rl, let block)? = try c.runLoopAndBlock(runLoop, block) else { return .next }
        let k = c.kernel
        let observer = k.runLoops.makeObserver(
            activities: activities, repeats: repeats, order: order, block: block,
            on: c.thread)
        k.runLoops.addObserver(observer, to: rl, mode: mode, on: c.thread)
        try c.bind(observer, into: into)
        return .next
    }
}

/// `CFRunLoopRemoveObserver(rl, observer, mode)` (`removes`), or `CFRunLoopRemoveSource(rl, source, mode)`.
public struct RemoveFromRunLoopStep: ExecutableStep {
    public var verb: String { isObserver ? "CFRunLoopRemoveObserver" : "CFRunLoopRemoveSource" }
    public var item: Expr
    public var runLoop: Expr
    public var mode: String
    /// An observer; false: a source (version 0 or a port).
    public var isObserver: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        guard let o = try c.object(item, expecting: isObserver ? "an observer" : "a source"),
            let rl = try c.runLoop(runLoop)
        else { return .next }
        if isObserver {
            guard k.runLoops.isObserver(o) else { throw RuntimeFault("\(verb): \(o.displayName) is not an observer") }
            k.runLoops.removeObserver(o.id, from: rl, mode: mode, on: c.thread)
        } else {
            guard o.source != nil else { throw RuntimeFault("\(verb): \(o.displayName) is not a run-loop source") }
            k.runLoops.removeSource(o.id, from: rl, mode: mode, on: c.thread)
        }
        return .next
    }
}

/// `CFRunLoopObserverInvalidate(observer)`, or `CFRunLoopSourceInvalidate(source)`; on nil, nothing (CF would
/// assert: a scenario's nil reads as a message to nil).
public struct InvalidateRunLoopItemStep: ExecutableStep {
    public var verb: String { isObserver ? "CFRunLoopObserverInvalidate" : "CFRunLoopSourceInvalidate" }
    public var item: Expr
    public var isObserver: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        guard let o = try c.object(item, expecting: isObserver ? "an observer" : "a source") else { return .next }
        if isObserver {
            guard k.runLoops.isObserver(o) else { throw RuntimeFault("\(verb): \(o.displayName) is not an observer") }
            k.runLoops.invalidateObserver(o.id, on: c.thread)
        } else {
            guard o.source != nil else { throw RuntimeFault("\(verb): \(o.displayName) is not a run-loop source") }
            k.runLoops.invalidateSource(o.id, on: c.thread)
        }
        return .next
    }
}

/// A version-0 source with a block handler, added to `mode` of `runLoop`, bound to `into`.
public struct AddSourceStep: ExecutableStep {
    public var verb: String { "addSource" }
    public var runLoop: Expr
    public var mode: String
    public var order: Int
    public var block: Expr
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard case (let rl, let block)? = try c.runLoopAndBlock(runLoop, block) else { return .next }
        let k = c.kernel
        let source = k.runLoops.makeSource(order: order, handler: .block, block: block, label: nil, on: c.thread)
        k.runLoops.addSource(source, to: rl, mode: mode, on: c.thread)
        try c.bind(source, into: into)
        return .next
    }
}

/// `CFRunLoopSourceSignal` (no wake-up: call `CFRunLoopWakeUp` too, as CF requires).
public struct SignalStep: ExecutableStep {
    public var verb: String { "signal" }
    public var source: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let source = try c.object(source, expecting: "a source") {
            c.kernel.runLoops.signal(source)
            c.kernel.record(c.thread, .sourceSignal(source: c.kernel.labelName(source)))
        }
        return .next
    }
}

extension StepContext {
    /// The run loop `runLoop` names and the block `block` yields, with a +1 on the block the caller now owns, for a
    /// call that gives a run loop a block. Nil when either is nil: the call does nothing, and a block literal made
    /// for it is freed.
    fileprivate func runLoopAndBlock(_ runLoop: Expr, _ block: Expr) throws(RuntimeFault) -> (SimRunLoop, ObjectID)? {
        let rl = try self.runLoop(runLoop)
        let (value, owned) = try ownedValue(block)
        guard let rl else {
            drop(value, owned: owned)
            return nil
        }
        guard let id = try reference(to: value, owned: owned) else { return nil }
        return (rl, id)
    }
}

/// `-[NSRunLoop limitDateForMode:]` on `runLoop`: a ``LimitDateFrame`` polls the mode once and answers the date of
/// its next timer; the answer is stored into `result` when the frame returns.
public struct LimitDateStep: ExecutableStep {
    public var verb: String { "limitDateForMode" }
    public var mode: String
    public var runLoop: Expr
    public var result: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let rl = try c.runLoop(runLoop)
        return try c.waiting(into: result) {
            guard let rl else {
                c.thread.returnValue = .null  // a message to nil
                return .next
            }
            return .push(LimitDateFrame(runLoop: rl, mode: mode))
        }
    }
}
