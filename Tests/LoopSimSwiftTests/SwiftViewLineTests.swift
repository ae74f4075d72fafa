import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Issue 35, item 6: what the views say about a Swift scenario. A view that names a scenario line names the Swift
/// file's line (the lowering locates every node at its Swift construct); narration, `why`, leak paths and the first
/// divergence say of a Swift twin exactly what they say of its YAML twin, less the lines they name (SiteTests).
@Suite struct SwiftViewLineTests {
    static func load(_ text: String, file: String) throws -> Scenario {
        let loaded = SwiftScenarioLoader.load(text: text, file: file)
        return try #require(loaded.scenario, "\(loaded.diagnostics)")
    }

    @Test func aRunawayLoopIsNamedAtItsSwiftFileAndLine() throws {
        let text = """
            import Foundation

            let scenario = Scenario("spin", until: .seconds(2), variants: [.linuxCorelibs])

            var spinning = true
            while spinning {
                print("spin")
            }
            """
        let scenario = try Self.load(text, file: "dir/spin.swift")
        var limits = RunLimits()
        limits.maxSteps = 500
        let kernel = try LifetimeQuery.kernel(scenario, variant: "linux-corelibs", at: nil, limits: limits)
        let limit = try #require(kernel.limit)
        #expect(limit.message.contains("in the while at spin.swift:6"), "\(limit.message)")
    }

    /// The S2 twins: narration (full), `why` of the leaked button, and the leak paths, under ios10.
    @Test func theViewsOfATwinSayWhatTheViewsOfItsYAMLSay() throws {
        let swift = try SwiftTwinTests.load("scenarios/swift/s02-timerbutton-worker-loop.swift")
        let yaml = try SwiftTwinTests.load("scenarios/s02-timerbutton-worker-loop.yaml")
        func views(_ scenario: Scenario) throws -> [String] {
            let run = try #require(try ScenarioRunner.run(scenario, variants: ["ios10"]).first)
            let traced = Kernel(
                program: scenario.program,
                configuration: scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: true)
            ).run()
            let narration = Narration(events: RunEvents(traced)).lines.map { "\($0.t) \($0.thread) \($0.text)" }
            let kernel = try LifetimeQuery.kernel(scenario, variant: "ios10", at: nil)
            // Where an object was made names each twin's own file and line (SiteTests): left out here.
            let why = LifetimeQuery.why("button", in: kernel, variant: "ios10").text
                .replacing(#/, made at [^)]+/#, with: "")
            let leaks = (run.report.value(at: "leaks")?.compact ?? "absent")
                .replacing(#/,"site":"[^"]*"|"site":"[^"]*",?/#, with: "")
            return narration + [why, leaks]
        }
        let swiftViews = try views(swift)
        #expect(swiftViews.count > 10)
        #expect(swiftViews == (try views(yaml)))
    }
}
