import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// View-controller containment in Swift (docs/swift-scenarios.md, "UIKit and notifications"): the calls a
/// container makes, what they lower to, and the hooks and lifetimes of the run.
@Suite struct SwiftContainmentTests {
    static let classes = """
        final class TickerVC: UIViewController {
            private var timer: Timer?
            override func viewDidLoad() {
                super.viewDidLoad()
                print("ticker loaded")
                timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                    userInfo: nil, repeats: true)
            }
            override func viewWillAppear(_ animated: Bool) { print("ticker will appear") }
            override func viewDidDisappear(_ animated: Bool) { print("ticker did disappear") }
            override func willMove(toParent parent: UIViewController?) { print("ticker will move") }
            override func didMove(toParent parent: UIViewController?) { print("ticker did move") }
            @objc func tick() { print("tick") }
            deinit { print("ticker deinit") }
        }
        final class DashboardVC: UIViewController {
            private var ticker: TickerVC?
            override func viewDidLoad() { super.viewDidLoad(); print("dashboard loaded") }
            override func viewWillAppear(_ animated: Bool) { print("dashboard will appear") }
            func showTicker() {
                let child = TickerVC()
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)
                ticker = child
            }
            func hideTicker() {
                ticker?.willMove(toParent: nil)
                ticker?.view.removeFromSuperview()
                ticker?.removeFromParent()
                ticker = nil
            }
        }
        let dashboard = DashboardVC()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = dashboard
        window.makeKeyAndVisible()

        """

    @Test func theContainmentCallsLowerToTheirSteps() throws {
        let tree = try SwiftUIKitTests.lowered(Self.classes)
        let methods = try #require(tree.mapping?["classes"]?.mapping?["DashboardVC"]?.mapping?["methods"]?.mapping)
        let show = SwiftLoweringTests.render(try #require(methods["showTicker"]))
        #expect(show.contains("{addChild: self, child: child}, {call: child.willMove, with: [self]}"), "\(show)")
        #expect(show.contains("{addChildView: child, to: self}, {call: child.didMove, with: [self]}"), "\(show)")
        let hide = SwiftLoweringTests.render(try #require(methods["hideTicker"]))
        #expect(
            hide.contains(
                "{removeChildView: self.ticker}, {removeFromParent: self.ticker}, "
                    + "{call: self.ticker.didMove, with: [nil]}"), "\(hide)")
    }

    @Test func aRemovedChildsTimerKeepsItAbandonedAndTheHooksRunInUIKitsOrder() throws {
        let report = try SwiftUIKitTests.report(
            Self.classes + """
                scenario.at(.milliseconds(200), "show") { dashboard.showTicker() }
                scenario.at(.milliseconds(2500), "hide") { dashboard.hideTicker() }
                """, until: 4)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "dashboard loaded", "dashboard will appear", "ticker will move", "ticker loaded", "ticker will appear",
                "ticker did move",
                "tick", "tick", "ticker will move", "ticker did disappear", "ticker did move", "tick",
            ], "\(SwiftUIKitTests.logs(report))")
        #expect(report.value(at: "leaks[0].class")?.compact == "\"TickerVC\"")
        #expect(report.value(at: "leaks[0].kind")?.compact == "\"abandoned\"")
    }

    /// The corpus file's fix (`invalidateOnDisappear`): the disappear hook that removeFromSuperview runs stops the
    /// timer, and the ticker deinits when the dashboard lets it go.
    @Test func theCorpusFixStopsTheTimerWhenTheChildDisappears() throws {
        let url = SwiftTwinTests.root.appendingPathComponent(
            "scenarios/swift-pasted/child-controller-timer-outlives-removal.swift")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "default: false", with: "default: true")
        let cut = try #require(text.range(of: "scenario.expect(.all, ["))
        text =
            String(text[..<cut.lowerBound]) + """
                scenario.expect(.all, [
                    "timers.fires": 2, "logs": 3, "logs[2].text": "ticker deinit", "logs[2].at_ms": 2500,
                    "objects.abandoned": 0,
                ])
                """
        try SwiftLanguageTests.passes(text)
    }
}
