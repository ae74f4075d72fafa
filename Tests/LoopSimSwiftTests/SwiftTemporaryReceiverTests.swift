import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Seeder().run()`: a new object as a call's receiver lives for the statement, then goes (Swift releases an unused
/// +1 result at the end of the statement).
@Suite struct SwiftTemporaryReceiverTests {
    @Test func theReceiverLivesForTheCallAndIsFreedAfter() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("temporary", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
            final class Seeder {
                func run() { print("run") }
                deinit { print("seeder deinit") }
            }
            final class Counter {
                private let start: Int
                init(start: Int) { self.start = start }
                func show() { print("from \\(start)") }
            }
            Seeder().run()
            Counter(start: 3).show()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "run", "logs[1].text": "seeder deinit", "logs[2].text": "from 3",
                "objects.allocated": 2, "objects.leaked": 0, "objects.alive": 0,
            ])
            """)
    }
}
