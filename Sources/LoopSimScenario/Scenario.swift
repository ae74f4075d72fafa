import LoopSimKernel
import LoopSimStats

/// A validated scenario: the compiled program plus what to run it under and what to expect.
public struct Scenario: Sendable {
    public var name: String
    public var file: String
    public var summary: String?
    /// Seed case ids this scenario replays (`S1`, `S2`).
    public var covers: [String]
    public var seed: UInt64
    public var until: SimInstant
    /// Variants to run when the command line names none.
    public var variants: [String]
    /// `set:` flag overrides, applied to every variant.
    public var flagOverrides: [(flag: String, value: String)]
    public var program: Program
    /// Distributions (in nanoseconds) for `work:` steps with random durations, by ``DurationSpec/sampled(_:)``.
    public var samplers: [Distribution]
    public var expectations: [Expectation]

    /// The profile for `variant` with the scenario's and then the caller's overrides applied.
    public func profile(for variant: String, overrides: [(String, String)] = []) throws(VariantError) -> VariantProfile {
        guard var profile = VariantProfile.builtIn(variant) else {
            throw VariantError(message: "unknown variant '\(variant)'; built-in variants: "
                + VariantProfile.builtInNames.joined(separator: ", "))
        }
        for (flag, value) in flagOverrides.map({ ($0.flag, $0.value) }) + overrides {
            profile = try profile.setting(flag, to: value)
        }
        return profile
    }

    /// A kernel configuration for one run. Random durations draw from a GSL mt19937 stream derived from `seed`.
    public func configuration(profile: VariantProfile, seed: UInt64? = nil, keepsTrace: Bool = false,
                              replication: UInt64 = 0) -> KernelConfiguration {
        let runSeed = seed ?? self.seed
        let random = RandomSource(seed: RandomSource.derivedSeed(base: runSeed, stream: RandomStream.work, index: replication))
        let samplers: [() -> SimDuration] = samplers.map { distribution in
            { SimDuration(nanoseconds: Int64(max(0, distribution.sample(using: random)).rounded())) }
        }
        return KernelConfiguration(profile: profile, seed: runSeed, until: until, keepsTrace: keepsTrace,
                                   samplers: samplers)
    }
}

/// Independent random streams of a run, so that variants compared on one seed see the same draws per source.
public enum RandomStream {
    public static let work: UInt64 = 1
}

/// One `expect:` entry: a figure of the run report compared with a value.
public struct Expectation: Sendable, Hashable {
    public enum Operator: String, Sendable, Hashable { case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=" }
    public enum Expected: Sendable, Hashable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
    }
    /// The variant it applies to; nil for `all`.
    public var variant: String?
    /// A path into the run's JSON report: `objects.leaked`, `leaks[0].class`.
    public var figure: String
    public var op: Operator
    public var expected: Expected
    public var location: SourceLocation

    /// `figure op value`, as printed in reports.
    public var text: String {
        let value: String
        switch expected {
        case .number(let n): value = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .string(let s): value = s
        case .bool(let b): value = b ? "true" : "false"
        case .null: value = "null"
        }
        return "\(figure) \(op.rawValue) \(value)"
    }
}
