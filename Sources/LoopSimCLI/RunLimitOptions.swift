import ArgumentParser
import LoopSimKernel
import LoopSimScenario

/// `--max-events`, `--max-time`, `--max-objects`, `--max-depth`, `--max-steps`: the limits that stop a
/// runaway scenario, shared by `run`, `test`, `golden` and `fuzz`.
///
/// The defaults stop the runaway examples in `examples/runaway/` within seconds in a debug build (a
/// zero-delay dispatch loop, a timer that schedules two timers per fire) while leaving room for every
/// scenario in `scenarios/`, which stays far below them. A run that reaches one ends with a `limit`
/// finding, its report and trace so far, and exit code 3.
struct RunLimitOptions: ParsableArguments {
    /// The command-line defaults (tighter than the kernel's own, which serve library callers).
    static let defaults = RunLimits(
        maxEvents: 200_000, maxTime: .never, maxObjects: 10_000, maxDepth: 512,
        maxSteps: 10_000_000)

    // ArgumentParser prints each default after its help ("(default: 200000)"), so the help texts do not.
    @Option(name: .customLong("max-events"), help: "Stop after this many trace events.")
    var maxEvents: Int = RunLimitOptions.defaults.maxEvents

    @Option(
        name: .customLong("max-time"),
        help: "Stop when virtual time reaches this duration, e.g. 10min (default: no limit beyond until:).")
    var maxTime: String?

    @Option(name: .customLong("max-objects"), help: "Stop when more objects than this are alive at once.")
    var maxObjects: Int = RunLimitOptions.defaults.maxObjects

    @Option(
        name: .customLong("max-depth"),
        help: "Stop when a thread nests more frames than this: callouts, nested run loops, dealloc cascades.")
    var maxDepth: Int = RunLimitOptions.defaults.maxDepth

    @Option(name: .customLong("max-steps"), help: "Stop after this many interpreter steps.")
    var maxSteps: Int = RunLimitOptions.defaults.maxSteps

    func validate() throws {
        for (name, value) in [
            ("--max-events", maxEvents), ("--max-objects", maxObjects), ("--max-depth", maxDepth),
            ("--max-steps", maxSteps),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value)")
        }
        if let maxTime, case .failure(let error) = DurationParser.nanoseconds(maxTime) {
            throw ValidationError("--max-time: \(error.message)")
        }
    }

    /// The limits for the kernel.
    var limits: RunLimits {
        var limits = RunLimits(
            maxEvents: maxEvents, maxTime: .never, maxObjects: maxObjects, maxDepth: maxDepth,
            maxSteps: maxSteps)
        if let maxTime, case .success(let ns) = DurationParser.nanoseconds(maxTime) {
            limits.maxTime = SimInstant(nanoseconds: ns)
        }
        return limits
    }
}
