import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// UIKit's controllers and NotificationCenter in Swift (docs/swift-scenarios.md, "UIKit and notifications"): what
/// the calls lower to, and what the runs then do (UIKit's hook order, `viewDidLoad` once, deliveries).
@Suite struct SwiftUIKitTests {
    /// A scenario file: the header, then `code`.
    static func file(_ code: String, until: Int = 5) -> String {
        """
        import UIKit
        let scenario = Scenario("probe", until: .seconds(\(until)), variants: [.ios10])
        \(code)
        """
    }

    /// The lowered tree of `code`, requiring no diagnostics.
    static func lowered(_ code: String) throws -> LocatedNode {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: file(code), file: "U.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree)
    }

    /// The report of running `code` under ios10.
    static func report(_ code: String, until: Int = 5) throws -> JSONValue {
        let loaded = SwiftScenarioLoader.load(text: file(code, until: until), file: "U.swift")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let scenario = try #require(loaded.scenario)
        return try #require(try ScenarioRunner.run(scenario, variants: ["ios10"]).first).report
    }

    /// The texts of a report's logs, in order.
    static func logs(_ report: JSONValue) -> [String] {
        var texts: [String] = []
        while let text = report.value(at: "logs[\(texts.count)].text")?.compact { texts.append(text) }
        return texts.map { $0.trimmingCharacters(in: ["\""]) }
    }

    static let countdown = """
        class CountdownVC: UIViewController {
            weak var timer: Timer?
            override func viewDidLoad() {
                super.viewDidLoad()
                print("countdown viewDidLoad")
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                print("countdown viewWillAppear")
                timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                    userInfo: nil, repeats: true)
            }
            override func viewDidAppear(_ animated: Bool) { print("countdown viewDidAppear") }
            override func viewWillDisappear(_ animated: Bool) {
                print("countdown viewWillDisappear")
                timer?.invalidate()
            }
            override func viewDidDisappear(_ animated: Bool) { print("countdown viewDidDisappear") }
            @objc func tick() {}
            deinit { print("countdown deinit") }
        }
        class HomeVC: UIViewController {
            override func viewWillAppear(_ animated: Bool) { print("home viewWillAppear") }
            override func viewDidAppear(_ animated: Bool) { print("home viewDidAppear") }
            override func viewWillDisappear(_ animated: Bool) { print("home viewWillDisappear") }
            override func viewDidDisappear(_ animated: Bool) { print("home viewDidDisappear") }
            func openCountdown() {
                navigationController?.pushViewController(CountdownVC(), animated: true)
            }
        }
        let home = HomeVC()
        let nav = UINavigationController(rootViewController: home)
        """

    /// `cell.prepareForReuse()` of a cell that does not override it runs UIKit's own, which resets nothing the model
    /// follows: the call lowers to nothing, and its timer keeps running (the reuse bug); an override runs.
    @Test func anInheritedPrepareForReuseIsUIKitsOwn() throws {
        let report = try Self.report(
            """
            class PlainCell: UITableViewCell {
                var timer: Timer?
                func configure() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("plain tick") }
                }
            }
            class ResetCell: UITableViewCell {
                var timer: Timer?
                override func prepareForReuse() {
                    super.prepareForReuse()
                    timer?.invalidate()
                }
                func configure() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("reset tick") }
                }
            }
            let plain = PlainCell()
            let reset = ResetCell()
            plain.configure()
            reset.configure()
            scenario.at(.milliseconds(1500), "reuse") {
                plain.prepareForReuse()
                reset.prepareForReuse()
            }
            """, until: 3)
        #expect(Self.logs(report) == ["plain tick", "reset tick", "plain tick", "plain tick"], "\(Self.logs(report))")
    }

