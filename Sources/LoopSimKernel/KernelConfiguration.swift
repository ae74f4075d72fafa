/// Everything a run needs besides the program: the OS variant, the seed, the horizon and the limits.
public struct KernelConfiguration {
    public var profile: VariantProfile
    /// The run's seed: printed in reports and stored in the trace's first line.
    public var seed: UInt64
    /// The run stops when the next event would be later than this (or when nothing is left to happen).
    public var until: SimInstant
    /// Keep every trace line in memory (for `--trace FILE`); otherwise only the hash is kept.
    public var keepsTrace: Bool
    /// Draws for `work:` steps with random durations, indexed by ``DurationSpec/sampled(_:)``.
    public var samplers: [() -> SimDuration]
    /// Stop with a `limit` finding after this many kernel steps (frame steps plus queue events).
    public var maxSteps: Int
    /// Callout nesting depth per thread (frames on one thread's stack) before a `limit` stop.
    public var maxFrameDepth: Int

    public init(profile: VariantProfile, seed: UInt64 = 0, until: SimInstant, keepsTrace: Bool = false,
                samplers: [() -> SimDuration] = [], maxSteps: Int = 20_000_000, maxFrameDepth: Int = 512) {
        self.profile = profile
        self.seed = seed
        self.until = until
        self.keepsTrace = keepsTrace
        self.samplers = samplers
        self.maxSteps = maxSteps
        self.maxFrameDepth = maxFrameDepth
    }
}
