import LoopSimKernel

/// Swift concurrency's steps as real Swift concurrency code: a task's closure that awaits is an async closure
/// (`LSTaskBody`, emitted by the block factory when ``awaits(_:)``), run by `Task { @MainActor in }` or
/// `Task.detached { }` as the model chose the task's executor.
extension ScenarioTranslation {
    /// Whether `steps` (with their `if` branches and loop bodies, not the blocks they make) hold an `await` or a
    /// `try` of Swift concurrency: the closure that runs them must be `async throws`.
    static func awaits(_ steps: [Step]) -> Bool {
        steps.contains { step in
            switch step {
            case .perform(let s): s is TaskSleepStep || s is MainActorRunStep || s is CheckCancellationStep
            case .ifThen(_, let a, let b): awaits(a) || awaits(b)
            case .loop(let loop): awaits(loop.body)
            default: false
            }
        }
    }

    /// The Swift of one Swift concurrency step.
    mutating func emitConcurrency(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) {
        switch step {
        case let s as MakeTaskStep:
            let closure = expr(s.closure, context)
            let call: String
            switch (s.actor, s.detached) {
            case (.mainActor?, _): call = "LS.task(\(closure), main: true)"
            case (.global?, _), (nil, true): call = "LS.task(\(closure), main: false)"
            case (nil, false): call = "LS.task(\(closure))"
            }
            if let into = s.into { w.line(store(call, into: into, context)) } else { w.line("_ = \(call)") }
        case let s as TaskSleepStep:
            guard case .fixed(let d) = s.delay else {
                unsupported("Task.sleep with a random delay")
                return
            }
            w.line((s.throwing ? "try await" : "try? await") + " LS.taskSleep(\(d.nanoseconds))")
        case is CheckCancellationStep:
            w.line("try Task.checkCancellation()")
        case let s as CancelTaskStep:
            w.line("LS.cancelTask(\(expr(s.task, context)))")
        case let s as MainActorRunStep:
            // The body's steps come between the two steps: the closure opens at the first and closes at the second.
            w.line(s.enter ? "try await LS.mainActorRun {" : "}")
        default:
            unsupported(step.verb)
        }
    }
}
