import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `modalPresentationStyle` and iOS 13's page sheets in Swift (SwiftLowering+PresentationStyle.swift), each run on
/// ios10 and ios13.
@Suite struct PresentationStyleTests {
    /// The reports of `code` (after a header naming both variants), by variant.
    static func reports(_ code: String, until: Int = 4) throws -> [String: JSONValue] {
        let text = """
            import UIKit
            let scenario = Scenario("probe", until: .seconds(\(until)), variants: [.ios10, .ios13])
            \(code)
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "P.swift")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let scenario = try #require(loaded.scenario)
        var reports: [String: JSONValue] = [:]
        for run in try ScenarioRunner.run(scenario, variants: ["ios10", "ios13"]) { reports[run.variant] = run.report }
        return reports
    }

    /// A scores screen polling every 0.5 s from `viewWillAppear` to `viewWillDisappear`, which presents a settings
    /// controller at 1.2 s (`setStyle`: a statement run on it before `present`).
    static func scores(setStyle: String = "", inSettingsInit: String = "") -> String {
        """
        final class SettingsViewController: UIViewController {
            \(inSettingsInit)
        }
        final class ScoresViewController: UIViewController {
            private var timer: Timer?
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                print("scores will appear")
                timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in }
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                print("scores will disappear")
                timer?.invalidate()
                timer = nil
            }
            func openSettings() {
                let settings = SettingsViewController()
                \(setStyle)
                present(settings, animated: false)
            }
        }
        let scores = ScoresViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = scores
        window.makeKeyAndVisible()
        scenario.at(.milliseconds(1200), "settings") { scores.openSettings() }
        """
    }

    static func fires(_ report: JSONValue?) -> String? { report?.value(at: "timers.fires")?.compact }

    @Test func theDefaultStyleStopsThePollingOnIOS10AndNotOnIOS13() throws {
        let reports = try Self.reports(Self.scores())
        // ios10: full screen, the presenter disappears at 1.2 s after fires at 0.5 and 1.0 s.
        #expect(
            SwiftUIKitTests.logs(try #require(reports["ios10"])) == ["scores will appear", "scores will disappear"])
        #expect(Self.fires(reports["ios10"]) == "2")
        // ios13: a page sheet, the presenter stays: fires every 0.5 s until 4 s.
        #expect(SwiftUIKitTests.logs(try #require(reports["ios13"])) == ["scores will appear"])
        #expect(Self.fires(reports["ios13"]) == "8")
    }

    @Test(arguments: [
        ("settings.modalPresentationStyle = .fullScreen", "2", "2"),
        ("settings.modalPresentationStyle = UIModalPresentationStyle.fullScreen", "2", "2"),
        ("settings.modalPresentationStyle = .overFullScreen", "8", "8"),
        ("settings.modalPresentationStyle = .pageSheet", "2", "8"),
        ("settings.modalPresentationStyle = .formSheet", "2", "8"),
        ("settings.modalPresentationStyle = .automatic", "2", "8"),
        ("settings.isModalInPresentation = true", "2", "8"),
    ])
    func aStyleSetBeforePresent(statement: String, ios10: String, ios13: String) throws {
        let reports = try Self.reports(Self.scores(setStyle: statement))
        #expect(Self.fires(reports["ios10"]) == ios10, "\(statement)")
        #expect(Self.fires(reports["ios13"]) == ios13, "\(statement)")
    }

    @Test func aStyleTheControllerSetsInItsOwnInit() throws {
        let reports = try Self.reports(
            Self.scores(
                inSettingsInit: """
                    init() {
                        super.init(nibName: nil, bundle: nil)
                        modalPresentationStyle = .fullScreen
                    }
                    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
                    """))
        #expect(Self.fires(reports["ios13"]) == "2")
    }

    @Test func anUnmodelledStyleIsRefusedWhereItIsWritten() {
        let text = """
            import UIKit
            let scenario = Scenario("probe", until: .seconds(1), variants: [.ios13])
            final class Sheet: UIViewController {}
            let sheet = Sheet()
            sheet.modalPresentationStyle = .popover
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "P.swift")
        let error = loaded.diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == 5)
        #expect(error?.location.column == 32)
        #expect(error?.message.contains("`.fullScreen`") == true)
    }
}
