import LoopSimKernel

/// Foundation's locks' steps (docs/scenario-format.md §7.14) as `NSLock`, `NSCondition` and `NSConditionLock` calls.
extension ScenarioTranslation {
    /// The Swift of `step` when it is one of these steps; false (nothing written) for any other.
    mutating func emitLock(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) -> Bool {
        switch step {
        case let s as MakeLockStep:
            let kind = SwiftWriter.literal(s.kind.rawValue)
            let name = s.name.map { ", name: \(SwiftWriter.literal($0))" } ?? ""
            w.line(store("LS.makeLock(\(kind), condition: \(s.condition)\(name))", into: s.into, context))
        case let s as LockStep:
            let before = s.before.map { String($0.nanoseconds) } ?? "nil"
            let condition = s.whenCondition.map { expr($0, context) } ?? "nil"
            let value =
                "LS.lock(\(expr(s.lock, context)), beforeNs: \(before), isTry: \(s.isTry), "
                + "whenCondition: \(condition))"
            w.line(s.result.map { store(value, into: $0, context) } ?? "_ = \(value)")
        case let s as UnlockStep:
            let condition = s.withCondition.map { expr($0, context) } ?? "nil"
            w.line("LS.unlock(\(expr(s.lock, context)), withCondition: \(condition))")
        case let s as ConditionWaitStep:
            let until = s.until.map { String($0.nanoseconds) } ?? "nil"
            let value = "LS.conditionWait(\(expr(s.condition, context)), untilNs: \(until))"
            w.line(s.result.map { store(value, into: $0, context) } ?? "_ = \(value)")
        case let s as ConditionSignalStep:
            let call = s.broadcast ? "broadcast" : "signal"
            w.line("(LS.obj(\(expr(s.condition, context))) as? NSCondition)?.\(call)()")
        case let s as LockConditionStep:
            let value = "LSValue.int((LS.obj(\(expr(s.lock, context))) as? NSConditionLock)?.condition ?? 0)"
            w.line(store(value, into: s.into, context))
        default:
            return false
        }
        return true
    }
}
