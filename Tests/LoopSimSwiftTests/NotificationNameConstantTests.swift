import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Notification names kept as constants of the posting type, of a namespace enum or of the top level
/// (SwiftLowering+NotificationNames.swift): each is its raw value at every use.
@Suite struct NotificationNameConstantTests {
    @Test func aClassesStaticNameANamespacesAndATopLevelOne() throws {
        let report = try SwiftUIKitTests.report(
            """
            let kCartChanged = Notification.Name("CartChanged")
            enum Names {
                static let signedOut = Notification.Name("SignedOut")
            }
            final class IdleTimer {
                static let didTimeout = Notification.Name("IdleTimerDidTimeout")
                func fire() {
                    NotificationCenter.default.post(name: Self.didTimeout, object: nil)
                    NotificationCenter.default.post(name: kCartChanged, object: nil)
                    NotificationCenter.default.post(name: Names.signedOut, object: nil)
                }
            }
            final class Screen: NSObject {
                func start() {
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(timedOut), name: IdleTimer.didTimeout, object: nil)
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(cartChanged), name: kCartChanged, object: nil)
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(signedOut), name: Names.signedOut, object: nil)
                }
                @objc func timedOut() { print("timed out") }
                @objc func cartChanged() { print("cart changed") }
                @objc func signedOut() { print("signed out") }
            }
            let screen = Screen()
            screen.start()
            let timer = IdleTimer()
            timer.fire()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["timed out", "cart changed", "signed out"])
    }
}
