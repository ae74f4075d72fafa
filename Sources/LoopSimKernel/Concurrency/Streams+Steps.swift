/// The steps of Swift's `AsyncStream` (docs/scenario-format.md §7.13), run by ``Streams``.

/// `AsyncStream(T.self) { continuation in … }` or `let (stream, continuation) = AsyncStream.makeStream(of:)`: a
/// new stream bound to `into` (the stream and its continuation are one storage object: bind it to both).
public struct MakeStreamStep: ExecutableStep {
    public var verb: String { "asyncStream" }
    public var into: LValue
    /// The stream's label in reports: the place's name.
    public var label: String
    /// An `AsyncThrowingStream` (it may end with an error, `finish(throwing:)`).
    public var throwing: Bool = false
    /// `bufferingPolicy: .bufferingOldest(n)` or `.bufferingNewest(n)`: n, an int; nil for `.unbounded`.
    public var bufferingLimit: Expr? = nil
    /// `.bufferingNewest(n)` (drop the oldest waiting value when full), else `.bufferingOldest(n)` (drop the new).
    public var keepsNewest: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        var policy = Streams.Policy.unbounded
        if let bufferingLimit {
            guard case .int(let n) = try c.value(bufferingLimit) else {
                throw RuntimeFault("an AsyncStream's buffering limit is not an int")
            }
            policy = keepsNewest ? .newest(Int(n)) : .oldest(Int(n))
        }
        let made = c.kernel.tasks.streams.make(label: label, throwing: throwing, policy: policy, on: c.thread)
        try c.bind(made, into: into)
        return .next
    }
}

/// `continuation.yield(value)`: hands the value to the task waiting in `next()` (its job is queued on its
/// executor), or buffers it; dropped on a finished stream. Nil (an optional chain) does nothing.
public struct StreamYieldStep: ExecutableStep {
    public var verb: String { "streamYield" }
    public var stream: Expr
    public var value: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(stream, expecting: "an AsyncStream continuation") else { return .next }
        let streams = c.kernel.tasks.streams
        guard streams.isStream(o.id) else { throw RuntimeFault("yield on a \(o.className), not an AsyncStream") }
        let (v, owned) = try c.ownedValue(value)
        if !owned, case .object(let object) = v { c.kernel.retain(object) }
        if let task = streams.yield(o.id, v, on: c.thread) { c.kernel.tasks.continuationResumed(task) }
        return .next
    }
}

/// `continuation.finish()` or `finish(throwing: error)`: the stream ends (the first finish wins); the task waiting
/// in `next()` gets nil, or the error. Its termination handler, if set, is called first, on this thread, with
/// `.finished` (``StreamTerminationCall``). Nil does nothing. With `cancelled`, the storage's `cancel()`, which
/// the iterator's context runs when the last copy of the stream goes (AsyncStream.swift, `_Context.deinit`): the
/// handler, if still set, with `.cancelled`, then `finish()`.
public struct StreamFinishStep: ExecutableStep {
    public var verb: String { "streamFinish" }
    public var stream: Expr
    /// The error `finish(throwing:)` ends an `AsyncThrowingStream` with; nil for `finish()`.
    public var error: Expr? = nil
    /// `cancel()`: the handler is told `.cancelled`.
    public var cancelled: Bool = false

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(stream, expecting: "an AsyncStream continuation") else { return .next }
        let streams = c.kernel.tasks.streams
        guard streams.isStream(o.id) else { throw RuntimeFault("finish on a \(o.className), not an AsyncStream") }
        let failure = try c.value(error)
        if failure != .null, o.className != "AsyncThrowingStream" {
            throw RuntimeFault("finish(throwing:) on an AsyncStream, which cannot fail")
        }
        let handler = streams.takeHandler(o.id)
        let task = streams.finish(o.id, error: failure == .null ? nil : failure)
        guard let handler else {
            if let task { c.kernel.tasks.continuationResumed(task) }
            return .next
        }
        return StreamTerminationCall.outcome(
            [Streams.Termination(handler: handler, reason: cancelled ? "cancelled" : "finished", resume: task)], in: c)
    }
}

/// `await iterator.next()` (one turn of `for await value in stream`), two steps: `take: false` asks (the answer
/// is ready at once, or the task suspends as in `withUnsafeContinuation` until a yield, a finish or its
/// cancellation hands it over), then `take: true` stores the value into `result` and whether the stream ended (nil)
/// into `ended`.
public struct StreamNextStep: ExecutableStep {
    public var verb: String { "streamNext" }
    public var stream: Expr
    /// False: the ask (which may suspend the task); true: the answer stored.
    public var take: Bool
    public var result: LValue? = nil
    public var ended: LValue? = nil
    /// Where the error of an `AsyncThrowingStream` that failed goes (`for try await`): set once, after the
    /// buffered values, with `ended` true.
    public var error: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("`for await` over an AsyncStream outside a task")
        }
        guard let o = try c.object(stream, expecting: "an AsyncStream") else {
            throw RuntimeFault("`for await` over a nil AsyncStream")
        }
        let streams = c.kernel.tasks.streams
        guard streams.isStream(o.id) else {
            throw RuntimeFault("`for await` over a \(o.className), not an AsyncStream")
        }
        guard take else {
            let cancelled = c.kernel.tasks.isCancelled(task)
            // In a cancelled task `withTaskCancellationHandler` runs `cancel()` first: the termination handler is
            // called (once) before the ask, on this thread.
            if cancelled, let handler = streams.takeHandler(o.id) {
                return StreamTerminationCall.outcome(
                    [Streams.Termination(handler: handler, reason: "cancelled", resume: nil)], then: self, in: c)
            }
            let ready = try streams.ask(o.id, task: task, cancelled: cancelled)
            return ready ? .next : StepOutcome(.push(TaskSuspendFrame(.continuation)))
        }
        guard let (value, end, failure) = streams.take(o.id) else { return .next }
        if let error {
            try c.kernel.interpreter.store(
                failure ?? .null, owned: false, into: error, in: c.frame, on: c.thread, c.kernel)
        } else if failure != nil {
            throw RuntimeFault("an AsyncThrowingStream's error in `for await` without `try`")
        }
        if let result, !end {
            try c.kernel.interpreter.storeReturned(value, into: result, in: c.frame, on: c.thread, c.kernel)
        } else if case .object(let object) = value {
            c.kernel.release(object, on: c.thread)
        }
        if let ended {
            try c.kernel.interpreter.store(.bool(end), owned: false, into: ended, in: c.frame, on: c.thread, c.kernel)
        }
        return .next
    }
}
