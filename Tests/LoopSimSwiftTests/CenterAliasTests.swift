import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `let center = NotificationCenter.default` as a local, a property and a top-level `let` (the default center
/// wherever the name is used), and the system notification names the experiment may post
/// (SwiftLowering+CenterAliases.swift, SwiftLowering+AppLifecycle.swift).
@Suite struct CenterAliasTests {
    @Test func aLocalAPropertyAndATopLevelNameForTheDefaultCenter() throws {
        let report = try SwiftUIKitTests.report(
            """
            let nc = NotificationCenter.default
            final class Screen: NSObject {
                private let notifications: NotificationCenter = .default
                func start() {
                    let center = NotificationCenter.default
                    center.addObserver(
                        self, selector: #selector(shown), name: UIResponder.keyboardWillShowNotification, object: nil)
                    notifications.addObserver(
                        self, selector: #selector(warned),
                        name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
                    self.notifications.addObserver(
                        self, selector: #selector(hidden), name: UIResponder.keyboardDidHideNotification, object: nil)
                }
                @objc func shown() { print("keyboard will show") }
                @objc func warned() { print("memory warning") }
                @objc func hidden() { print("keyboard hidden") }
            }
            let screen = Screen()
            screen.start()
            scenario.at(.seconds(1), "focus the field") {
                nc.post(name: UIResponder.keyboardWillShowNotification, object: nil)
            }
            scenario.at(.seconds(2), "low memory") {
                NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
                nc.post(name: UIResponder.keyboardDidHideNotification, object: nil)
            }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["keyboard will show", "memory warning", "keyboard hidden"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "1000")
    }

    /// A name declared twice in the file (here a parameter too) keeps its own meaning: it is no alias.
    @Test func aNameDeclaredTwiceIsNoAlias() {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                final class Screen: NSObject {
                    func start() {
                        let center = NotificationCenter.default
                        center.post(name: Notification.Name("a"), object: nil)
                    }
                    func move(center: Int) { print("\\(center)") }
                }
                """), file: "A.swift")
        #expect(diagnostics.contains { $0.message.contains("`NotificationCenter.default`") }, "\(diagnostics)")
    }
}
