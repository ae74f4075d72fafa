import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `UIAlertController` and `UIAlertAction` (SwiftLowering+Alerts.swift): an alert made after async work is a
/// controller UIKit's model presents (or refuses, from a controller not in the window), the alert keeps its actions
/// and each action its handler, so a handler that captures the alert itself is a cycle that outlives the dismissal.
@Suite struct AlertControllerTests {
    static func app(_ handler: String) -> String {
        """
        final class CheckoutViewController: UIViewController {
            private(set) var orderID = 0
            func placeOrder() {
                DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                    DispatchQueue.main.async {
                        self.orderID = 1042
                        self.showConfirmation()
                    }
                }
            }
            private func showConfirmation() {
                let alert = UIAlertController(
                    title: "Order \\(orderID) placed", message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default))
                alert.addAction(UIAlertAction(title: "Track", style: .default) \(handler))
                present(alert, animated: true)
                print("confirmation for \\(orderID)")
            }
            func track() { print("track") }
        }
        let checkout = CheckoutViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = checkout
        window.makeKeyAndVisible()
        scenario.at(.milliseconds(500), "order") { checkout.placeOrder() }
        scenario.at(.seconds(3), "dismiss") { checkout.dismiss(animated: true) }
        """
    }

    /// The alert is presented (its class named as UIKit's), and dismissed; a handler that captures only the
    /// presenting controller leaves nothing behind once the alert is let go.
    @Test func anAlertIsPresentedAndDismissed() throws {
        let report = try SwiftUIKitTests.report(Self.app("{ _ in self.track() }"))
        #expect(report.value(at: "presentations[0].class")?.compact == "\"UIAlertController\"")
        #expect(report.value(at: "presentations[0].shown")?.compact == "1")
        #expect(report.value(at: "presentations[0].first_shown_ms")?.compact == "1500")
        #expect(SwiftUIKitTests.logs(report) == ["confirmation for 1042"])
        #expect(report.value(at: "leaks")?.compact == "[]")
    }

    /// `{ _ in alert.dismiss(animated: true) }`: the handler holds the alert, which holds the action, which holds
    /// the handler — once the presenter lets the alert go, the three leak as a cycle; `[weak alert]` breaks it.
    @Test func aHandlerCapturingItsAlertLeaksIt() throws {
        let leaking = try SwiftUIKitTests.report(Self.app("{ _ in alert.dismiss(animated: true) }"))
        #expect(leaking.value(at: "leaks[0].class")?.compact == "\"UIAlertController\"")
        #expect(leaking.value(at: "leaks[0].cause")?.compact == "\"cycle\"")
        #expect(leaking.value(at: "leaks[0].edges")?.compact == "[\"actions[1]\",\"handler\",\"alert\"]")
        let fixed = try SwiftUIKitTests.report(Self.app("{ [weak alert] _ in alert?.dismiss(animated: true) }"))
        #expect(fixed.value(at: "leaks")?.compact == "[]")
    }

    /// An alert asked of a controller whose view has left the window is refused, with UIKit's warning.
    @Test func anAlertFromAControllerNotInTheWindowIsRefused() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class SheetViewController: UIViewController {
                func finish() {
                    let alert = UIAlertController(title: "Done", message: "Saved", preferredStyle: .actionSheet)
                    alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
                    present(alert, animated: true)
                }
            }
            final class RootViewController: UIViewController {}
            let root = RootViewController()
            let sheet = SheetViewController()
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = root
            window.makeKeyAndVisible()
            scenario.at(.milliseconds(500), "open") { root.present(sheet, animated: true) }
            scenario.at(.milliseconds(1500), "swipe away") { root.dismiss(animated: true) }
            scenario.at(.milliseconds(2500), "saved") { sheet.finish() }
            """)
        #expect(report.value(at: "presentations[1].class")?.compact == "\"UIAlertController\"")
        #expect(report.value(at: "presentations[1].refused")?.compact == "1")
        #expect(report.value(at: "presentations[1].shown")?.compact == "0")
    }
}
