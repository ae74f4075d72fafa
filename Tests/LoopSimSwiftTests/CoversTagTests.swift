import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `covers:` in a Swift scenario names the seed cases it replays; a tag of the file's own (`"runloop-modes"`) is a
/// warning at the tag and left out, so the experiment still runs, while the seed ids it also lists are kept.
@Suite struct CoversTagTests {
    @Test func aTagIsAWarningAndTheSeedIdsStay() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("tags", covers: ["S2", "runloop-modes"], until: .seconds(1), variants: [.ios13])
                print("x")
                scenario.expect(.all, ["logs": 1])
                """, file: "C.swift")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        #expect(scenario.covers == ["S2"])
        let messages = loaded.diagnostics.map { "\($0.severity) \($0.location.line):\($0.location.column)" }
        #expect(messages == ["warning 2:48"], "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.first?.message.hasPrefix("'runloop-modes' is not a seed case id") == true)
    }
}
