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
/// Memory does not grow with the number of replications (issue 39): each figure is a running mean and standard
/// deviation (``RunningStatistics``, GSL's `gsl_rstat`), the latencies are pooled in the bounded
/// ``LatencyHistogram``, and a replication's state is folded in and freed as soon as every earlier one is done
/// (at most ``windowPerJob`` × jobs replications wait for an earlier one). Only the first ``listedLimit`` cut-short
/// replications are listed by index and seed (all are counted), and the seeds are listed only up to
/// ``seedListLimit`` replications (beyond, the base seed and the rule above name each one).
///
/// A replication that a safety limit or an interrupt (Ctrl-C, SIGTERM) stops is cut short: its figures would
/// mix a partial run into the statistics. It is listed in ``limited`` (index, seed, which limit) and left out of every
/// figure and of the pooled latencies; each figure says how many replications it summarises. Once a signal has
/// arrived no further replication starts (``notRun`` counts them).
public struct Replications: Sendable {
    /// The figures summarised, as paths into a run's JSON report.
    public static let figurePaths = [
        "objects.leaked", "objects.abandoned", "threads.parked", "timers.fires", "timers.skipped",
        "timers.latency_ms.mean",
        "timers.latency_ms.p95", "timers.latency_ms.p99", "timers.latency_ms.max", "end_time_ms",
    ]
    /// The most cut-short replications listed by index and seed in ``limited`` (the rest are counted only).
    public static let listedLimit = 1_000
    /// The most replications whose seeds the JSON lists (`seeds`); beyond, it gives `seed_base` instead.
    public static let seedListLimit = 10_000
    /// Replications that may be done and waiting for an earlier one, per job: bounds memory for any count.
    public static let windowPerJob = 8

    public var variant: String
    /// The profile the replications ran under, overrides applied.
    public var profile: VariantProfile
    /// Replications asked for.
    public var n: Int
    /// The base seed; replication `i` has ``seed(at:)``.
    public var baseSeed: UInt64
    /// Per figure (``figurePaths`` order): its values over the replications that ran to the end and have it.
    public var figures: [(figure: String, statistics: RunningStatistics)]
    /// Every timer fire's latency over all complete replications, merged in replication order (a merge gives what
    /// recording every latency into one histogram gives, so the order does not matter).
    public var pooledLatency: LatencyHistogram
    /// The first ``listedLimit`` replications a limit or a signal stopped, in index order, left out of ``figures``
    /// and ``pooledLatency``.
    public var limited: [(index: Int, seed: UInt64, kind: String)]
    /// How many replications a limit or a signal stopped (``limited`` lists the first of them).
    public var limitedCount: Int
    /// Replications never started because a signal (Ctrl-C, SIGTERM) arrived first.
    public var notRun: Int = 0
    /// Per figure, this variant paired with the reference (the first variant run with it,
    /// ``run(_:variants:n:jobs:seed:overrides:limits:isInterrupted:progress:)``) over the replications both
    /// completed and both have the figure for: the reference's values, this variant's,
    /// and their differences (``PairedComparison``). Empty for the reference and for a variant run alone.
    public var paired:
        [(
            figure: String, reference: RunningStatistics, variant: RunningStatistics,
            difference: RunningStatistics
        )] = []

    /// The seed of replication `index`.
    public func seed(at index: Int) -> UInt64 {
        RandomSource.derivedSeed(base: baseSeed, stream: 0, index: UInt64(index))
    }

    /// The figure's statistics, or nil for a name not in ``figurePaths``.
    public func statistics(_ figure: String) -> RunningStatistics? {
        figures.first { $0.figure == figure }?.statistics
    }

    /// Replications that ran to the end.
    public var completed: Int { n - limitedCount - notRun }

