/// Swift concurrency's continuations (SE-0300): `withCheckedContinuation`, `withUnsafeContinuation` and their
/// throwing forms, which bring a completion-handler API into async code.
///
/// As the Swift runtime runs them (swift stdlib/public/Concurrency/CheckedContinuation.swift, PartialAsyncTask.swift
/// and the runtime's `swift_continuation_init` / `swift_continuation_await` / `swift_continuation_resume`):
/// - the running task makes a continuation, and the body closure runs at once, synchronously, on the task's current
///   executor ("The body of the closure executes synchronously on the calling task, and once it returns the calling
///   task is suspended");
/// - when the body returns, the task awaits the continuation: a continuation the body resumed already is not waited
///   for (`swift_continuation_await` finds it resumed and the task goes on without suspending); else the task
///   suspends until `resume`, from any thread, queue or timer, enqueues its next job on the executor it suspended
///   on (the main actor: the main queue; a nonisolated task: the cooperative pool; an actor: its queue);
/// - the value `resume(returning:)` gives is what the `await` returns; `resume(throwing:)` makes it throw;
/// - a `CheckedContinuation` is a struct around a `CheckedContinuationCanary` object: when the last reference to
///   it goes while it was never resumed, its `deinit` logs "SWIFT TASK CONTINUATION MISUSE: f() leaked its
///   continuation without resuming it. This may cause tasks waiting on it to remain suspended forever." and the
///   task stays suspended for ever; a second `resume` is `fatalError("SWIFT TASK CONTINUATION MISUSE: f() tried to
///   resume its continuation more than once, returning V!")`. Both texts are in this machine's Swift 6.3.1
///   `libswift_Concurrency.so`. An `UnsafeContinuation` checks nothing: a leaked one logs nothing, and a second
///   resume is undefined behaviour (modelled as a crash: docs/fidelity.md).
///
/// The continuation is a heap object here (kind ``HeapObject/Kind/continuation``, class `CheckedContinuation` or
/// `UnsafeContinuation`): the body's parameter holds it while the body runs, and whatever captured it (a completion
/// closure, a property) for as long as they do, so ARC decides when an unresumed one is leaked.
final class Continuations {
    /// Where a continuation is in its life.
    enum State: Equatable {
        /// Made, not resumed.
        case pending
        /// Resumed: its task goes on (or will, when it awaits it).
        case resumed
    }

    /// One continuation.
    struct Record {
        let id: ObjectID
        /// The task that made it and awaits it.
        let task: ObjectID
        /// `withChecked…`: misuse is logged (leak) or trapped (second resume).
        let checked: Bool
        /// `#function` where it was made: what the misuse messages name (`load()`).
        let function: String
        /// Where `withChecked…Continuation` was written, when a statement says.
        let site: SourceSite?
        var state = State.pending
        /// The value `resume(returning:)` gave (+1 for an object) until the task takes it.
        var value = Value.null
        /// The error `resume(throwing:)` gave, until the task takes it.
        var error = Value.null
        /// Whether the task took the value (its await ended).
        var taken = false
        /// When the task suspended on it, nil while it has not.
        var suspendedSince: SimInstant?
        /// Freed without being resumed: its task can never go on.
        var leaked = false
    }

    /// The continuations in creation order.
    private(set) var records: [Record] = []
    /// Each continuation's record by object (a lookup table, never iterated).
    private var recordOf: [ObjectID: Int] = [:]
    /// The clock and the event log.
    let recorder: Recorder
    /// Allocation and the heap.
    let objects: Objects
    /// The run's logs (the misuse message).
    let runRecords: RunRecords

    init(recorder: Recorder, objects: Objects, records: RunRecords) {
        self.recorder = recorder
        self.objects = objects
        runRecords = records
    }

    /// Whether `object` is a continuation.
    func isContinuation(_ object: ObjectID) -> Bool { recordOf[object] != nil }

    /// The record of continuation `id`.
    func record(_ id: ObjectID) -> Record? { recordOf[id].map { records[$0] } }

