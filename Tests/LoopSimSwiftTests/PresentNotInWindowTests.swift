import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `present(_:animated:)` from a controller whose view is not in the window hierarchy (UIKit+Window.swift): UIKit
/// logs its warning and presents nothing, and the controller made for it is freed at the end of the statement.
@Suite struct PresentNotInWindowTests {
    static let app = """
        final class LoginPromptViewController: UIViewController {
            deinit { print("prompt freed") }
        }
        final class SessionMonitor {
            static let shared = SessionMonitor()
            var onExpiry: (() -> Void)?
            func expire() { onExpiry?() }
        }
        final class AccountViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                SessionMonitor.shared.onExpiry = {
                    self.present(LoginPromptViewController(), animated: true)
                }
            }
            deinit { print("account freed") }
        }
        final class HomeViewController: UIViewController {
            func openAccount() {
                navigationController?.pushViewController(AccountViewController(), animated: true)
            }
        }
        let home = HomeViewController()
        let nav = UINavigationController(rootViewController: home)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        scenario.at(.seconds(1), "account") { home.openAccount() }
        """

    @Test func aPoppedControllerKeptByASingletonsClosurePresentsNothing() throws {
        let report = try SwiftUIKitTests.report(
            Self.app + """

                scenario.at(.seconds(2), "back") { nav.popViewController(animated: true) }
                scenario.at(.seconds(5), "expiry") { SessionMonitor.shared.expire() }
                """, until: 6)
        #expect(report.value(at: "presentations[0].requests")?.compact == "1")
        #expect(report.value(at: "presentations[0].refused")?.compact == "1")
        #expect(report.value(at: "presentations[0].shown")?.compact == "0")
        let logs = SwiftUIKitTests.logs(report)
        #expect(logs.count == 2, "\(logs)")
        #expect(
            logs.first?.hasPrefix(
                "Warning: Attempt to present LoginPromptViewController loginPromptViewController on "
                    + "AccountViewController ") == true)
        #expect(logs.first?.hasSuffix(" whose view is not in the window hierarchy!") == true)
        #expect(logs.last == "prompt freed")
    }

    @Test func theTopControllerPresents() throws {
        let report = try SwiftUIKitTests.report(
            Self.app + """

                scenario.at(.seconds(5), "expiry") { SessionMonitor.shared.expire() }
                """, until: 6)
        #expect(report.value(at: "presentations[0].refused")?.compact == "0")
        #expect(report.value(at: "presentations[0].shown")?.compact == "1")
        #expect(SwiftUIKitTests.logs(report).isEmpty)
    }

    @Test func presentingFromTheRootsViewDidLoadPresentsNothing() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class OnboardingViewController: UIViewController {
                deinit { print("onboarding freed") }
            }
            final class RootViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    present(OnboardingViewController(), animated: false)
                }
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    print("root appeared")
                }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = RootViewController()
            window.makeKeyAndVisible()
            """)
        #expect(report.value(at: "presentations[0].refused")?.compact == "1")
        #expect(report.value(at: "presentations[0].shown")?.compact == "0")
        let logs = SwiftUIKitTests.logs(report)
        #expect(logs.count == 3, "\(logs)")
        #expect(logs.first?.hasSuffix("whose view is not in the window hierarchy!") == true)
        #expect(Array(logs.dropFirst()) == ["onboarding freed", "root appeared"])
    }
}