    /// Runs `n` replications on `jobs` threads; `progress` is called with the number done (from any thread).
    public static func run(
        _ scenario: Scenario, variant: String, n: Int, jobs: Int, seed: UInt64? = nil,
        overrides: [(String, String)] = [], limits: RunLimits = RunLimits(),
        isInterrupted: @escaping @Sendable () -> Bool = { false },
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(VariantError) -> Replications {
        try run(
            scenario, variants: [variant], n: n, jobs: jobs, seed: seed, overrides: overrides, limits: limits,
            isInterrupted: isInterrupted, progress: progress)[0]
    }

    /// Runs `n` replications of every variant in `variants`, replication `i` of each with the same seed, on `jobs`
    /// threads, and pairs every later variant with the first (``paired``). `progress` is called with the number of
    /// replication indices done (from any thread). Memory is bounded by `jobs`, not by `n`.
    public static func run(
        _ scenario: Scenario, variants: [String], n: Int, jobs: Int, seed: UInt64? = nil,
        overrides: [(String, String)] = [], limits: RunLimits = RunLimits(),
        isInterrupted: @escaping @Sendable () -> Bool = { false },
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(VariantError) -> [Replications] {
        let profiles = try variants.map { v throws(VariantError) in try scenario.profile(for: v, overrides: overrides) }
        let base = seed ?? scenario.seed
        let n = max(0, n)
        let stripes = max(1, min(jobs, n))
        let fold = ReplicationFold(
            variants: variants, profiles: profiles, n: n, baseSeed: base,
            window: stripes * windowPerJob)
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            // Each further thread runs a program and profile of its own (see Scenario.withOwnProgram()).
            let scenario = stripe == 0 ? scenario : scenario.withOwnProgram()
            let profiles =
                stripe == 0
                ? profiles
                : zip(variants, profiles).map { v, p in
                    (try? scenario.profile(for: v, overrides: overrides)) ?? p
                }
            // Ctrl-C or SIGTERM: the replication under way stops (the kernel polls), and no later one starts.
            while let i = fold.claim(isInterrupted: isInterrupted) {
                let seed = RandomSource.derivedSeed(base: base, stream: 0, index: UInt64(i))
                let results = profiles.map { profile in
                    var configuration = scenario.configuration(profile: profile, seed: seed)
                    configuration.limits = limits
                    configuration.isInterrupted = isInterrupted
                    let outcome = Kernel(program: scenario.program, configuration: configuration).run()
                    return ReplicationFold.Result(
                        figures: figureValues(of: RunReport.json(outcome)),
                        latency: outcome.timers.pooledLatency, kind: outcome.limit?.kind)
                }
                let done = fold.finish(i, results)
                progress?(done)
            }
        }
        return fold.replications()
    }

    /// Each of ``figurePaths`` in a run's JSON report, nil when absent.
    static func figureValues(of report: JSONValue) -> [Double?] {
        figurePaths.map { path -> Double? in
            switch report.value(at: path) {
            case .int(let v)?: Double(v)
            case .double(let v)?: v
            default: nil
            }
        }
    }

    /// `replications: {n, seeds, figures: {name: {mean, ci95_low, ci95_high, n}}, pooled_latency_ms, histogram,
    /// limited}` (`limited` only when a limit stopped some: `[{index, seed, kind}]`, the first ``listedLimit``;
    /// `limited_count` when there are more; `not_run` when a signal kept some from starting; `seed_base` instead of
    /// `seeds` beyond ``seedListLimit`` replications).
    public var json: JSONValue {
        var figures: [String: JSONValue] = [:]
        for (figure, statistics) in self.figures {
            guard let ci = statistics.confidenceInterval() else { continue }
            figures[figure] = .object([
                "mean": .double(ci.mean), "ci95_low": .double(ci.low), "ci95_high": .double(ci.high),
                "n": .int(Int64(ci.n)),
            ])
        }
        var result: [String: JSONValue] = [
            "n": .int(Int64(n)),
            "figures": .object(figures),
        ]
        if n <= Self.seedListLimit {
            result["seeds"] = .array((0..<n).map { .string(String(seed(at: $0))) })
        } else {
            result["seed_base"] = .string(String(baseSeed))
        }
        if !limited.isEmpty {
            result["limited"] = .array(
                limited.map {
                    .object([
                        "index": .int(Int64($0.index)), "seed": .string(String($0.seed)),
                        "kind": .string($0.kind),
                    ])
                })
        }
        if limitedCount > limited.count { result["limited_count"] = .int(Int64(limitedCount)) }
        if notRun > 0 { result["not_run"] = .int(Int64(notRun)) }
        if let s = pooledLatency.millisecondSummary {
            result["pooled_latency_ms"] = .object([
                "count": .int(Int64(s.count)), "mean": .double(s.mean), "sd": .double(s.sd), "p50": .double(s.p50),
                "p90": .double(s.p90), "p95": .double(s.p95), "p99": .double(s.p99), "max": .double(s.max),
            ])
            if let h = pooledLatency.millisecondHistogram(binCount: 20) {
                result["histogram"] = .object([
                    "edges": .array(h.edges.map { .double($0) }),
                    "counts": .array(h.counts.map { .int(Int64($0)) }),
                ])
            }
        }
        return .object(result)
    }
}

/// The replications of several variants folded into their statistics in index order as they finish, from several
/// threads: a replication done before an earlier one waits (at most `window` of them), so the statistics are the
/// same for any number of threads and memory does not grow with the count.
final class ReplicationFold: @unchecked Sendable {
    /// One variant's run in one replication: its figures (``Replications/figurePaths`` order), its latencies, and
    /// the limit that stopped it (nil when it ran to the end).
    struct Result {
        var figures: [Double?]
        var latency: LatencyHistogram
        var kind: String?
    }

