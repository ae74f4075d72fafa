import LoopSimKernel

/// `DispatchWorkItem` and `concurrentPerform` steps (docs/scenario-format.md §7.6) as Dispatch calls.
extension ScenarioTranslation {
    /// The Swift of `step` when it is one of these steps; false (nothing written) for any other.
    mutating func emitWorkItem(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) -> Bool {
        switch step {
        case let s as MakeWorkItemStep:
            w.line(store("LS.makeWorkItem(\(expr(s.block, context)))", into: s.into, context))
        case let s as WorkItemStep:
            let item = "(LS.obj(\(expr(s.item, context))) as? DispatchWorkItem)"
            switch s.call {
            case .perform: w.line("\(item)?.perform()")
            case .async(let queue):
                w.line("if let item = \(item) { \(queueExpression(queue, context)).async(execute: item) }")
            case .asyncAfter(let queue, let delay):
                guard case .fixed(let d) = delay else {
                    unsupported("asyncAfterWorkItem with a random delay (the real program cannot replay the draws)")
                    return true
                }
                w.line(
                    "if let item = \(item) { \(queueExpression(queue, context)).asyncAfter(deadline: .now() + "
                        + ".nanoseconds(\(d.nanoseconds)), execute: item) }")
            case .cancel: w.line("\(item)?.cancel()")
            case .notify(let queue, let block):
                w.line(
                    "LS.notifyWorkItem(\(expr(s.item, context)), \(queueExpression(queue, context)), \(expr(block, context)))"
                )
            case .wait(let timeout, let result):
                let value =
                    "LS.waitWorkItem(\(expr(s.item, context)), \(timeout.map { String($0.nanoseconds) } ?? "nil"))"
                w.line(result.map { store(value, into: $0, context) } ?? "_ = \(value)")
            }
        case let s as ConcurrentPerformStep:
            w.line("LS.concurrentPerform(\(expr(s.iterations, context)), \(expr(s.block, context)))")
        default:
            return false
        }
        return true
    }
}
