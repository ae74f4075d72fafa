import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `#available(iOS …, *)` and `#unavailable`: the variant's iOS version decides the branch (`iosVersion`,
/// docs/scenario-format.md §6); off iOS every check passes, by its `*`.
@Suite struct SwiftAvailabilityTests {
    @Test func eachVariantTakesItsBranch() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("available", until: .seconds(1), variants: [.ios9, .ios10, .ios13, .linuxCorelibs])
            final class Probe {
                func go() {
                    if #available(iOS 10.0, *) { print("new") } else { print("old") }
                    guard #available(iOS 13, macOS 10.15, *) else {
                        print("pre13")
                        return
                    }
                    if #unavailable(iOS 10.3) { print("below 10.3") }
                    print("13+")
                }
            }
            let probe = Probe()
            probe.go()
            scenario.expect(.ios9, ["logs": 2, "logs[0].text": "old", "logs[1].text": "pre13"])
            scenario.expect(.ios10, ["logs": 2, "logs[0].text": "new", "logs[1].text": "pre13"])
            scenario.expect(.ios13, ["logs": 2, "logs[0].text": "new", "logs[1].text": "13+"])
            scenario.expect(.linuxCorelibs, ["logs": 2, "logs[0].text": "new", "logs[1].text": "13+"])
            """)
    }

    @Test func theCheckLowersToTheVersionNumber() throws {
        #expect(try SwiftLanguageTests.steps("if #available(iOS 10.3, *) { go() }").contains("iosVersion >= 1003"))
        #expect(try SwiftLanguageTests.steps("if #unavailable(iOS 9) { go() }").contains("iosVersion < 900"))
    }
}
