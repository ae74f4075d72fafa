import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A protocol method that returns a value, called through a property of the protocol's type, when one class of the
/// file conforms (docs/swift-scenarios.md, "Protocols"): that class's method is the witness, its value the call's.
@Suite struct ProtocolReturnTests {
    @Test func theOneConformingClassAnswersThroughTheProtocol() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("protocol returns", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            protocol Clock: AnyObject {
                func ticks() -> Int
                func label() -> String
                func isRunning() -> Bool
            }
            final class FakeClock: Clock {
                private var count = 0
                func ticks() -> Int {
                    count += 1
                    return count * 10
                }
                func label() -> String { "fake" }
                func isRunning() -> Bool { count < 2 }
            }
            final class Tracker {
                let clock: Clock
                init(clock: Clock) { self.clock = clock }
                func sample() {
                    let t = clock.ticks()
                    print("\\(clock.label()) at \\(t) running \\(clock.isRunning())")
                }
            }
            let tracker = Tracker(clock: FakeClock())
            tracker.sample()
            tracker.sample()
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "fake at 10 running true", "logs[1].text": "fake at 20 running false",
            ])
            """)
    }
}
