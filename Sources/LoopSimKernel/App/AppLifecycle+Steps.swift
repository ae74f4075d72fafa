/// The app-lifecycle verbs' steps (docs/scenario-format.md §8.3): background tasks and samples, run by
/// ``AppLifecycle`` and the run's records.

/// `beginBackgroundTaskWithExpirationHandler:`; binds the task to `into`.
public struct BeginBackgroundTaskStep: ExecutableStep {
    public var verb: String { "beginBackgroundTask" }
    /// The expiration handler, a block; nil: none.
    public var expiration: Expr?
    public var into: LValue?

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let handler = try expiration.flatMap { e throws(RuntimeFault) in try c.retainedObject(e) }
        // the task's slot takes the handler's +1
        let task = c.kernel.app.beginBackgroundTask(expiration: handler, on: c.thread)
        try c.bind(task, into: into)
        return .next
    }
}

/// `endBackgroundTask:`.
public struct EndBackgroundTaskStep: ExecutableStep {
    public var verb: String { "endBackgroundTask" }
    public var task: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let task = try c.object(task, expecting: "a background task"), task.kind == .backgroundTask {
            c.kernel.app.endBackgroundTask(task, on: c.thread)
        }
        return .next
    }
}

/// Records a named integer value in the report's `samples` (what a label shows, a computed remaining time).
public struct SampleStep: ExecutableStep {
    public var verb: String { "sample" }
    public var name: String
    public var value: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard case .int(let value) = try c.value(value) else { throw RuntimeFault("sample: \(name) is not an integer") }
        let k = c.kernel
        k.records.samples.append(Sample(name: name, at: k.now, value: value))
        k.record(c.thread, .sample(name: k.name(name), value: Int64(value)))
        return .next
    }
}
