/// The steps of Swift's continuations (docs/scenario-format.md §7.13), run by ``Continuations``.

/// `withCheckedContinuation { c in … }` (and `withUnsafeContinuation`, the throwing forms): before the body
/// (`open`), the running task makes a continuation bound to the body's parameter `into`; after it, the parameter's
/// lifetime ends and the task awaits the continuation (``ContinuationAwaitFrame``), storing what it was resumed
/// with into `result` (a thrown error into `error`).
public struct WithContinuationStep: ExecutableStep {
    public var verb: String { "withContinuation" }
    /// True before the body, false after it.
    public var open: Bool
    /// The local of the body's parameter (`continuation`).
    public var into: Int
    /// `withChecked…` (true) or `withUnsafe…`.
    public var checked: Bool = true
    /// `#function` where it is written, for the misuse messages.
    public var function: String = ""
    /// Where the resumed value goes (`let v = await withChecked…`), after the body.
    public var result: LValue? = nil
    /// Where a `resume(throwing:)` error goes (the throwing forms), nil when none was thrown.
    public var error: LValue? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let task = c.kernel.runningTask(on: c.thread) else {
            throw RuntimeFault("withCheckedContinuation outside a task")
        }
        let continuations = c.kernel.tasks.continuations
        if open {
            let label = function.isEmpty ? "continuation" : function
            let sites = c.kernel.program.sites
            let site = c.frame.site > 0 && Int(c.frame.site) < sites.count ? sites[Int(c.frame.site)] : nil
            let made = continuations.make(
                task: task, checked: checked, function: function, label: label, site: site, on: c.thread)
            try c.bind(made, into: .local(into))
            return .next
        }
        guard case .object(let id) = c.frame.env.locals[into], continuations.isContinuation(id) else {
            throw RuntimeFault("the end of a continuation's body without its continuation")
        }
        // The body's parameter goes out of scope: what captured the continuation keeps it, or it is freed here.
        c.frame.env.locals[into] = .null
        c.kernel.objects.endLifetime(of: .object(id), on: c.thread)
        return StepOutcome(
            .push(ContinuationAwaitFrame(continuation: id, caller: c.frame, result: result, error: error)))
    }
}

/// `continuation.resume(returning: value)`, `resume()`, `resume(throwing: error)` on a continuation; nil (an
/// optional chain `pending?.resume(…)`) does nothing.
public struct ResumeContinuationStep: ExecutableStep {
    public var verb: String { "resume" }
    public var continuation: Expr
    /// The value returned (nil: `resume()`).
    public var value: Expr? = nil
    /// The error thrown (`resume(throwing:)`).
    public var error: Expr? = nil

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let o = try c.object(continuation, expecting: "a continuation") else { return .next }
        guard c.kernel.tasks.continuations.isContinuation(o.id) else {
            throw RuntimeFault("resume on a \(o.className), not a continuation")
        }
        let (v, owned) = try value.map { e throws(RuntimeFault) in try c.ownedValue(e) } ?? (.null, false)
        let thrown = try c.value(error)
        let task = try c.kernel.tasks.continuations.resume(o.id, value: v, owned: owned, error: thrown, on: c.thread)
        c.kernel.tasks.continuationResumed(task)
        return .next
    }
}
