/// Swift's `AsyncStream` (SE-0314) with its default buffering policy, `.unbounded`, as the Swift stdlib runs it
/// (swift stdlib/public/Concurrency/AsyncStream.swift and AsyncStreamBuffer.swift, `AsyncStream._Storage`):
/// - the stream and its `Continuation` are two structs around one storage object: a buffer of the values yielded
///   and not taken yet (`pending`), a `terminal` flag, and at most one waiting consumer (`continuation`): a stream
///   has one consumer, and a second task awaiting `next()` while one waits is `fatalError("attempt to await next()
///   on more than one task")`;
/// - `yield(v)` hands `v` to the waiting consumer (its continuation is resumed: the task's next job is queued on
///   its executor), else appends it to the buffer; on a terminated stream it drops `v` (`.terminated`);
/// - `finish()` marks the stream terminal and resumes the waiting consumer with `nil`; values already buffered are
///   still delivered, then every `next()` returns `nil`;
/// - `next()` takes the oldest buffered value at once (no suspension), returns `nil` at once on a terminal stream,
///   else suspends in `withUnsafeContinuation` until a yield or the end. It runs inside
///   `withTaskCancellationHandler { … } onCancel: { cancel() }`: cancelling the task while it waits, or calling
///   `next()` in a task already cancelled (the handler runs at once), terminates the stream as `finish()` does.
///
/// The storage is a heap object (kind ``HeapObject/Kind/asyncStream``, class `AsyncStream`, or
/// `AsyncThrowingStream` for a stream that may end with an error) shared by every place that holds the stream or
/// its continuation; the buffered objects are held (+1) by its record until taken, dropped or the storage freed.
/// Its one slot, `onTermination`, holds the termination handler strongly (`_Storage.State.onTermination`), so what
/// the handler captures (a timer to invalidate) stays as long as the stream does. The handler is called once, with
/// `.finished` or `.cancelled`: the first `finish` (on the finishing thread), the consumer task's cancellation (on
/// the cancelling thread), the iterator's context dropped (`_Context.deinit` calls `storage.cancel()`, on the
/// thread that drops it: the `streamFinish:` step with `cancelled: true`), or the storage's deinit
/// (``ThrowingStreams+Steps.swift``).
///
/// Buffering (``Policy``, `AsyncStream(…, bufferingPolicy:)`): `.unbounded` keeps every value; `.bufferingOldest(n)`
/// keeps the first n and drops a new value while n wait; `.bufferingNewest(n)` drops the oldest waiting value to
/// make room for the new one (n ≤ 0: the new value is dropped). A value handed straight to a waiting consumer is
/// never buffered (`_Storage.yield(_:)` in AsyncStreamBuffer.swift).
///
/// `AsyncThrowingStream` (`_ThrowingStorage` in AsyncStreamBuffer.swift): `finish(throwing: e)` records the
/// failure once (the first finish wins); the consumer's `next()` drains the buffered values first, then throws `e`
/// once, then returns nil. Cancelling the consumer finishes the stream without an error: the loop ends normally.
final class Streams {
    /// A stream's `BufferingPolicy`: how many values its buffer keeps, and which it drops when full.
    enum Policy: Equatable {
        case unbounded
        case oldest(Int)
        case newest(Int)
    }

    /// One stream's storage.
    struct Record {
        let id: ObjectID
        var policy: Policy = .unbounded
        /// The values yielded and not taken yet, oldest first (+1 for an object).
        var pending: [Value] = []
        /// `finish()` was called or the consumer was cancelled: no value is buffered any more.
        var terminal = false
        /// The task suspended in `next()`, nil when none is.
        var waiter: ObjectID?
        /// What a resumed waiter's `next()` returns, until it takes it: a value (+1 for an object), or nil (the
        /// end) when `ended`.
        var handoff: (value: Value, ended: Bool)?
        /// When the waiter suspended.
        var suspendedSince: SimInstant?
        /// `finish(throwing:)`'s error, not thrown to the consumer yet (an `AsyncThrowingStream`).
        var failure: Value?
        /// An error handed over with ``handoff`` (the end of a failed stream), thrown by the consumer's `next()`.
        var thrown: Value?
    }

