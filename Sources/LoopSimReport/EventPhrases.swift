import LoopSimKernel

/// Plain-words descriptions of trace events, for learners: what happened, said as a verb phrase whose
/// subject is the event's thread (or, for kernel events, the system).
///
/// Nearly every event kind of docs/scenario-format.md §12 has a phrase; the few that have none print as their
/// name and their fields (`ui.push {"vc":"DetailVC#2"}`). The phrases are declared with their kinds, in
/// Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, and `describe` is made from them
/// (EventPhrases+Generated.swift); the helpers here are what they share.
///
/// ```swift
/// EventPhrases.describe(event, run.names)
/// // "sleeps in mode default on: wake-up port, timer port (armed for 4.000 s)"
/// ```
public enum EventPhrases {
    /// What an observer activity means at that point of the pass.
    public static func activity(_ name: String, mode: String) -> String {
        switch name {
        case "Entry": return "Entry: observers hear that the loop enters mode \(mode)"
        case "BeforeTimers":
            return "BeforeTimers: observers hear that timers come next (a notification only: nothing fires here)"
        case "BeforeSources":
            return "BeforeSources: observers hear that performed blocks and signalled sources0 come next"
        case "BeforeWaiting": return "BeforeWaiting: nothing is left to do, the loop is about to sleep"
        case "AfterWaiting": return "AfterWaiting: observers hear that the loop woke"
        case "Exit": return "Exit: observers hear that the loop leaves mode \(mode)"
        default: return "\(name) in mode \(mode)"
        }
    }

    /// The wait set of `rl.sleep` in words, in the trace's order: `wake-up port`, the timer port (`timer port
    /// (armed for 4.000 s)` or `timer port (disarmed)`, or `timerPort` when given), `main-queue port` when the
    /// main queue's port is in the set, `time limit at 2.000 s` when the activation has a deadline.
    public static func ports(_ waitSet: WaitSet, timerPort: String? = nil) -> [String] {
        var parts = ["wake-up port"]
        parts.append(
            timerPort
                ?? (waitSet.timerPort.isNever
                    ? "timer port (disarmed)"
                    : "timer port (armed for \(TimeText.seconds(waitSet.timerPort.nanoseconds)))"))
        if waitSet.mainQueue { parts.append("main-queue port") }
        if !waitSet.timeout.isNever { parts.append("time limit at \(TimeText.seconds(waitSet.timeout.nanoseconds))") }
        return parts
    }

    static func wakeReason(_ port: String, mode: String) -> String {
        switch port {
        case "timer": return "a message on the timer port of mode \(mode)"
        case "wake-up": return "a message on its wake-up port (CFRunLoopWakeUp, a stop, a time limit or user input)"
        case "source1": return "a message on a port-based source's port (a version-1 source: NSPort, a stream)"
        case "main-queue": return "a message on the main-queue port (blocks were dispatched to the main queue)"
        case "none (poll)": return "it does not sleep: this pass polls (a source was handled, or timeout 0)"
        default: return port
        }
    }

    static func resultReason(_ result: String) -> String {
        switch result {
        case "finished": return "its mode has no sources or timers left"
        // CFRunLoopStop, or the mode stopped by `_CFRunLoopStopMode` (UIKit leaving a mode for a scroll): both
        // return kCFRunLoopRunStopped (CFRunLoop.c `__CFRunLoopRun`).
        case "stopped": return "it was stopped (CFRunLoopStop, or UIKit stopping the mode to switch modes for a scroll)"
        case "timed-out": return "its time limit passed"
        case "handled-source": return "it handled a source and was asked to return after one"
        default: return result
        }
    }
}
