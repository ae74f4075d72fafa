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
    /// Distributions (in nanoseconds) for random durations, by ``DurationSpec/sampled(_:)``, each drawing from
    /// its source's own stream (``RandomStream``).
    public var samplers: [(distribution: Distribution, stream: UInt64)]
    /// Random scroll gestures on the main thread, if any.
    public var gestures: GestureSpec?
    /// The `sweep:` grid, if any.
    public var sweep: SweepSpec?
    public var expectations: [Expectation]
    /// The text, file name and parameters it was loaded from (nil when built otherwise).
    public var origin: (text: String, file: String, parameters: [(String, String)])?
    /// Whether ``withOwnProgram()`` may compile ``origin``'s text again: false for a scenario another front-end
    /// made (a Swift file), whose text the YAML loader cannot read.
    public var reloadsFromOrigin = true
    /// The case of a file with `cases:` this scenario is (``ScenarioLoader/loadCases(text:file:parameters:only:)``).
    public var caseName: String?

    /// The parameters given on top of `params:` (`--param`, a sweep's point), the last value of each name, in the
    /// order first given.
    public var givenParameters: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for (name, value) in origin?.parameters ?? [] {
            if let i = result.firstIndex(where: { $0.name == name }) {
                result[i].value = value
            } else {
                result.append((name, value))
            }
        }
        return result
    }

    /// The same scenario with a program of its own: compiled again from ``origin``, so that it shares no
    /// reference-counted storage (step arrays, strings) with this one. Replications on several threads each
    /// take one: threads that retain and release the same program's storage fight over its cache lines (with
    /// one shared program, two jobs spent 1.24 x the CPU of one). Itself when there is no origin.
    public func withOwnProgram() -> Scenario {
        guard let origin, reloadsFromOrigin else { return self }
        let reloaded =
            caseName.map {
                ScenarioLoader.loadCases(text: origin.text, file: origin.file, parameters: origin.parameters, only: $0)
                    .first
            } ?? ScenarioLoader.load(text: origin.text, file: origin.file, parameters: origin.parameters)
        guard let copy = reloaded?.scenario else { return self }
        var own = self
        own.program = copy.program
        return own
    }

    /// The profile for `variant` with the scenario's and then the caller's overrides applied.
    public func profile(for variant: String, overrides: [(String, String)] = []) throws(VariantError) -> VariantProfile
    {
        guard var profile = VariantProfile.builtIn(variant) else {
            throw VariantError(
                message: "unknown variant '\(variant)'; built-in variants: "
                    + VariantProfile.builtInNames.joined(separator: ", "))
        }
        for (flag, value) in flagOverrides.map({ ($0.flag, $0.value) }) + overrides {
            profile = try profile.setting(flag, to: value)
        }
        return profile
    }

    /// A kernel configuration for one run. Random durations draw from a GSL mt19937 stream derived from `seed`.
    public func configuration(
        profile: VariantProfile, seed: UInt64? = nil, keepsTrace: Bool = false,
        replication: UInt64 = 0
    ) -> KernelConfiguration {
        let runSeed = seed ?? self.seed
        func source(_ stream: UInt64) -> RandomSource {
            RandomSource(seed: RandomSource.derivedSeed(base: runSeed, stream: stream, index: replication))
        }
        let streams = [
            RandomStream.work: source(RandomStream.work), RandomStream.network: source(RandomStream.network),
        ]
        let samplers: [() -> SimDuration] = samplers.map { entry in
            let random = streams[entry.stream]!
            return { SimDuration.drawn(entry.distribution.sample(using: random)) }
        }
        var configuration = KernelConfiguration(
            profile: profile, seed: runSeed, until: until, keepsTrace: keepsTrace,
            samplers: samplers)
        if let gestures {
            configuration.generatedUserActions = gestures.generator(using: source(RandomStream.gestures))
        }
        return configuration
    }
}

/// Independent random streams of a run, so that variants compared on one seed see the same draws per source.
public enum RandomStream {
    /// `work:` durations: main-thread hiccups and slow callouts.
    public static let work: UInt64 = 1
    /// Scroll gestures: arrivals, drags, decelerations.
    public static let gestures: UInt64 = 2
    /// Network replies: `dispatch_after` delays drawn from a distribution.
    public static let network: UInt64 = 3
}

