import LoopSimKernel

/// Swift's continuations as real Swift code: `withContinuation:` is `withCheckedContinuation` (or the unsafe or
/// throwing form) around its body's steps, `resume:` a resume of the continuation the local holds (an
/// `LSContinuation`, GeneratedRuntime+Continuations.swift).
extension ScenarioTranslation {
    /// The Swift of a `withContinuation:` step (its opening or its end; the body's steps come between) or a
    /// `resume:`.
    mutating func emitContinuation(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) {
        switch step {
        case let s as WithContinuationStep:
            // The result's name is the local's index, so that the end finds the opening's: no two
            // `withContinuation:`s open at once share a local.
            let made = "lsContinuation\(s.into)"
            if s.open {
                w.line(
                    "let \(made) = await LS.withContinuation(checked: \(s.checked)) { lsC in "
                        + store("lsC", into: .local(s.into), context))
                return
            }
            w.line(store(".null", into: .local(s.into), context))
            w.line("}")
            if let result = s.result { w.line(store("\(made).0", into: result, context)) }
            if let error = s.error { w.line(store("\(made).1", into: error, context)) }
        case let s as ResumeContinuationStep:
            let value = s.value.map { expr($0, context) } ?? ".null"
            let error = s.error.map { expr($0, context) } ?? ".null"
            w.line("LS.resume(\(expr(s.continuation, context)), \(value), error: \(error))")
        default:
            unsupported(step.verb)
        }
    }
}
