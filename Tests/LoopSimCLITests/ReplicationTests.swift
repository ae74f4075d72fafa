import Foundation
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
        #expect(one.seeds == (0..<40).map { RandomSource.derivedSeed(base: 2024, stream: 0, index: UInt64($0)) })
    }

    @Test func variantsSeeTheSameGestures() throws {
        // common random numbers: the timer is in the default mode under both, so every figure matches
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let ios9 = try Replications.run(s, variant: "ios9", n: 20, jobs: 1)
        let ios10 = try Replications.run(s, variant: "ios10", n: 20, jobs: 1)
        #expect(ios9.values.map(\.values) == ios10.values.map(\.values))
    }

    @Test func bugAndFixConfidenceIntervalsDoNotOverlap() throws {
        let bug = try Replications.run(try Self.scenario("s09-countdown-random-scrolls.yaml"), variant: "ios10", n: 200, jobs: 2)
        let fix = try Replications.run(try Self.scenario("s09-countdown-random-scrolls-fix.yaml"), variant: "ios10", n: 200, jobs: 2)
        for figure in ["timers.skipped", "timers.latency_ms.p99"] {
            let bugValues = try #require(bug.values.first { $0.figure == figure }?.values)
            let fixValues = try #require(fix.values.first { $0.figure == figure }?.values)
            let b = try #require(ConfidenceInterval(values: bugValues))
            let f = try #require(ConfidenceInterval(values: fixValues))
            #expect(f.high < b.low, "\(figure): fix \(f.low)…\(f.high) vs bug \(b.low)…\(b.high)")
        }
    }

    @Test func aReplicationReplaysAloneWithItsSeed() throws {
        let s = try Self.scenario("s09-countdown-random-scrolls.yaml")
        let reps = try Replications.run(s, variant: "ios10", n: 5, jobs: 1)
        let skipped = try #require(reps.values.first { $0.figure == "timers.skipped" }?.values)
        let runs = try ScenarioRunner.run(s, variants: ["ios10"], seed: reps.seeds[3])
        #expect(runs[0].report.value(at: "timers.skipped") == .int(Int64(skipped[3])))
    }
}
