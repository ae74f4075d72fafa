import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A plain `UIViewController()` (SwiftLowering+BareControllers.swift): a view controller of no class of the file,
/// as a navigation root and as a presented controller, counted and released as UIKit's model does any controller.
@Suite struct BareControllerTests {
    /// The objects of `report`'s `key` list (`alive`, `leaks`, `freed`…), as "Class name".
    static func objects(_ report: JSONValue, _ key: String) -> [String] {
        var found: [String] = []
        while let cls = report.value(at: "\(key)[\(found.count)].class")?.compact,
            let name = report.value(at: "\(key)[\(found.count)].object")?.compact
        {
            found.append((cls + " " + name).replacingOccurrences(of: "\"", with: ""))
        }
        return found
    }

    @Test func aPlainRootIsAControllerTheNavigationControllerHolds() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class DetailVC: UIViewController {
                override func viewWillAppear(_ animated: Bool) { print("detail appears") }
                deinit { print("detail freed") }
            }
            let nav = UINavigationController(rootViewController: UIViewController())
            nav.pushViewController(DetailVC(), animated: false)
            scenario.at(.milliseconds(300), "back") { nav.popViewController(animated: false) }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["detail appears", "detail freed"])
        let alive = Self.objects(report, "alive")
        // Named as Swift's API guidelines case an initialism: `uiViewController`, not `uIViewController`.
        #expect(alive.contains("UIViewController uiViewController"), "\(alive)")
        #expect(report.value(at: "leaks[0]") == nil)
    }

    @Test func aPlainPresentedControllerIsFreedWhenDismissed() throws {
        let code = """
            final class HomeVC: UIViewController {
                func showSheet() { present(UIViewController(), animated: false) }
                func hideSheet() { dismiss(animated: false) }
            }
            let home = HomeVC()
            let window = UIWindow()
            window.rootViewController = home
            window.makeKeyAndVisible()
            scenario.at(.milliseconds(100), "show") { home.showSheet() }
            """
        let shown = try SwiftUIKitTests.report(code)
        #expect(Self.objects(shown, "alive").contains("UIViewController uiViewController"))
        #expect(shown.value(at: "objects.deallocated")?.compact == "0")
        let dismissed = try SwiftUIKitTests.report(
            code + "\nscenario.at(.milliseconds(500), \"hide\") { home.hideSheet() }")
        #expect(!Self.objects(dismissed, "alive").contains("UIViewController uiViewController"))
        // The sheet, released by UIKit when its dismissal ends (no navigation item was asked for).
        #expect(dismissed.value(at: "objects.deallocated")?.compact == "1")
    }
}
