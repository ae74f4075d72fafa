import Dispatch
import LoopSimKernel
import LoopSimScenario
import LoopSimStats

/// N runs of one scenario under one variant, with seeds derived from the scenario seed and the replication
/// index, summarised as a mean and a 95 % confidence interval per figure (GSL's t quantiles) plus the
/// pooled timer-latency distribution.
///
/// Replication `i` runs with seed `RandomSource.derivedSeed(base: seed, stream: 0, index: i)`, and every source
/// of randomness (gestures, work, network) draws from its own stream derived from that seed, so two variants
/// see the same gestures in replication `i` (common random numbers), and `loopsim run --seed S` replays one
/// replication alone. Results never depend on `jobs`: each replication is independent and they are
/// combined in index order.
///
/// A replication that a safety limit or an interrupt (Ctrl-C, SIGTERM) stops is cut short: its figures would
/// mix a partial run into the statistics. It is listed in ``limited`` (index, seed, which limit) and left out of every figure and
/// of the pooled latencies; each figure says how many replications it summarises.
public struct Replications: Sendable {
    /// The figures summarised, as paths into a run's JSON report.
    public static let figurePaths = [
        "objects.leaked", "objects.abandoned", "threads.parked", "timers.fires", "timers.skipped", "timers.latency_ms.mean",
        "timers.latency_ms.p95", "timers.latency_ms.p99", "timers.latency_ms.max", "end_time_ms",
    ]

    public var variant: String
    /// The profile the replications ran under, overrides applied.
    public var profile: VariantProfile
    public var seeds: [UInt64]
    /// Per figure: the per-replication values (absent figures are left out).
    public var values: [(figure: String, values: [Double])]
    /// Per replication index, each figure's value in ``figurePaths`` order (nil when absent), or nil for a replication
    /// a limit stopped: the pairs a paired comparison takes (``PairedComparison``).
    public var byIndex: [[Double?]?] = []
    /// Every timer fire's latency over all replications, merged in replication order (a merge gives what
    /// recording every latency into one histogram gives, so the order does not matter).
    public var pooledLatency: LatencyHistogram
    /// The replications a limit stopped, in index order, left out of ``values`` and ``pooledLatency``.
    public var limited: [(index: Int, seed: UInt64, kind: String)]

    /// Runs `n` replications on `jobs` threads; `progress` is called with the number done (from any thread).
    public static func run(_ scenario: Scenario, variant: String, n: Int, jobs: Int, seed: UInt64? = nil,
                           overrides: [(String, String)] = [], limits: RunLimits = RunLimits(),
                           isInterrupted: @escaping @Sendable () -> Bool = { false },
                           progress: (@Sendable (Int) -> Void)? = nil) throws(VariantError) -> Replications {
        let profile = try scenario.profile(for: variant, overrides: overrides)
        let base = seed ?? scenario.seed
        let seeds = (0..<n).map { RandomSource.derivedSeed(base: base, stream: 0, index: UInt64($0)) }
        let results = ResultBox(count: n)
        let stripes = max(1, min(jobs, n))
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            // Each further thread runs a program and profile of its own (see Scenario.withOwnProgram()).
            let scenario = stripe == 0 ? scenario : scenario.withOwnProgram()
            let profile = stripe == 0 ? profile : (try? scenario.profile(for: variant, overrides: overrides)) ?? profile
            var i = stripe
            while i < n {
                var configuration = scenario.configuration(profile: profile, seed: seeds[i])
                configuration.limits = limits
                configuration.isInterrupted = isInterrupted  // Ctrl-C or SIGTERM: this and every later one stop
                let outcome = Kernel(program: scenario.program, configuration: configuration).run()
                let report = RunReport.json(outcome)
                let figures = figurePaths.map { path -> Double? in
                    switch report.value(at: path) {
                    case .int(let v)?: Double(v)
                    case .double(let v)?: v
                    default: nil
                    }
                }
                results.set(i, (figures, outcome.timers.pooledLatency, outcome.limit?.kind))
                progress?(results.completed)
                i += stripes
            }
        }
        let all = results.values
        let limited = all.enumerated().compactMap { i, r in r.2.map { (index: i, seed: seeds[i], kind: $0) } }
        let complete = all.filter { $0.2 == nil }
        let values = figurePaths.enumerated().map { (j, path) in (figure: path, values: complete.compactMap { $0.0[j] }) }
        var pooled = LatencyHistogram()
        for (_, latency, _) in complete { pooled.merge(latency) }
        var result = Replications(variant: variant, profile: profile, seeds: seeds, values: values,
                                  pooledLatency: pooled, limited: limited)
        result.byIndex = all.map { $0.2 == nil ? $0.0 : nil }
        return result
    }

    /// `replications: {n, seeds, figures: {name: {mean, ci95_low, ci95_high, n}}, pooled_latency_ms, histogram,
    /// limited}` (`limited` only when a limit stopped some: `[{index, seed, kind}]`).
    public var json: JSONValue {
        var figures: [String: JSONValue] = [:]
        for (figure, values) in values where !values.isEmpty {
            guard let ci = ConfidenceInterval(values: values) else { continue }
            figures[figure] = .object(["mean": .double(ci.mean), "ci95_low": .double(ci.low), "ci95_high": .double(ci.high),
                                       "n": .int(Int64(values.count))])
        }
        var result: [String: JSONValue] = [
            "n": .int(Int64(seeds.count)),
            "seeds": .array(seeds.map { .string(String($0)) }),
            "figures": .object(figures),
        ]
        if !limited.isEmpty {
            result["limited"] = .array(limited.map { .object(["index": .int(Int64($0.index)), "seed": .string(String($0.seed)),
                                                              "kind": .string($0.kind)]) })
        }
        if let s = pooledLatency.millisecondSummary {
            result["pooled_latency_ms"] = .object([
                "count": .int(Int64(s.count)), "mean": .double(s.mean), "sd": .double(s.sd), "p50": .double(s.p50),
                "p90": .double(s.p90), "p95": .double(s.p95), "p99": .double(s.p99), "max": .double(s.max),
            ])
            if let h = pooledLatency.millisecondHistogram(binCount: 20) {
                result["histogram"] = .object(["edges": .array(h.edges.map { .double($0) }),
                                               "counts": .array(h.counts.map { .int(Int64($0)) })])
            }
        }
        return .object(result)
    }
}

/// Per-replication results written from several threads, read once all are done.
private final class ResultBox: @unchecked Sendable {
    private var slots: [([Double?], LatencyHistogram, String?)?]
    private var done = 0
    private let lock = NSLockLike()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: ([Double?], LatencyHistogram, String?)) {
        lock.withLock {
            slots[i] = value
            done += 1
        }
    }

    var completed: Int { lock.withLock { done } }
    var values: [([Double?], LatencyHistogram, String?)] { lock.withLock { slots.map { $0! } } }
}

/// A mutex over `DispatchSemaphore` (Foundation-free).
private final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func withLock<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