    /// A new continuation of `task` (+1, the body's parameter's).
    func make(
        task: ObjectID, checked: Bool, function: String, label: String, site: SourceSite?, on thread: SimThread
    ) -> ObjectID {
        let className = checked ? "CheckedContinuation" : "UnsafeContinuation"
        let o = objects.allocate(
            kind: .continuation, className: className, label: label, slotNames: [], slotStrengths: [], slots: [],
            isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name(className)))
        recordOf[o.id] = records.count
        records.append(
            Record(id: o.id, task: task, checked: checked, function: function, site: site))
        return o.id
    }

    /// `resume(returning: value)` (`value` a +1 the record takes when `owned`) or `resume(throwing: error)`:
    /// returns the task to go on (when it is suspended on it: ``Tasks/continuationResumed(_:)``). A second resume
    /// of a checked continuation is Swift's `fatalError`; of an unsafe one, undefined behaviour, a crash here too.
    func resume(_ id: ObjectID, value: Value, owned: Bool, error: Value, on thread: SimThread)
        throws(RuntimeFault) -> ObjectID
    {
        guard let r = recordOf[id] else { throw RuntimeFault("resume of an object that is not a continuation") }
        guard records[r].state == .pending else {
            if owned, case .object(let o) = value { objects.release(o, on: thread) }
            let what =
                error != .null
                ? "throwing \(InterpolatedLogStep.describe(error))" : "returning \(describe(value))"
            if records[r].checked {
                throw RuntimeFault(
                    "Fatal error: SWIFT TASK CONTINUATION MISUSE: \(records[r].function) tried to resume its "
                        + "continuation more than once, \(what)!")
            }
            throw RuntimeFault(
                "an UnsafeContinuation of \(records[r].function) resumed a second time, \(what): undefined "
                    + "behaviour (the task it resumed already is resumed again); use withCheckedContinuation to "
                    + "have Swift trap here")
        }
        if !owned, case .object(let o) = value { objects.retain(o) }
        records[r].state = .resumed
        records[r].value = value
        records[r].error = error
        return records[r].task
    }

    /// A value as the misuse message writes it (`\(value)`): `()` for `resume()`, an object by its class.
    private func describe(_ value: Value) -> String {
        switch value {
        case .null: return "()"
        case .object(let o): return objects.heap.object(o)?.className ?? "nil"
        default: return InterpolatedLogStep.describe(value)
        }
    }

    /// The task suspends on continuation `id` now.
    func suspended(_ id: ObjectID, at now: SimInstant) {
        guard let r = recordOf[id] else { return }
        records[r].suspendedSince = now
    }

    /// What the task's await gets when it ends: the value (+1 for an object, the caller's now) and the error.
    /// Nil while the continuation is not resumed.
    func take(_ id: ObjectID) -> (value: Value, error: Value)? {
        guard let r = recordOf[id], records[r].state == .resumed, !records[r].taken else { return nil }
        records[r].taken = true
        let got = (records[r].value, records[r].error)
        records[r].value = .null
        records[r].error = .null
        return got
    }

    /// Continuation `id`'s last reference went (the checked one's canary `deinit`): never resumed, it logs the
    /// misuse (checked only) and its task is suspended for ever.
    func freed(_ id: ObjectID, on thread: SimThread) {
        guard let r = recordOf[id], records[r].state == .pending else { return }
        records[r].leaked = true
        guard records[r].checked else { return }
        let text =
            "SWIFT TASK CONTINUATION MISUSE: \(records[r].function) leaked its continuation without resuming it. "
            + "This may cause tasks waiting on it to remain suspended forever."
        runRecords.logs.append(LogEntry(at: recorder.now, thread: thread.name, text: text))
        recorder.record(thread, .log(text: recorder.name(text)))
    }

    /// The resumed values not taken yet, held for their tasks (for the leak analysis): (task, edge, object).
    var resumedValues: [(task: ObjectID, edge: String, object: ObjectID)] {
        records.compactMap { r in
            guard r.state == .resumed, !r.taken, case .object(let o) = r.value else { return nil }
            return (r.task, "resumed value", o)
        }
    }

    /// The tasks suspended on a continuation at this instant: suspended for ever when the continuation was freed
    /// without being resumed (nothing can resume it), waiting when something still holds it. Named as the task is
    /// (`Task loader`), in the order the continuations were made.
    func waits(_ tasks: Tasks) -> (suspended: [SuspendedTask], waiting: [SuspendedTask]) {
        let heap = objects.heap
        var suspended: [SuspendedTask] = []
        var waiting: [SuspendedTask] = []
        for r in records where r.state == .pending && r.suspendedSince != nil {
            guard tasks.record(r.task)?.state == .continuation else { continue }
            let name = heap.object(r.task)?.displayName ?? "Task"
            let kind = r.checked ? "withCheckedContinuation" : "withUnsafeContinuation"
            let at = r.site.map { " at \($0.shortText)" } ?? ""
            if r.leaked {
                suspended.append(
                    SuspendedTask(
                        name: name, since: r.suspendedSince,
                        reason: "suspended for ever in \(kind) of \(r.function)\(at): its continuation was released "
                            + "without being resumed; resume it on every path (resume(returning:) once)"))
            } else {
                waiting.append(
                    SuspendedTask(
                        name: name, since: r.suspendedSince,
                        reason: "suspended in \(kind) of \(r.function)\(at) until its continuation "
                            + "\(heap.object(r.id)?.displayName ?? "") is resumed"))
            }
        }
        return (suspended, waiting)
    }
}

/// The await of a continuation (``WithContinuationStep``'s end): resumed already, the task goes on at once;
/// else it suspends (``TaskSuspendFrame``) until the resume queues its job, and then stores what it was resumed
/// with in the calling frame's places.
final class ContinuationAwaitFrame: Frame {
    let continuation: ObjectID
    let caller: ProgramFrame
    let result: LValue?
    let error: LValue?
    private var suspended = false

    init(continuation: ObjectID, caller: ProgramFrame, result: LValue?, error: LValue?) {
        self.continuation = continuation
        self.caller = caller
        self.result = result
        self.error = error
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let continuations = kernel.tasks.continuations
        guard let (value, thrown) = continuations.take(continuation) else {
            if suspended { return .pop(.null) }  // woken without a resume: nothing to take (not reached)
            suspended = true
            continuations.suspended(continuation, at: kernel.now)
            return .push(TaskSuspendFrame(.continuation))
        }
        do {
            if let result {
                try kernel.interpreter.storeReturned(value, into: result, in: caller, on: thread, kernel)
            } else if case .object(let o) = value {
                kernel.release(o, on: thread)
            }
            if let error {
                try kernel.interpreter.store(thrown, owned: false, into: error, in: caller, on: thread, kernel)
            }
        } catch {
            kernel.appCrashed(error.message, on: thread)
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
