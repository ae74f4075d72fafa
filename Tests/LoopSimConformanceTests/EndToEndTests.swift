import Foundation
import LoopSimConformance
import LoopSimScenario
import Testing

/// One real conformance run: translate, compile with swiftc -O, run on this machine's RunLoop, compare.
@Suite struct EndToEndTests {
    @Test func aWorkerLoopExitsAtTheOldDeadlineOnTheRealRunLoop() throws {
        let yaml = """
            name: end to end
            until: 3s
            classes:
              Holder:
                fields:
                  timer: weak NSTimer
            main:
              - let: holder = new Holder
              - thread: worker
                captures: [strong holder]
                do:
                  - scheduledTimer: holder.timer
                    every: 2s
                    block: {do: [log: never]}
                  - run
                  - log: run returned
            user:
              - at: 1s
                name: invalidate
                do: [invalidate: holder.timer]
            """
        let loaded = ScenarioLoader.load(text: yaml, file: "e2e.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-e2e-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // Generous time bounds: this checks the machinery, `loopsim conform` checks the precision.
        let settings = ConformanceSettings(
            scale: 0.1, tolerance: 500_000_000, repetitions: 1, timingRetries: 2,
            build: ProgramBuild(cacheDirectory: cache))
        let results = ConformanceRunner(settings: settings).run([
            .init(name: "e2e", file: "e2e.yaml", scenario: scenario)
        ])
        let result = try #require(results.first)
        #expect(result.passed, "\(result.verdict) \(result.comparisons.flatMap(\.mismatches))")
        let real = try #require(result.realRuns.last)
        #expect(
            real.events.map { "\($0.thread) \($0.kind) \($0.detail)" } == [
                "main deliver invalidate", "worker return 0 -", "worker log run returned",
            ])
        #expect(real.alive == ["Holder holder"])
    }
}
