/// A step that runs itself: the kernel step of a verb, defined beside the part that models it.
///
/// Adding a step verb takes three places: its entry in the compiler's verb table (`StepVerb`, with the closure
/// that compiles it into a value of a type conforming to this protocol), that type in the part that runs it
/// (its ``execute(in:)`` calls the part's methods), and its row in docs/scenario-format.md §7. The interpreter
/// runs every such step through ``Step/perform(_:)`` and knows nothing of it. docs/kernel.md ("Adding a step
/// verb") walks through one.
public protocol ExecutableStep: Sendable {
    /// The verb as written in a scenario (`postNotification`): conformance names it when it has no translation.
    var verb: String { get }
    /// Runs the step in `context`'s frame and thread; a thrown fault is the modelled app's crash at this step.
    func execute(in context: StepContext) throws(RuntimeFault) -> StepOutcome
}

/// Where a step runs: its frame, its thread and the kernel, with the interpreter's reads and writes of values.
///
/// Its reads follow Objective-C: a message to nil does nothing (``object(_:expecting:)`` is nil), a message to a
/// freed object is a fault. What a step makes (`new`, a block literal, a token) is a +1 reference that the step
/// stores or releases (``bind(_:into:)``).
public struct StepContext {
    let frame: ProgramFrame
    let thread: SimThread
    let kernel: Kernel

    /// `expr`'s value, borrowed.
    func value(_ expr: Expr) throws(RuntimeFault) -> Value {
        try kernel.interpreter.evaluate(expr, in: frame, on: thread, kernel)
    }

    /// A duration argument's value now (``Interpreter/duration(_:in:on:_:)``): fixed, drawn, or computed.
    func duration(_ spec: DurationSpec) throws(RuntimeFault) -> SimDuration {
        try kernel.interpreter.duration(spec, in: frame, on: thread, kernel)
    }

    /// A duration computed from `expr` when there is one, else `fixed`.
    func duration(_ expr: Expr?, or fixed: SimDuration) throws(RuntimeFault) -> SimDuration {
        guard let expr else { return fixed }
        return try kernel.interpreter.durationValue(expr, in: frame, on: thread, kernel)
    }

    /// `expr`'s value, or nil when there is no expression (an optional argument left out).
    func value(_ expr: Expr?) throws(RuntimeFault) -> Value {
        guard let expr else { return .null }
        return try value(expr)
    }

    /// The live object `expr` names; nil for nil; a fault for a freed object or a value that is not an object.
    func object(_ expr: Expr, expecting what: String) throws(RuntimeFault) -> HeapObject? {
        try kernel.interpreter.liveObject(try value(expr), expecting: what)
    }

    /// The queue `ref` names now: itself for a declared queue, the queue its expression yields for a
    /// ``QueueRef/value(_:)``. Swift's `DispatchQueue` is never nil; a nil or a value that is not a queue is a
    /// fault, as libdispatch dereferences the queue (`dispatch_async(NULL, …)` crashes).
    @inline(__always)
    func queue(_ ref: QueueRef) throws(RuntimeFault) -> QueueRef {
        guard case .value(let e) = ref else { return ref }
        return try Interpreter.queue(try value(e.expr))
    }

    /// The run loop `expr` names; nil for nil; a fault for a value that is not a run loop.
    func runLoop(_ expr: Expr) throws(RuntimeFault) -> SimRunLoop? {
        try kernel.runLoops.runLoop(named: try value(expr))
    }

    /// `expr`'s value, and whether it is a +1 reference the step now owns: what `new` and a block literal make.
    func ownedValue(_ expr: Expr) throws(RuntimeFault) -> (Value, owned: Bool) {
        try kernel.interpreter.evaluateOwned(expr, in: frame, on: thread, kernel)
    }

    /// The object `value` names, with a +1 reference the caller now owns: `value`'s own when `owned`, or one
    /// taken on it. Nil when `value` is not an object.
    func reference(to value: Value, owned: Bool) throws(RuntimeFault) -> ObjectID? {
        guard case .object(let id) = value else { return nil }
        if !owned {
            try kernel.objects.requireRetainable(value)
            kernel.retain(id)
        }
        return id
    }

    /// Lets go of `value` when it is a +1 reference the step owns but will not keep (a block literal made for a
    /// call that does nothing).
    func drop(_ value: Value, owned: Bool) {
        if owned, case .object(let id) = value { kernel.release(id, on: thread) }
    }

    /// The block (or object) `expr` yields, with a +1 reference the caller now owns: a literal's own, or one
    /// taken on a borrowed value. Nil when `expr` is nil.
    func retainedObject(_ expr: Expr) throws(RuntimeFault) -> ObjectID? {
        let (value, owned) = try ownedValue(expr)
        return try reference(to: value, owned: owned)
    }

    /// Runs a wait that may block the thread (`wait` answers ``FrameAction/next`` when it did not) and stores its
    /// result (`thread.returnValue`: 0 taken, 1 timed out) into `result`: at once when it did not block, else when
    /// the thread resumes (the frame's pending result).
    func waiting(into result: LValue?, _ wait: () -> FrameAction) throws(RuntimeFault) -> StepOutcome {
        if let result { frame.pendingResult = result }
        let action = wait()
        if case .next = action, let result {
            frame.pendingResult = nil
            try kernel.interpreter.store(thread.returnValue, owned: false, into: result, in: frame, on: thread, kernel)
        }
        return StepOutcome(action)
    }

    /// Stores `object`, a +1 reference the step made, into `place`, or releases it when there is no place.
    func bind(_ object: ObjectID, into place: LValue?) throws(RuntimeFault) {
        if let place {
            try kernel.interpreter.storeMade(.object(object), owned: true, into: place, in: frame, on: thread, kernel)
        } else {
            kernel.release(object, on: thread)
        }
    }

    /// Stores `object`, the result of a convenience constructor (`+scheduledTimerWithTimeInterval:…`,
    /// `+displayLinkWithTarget:selector:`), into `place`: autoreleased, or handed over +1 where the caller's
    /// ARC takes it from the autorelease pool (``Objects/autoreleaseFactoryResult(_:on:)``).
    func bindFactoryResult(_ object: ObjectID, into place: LValue?) throws(RuntimeFault) {
        let owned = kernel.objects.autoreleaseFactoryResult(object, on: thread)
        if let place {
            try kernel.interpreter.storeMade(.object(object), owned: owned, into: place, in: frame, on: thread, kernel)
        } else if owned {
            kernel.release(object, on: thread)
        }
    }
}

/// What a step asks of its frame once it has run: go on to the next step (``next``), or the few other things
/// a part's own ``FrameAction`` says (run a callee first, stop the thread).
public struct StepOutcome {
    let action: FrameAction

    init(_ action: FrameAction) { self.action = action }

    /// Go on with the frame's next step.
    static var next: StepOutcome { StepOutcome(.next) }
}
