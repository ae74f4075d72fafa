/// Everything a run needs besides the program: the OS variant, the seed, the horizon and the limits.
public struct KernelConfiguration {
    public var profile: VariantProfile
    /// The run's seed: printed in reports and stored in the trace's first line.
    public var seed: UInt64
    /// The run stops when the next event would be later than this (or when nothing is left to happen).
    public var until: SimInstant
    /// Keep every event in memory (for the views that need them all: narration, Chrome traces, comparisons);
    /// otherwise only the fingerprint is kept.
    public var keepsTrace: Bool
    /// Where each event goes as the run records it (`--trace FILE`, written while the run goes on), if anywhere.
    public var traceSink: (any TraceSink)?
    /// Draws for `work:` steps with random durations, indexed by ``DurationSpec/sampled(_:)``.
    public var samplers: [() -> SimDuration]
    /// The limits that stop a runaway run cleanly, keeping what it has (a `limit` finding).
    public var limits: RunLimits
    /// Asked every 1024 steps (``Kernel/pollMask``); returning true stops the run like a limit (Ctrl-C).
    public var isInterrupted: () -> Bool
    /// The run's generated user actions (random gestures), drawn one at a time as the run reaches them: each call
    /// returns the next, later than the one before, or nil when there are no more. Lazy, so that a scenario with
    /// millions of gestures over a long horizon takes memory for one, and every limit and Ctrl-C applies while
    /// they are made.
    public var generatedUserActions: (() -> UserAction?)?

    public init(
        profile: VariantProfile, seed: UInt64 = 0, until: SimInstant, keepsTrace: Bool = false,
        samplers: [() -> SimDuration] = [], limits: RunLimits = RunLimits(),
        isInterrupted: @escaping () -> Bool = { false }
    ) {
        self.profile = profile
        self.seed = seed
        self.until = until
        self.keepsTrace = keepsTrace
        self.samplers = samplers
        self.limits = limits
        self.isInterrupted = isInterrupted
    }
}

/// Bounds on one run. The defaults stop a zero-delay dispatch loop or a timer that schedules two timers per
/// fire within seconds of host time.
public struct RunLimits: Sendable, Hashable {
    /// Trace events (the report's `events`).
    public var maxEvents: Int
    /// Virtual time: reaching it is a `limit` stop (unlike `until:`, which is the scenario's planned end).
    public var maxTime: SimInstant
    /// Live objects at once; also bounds what `check:` snapshots list (``maxCheckEntries``).
    public var maxObjects: Int
    /// Frames on one thread's stack: nested callouts, run loops run inside callouts, dealloc cascades; also bounds
    /// the frames of all threads together (``maxFrames``).
    public var maxDepth: Int
    /// Interpreter steps; a backstop for loops that record no events.
    public var maxSteps: Int

    /// The leaks, parked threads and delayed releases all `check:` snapshots of a run may list together: as many as
    /// ``maxObjects``. Each snapshot lists every finding so far, so checks taken over and over while leaks pile up
    /// keep a quadratic amount (a check per turn of a loop that leaks one object: 50 million records before 10,000
    /// objects); a check that would pass this stops the run as the objects limit does.
    public var maxCheckEntries: Int { maxObjects }

    /// The frames all threads' stacks may hold together: 64 × ``maxDepth`` (GCD's pool has 64 threads). Threads
    /// that each nest a few hundred frames deep and wait there hold every frame and its locals: within the other
    /// limits a dozen lines of threads forking threads kept millions of frames and passed 4 GiB. Checked every 4096
    /// steps, where the run is polled for Ctrl-C.
    public var maxFrames: Int {
        let (product, overflow) = maxDepth.multipliedReportingOverflow(by: 64)
        return overflow ? .max : product
    }

    public init(
        maxEvents: Int = 2_000_000, maxTime: SimInstant = .never, maxObjects: Int = 1_000_000,
        maxDepth: Int = 512, maxSteps: Int = 50_000_000
    ) {
        self.maxEvents = maxEvents
        self.maxTime = maxTime
        self.maxObjects = maxObjects
        self.maxDepth = maxDepth
        self.maxSteps = maxSteps
    }
}