    /// A termination handler to call (``takeHandler(_:)``), and the consumer to resume after it returns.
    struct Termination {
        let handler: ObjectID
        let reason: String
        let resume: ObjectID?
    }

    /// The storage's slot holding the termination handler.
    static let handlerSlot = 0
    /// Terminations due because a task was cancelled (``taskCancelled(_:)``): the cancelling step calls them.
    private(set) var dueTerminations: [Termination] = []

    /// The terminations due (``dueTerminations``), handed to the step that calls them.
    func takeDueTerminations() -> [Termination] {
        defer { dueTerminations = [] }
        return dueTerminations
    }

    /// The streams in creation order.
    private(set) var records: [Record] = []
    /// Each stream's record by object (a lookup table, never iterated).
    private var recordOf: [ObjectID: Int] = [:]
    let recorder: Recorder
    let objects: Objects

    init(recorder: Recorder, objects: Objects) {
        self.recorder = recorder
        self.objects = objects
    }

    /// Whether `object` is a stream's storage.
    func isStream(_ object: ObjectID) -> Bool { recordOf[object] != nil }

    /// A new stream (+1, the caller's): `AsyncStream(T.self) { continuation in … }` or `AsyncStream.makeStream`.
    func make(label: String, throwing: Bool = false, policy: Policy = .unbounded, on thread: SimThread) -> ObjectID {
        let className = throwing ? "AsyncThrowingStream" : "AsyncStream"
        let o = objects.allocate(
            kind: .asyncStream, className: className, label: label, slotNames: ["onTermination"],
            slotStrengths: [.strong], slots: [.null], isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name(className)))
        recordOf[o.id] = records.count
        records.append(Record(id: o.id, policy: policy))
        return o.id
    }

    /// `continuation.yield(value)` (`value` a +1 the stream takes): the task to resume when one was waiting.
    /// A value the buffering policy drops (the new one, or the oldest waiting one for `.bufferingNewest`) is let
    /// go (`_Storage.yield(_:)`: `.dropped(value)`, `.dropped(state.pending.removeFirst())`).
    func yield(_ id: ObjectID, _ value: Value, on thread: SimThread) -> ObjectID? {
        guard let r = recordOf[id] else { return nil }
        if let task = records[r].waiter {
            records[r].waiter = nil
            records[r].handoff = (value, false)
            return task
        }
        var dropped = value
        if !records[r].terminal {
            let count = records[r].pending.count
            switch records[r].policy {
            case .unbounded:
                records[r].pending.append(value)
                dropped = .null
            case .oldest(let limit) where count < limit, .newest(let limit) where count < limit:
                records[r].pending.append(value)
                dropped = .null
            case .newest where count > 0:
                dropped = records[r].pending.removeFirst()
                records[r].pending.append(value)
            case .oldest, .newest:
                break
            }
        }
        if case .object(let o) = dropped { objects.release(o, on: thread) }
        return nil
    }

    /// `continuation.finish()` or `finish(throwing: error)`, or the consumer's cancellation: the stream is terminal
    /// (the first finish wins: a later one changes nothing, AsyncStreamBuffer.swift `if state.terminal == nil`), and
    /// the waiting task (when one is) is resumed with nil, or with the error: it is returned to be resumed.
    func finish(_ id: ObjectID, error: Value? = nil) -> ObjectID? {
        guard let r = recordOf[id] else { return nil }
        if !records[r].terminal { records[r].failure = error }
        records[r].terminal = true
        guard let task = records[r].waiter else { return nil }
        records[r].waiter = nil
        records[r].handoff = (.null, true)
        records[r].thrown = records[r].failure
        records[r].failure = nil
        return task
    }

    /// The stream's termination handler, taken out of its slot (the storage's +1 passes to the caller, which
    /// calls it once and lets it go: `_Storage.finish()` and `cancel()` swap it out before calling it); nil when
    /// none is set or it was called already.
    func takeHandler(_ id: ObjectID) -> ObjectID? {
        guard let o = objects.heap.object(id), case .object(let handler) = o[slot: Self.handlerSlot] else {
            return nil
        }
        o[slot: Self.handlerSlot] = .null
        return handler
    }

    /// Whether the stream is terminal (finished, failed or cancelled).
    func isTerminal(_ id: ObjectID) -> Bool { recordOf[id].map { records[$0].terminal } ?? false }

    /// `next()` of task `task` begins: true when its answer is ready (a buffered value, or the end), handed over
    /// for ``take(_:)``; false when the task must suspend (it is then the stream's waiter, and a yield, a finish or
    /// its cancellation hands it the answer). A second consumer while one waits is Swift's `fatalError`.
    func ask(_ id: ObjectID, task: ObjectID, cancelled: Bool) throws(RuntimeFault) -> Bool {
        guard let r = recordOf[id] else { throw RuntimeFault("next() on an object that is not an AsyncStream") }
        if records[r].waiter != nil, records[r].waiter != task {
            throw RuntimeFault("Fatal error: attempt to await next() on more than one task")
        }
        // withTaskCancellationHandler runs its handler at once in a cancelled task: the stream ends.
        if cancelled { records[r].terminal = true }
        if !records[r].pending.isEmpty {
            records[r].handoff = (records[r].pending.removeFirst(), false)
            return true
        }
        if records[r].terminal {
            // A failed stream throws its error once, after its buffered values; then it returns nil
            // (`_ThrowingStorage.next(_:)`: `state.terminal = .finished`).
            records[r].handoff = (.null, true)
            records[r].thrown = records[r].failure
            records[r].failure = nil
            return true
        }
        records[r].waiter = task
        records[r].suspendedSince = recorder.now
        return false
    }

    /// What the consumer's `next()` returns once its answer was handed over: a value (+1 for an object, the
    /// caller's now) or the end; nil when none was (not reached: a task resumes only after a hand-over).
    func take(_ id: ObjectID) -> (value: Value, ended: Bool, error: Value?)? {
        guard let r = recordOf[id], let got = records[r].handoff else { return nil }
        records[r].handoff = nil
        let error = records[r].thrown
        records[r].thrown = nil
        return (got.value, got.ended, error)
    }

    /// Task `task` was cancelled: the stream it waits on in `next()` (if any) ends, and the task to resume is
    /// returned (the cancellation handler of `next()` calls `cancel()`, which finishes the stream). When the
    /// stream has a termination handler, it is called first, with `.cancelled` (`cancel()`: "handler must be
    /// invoked before yielding nil for termination"): the resumption is then left in ``dueTerminations`` for the
    /// cancelling step, which calls the handler on its thread and resumes the task after it.
    func taskCancelled(_ task: ObjectID) -> ObjectID? {
        guard let r = records.firstIndex(where: { $0.waiter == task }) else { return nil }
        let id = records[r].id
        guard let handler = takeHandler(id) else { return finish(id) }
        dueTerminations.append(Termination(handler: handler, reason: "cancelled", resume: finish(id)))
        return nil
    }

    /// The storage's last reference went: the buffered values are let go.
    func freed(_ id: ObjectID, on thread: SimThread) {
        guard let r = recordOf[id] else { return }
        let pending = records[r].pending
        records[r].pending = []
        records[r].terminal = true
        for case .object(let o) in pending { objects.release(o, on: thread) }
    }

    /// The tasks suspended in a stream's `next()` at this instant, each waiting on a stream someone can still
    /// finish or yield to: named as the task is.
    func waits(_ tasks: Tasks) -> [SuspendedTask] {
        let heap = objects.heap
        return records.compactMap { r in
            guard let task = r.waiter, tasks.record(task)?.state == .continuation else { return nil }
            let name = heap.object(task)?.displayName ?? "Task"
            let loop = heap.object(r.id)?.className == "AsyncThrowingStream" ? "for try await" : "for await"
            return SuspendedTask(
                name: name, since: r.suspendedSince,
                reason: "suspended in `\(loop)` over \(heap.object(r.id)?.displayName ?? "an AsyncStream") until "
                    + "a value is yielded or the stream is finished")
        }
    }
}