/// Scrolls generated from the run's seed: arrivals as a renewal process (exponential gaps make it Poisson),
/// each with a drag and a deceleration drawn from their distributions (all in nanoseconds).
public struct GestureSpec: Sendable {
    public var from: SimInstant
    public var to: SimInstant
    public var gap: Distribution
    public var drag: Distribution
    public var decelerate: Distribution

    /// The scroll actions of one run, one per call, in time order (nil after the last): each draws its gap, drag and
    /// deceleration when it is asked for, in that order, so the run sees the same scrolls however far it gets.
    func generator(using random: RandomSource) -> () -> UserAction? {
        var t = from
        var done = false
        let (to, gap, drag, decelerate) = (self.to, self.gap, self.drag, self.decelerate)
        return {
            guard !done else { return nil }
            t = t + SimDuration.drawn(gap.sample(using: random), atLeast: 1)
            guard t < to else {
                done = true
                return nil
            }
            let dragFor = SimDuration.drawn(drag.sample(using: random))
            let decelerateFor = SimDuration.drawn(decelerate.sample(using: random))
            let scroll = Step.perform(ScrollStep.make(drag: .fixed(dragFor), decelerate: .fixed(decelerateFor)))
            return UserAction(at: t, label: "scroll", body: Body(steps: [scroll], localNames: []))
        }
    }
}

/// One `expect:` entry: a figure of the run report compared with a value, or a check of the `log:` lines by
/// their text (``LogQuery``).
public struct Expectation: Sendable, Hashable {
    public enum Operator: String, Sendable, Hashable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }
    public enum Expected: Sendable, Hashable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
        /// `{min: A, max: B}`: a number between both bounds, each inclusive (with the tolerance of `<=`/`>=`);
        /// either bound may be left out.
        case range(min: Double?, max: Double?)
        /// `logged_in_order:`: these texts, in the order their lines were logged (a text listed k times: its first k).
        case texts([String])
    }
    /// A check of the run's `log:` lines by their text, whatever their index.
    public enum LogQuery: Sendable, Hashable {
        /// `logged: {TEXT: N}`: how many lines had exactly this text.
        case count(String)
        /// `first_logged_at_ms: {TEXT: T}`: when the first line with this text was logged (absent if none was).
        case firstAt(String)
        /// `logged_in_order: [TEXT, …]`: the listed texts that were logged, in the order of their lines (the k-th
        /// mention of a text being its k-th line).
        case order([String])
    }
    /// The variant it applies to; nil for `all`.
    public var variant: String?
    /// A path into the run's JSON report: `objects.leaked`, `leaks[0].class`; for a log check, how it is printed
    /// (`logged["tick 5"]`).
    public var figure: String
    public var op: Operator
    public var expected: Expected
    /// The expected value as written, when it reads as a number, a boolean or null (`0`, `"0"`, `true`): a figure
    /// that is a text is compared with this text, so that `logs[0].text: "0"` matches the line `0`.
    public var written: String?
    /// For a log check, what it reads from the run's `logs`; nil for a figure.
    public var logQuery: LogQuery?
    public var location: SourceLocation

    public init(
        variant: String?, figure: String, op: Operator, expected: Expected, written: String? = nil,
        logQuery: LogQuery? = nil, location: SourceLocation
    ) {
        self.variant = variant
        self.figure = figure
        self.op = op
        self.expected = expected
        self.written = written
        self.logQuery = logQuery
        self.location = location
    }

    /// `figure op value`, as printed in reports (`timers.fires within {min: 1, max: 5}` for a range).
    public var text: String {
        let number = Self.number
        let value: String
        switch expected {
        case .number(let n): value = written ?? number(n)  // as written: `0.0` compared with a text is not `0`
        case .string(let s): value = s
        case .bool(let b): value = b ? "true" : "false"
        case .null: value = "null"
        case .range(let min, let max):
            let bounds = [min.map { "min: \(number($0))" }, max.map { "max: \(number($0))" }].compactMap { $0 }
            return "\(figure) within {\(bounds.joined(separator: ", "))}"
        case .texts(let texts): value = "[" + texts.joined(separator: ", ") + "]"
        }
        return "\(figure) \(op.rawValue) \(value)"
    }

    /// An expected number as printed: whole numbers without a fraction (`5`, not `5.0`).
    public static func number(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }
}

extension Scenario {
    /// The seed case ids `covers:` may name: S1…S19 without S5 and S16 (docs/scenario-format.md §1).
    public static var seedCaseIDs: [String] { ScenarioCompiler.seedCases }
}
