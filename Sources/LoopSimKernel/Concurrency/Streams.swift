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
/// The storage is a heap object (kind ``HeapObject/Kind/asyncStream``, class `AsyncStream`) shared by every
/// place that holds the stream or its continuation; the buffered objects are held (+1) by its record until taken,
/// dropped or the storage freed. `onTermination` and the other buffering policies are not modelled (the front-ends
/// refuse them, located).
final class Streams {
    /// One stream's storage.
    struct Record {
        let id: ObjectID
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
    func make(label: String, on thread: SimThread) -> ObjectID {
        let o = objects.allocate(
            kind: .asyncStream, className: "AsyncStream", label: label, slotNames: [], slotStrengths: [], slots: [],
            isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name("AsyncStream")))
        recordOf[o.id] = records.count
        records.append(Record(id: o.id))
        return o.id
    }

    /// `continuation.yield(value)` (`value` a +1 the stream takes): the task to resume when one was waiting.
    func yield(_ id: ObjectID, _ value: Value, on thread: SimThread) -> ObjectID? {
        guard let r = recordOf[id] else { return nil }
        if let task = records[r].waiter {
            records[r].waiter = nil
            records[r].handoff = (value, false)
            return task
        }
        if records[r].terminal {
            if case .object(let o) = value { objects.release(o, on: thread) }
            return nil
        }
        records[r].pending.append(value)
        return nil
    }

    /// `continuation.finish()`, or the consumer's cancellation: the stream is terminal, and the waiting task (when
    /// one is) is resumed with nil: it is returned to be resumed.
    func finish(_ id: ObjectID) -> ObjectID? {
        guard let r = recordOf[id] else { return nil }
        records[r].terminal = true
        guard let task = records[r].waiter else { return nil }
        records[r].waiter = nil
        records[r].handoff = (.null, true)
        return task
    }

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
            records[r].handoff = (.null, true)
            return true
        }
        records[r].waiter = task
        records[r].suspendedSince = recorder.now
        return false
    }

    /// What the consumer's `next()` returns once its answer was handed over: a value (+1 for an object, the
    /// caller's now) or the end; nil when none was (not reached: a task resumes only after a hand-over).
    func take(_ id: ObjectID) -> (value: Value, ended: Bool)? {
        guard let r = recordOf[id], let got = records[r].handoff else { return nil }
        records[r].handoff = nil
        return got
    }

    /// Task `task` was cancelled: the stream it waits on in `next()` (if any) ends, and the task to resume is
    /// returned (the cancellation handler of `next()` calls `cancel()`, which finishes the stream).
    func taskCancelled(_ task: ObjectID) -> ObjectID? {
        guard let r = records.firstIndex(where: { $0.waiter == task }) else { return nil }
        return finish(records[r].id)
    }

    /// The storage's last reference went: the buffered values are let go.
    func freed(_ id: ObjectID, on thread: SimThread) {
        guard let r = recordOf[id] else { return }
        let pending = records[r].pending
        records[r].pending = []
        records[r].terminal = true
        for case .object(let o) in pending { objects.release(o, on: thread) }
    }

    /// The tasks suspended in a stream's `next()` at this instant, as waiting threads: named as the task is.
    func waits(_ tasks: Tasks) -> [WaitingThread] {
        let heap = objects.heap
        return records.compactMap { r in
            guard let task = r.waiter, tasks.record(task)?.state == .continuation else { return nil }
            let name = heap.object(task)?.displayName ?? "Task"
            return WaitingThread(
                name: name, since: r.suspendedSince,
                reason: "suspended in `for await` over \(heap.object(r.id)?.displayName ?? "an AsyncStream") until "
                    + "a value is yielded or the stream is finished")
        }
    }
}
