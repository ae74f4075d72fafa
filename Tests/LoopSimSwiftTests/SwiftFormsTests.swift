import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The Swift forms pasted app code uses that earlier slices refused (docs/swift-scenarios.md, "Lazy properties"):
/// each a Swift source in, the run's findings out.
@Suite struct SwiftFormsTests {
    /// `lazy var worker = Worker()`: made at the first read, not with its owner (the Swift book, "Properties" ›
    /// "Lazy Stored Properties"), and once: the second read finds it.
    @Test func aLazyObjectIsMadeAtItsFirstReadAndOnce() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy", until: .seconds(3), variants: [.ios10])
            final class Worker {
                init() { print("worker made") }
                func go() { print("go") }
            }
            final class Screen {
                lazy var worker = Worker()
                init() { print("screen made") }
                func tap() { worker.go() }
            }
            var screen: Screen? = Screen()
            scenario.at(.seconds(1), "tap") { screen?.tap() }
            scenario.at(.seconds(2), "tap again") { screen?.tap() }
            scenario.expect(.all, ["logs": 4, "logs[0].text": "screen made", "logs[1].text": "worker made",
                                   "logs[2].text": "go", "logs[3].text": "go", "objects.allocated": 2])
            """)
    }

    /// A lazy `String` (or `Int`, `Bool`, `TimeInterval`) made by an expression takes the values it reads at its
    /// first read: a change after that first read does not change it.
    @Test func aLazyValueIsMadeAtItsFirstRead() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("lazy value", until: .seconds(1), variants: [.ios10])
            class Client {
                var endpoint = "/a"
                lazy var requestLine: String = "GET \\(endpoint)"
                lazy var retries: Int = endpoint.count * 2
            }
            let c = Client()
            c.endpoint = "/feed"
            print(c.requestLine)
            c.endpoint = "/other"
            print("\\(c.requestLine) \\(c.retries)")
            scenario.expect(.all, ["logs": 2, "logs[0].text": "GET /feed", "logs[1].text": "GET /feed 12"])
            """)
    }

    /// Never read, never made: a lazy object no code reads is not allocated at all.
    @Test func anUnreadLazyPropertyIsNeverMade() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy", until: .seconds(1), variants: [.ios10])
            final class Worker {}
            final class Screen {
                lazy var worker = Worker()
            }
            var screen: Screen? = Screen()
            scenario.expect(.all, ["objects.allocated": 1])
            """)
    }

    /// The classic self-retaining lazy timer: `lazy var timer: Timer = { Timer.scheduledTimer(timeInterval:
    /// target: self, …) }()`. The run loop retains the timer and the timer its target (Timer's documentation:
    /// "The timer maintains a strong reference to target until it … is invalidated"), so after the screen is
    /// dropped its timer keeps firing and the screen leaks.
    @Test func theSelfRetainingLazyTimerLeaksItsOwner() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy timer", until: .seconds(5), variants: [.ios10])
            final class Screen: NSObject {
                lazy var timer: Timer = {
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                                         userInfo: nil, repeats: true)
                }()
                func start() { timer.fire() }
                @objc func tick() { print("tick") }
                deinit { timer.invalidate() }
            }
            var screen: Screen? = Screen()
            screen?.start()
            scenario.at(.milliseconds(2500), "pop") { screen = nil }
            scenario.expect(.all, ["timers.fires": 5, "objects.abandoned": 2])
            """)
    }

    /// `private lazy var link = CADisplayLink(target: self, selector: #selector(step))`: the initial value uses
    /// `self`; read inside a `[weak self]` closure through `self?`, the link is made there, on the main thread,
    /// and keeps the animator after the scenario drops it (the link retains its target, the run loop the link).
    @Test func aLazyDisplayLinkMadeInsideAClosure() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy link", until: .seconds(2), variants: [.ios10])
            final class Animator: NSObject {
                private lazy var link = CADisplayLink(target: self, selector: #selector(step))
                func start() {
                    DispatchQueue.main.async { [weak self] in
                        self?.link.add(to: .main, forMode: .common)
                    }
                }
                @objc func step() {}
            }
            var animator: Animator? = Animator()
            animator?.start()
            scenario.at(.seconds(1), "drop") { animator = nil }
            scenario.expect(.all, ["objects.abandoned": 2])
            """)
    }

    /// A closure-call initial value with several statements: its statements run at the first read, then its
    /// returned value is stored.
    @Test func aLazyClosureWithStatements() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy closure", until: .seconds(1), variants: [.ios10])
            final class Worker {}
            final class Screen {
                lazy var worker: Worker = {
                    print("making")
                    let w = Worker()
                    return w
                }()
                func use() { if worker === worker { print("same") } }
            }
            let screen = Screen()
            screen.use()
            scenario.expect(.all, ["logs": 2, "logs[0].text": "making", "logs[1].text": "same"])
            """)
    }

    /// A store before any read: Swift never runs the initial value.
    @Test func aStoreBeforeTheFirstReadSkipsTheInitialValue() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("lazy store", until: .seconds(1), variants: [.ios10])
            final class Worker {
                var name = "made"
            }
            final class Screen {
                lazy var worker: Worker = { print("initial value"); return Worker() }()
                func use() {
                    worker = Worker()
                    worker.name = "stored"
                    print("used")
                }
            }
            let screen = Screen()
            screen.use()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "used"])
            """)
    }

    /// `override init(frame:)` of a UIView subclass is the init that runs when the view is made: with
    /// `C(frame: …)`, and with `C()` (`-[UIView init]` calls `initWithFrame:`). The rectangle is not modelled.
    @Test func aViewsInitFrameRunsWhenItIsMade() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("view init", until: .milliseconds(2500), variants: [.ios10])
            final class BadgeView: UIView {
                private var timer: Timer?
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    print("badge made")
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        self?.pulse()
                    }
                }
                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
                func pulse() { print("pulse") }
            }
            let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let plain = BadgeView()
            scenario.expect(.all, ["logs": 6, "logs[0].text": "badge made", "logs[1].text": "badge made",
                                   "logs[2].text": "pulse"])
            """)
    }

    /// `override init(nibName:bundle:)` of a controller, made with `C(nibName: nil, bundle: nil)` or `C()`.
    @Test func aControllersInitNibNameRunsWhenItIsMade() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("vc init", until: .seconds(1), variants: [.ios10])
            final class DetailViewController: UIViewController {
                var loads = 0
                override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
                    loads = 1
                    print("detail made")
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            let a = DetailViewController(nibName: nil, bundle: nil)
            let b = DetailViewController()
            scenario.expect(.all, ["logs": 2, "logs[0].text": "detail made", "logs[1].text": "detail made"])
            """)
    }
}
