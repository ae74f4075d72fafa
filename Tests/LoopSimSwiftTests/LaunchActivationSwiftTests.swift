import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `UIApplication.didBecomeActiveNotification` and `applicationDidBecomeActive(_:)` at launch (docs/swift-scenarios.md
/// "The app's lifecycle"), on ios10 and ios13.
@Suite struct LaunchActivationSwiftTests {
    static let inbox = """
        final class InboxViewController: UIViewController {
            private var token: NSObjectProtocol?
            private var refreshes = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                token = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification,
                                                               object: nil, queue: .main) { [weak self] _ in
                    self?.refresh()
                }
            }
            private func refresh() {
                refreshes += 1
                print("inbox refresh \\(refreshes)")
            }
        }
        let inbox = InboxViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = inbox
        window.makeKeyAndVisible()
        scenario.at(.milliseconds(1000), "home") { scenario.background() }
        scenario.at(.milliseconds(3000), "back") { scenario.foreground() }
        """

    @Test func anObserverAddedInTheRootsViewDidLoadHearsTheLaunch() throws {
        for (variant, report) in try PresentationStyleTests.reports(Self.inbox, until: 6) {
            #expect(SwiftUIKitTests.logs(report) == ["inbox refresh 1", "inbox refresh 2"], "\(variant)")
            #expect(report.value(at: "logs[0].at_ms")?.compact == "0", "\(variant)")
            #expect(report.value(at: "logs[1].at_ms")?.compact == "3000", "\(variant)")
        }
    }

    @Test func theAppDelegatesCallbackRunsAtLaunchToo() throws {
        let reports = try PresentationStyleTests.reports(
            """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidBecomeActive(_ application: UIApplication) { print("active") }
            }
            scenario.at(.milliseconds(1000), "home") { scenario.background() }
            scenario.at(.milliseconds(2000), "back") { scenario.foreground() }
            """)
        for (variant, report) in reports {
            #expect(SwiftUIKitTests.logs(report) == ["active", "active"], "\(variant)")
        }
    }
}
