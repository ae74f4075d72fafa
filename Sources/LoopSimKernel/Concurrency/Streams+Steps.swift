/// The steps of Swift's `AsyncStream` (docs/scenario-format.md §7.13), run by ``Streams``.

/// `AsyncStream(T.self) { continuation in … }` or `let (stream, continuation) = AsyncStream.makeStream(of:)`: a
/// new stream bound to `into` (the stream and its continuation are one storage object: bind it to both).
public struct MakeStreamStep: ExecutableStep {
    public var verb: String { "asyncStream" }
    public var into: LValue
    /// The stream's label in reports: the place's name.
    public var label: String

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let made = c.kernel.tasks.streams.make(label: label, on: c.thread)
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

/// `continuation.finish()`: the stream ends; the task waiting in `next()` gets nil. Nil does nothing.
public struct StreamFinishStep: ExecutableStep {
    public var verb: String { "streamFinish" }
    public var stream: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(stream, expecting: "an AsyncStream continuation") else { return .next }
        let streams = c.kernel.tasks.streams
        guard streams.isStream(o.id) else { throw RuntimeFault("finish on a \(o.className), not an AsyncStream") }
        if let task = streams.finish(o.id) { c.kernel.tasks.continuationResumed(task) }
        return .next
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
            let ready = try streams.ask(o.id, task: task, cancelled: c.kernel.tasks.isCancelled(task))
            return ready ? .next : StepOutcome(.push(TaskSuspendFrame(.continuation)))
        }
        guard let (value, end) = streams.take(o.id) else { return .next }
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
