import CGSL

/// A deterministic pseudo-random generator backed by GSL's MT19937
/// (`gsl_rng_mt19937`).
///
/// The same seed always yields the same sequence of draws, on every platform
/// GSL supports. Use `derivedSeed(base:stream:index:)` to give each
/// replication and each independent stream (gestures, work, network, ...) its
/// own generator.
///
/// Seeding: GSL's MT19937 only consumes the low 32 bits of its seed, so
/// `init(seed:)` reduces the 64-bit seed to 32 bits first. Seeds below 2³²
/// are passed to `gsl_rng_set` unchanged (so sequences match plain GSL and
/// C++ `std::mt19937` for the same seed); larger seeds are hashed with one
/// SplitMix64 step and its two 32-bit halves XORed, so structured seeds
/// such as `a << 32 | b` and `b << 32 | a` do not collide systematically.
/// Any two distinct seeds still share a stream with probability ~2⁻³².
/// As in GSL, a reduced seed of 0 selects MT19937's default seed 4357.
///
/// Not `Sendable`: the generator state is mutated by every draw and GSL does
/// not synchronise it. Give each task or simulation run its own instance.
public final class RandomSource {
    private let rng: UnsafeMutablePointer<gsl_rng>

    /// The 64-bit seed this generator was created with.
    public let seed: UInt64

    /// Creates an MT19937 generator seeded with `seed` (reduced to 32 bits, see the type docs).
    public init(seed: UInt64) {
        GSL.ensureReady()
        guard let rng = gsl_rng_alloc(cgsl_rng_mt19937()) else {
            fatalError("gsl_rng_alloc failed: out of memory")
        }
        self.rng = rng
        self.seed = seed
        gsl_rng_set(rng, UInt(Self.fold(seed)))
    }

    deinit {
        gsl_rng_free(rng)
    }

    /// The 32-bit value actually handed to `gsl_rng_set` for `seed`.
    static func fold(_ seed: UInt64) -> UInt32 {
        if let small = UInt32(exactly: seed) { return small }
        let mixed = splitMix64(seed)
        return UInt32(truncatingIfNeeded: mixed) ^ UInt32(truncatingIfNeeded: mixed >> 32)
    }

    // MARK: Raw draws

    /// A uniformly distributed 64-bit value.
    ///
    /// MT19937 produces 32 bits per step (`gsl_rng_get` is in `0...2³²-1`),
    /// so this consumes two steps: the first becomes the high 32 bits and the
    /// second the low 32 bits.
    public func nextUInt64() -> UInt64 {
        let high = UInt64(gsl_rng_get(rng)) & 0xFFFF_FFFF
        let low = UInt64(gsl_rng_get(rng)) & 0xFFFF_FFFF
        return high << 32 | low
    }

    /// A uniform double in `[0, 1)` (`gsl_rng_uniform`; one MT19937 step).
    public func uniform() -> Double {
        gsl_rng_uniform(rng)
    }

    /// A uniform integer in `0..<n`, without modulo bias.
    ///
    /// For `n <= 2³²` this is `gsl_rng_uniform_int` (one or more MT19937
    /// steps); larger `n` uses rejection sampling over `nextUInt64()`.
    /// - Precondition: `n > 0`.
    public func uniformInt(below n: UInt64) -> UInt64 {
        precondition(n > 0, "uniformInt(below:) requires n > 0")
        if n <= 1 << 32 {
            return UInt64(gsl_rng_uniform_int(rng, UInt(n)))
        }
        // Reject the lowest (2⁶⁴ mod n) values so every residue is equally likely.
        let threshold = (0 &- n) % n
        while true {
            let x = nextUInt64()
            if x >= threshold { return x % n }
        }
    }

    // MARK: Distributions

    /// An exponential variate with the given mean (`gsl_ran_exponential`).
    public func exponential(mean: Double) -> Double {
        gsl_ran_exponential(rng, mean)
    }

    /// A lognormal variate whose logarithm is normal with mean `zeta` and
    /// standard deviation `sigma` (`gsl_ran_lognormal`).
    public func lognormal(zeta: Double, sigma: Double) -> Double {
        gsl_ran_lognormal(rng, zeta, sigma)
    }

    /// A gamma variate with shape `k` and scale `θ`, mean `kθ` (`gsl_ran_gamma`).
    public func gamma(shape: Double, scale: Double) -> Double {
        gsl_ran_gamma(rng, shape, scale)
    }

    /// A uniform variate in `[lower, upper)` (`gsl_ran_flat`).
    public func flat(lower: Double, upper: Double) -> Double {
        gsl_ran_flat(rng, lower, upper)
    }

    /// A zero-mean normal variate with standard deviation `sigma` (`gsl_ran_gaussian`).
    public func gaussian(sigma: Double) -> Double {
        gsl_ran_gaussian(rng, sigma)
    }

    // MARK: Seed derivation

    /// A deterministic seed for replication `index` of random stream `stream`
    /// under experiment seed `base`.
    ///
    /// Computed as `m(m(m(base) ^ stream) ^ index)` where `m(x)` is one
    /// SplitMix64 step: `x + 0x9E3779B97F4A7C15` followed by the SplitMix64
    /// finaliser. Each `m` is a bijection on `UInt64`, so for a fixed `base`
    /// distinct streams (same index) and distinct indices (same stream)
    /// always give distinct 64-bit seeds; unrelated pairs collide only by
    /// chance (about 2⁻⁶⁴). The result is stable across platforms and releases.
    public static func derivedSeed(base: UInt64, stream: UInt64, index: UInt64) -> UInt64 {
        splitMix64(splitMix64(splitMix64(base) ^ stream) ^ index)
    }

    /// One SplitMix64 step (Steele, Lea & Flood 2014) applied to `x`.
    static func splitMix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
