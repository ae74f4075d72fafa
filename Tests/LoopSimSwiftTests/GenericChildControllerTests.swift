import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Containment through a parameter typed `UIViewController` (`embed(_ child: UIViewController)`): the child's view
/// loads with its own class's `viewDidLoad`, and its `didMove(toParent:)` override runs, as Objective-C sends each
/// message to the object's own class (SwiftLowering+Containment.swift).
@Suite struct GenericChildControllerTests {
    @Test func aChildPassedAsUIViewControllerLoadsAndMovesWithItsOwnClass() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class ClockVC: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    print("clock loaded")
                }
                override func didMove(toParent parent: UIViewController?) {
                    super.didMove(toParent: parent)
                    if parent == nil { print("clock removed") } else { print("clock moved") }
                }
                deinit { print("ClockVC deinit") }
            }
            final class DashboardVC: UIViewController {
                private let clock = ClockVC()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    embed(clock)
                }
                private func embed(_ child: UIViewController) {
                    addChild(child)
                    view.addSubview(child.view)
                    child.didMove(toParent: self)
                }
                func unembed(_ child: UIViewController) {
                    child.willMove(toParent: nil)
                    child.view.removeFromSuperview()
                    child.removeFromParent()
                }
                func removeClock() { unembed(clock) }
            }
            let dashboard = DashboardVC()
            let nav = UINavigationController(rootViewController: dashboard)
            scenario.at(.seconds(1), "remove the clock") { dashboard.removeClock() }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["clock loaded", "clock moved", "clock removed"])
    }
}
