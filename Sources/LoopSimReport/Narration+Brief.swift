import LoopSimKernel

extension Narration {
    /// What a run left behind, one sentence each: every leaked or abandoned object with the path that keeps it,
    /// every object freed late, every parked thread with why nothing can wake it, every task suspended for ever with
    /// why nothing can resume it. Empty when the run left nothing.
    public static func leftBehind(_ findings: Findings) -> [String] {
        var out: [String] = []
        for leak in findings.leaks {
            let letGo = leak.letGo.map { ", let go at " + TimeText.seconds($0.at.nanoseconds) } ?? ""
            var text = "\(leak.className) \(leak.object) is \(leak.kind.rawValue) (\(leak.cause)\(letGo))"
            if leak.kind == .abandoned {
                text += "; held from a root: " + TextReport.pathText(leak)
            } else if leak.path.count > 1 {
                text += "; the cycle: " + TextReport.pathText(leak).trimmingPrefix("-> ")
            }
            out.append(text)
        }
        for late in findings.delayed {
            out.append(
                "\(late.className) \(late.object) was freed at \(TimeText.seconds(late.freedAt.nanoseconds)), "
                    + "\(TimeText.ms(late.late.nanoseconds)) after the app let it go (\(late.reason))")
        }
        for thread in findings.parkedThreads {
            let since = thread.since.map { " since " + TimeText.seconds($0.nanoseconds) } ?? ""
            out.append("\(thread.name) is parked\(since): \(thread.reason)")
        }
        for task in findings.suspendedTasks {
            let since = task.since.map { " since " + TimeText.seconds($0.nanoseconds) } ?? ""
            out.append("\(task.name) is suspended for ever\(since) (it holds no thread): \(task.reason)")
        }
        return out
    }
}
