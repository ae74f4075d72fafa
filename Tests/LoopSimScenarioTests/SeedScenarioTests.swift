import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

/// The committed scenarios compile, run twice to the same trace, and the S2 pair shows the iOS 9 / iOS 10 split.
@Suite struct SeedScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    /// The scenario `name`: of a file with `cases:`, its first case (``loadAll(_:)`` gives every one).
    static func load(_ name: String) throws -> Scenario { try loadAll(name)[0] }

    static func loadAll(_ name: String) throws -> [Scenario] {
        let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        return try ScenarioLoader.loadCases(text: text, file: name).map { loaded in
            try #require(loaded.scenario, "\(loaded.diagnostics)")
        }
    }

    static func run(_ s: Scenario, _ variant: String) throws -> RunOutcome {
        Kernel(
            program: s.program, configuration: s.configuration(profile: try s.profile(for: variant), keepsTrace: true)
        ).run()
    }

    @Test(arguments: files)
    func everyScenarioReplaysByteForByte(file: String) throws {
        for scenario in try Self.loadAll(file) {
            for variant in scenario.variants {
                let a = try Self.run(scenario, variant)
                let b = try Self.run(scenario, variant)
                #expect(a.fingerprint == b.fingerprint)
                #expect(a.traceLines == b.traceLines)
            }
        }
    }

    /// Replications give each thread a program compiled again from the scenario's origin: it must run the same.
    @Test func aProgramOfItsOwnRunsTheSameTrace() throws {
        let scenario = try Self.load("s09-countdown-random-scrolls.yaml")
        #expect(scenario.origin?.file == "s09-countdown-random-scrolls.yaml")
        let own = scenario.withOwnProgram()
        for variant in scenario.variants {
            #expect(try Self.run(own, variant).fingerprint == Self.run(scenario, variant).fingerprint)
        }
        var built = scenario
        built.origin = nil
        #expect(built.withOwnProgram().origin == nil)  // nothing to compile again: itself
    }

    @Test func s2BugSplitsIOS9FromIOS10() throws {
        let scenario = try Self.load("s02-timerbutton-worker-loop.yaml")
        let ios9 = try Self.run(scenario, "ios9")
        let ios10 = try Self.run(scenario, "ios10")
        #expect(ios9.leaked == 0)
        #expect(ios9.runLoopExits.map { "\($0.thread) \($0.result) \($0.at)" } == ["worker-1 finished 4s"])
        #expect(ios10.findings.parkedThreads.map(\.name) == ["worker-1"])
        #expect(ios10.findings.leaks.map(\.path) == [["thread worker-1 frame", "block#1", "TimerButton button"]])
    }

    @Test func seedChangesNothingWithoutRandomness() throws {
        let scenario = try Self.load("s02-timerbutton-worker-loop.yaml")
        let profile = try scenario.profile(for: "ios10")
        let a = Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile, seed: 1))
            .run()
        let b = Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile, seed: 2))
            .run()
        // the seed is recorded in the trace, so hashes differ, but every figure is the same
        #expect(a.fingerprint != b.fingerprint)
        #expect(a.findings == b.findings)
    }

    @Test func sampledWorkIsSeededAndRepeatable() throws {
        let text = """
            name: random work
            until: 1s
            main:
              - thread: T
                do:
                  - work: {uniform: [1ms, 5ms]}
                  - log: done
            """
        let scenario = try #require(ScenarioLoader.load(text: text, file: "r").scenario)
        let profile = try scenario.profile(for: "ios10")
        let at = { (seed: UInt64) in
            Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile, seed: seed)).run()
                .logs.first!.at
        }
        #expect(at(7) == at(7))
        #expect(at(7) != at(8))
        #expect((SimInstant.zero + .milliseconds(1)...SimInstant.zero + .milliseconds(5)).contains(at(7)))
    }
}
