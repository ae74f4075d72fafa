import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import LoopSimStats
import Testing

/// Replications: derived seeds, identical results for any number of jobs, and the S9 bug/fix separation.
@Suite struct ReplicationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    static func scenario(_ name: String) throws -> Scenario {
        let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        return try #require(ScenarioLoader.load(text: text, file: name).scenario)
    }

    @Test func jobsChangeNothing() throws {
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let one = try Replications.run(s, variant: "ios10", n: 40, jobs: 1)
        let two = try Replications.run(s, variant: "ios10", n: 40, jobs: 2)
        let four = try Replications.run(s, variant: "ios10", n: 40, jobs: 4)
        #expect(one.json == two.json)
        #expect(one.json == four.json)
        #expect(
            (0..<40).map(one.seed(at:))
                == (0..<40).map {
                    RandomSource.derivedSeed(base: 2024, stream: 0, index: UInt64($0))
                })
    }

    @Test func variantsSeeTheSameGestures() throws {
        // common random numbers: the timer is in the default mode under both, so every figure matches
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let ios9 = try Replications.run(s, variant: "ios9", n: 20, jobs: 1)
        let ios10 = try Replications.run(s, variant: "ios10", n: 20, jobs: 1)
        #expect(ios9.json.value(at: "figures") == ios10.json.value(at: "figures"))
        // run together, every paired difference is exactly zero
        let together = try Replications.run(s, variants: ["ios9", "ios10"], n: 20, jobs: 2)
        #expect(together[1].paired.count == Replications.figurePaths.count)
        for pair in together[1].paired where pair.difference.count > 0 {
            #expect(pair.difference.mean == 0 && pair.difference.sd == 0, "\(pair.figure)")
        }
    }

    @Test func bugAndFixConfidenceIntervalsDoNotOverlap() throws {
        let bug = try Replications.run(
            try Self.scenario("s09-countdown-random-scrolls.yaml"), variant: "ios10", n: 200, jobs: 2)
        let fix = try Replications.run(
            try Self.scenario("s09-countdown-random-scrolls-fix.yaml"), variant: "ios10", n: 200, jobs: 2)
        for figure in ["timers.skipped", "timers.latency_ms.p99"] {
            let b = try #require(bug.statistics(figure)?.confidenceInterval())
            let f = try #require(fix.statistics(figure)?.confidenceInterval())
            #expect(f.high < b.low, "\(figure): fix \(f.low)…\(f.high) vs bug \(b.low)…\(b.high)")
        }
    }

    @Test func aReplicationReplaysAloneWithItsSeed() throws {
        // the figures are of the runs with seeds seed(at: 0..<5): their mean is the mean of those runs replayed alone
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let reps = try Replications.run(s, variant: "ios10", n: 5, jobs: 1)
        let skipped = try #require(reps.statistics("timers.skipped"))
        var alone: [Double] = []
        for i in 0..<5 {
            let runs = try ScenarioRunner.run(s, variants: ["ios10"], seed: reps.seed(at: i))
            guard case .int(let v)? = runs[0].report.value(at: "timers.skipped") else {
                Issue.record("no figure"); return
            }
            alone.append(Double(v))
        }
        let summary = try Summary(of: alone)
        #expect(skipped.count == 5)
        #expect(abs(skipped.mean - summary.mean) < 1e-9)
        #expect(abs(skipped.sd - summary.sd) < 1e-9)
    }

    /// Memory independent of the count: a signal stops claiming (no replication starts after it), every
    /// replication is accounted for once (ran, cut short or not run), and the listed ones are capped.
    @Test func aSignalStopsFurtherReplicationsFromStarting() throws {
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let stop = StopAfter(5)
        let reps = try Replications.run(
            s, variant: "ios10", n: 100_000, jobs: 2, isInterrupted: { stop.isDue },
            progress: { stop.done($0) })
        #expect(reps.notRun > 99_000, "no more than the window past the signal ran: \(reps.notRun)")
        #expect(reps.completed + reps.limitedCount + reps.notRun == reps.n)
        #expect(reps.statistics("end_time_ms")?.count == reps.completed)
        #expect(reps.json.value(at: "seeds") == nil, "beyond the seed list's limit only the base is given")
        #expect(reps.json.value(at: "seed_base") == .string(String(reps.baseSeed)))
        #expect(reps.json.value(at: "not_run") == .int(Int64(reps.notRun)))
    }

    /// A limit that stops every replication: each is counted, only the first ``Replications/listedLimit`` listed.
    @Test func limitedReplicationsAreCountedAllAndListedUpToTheLimit() throws {
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        var limits = RunLimits()
        limits.maxEvents = 5
        let n = Replications.listedLimit + 20
        let reps = try Replications.run(s, variant: "ios10", n: n, jobs: 2, limits: limits)
        #expect(reps.limitedCount == n)
        #expect(reps.limited.count == Replications.listedLimit)
        #expect(reps.limited.map(\.index) == Array(0..<Replications.listedLimit))
        #expect(reps.json.value(at: "limited_count") == .int(Int64(n)))
    }
}

/// A stand-in for Ctrl-C: "interrupted" once `count` replications are done.
private final class StopAfter: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var reached = false
    init(_ count: Int) { self.count = count }
    var isDue: Bool { lock.withLock { reached } }
    func done(_ k: Int) { lock.withLock { if k >= count { reached = true } } }
}