    private var results: [Replications]
    private let n: Int
    private var claimed = 0
    private var folded = 0
    /// Done replications waiting for an earlier one, by index.
    private var waiting: [Int: [Result]] = [:]
    private let lock = NSLockLike()
    /// Free places in the window: a thread takes one before it claims an index; each fold gives one back.
    private let slots: DispatchSemaphore
    private let window: Int
    /// Places taken without a claim (the run was over), given back at the end.
    private var unusedSlots = 0

    init(variants: [String], profiles: [VariantProfile], n: Int, baseSeed: UInt64, window: Int) {
        self.n = n
        self.window = max(1, window)
        slots = DispatchSemaphore(value: self.window)
        results = zip(variants, profiles).enumerated().map { k, vp in
            var r = Replications(
                variant: vp.0, profile: vp.1, n: n, baseSeed: baseSeed,
                figures: Replications.figurePaths.map { ($0, RunningStatistics()) },
                pooledLatency: LatencyHistogram(), limited: [], limitedCount: 0)
            if k > 0 {
                r.paired = Replications.figurePaths.map {
                    ($0, RunningStatistics(), RunningStatistics(), RunningStatistics())
                }
            }
            return r
        }
    }

    deinit {
        // libdispatch traps when a semaphore is freed below its initial value: give back what is still taken.
        for _ in 0..<unusedSlots { slots.signal() }
    }

    /// The next replication index to run, or nil when all are claimed or a signal arrived (then the rest are not
    /// run). Blocks while `window` replications are done or under way past the first unfinished one.
    func claim(isInterrupted: () -> Bool) -> Int? {
        slots.wait()
        return lock.withLock {
            guard claimed < n, !isInterrupted() else {
                unusedSlots += 1
                return nil
            }
            claimed += 1
            return claimed - 1
        }
    }

    /// Records replication `index`'s results and folds every replication now complete in order; returns how many
    /// are folded.
    func finish(_ index: Int, _ runs: [Result]) -> Int {
        var freed = 0
        let done = lock.withLock {
            waiting[index] = runs
            while let next = waiting.removeValue(forKey: folded) {
                fold(folded, next)
                folded += 1
                freed += 1
            }
            return folded
        }
        for _ in 0..<freed { slots.signal() }
        return done
    }

    /// Adds replication `index` of every variant to its statistics, and the pairs with the reference.
    private func fold(_ index: Int, _ runs: [Result]) {
        for (k, run) in runs.enumerated() {
            if let kind = run.kind {
                results[k].limitedCount += 1
                if results[k].limited.count < Replications.listedLimit {
                    results[k].limited.append((index, results[k].seed(at: index), kind))
                }
                continue
            }
            for (j, value) in run.figures.enumerated() {
                if let value { results[k].figures[j].statistics.add(value) }
            }
            results[k].pooledLatency.merge(run.latency)
            guard k > 0, runs[0].kind == nil else { continue }
            for (j, value) in run.figures.enumerated() {
                guard let y = value, let x = runs[0].figures[j] else { continue }
                results[k].paired[j].reference.add(x)
                results[k].paired[j].variant.add(y)
                results[k].paired[j].difference.add(y - x)
            }
        }
    }

    /// The statistics once every thread is done.
    func replications() -> [Replications] {
        lock.withLock {
            results.map { r in
                var r = r
                r.notRun = n - claimed
                return r
            }
        }
    }
}

/// A mutex over `DispatchSemaphore` (Foundation-free).
final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func withLock<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
