import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `UIView.animate(…)` (docs/swift-scenarios.md, "UIKit and notifications"; SwiftLowering+ViewAnimations.swift):
/// the animations run in place, the completion runs on the main thread `delay + duration` later with `finished`
/// true, and holds what it captures until then.
@Suite struct ViewAnimationTests {
    static let screens = """
        import UIKit
        let scenario = Scenario("animations", until: .seconds(2), variants: [.ios10, .ios13])
        final class BadgeView: UIView {
            func pulse() {
                alpha = 0
                UIView.animate(withDuration: 0.3, animations: {
                    self.alpha = 1
                    self.transform = .identity
                }, completion: { finished in
                    print("pulse done \\(finished)")
                })
            }
        }
        final class DetailViewController: UIViewController {
            let badge = BadgeView()
            var fades = 0
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                badge.pulse()
                UIView.animate(withDuration: 0.5, delay: 0.2, options: [.curveEaseOut]) {
                    self.view.alpha = 0.5
                    self.view.layoutIfNeeded()
                } completion: { _ in
                    self.fades += 1
                    print("faded \\(self.fades)")
                }
                UIView.animate(withDuration: 0.1) { self.view.alpha = 1 }
            }
            deinit { print("detail gone") }
        }
        final class RootViewController: UIViewController {}
        let root = RootViewController()
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        scenario.at(.milliseconds(100), "open") { nav.pushViewController(DetailViewController(), animated: false) }
        scenario.at(.milliseconds(300), "back") { nav.popViewController(animated: false) }

        """

    /// The popped controller lives until the completion that captures it has run, 800 ms = 100 + 0.2 + 0.5 s.
    @Test func aCompletionRunsAfterDelayAndDurationAndHoldsItsCaptures() throws {
        try SwiftLanguageTests.passes(
            Self.screens + """
                scenario.expect(.all, [
                    "logs": 3, "logs[0].text": "pulse done true", "logs[0].at_ms": 400, "logs[0].thread": "main",
                    "logs[1].text": "faded 1", "logs[1].at_ms": 800, "logs[2].text": "detail gone",
                    "logs[2].at_ms": 800, "objects.leaked": 0,
                ])
                """)
    }

    @Test func anArgumentOutsideTheFormsIsRefusedAtIt() {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: Self.screens.replacingOccurrences(of: "options: [.curveEaseOut]", with: "usingBlock: 3"),
            file: "A.swift")
        #expect(problems.contains { $0.message.contains("this argument of `UIView.animate`") }, "\(problems)")
    }
}