    @Test func aPushAndAPopRunTheHooksInUIKitsOrder() throws {
        let report = try Self.report(
            Self.countdown + """

                scenario.at(.seconds(1)) { home.openCountdown() }
                scenario.at(.milliseconds(3500)) { nav.popViewController(animated: true) }
                """)
        #expect(
            Self.logs(report) == [
                "countdown viewDidLoad", "home viewWillDisappear", "countdown viewWillAppear", "home viewDidDisappear",
                "countdown viewDidAppear", "countdown viewWillDisappear", "home viewWillAppear",
                "countdown viewDidDisappear", "home viewDidAppear", "countdown deinit",
            ])
        #expect(report.value(at: "logs[9].at_ms")?.compact == "3850")  // UIKit releases it after the transition
        #expect(report.value(at: "timers.fires")?.compact == "2")
        #expect(report.value(at: "objects.leaked")?.compact == "0")
    }

    @Test func pushAndPopLowerToTheLanguagesSteps() throws {
        let tree = try Self.lowered(
            Self.countdown + "\nscenario.at(.seconds(1)) { nav.popViewController(animated: false) }")
        let open = SwiftLoweringTests.render(
            try #require(tree.mapping?["classes"]?.mapping?["HomeVC"]?.mapping?["methods"]?.mapping?["openCountdown"]))
        #expect(
            open == "[{let: loaded30 = new CountdownVC}, {if: loaded30 != nil && !loaded30.isViewLoaded, then: "
                + "[{set: loaded30.isViewLoaded = true}, {call: loaded30.viewDidLoad}]}, "
                + "{push: loaded30, on: self.navigationController, animated: true}, {release: loaded30}]")
        let main = SwiftLoweringTests.render(try #require(tree.mapping?["main"]))
        #expect(
            main == "[{let: home = new HomeVC}, {if: home != nil && !home.isViewLoaded, then: "
                + "[{set: home.isViewLoaded = true}]}, {navigationController: nav, root: home}]")
        let pop = SwiftLoweringTests.render(try #require(tree.mapping?["user"]?.sequence?.items.first))
        #expect(pop.contains("{pop: nav, animated: false}"))
    }

    @Test func viewDidLoadRunsOnceWhateverLoadsTheView() throws {
        let report = try Self.report(
            """
            class DetailVC: UIViewController {
                override func viewDidLoad() { print("loaded") }
                func close() { dismiss(animated: true) }
            }
            class HomeVC: UIViewController {
                var detail: DetailVC?
                func show() {
                    detail = DetailVC()
                    detail?.loadViewIfNeeded()
                    if let detail { present(detail, animated: true) { print("presented") } }
                }
            }
            let home = HomeVC()
            scenario.at(.seconds(1)) { home.show() }
            scenario.at(.seconds(2)) { home.detail?.close() }
            scenario.at(.seconds(3)) { home.show() }
            """)
        #expect(Self.logs(report) == ["loaded", "presented", "loaded", "presented"])
        #expect(report.value(at: "logs[1].at_ms")?.compact == "1350")
    }

    @Test func aWindowHoldsItsRootAsATopLevelName() throws {
        let tree = try Self.lowered(
            """
            class HomeVC: UIViewController {
                override func viewDidLoad() { print("home loaded") }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = UINavigationController(rootViewController: HomeVC())
            window.makeKeyAndVisible()
            """)
        let main = SwiftLoweringTests.render(try #require(tree.mapping?["main"]))
        #expect(
            main == "[{let: loaded7 = new HomeVC}, {if: loaded7 != nil && !loaded7.isViewLoaded, then: "
                + "[{set: loaded7.isViewLoaded = true}, {call: loaded7.viewDidLoad}]}, "
                + "{navigationController: window, root: loaded7}, {release: loaded7}, {makeKeyAndVisible: window}]")
    }

    @Test func aBlockObserverLowersWithItsTokenQueueAndNotification() throws {
        let tree = try Self.lowered(
            """
            extension Notification.Name { static let didLogIn = Notification.Name("DidLogIn") }
            class Gate {
                var token: NSObjectProtocol?
                var seen = 0
                func watch() {
                    token = NotificationCenter.default.addObserver(forName: .didLogIn, object: nil, queue: .main) {
                        [weak self] note in
                        if note.object != nil { self?.seen += 1 }
                    }
                }
                func stop() { NotificationCenter.default.removeObserver(token) }
            }
            """)
        let methods = try #require(tree.mapping?["classes"]?.mapping?["Gate"]?.mapping?["methods"])
        let watch = SwiftLoweringTests.render(try #require(methods.mapping?["watch"]))
        #expect(
            watch == "[{addObserverForName: DidLogIn, queue: main, token: self.token, notification: note, "
                + "captures: [weak self], do: [{if: note.object != nil, then: [{increment: self.seen}]}]}]")
        #expect(SwiftLoweringTests.render(try #require(methods.mapping?["stop"])) == "[{removeObserver: self.token}]")
    }

    @Test func aSelectorObserverGetsAPostWithItsPayload() throws {
        let tree = try Self.lowered(
            """
            class Badge: NSObject {
                var count = 0
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(onShow(_:)),
                        name: Notification.Name("Show"), object: nil)
                }
                @objc func onShow(_ note: Notification) { count += 1 }
            }
            let badge = Badge()
            badge.start()
            NotificationCenter.default.post(name: Notification.Name("Show"), object: badge, userInfo: ["n": 3])
            NotificationCenter.default.removeObserver(badge)
            """)
        let main = SwiftLoweringTests.render(try #require(tree.mapping?["main"]))
        #expect(
            main == "[{let: badge = new Badge}, {call: badge.start}, "
                + "{postNotification: Show, object: badge, userInfo: {n: 3}}, {removeObserver: badge}]")
        let start = SwiftLoweringTests.render(
            try #require(tree.mapping?["classes"]?.mapping?["Badge"]?.mapping?["methods"]?.mapping?["start"]))
        #expect(start == "[{addSelectorObserver: self, selector: onShow, name: Show}]")
        let report = try Self.report(
            """
            class Badge: NSObject {
                var count = 0
                @objc func onShow(_ note: Notification) { print("shown") }
            }
            let badge = Badge()
            NotificationCenter.default.addObserver(badge, selector: #selector(Badge.onShow(_:)),
                name: Notification.Name("Show"), object: nil)
            scenario.at(.seconds(1)) { NotificationCenter.default.post(name: Notification.Name("Show"), object: nil) }
            """)
        #expect(Self.logs(report) == ["shown"])
    }

    @Test func aBlockObserverOnABackgroundQueueRunsOnAWorker() throws {
        let report = try Self.report(
            """
            class Feed {
                var token: NSObjectProtocol?
                func watch() {
                    token = NotificationCenter.default.addObserver(forName: Notification.Name("Up"), object: nil,
                        queue: OperationQueue()) { _ in print("delivered") }
                }
            }
            let feed = Feed()
            feed.watch()
            scenario.at(.seconds(1)) { NotificationCenter.default.post(name: Notification.Name("Up"), object: nil) }
            """)
        #expect(Self.logs(report) == ["delivered"])
        #expect(report.value(at: "logs[0].thread")?.compact.contains("worker") == true)
    }

    @Test func presentingWhilePresentingLosesTheAlertAsS17Does() throws {
        // S17 in Swift: a presenter presents one controller at a time; the same trace as the YAML scenario's.
        let text = """
            import UIKit
            let scenario = Scenario("S17 in Swift", covers: ["S17"], until: .seconds(6), variants: [.ios9, .ios10])
            class AlertVC: UIViewController {
                var shownCount = 0
            }

            class RootVC: UIViewController {
                func replyArrived() {
                    present(AlertVC(), animated: true)
                }

                func userTapsOK() {
                    dismiss(animated: true)
                }
            }

            let root = RootVC()

            scenario.at(.seconds(1), "reply 1") { root.replyArrived() }
            scenario.at(.milliseconds(1200), "reply 2 (still presenting)") { root.replyArrived() }
            scenario.at(.milliseconds(1300), "reply 3 (still presenting)") { root.replyArrived() }
            scenario.at(.milliseconds(2500)) { root.userTapsOK() }
            scenario.at(.seconds(4), "reply 4") { root.replyArrived() }
            scenario.at(.seconds(5)) { root.userTapsOK() }

            scenario.expect(.all, [
                "presentations": 4, "presentations[0].shown": 1, "presentations[1].lost": true, "presentations[2].lost": true,
                "presentations[3].shown": 1, "logs": 2, "objects.leaked": 0, "objects.abandoned": 0,
            ])
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "S17.swift")
        let swift = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let yaml = try SwiftTwinTests.load("scenarios/s17-one-presentation-at-a-time.yaml")
        for variant in yaml.variants {
            let swiftRun = try #require(try ScenarioRunner.run(swift, variants: [variant]).first)
            let yamlRun = try #require(try ScenarioRunner.run(yaml, variants: [variant]).first)
            #expect(swiftRun.failedExpectations.isEmpty)
            #expect(swiftRun.outcome.fingerprint == yamlRun.outcome.fingerprint, "under \(variant)")
        }
    }
}
