import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `guard … else { return }` where more statements follow the guard's enclosing body — a `switch` case, a loop's
/// turn: the `return` leaves the method, from any depth, as Swift's does (a reviewer's probe p08 was refused "inside a
/// loop" with no loop in sight). Logs as this machine's swiftc build of the same class prints them.
@Suite struct GuardReturnTests {
    @Test func aGuardInASwitchCaseAndInALoopReturnsFromTheMethod() throws {
        let report = try SwiftUIKitTests.report(
            """
            enum Event { case play, pause }
            final class Player {
                var playing = false
                func handle(_ event: Event) {
                    switch event {
                    case .play:
                        playing = true
                    case .pause:
                        guard playing else { return }
                        playing = false
                    }
                    print("handled, playing \\(playing)")
                }
                func firstOver(_ limit: Int) {
                    for n in 1...5 {
                        guard n <= limit else {
                            print("over at \\(n)")
                            return
                        }
                    }
                    print("none over")
                }
            }
            let player = Player()
            player.handle(.pause)
            player.handle(.play)
            player.handle(.pause)
            player.firstOver(2)
            player.firstOver(9)
            """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "handled, playing true", "handled, playing false", "over at 3", "none over",
            ])
    }
}
