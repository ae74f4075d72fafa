import LoopSimKernel

/// SocketPort's steps (docs/scenario-format.md §7.5.2) as corelibs' `SocketPort` through `LSSocketPort`.
extension ScenarioTranslation {
    /// The Swift of `step` when it is one of these steps; false (nothing written) for any other.
    mutating func emitSocketPort(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) -> Bool {
        switch step {
        case let s as MakeSocketPortStep:
            let port =
                if let remote = s.remote {
                    "LSSocketPort(remoteTo: LS.obj(\(expr(remote, context))) as! LSSocketPort)"
                } else {
                    "LSSocketPort(handler: \(s.block.map { "LS.call(\(expr($0, context)))" } ?? "nil"))"
                }
            if let into = s.into {
                w.line(store("LSValue.object(\(port))", into: into, context))
            } else {
                w.line("_ = \(port)")
            }
        case let s as ScheduleSocketPortStep:
            let call = s.removes ? "remove(from: rl.ns, forMode: " : "schedule(in: rl.ns, forMode: "
            w.line(
                "if let rl = LS.runLoop(\(expr(s.runLoop, context))) { (LS.obj(\(expr(s.port, context))) as? "
                    + "LSSocketPort)?.port.\(call)LS.mode(\(modeLiteral(s.mode)))) }")
        case let s as InvalidatePortStep:
            w.line("(LS.obj(\(expr(s.port, context))) as? LSSocketPort)?.port.invalidate()")
        case let s as SendPortMessageStep where s.after == nil:
            // Only a SocketPort sends on Linux (NSMachPort does not exist there: `machPortAPI`).
            let data = s.data.map(SwiftWriter.literal) ?? "nil"
            w.line("(LS.obj(\(expr(s.port, context))) as? LSSocketPort)?.send(\(data))")
        default:
            return false
        }
        return true
    }
}
