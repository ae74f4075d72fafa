import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// UIKit views and controls kept in properties (SwiftLowering+Controls.swift): their set-up is display state, a
/// control's target-action holds its target weakly, and the experiment taps it with `sendActions(for:)`.
@Suite struct ControlPropertyTests {
    /// A sign-up screen with a button, a label and a field made in their properties, and a lazy spinner.
    static let screen = """
        final class CodeVC: UIViewController {
            private(set) var taps = 0
            let resendButton = UIButton(type: .system)
            private let codeField = UITextField()
            private let label: UILabel = UILabel()
            private lazy var spinner: UIActivityIndicatorView = {
                let spinner = UIActivityIndicatorView(style: .medium)
                spinner.hidesWhenStopped = true
                spinner.translatesAutoresizingMaskIntoConstraints = false
                return spinner
            }()
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .white
                view.addSubview(codeField)
                view.addSubview(resendButton)
                view.addSubview(spinner)
                codeField.placeholder = "Code"
                resendButton.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([resendButton.topAnchor.constraint(equalTo: view.topAnchor)])
                resendButton.setTitle("Resend", for: .normal)
                resendButton.isEnabled = false
                resendButton.addTarget(self, action: #selector(resendTapped), for: .touchUpInside)
            }
            @objc private func resendTapped() {
                taps += 1
                label.text = "sent \\(taps)"
                spinner.startAnimating()
                print("resend \\(taps)")
            }
            deinit { print("CodeVC deinit") }
        }
        let nav = UINavigationController(rootViewController: UIViewController())
        var screen: CodeVC? = CodeVC()
        nav.pushViewController(screen!, animated: false)
        scenario.at(.milliseconds(500), "tap Resend") { screen?.resendButton.sendActions(for: .touchUpInside) }
        scenario.at(.milliseconds(700), "tap Resend again") { screen?.resendButton.sendActions(for: .touchUpInside) }
        scenario.at(.milliseconds(800), "an event with no action") { screen?.resendButton.sendActions(for: .valueChanged) }
        """

    @Test func aTapSendsTheActionToItsTarget() throws {
        let report = try SwiftUIKitTests.report(Self.screen)
        #expect(SwiftUIKitTests.logs(report) == ["resend 1", "resend 2"])
        #expect(report.value(at: "leaks[0]") == nil)
    }

    /// The control does not retain its target: a screen that is its own button's target is freed once popped and
    /// let go, with no cycle through the button.
    @Test func theTargetIsNotRetainedByItsControl() throws {
        let report = try SwiftUIKitTests.report(
            Self.screen + """

                scenario.at(.seconds(1), "back") {
                    nav.popViewController(animated: false)
                    screen = nil
                }
                scenario.at(.milliseconds(1500), "tap the gone screen") { screen?.resendButton.sendActions(for: .touchUpInside) }
                """)
        #expect(SwiftUIKitTests.logs(report) == ["resend 1", "resend 2", "CodeVC deinit"])
        #expect(report.value(at: "leaks[0]") == nil)
        #expect(report.value(at: "objects.abandoned")?.compact == "0")
    }

    /// The lowering of the target-action: a weak field of the controller, set by `addTarget`, read by a tap.
    @Test func addTargetStoresSelfIntoAWeakField() throws {
        let text = SwiftUIKitTests.file(Self.screen, until: 5)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "U.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let yaml = SwiftLoweringTests.render(try #require(tree))
        #expect(yaml.contains("resendButton_touchUpInside: weak CodeVC"), "\(yaml)")
        #expect(yaml.contains("set: self.resendButton_touchUpInside = self"), "\(yaml)")
        #expect(!yaml.contains("resendButton_valueChanged"))
    }

    /// A closure kept by a subview of the file's own that captures its controller strongly is a cycle; captured
    /// weakly, both are freed.
    @Test func aSubviewClosureCapturingTheControllerIsALeak() throws {
        func code(_ capture: String) -> String {
            """
            final class StarsView: UIView {
                var onChange: ((Int) -> Void)?
                func tap(_ n: Int) { onChange?(n) }
                deinit { print("StarsView deinit") }
            }
            final class ReviewVC: UIViewController {
                let stars = StarsView()
                let caption = UILabel()
                var rating = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(stars)
                    view.addSubview(caption)
                    stars.onChange = { \(capture)n in
                        self\(capture.isEmpty ? "" : "?").rating = n
                        print("rated \\(n)")
                    }
                }
                deinit { print("ReviewVC deinit") }
            }
            let nav = UINavigationController(rootViewController: UIViewController())
            var review: ReviewVC? = ReviewVC()
            nav.pushViewController(review!, animated: false)
            scenario.at(.milliseconds(500), "tap 4") { review?.stars.tap(4) }
            scenario.at(.seconds(1), "back") {
                nav.popViewController(animated: false)
                review = nil
            }
            """
        }
        let cycle = try SwiftUIKitTests.report(code(""))
        #expect(SwiftUIKitTests.logs(cycle) == ["rated 4"])
        #expect(cycle.value(at: "leaks[0].class")?.compact == "\"ReviewVC\"")
        #expect(cycle.value(at: "leaks[1].class")?.compact == "\"StarsView\"")
        let fixed = try SwiftUIKitTests.report(code("[weak self] "))
        #expect(SwiftUIKitTests.logs(fixed) == ["rated 4", "ReviewVC deinit", "StarsView deinit"])
        #expect(fixed.value(at: "leaks[0]") == nil)
    }
}
