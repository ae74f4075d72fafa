import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Everyday forms that Swift files written as iOS engineers write them use: enums with cases, `DispatchWorkItem`,
/// the app's lifecycle (`AppDelegate`, the system notifications) and `Thread` subclasses. Each test feeds a Swift
/// source and requires the run's findings, derived from the real semantics.
@Suite struct SwiftPastedFormsTests {
    /// The lowered scenario's steps, as text, for a class body's method `probe()`.
    static func lowered(_ text: String) throws -> String {
        let (node, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "P.swift")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return "\(try #require(node))"
    }

    // MARK: Enums

    /// A state enum without raw values: the property starts at `.idle`, `==`, `switch` with several cases in one
    /// label, `default`, an implicit member as an argument and `if case`. Each value is the case's name.
    @Test func aStateEnumDrivesASwitch() throws {
        try SwiftLanguageTests.passes(
            """
            enum UploadState { case idle, uploading, failed; case done }
            let scenario = Scenario("enum", until: .seconds(5), variants: [.ios10])
            final class Uploader {
                private var state: UploadState = .idle
                var done = 0
                var other = 0
                func move(to next: UploadState) { state = next }
                func step() {
                    switch state {
                    case .idle: move(to: .uploading)
                    case .uploading: state = .done
                    case .done, .failed: done += 1
                    default: other += 1
                    }
                    if case .done = state { done += 10 }
                    if state != .idle && state == UploadState.done { done += 100 }
                }
            }
            let u = Uploader()
            u.step()
            u.step()
            u.step()
            scenario.at(.seconds(1), "look") { scenario.sample("done", u.done) }
            scenario.expect(.all, ["samples[0].value": 221])
            """)
    }

    /// Raw values: an `Int` enum counts from 0 and from each written value, a `String` enum's value is its name
    /// unless written; `rawValue` reads it; a property without an annotation takes its type from `Mode.fast`.
    @Test func rawValuesAreTheValues() throws {
        try SwiftLanguageTests.passes(
            """
            enum Mode: Int { case off, slow = 5, fast }
            enum Tab: String { case home, settings = "prefs" }
            let scenario = Scenario("raw", until: .seconds(5), variants: [.ios10])
            final class Poller {
                var mode = Mode.fast
                var tab: Tab = .home
                var n = 0
                func look() {
                    n = mode.rawValue
                    if tab.rawValue == "home" { n += 10 }
                    tab = .settings
                    if tab.rawValue == "prefs" { n += 100 }
                    mode = .off
                    n += mode.rawValue
                }
            }
            let p = Poller()
            p.look()
            scenario.at(.seconds(1), "look") { scenario.sample("n", p.n) }
            scenario.expect(.all, ["samples[0].value": 116])
            """)
    }

    /// Two enums sharing a case name with different raw values: where the type is known (the other operand of
    /// `==`, the assigned place, a `switch` subject), `.idle` is that enum's case.
    @Test func theKnownTypeChoosesBetweenEnums() throws {
        try SwiftLanguageTests.passes(
            """
            enum A: Int { case idle = 1 }
            enum B: Int { case zero, idle = 7 }
            let scenario = Scenario("two", until: .seconds(5), variants: [.ios10])
            final class C {
                var a: A = .idle
                var b: B = .zero
                var n = 0
                func go() {
                    b = .idle
                    if b == .idle { n += b.rawValue }
                    switch a {
                    case .idle: n += 10 * a.rawValue
                    }
                }
            }
            let c = C()
            c.go()
            scenario.at(.seconds(1), "look") { scenario.sample("n", c.n) }
            scenario.expect(.all, ["samples[0].value": 17])
            """)
    }

    /// A state machine's `case .done: return`: the statements after the `switch` run after the cases that do not
    /// return, as Swift runs them; three steps from `.idle` count one pass through `.running` only.
    @Test func aCaseThatReturnsSkipsWhatFollowsTheSwitch() throws {
        try SwiftLanguageTests.passes(
            """
            enum Phase { case idle, running, done }
            let scenario = Scenario("returns", until: .seconds(3), variants: [.ios10])
            final class Machine {
                var phase: Phase = .idle
                var n = 0
                func step() {
                    switch phase {
                    case .idle:
                        phase = .running
                        return
                    case .running:
                        phase = .done
                    case .done:
                        return
                    }
                    n += 1
                }
            }
            let m = Machine()
            m.step()
            m.step()
            m.step()
            scenario.at(.seconds(1), "look") { scenario.sample("n", m.n) }
            scenario.expect(.all, ["samples[0].value": 1])
            """)
    }

    /// An enum nested in the class that uses it, as `private enum State` usually is.
    @Test func aNestedEnumIsAValueToo() throws {
        let text = try Self.lowered(
            """
            let scenario = Scenario("nested", until: .seconds(5), variants: [.ios10])
            final class Screen {
                private enum Phase { case loading, shown }
                private var phase: Phase = .loading
                func show() { phase = .shown }
            }
            let s = Screen()
            s.show()
            """)
        #expect(text.contains(#"string = \"loading\""#))
        #expect(text.contains(#"self.phase = \"shown\""#))
    }

    /// An implicit member that two enums give different values, with nothing to tell which: refused at it.
    @Test func anAmbiguousImplicitMemberIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                enum A: Int { case idle = 1 }
                enum B: Int { case idle = 2 }
                let scenario = Scenario("amb", until: .seconds(5), variants: [.ios10])
                final class C {
                    var n = 0
                    func take(_ a: A) {}
                    func go() { take(.idle) }
                }
                """, file: "P.swift")
        let d = try #require(loaded.diagnostics.first { $0.id == .swiftUnsupported })
        #expect(d.message.contains("`A.idle`"), "\(d.message)")
        #expect(d.location.line == 7)
    }

    // MARK: DispatchWorkItem

    /// The debounce idiom: each call cancels the pending item and schedules a new one 300 ms later; calls at 0,
    /// 100 and 200 ms leave one search, at 500 ms.
    @Test func aDebouncedItemRunsOnce() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("debounce", until: .seconds(2), variants: [.ios10])
            final class Search {
                private var pending: DispatchWorkItem?
                func changed() {
                    pending?.cancel()
                    let work = DispatchWorkItem { [weak self] in self?.run() }
                    pending = work
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: work)
                }
                func run() { print("search") }
            }
            let s = Search()
            s.changed()
            scenario.at(.milliseconds(100), "type") { s.changed() }
            scenario.at(.milliseconds(200), "type") { s.changed() }
            scenario.expect(.all, ["logs": 1, "logs[0].at_ms": 500, "objects.leaked": 0])
            """)
    }

    /// `dispatch_after` holds a cancelled item until its deadline (cancelling only marks it, block.h): its block's
    /// strong capture keeps the controller alive to 2 s, when the main queue reaches the item, skips its block and
    /// lets it go.
    @Test func aCancelledItemHoldsItsCapturesUntilItsDeadline() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("held", until: .seconds(4), variants: [.ios10])
            final class Screen {
                func arm() {
                    let work = DispatchWorkItem { self.fire() }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: work)
                    work.cancel()
                }
                func fire() { print("fired") }
                deinit { print("deinit") }
            }
            var screen: Screen? = Screen()
            screen?.arm()
            scenario.at(.seconds(1), "pop") { screen = nil }
            scenario.expect(.all, ["logs": 1, "logs[0].at_ms": 2000, "objects.leaked": 0])
            """)
    }

    /// `perform()` runs the block here and counts as the execution that `notify` waits for, so `wait()` returns at
    /// once; a cancelled item reads `isCancelled` and a queue skips its block.
    @Test func performNotifyWaitAndCancel() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("items", until: .seconds(2), variants: [.ios10])
            final class Job {
                var n = 0
                func go() {
                    let item = DispatchWorkItem { self.n += 1 }
                    item.notify(queue: .main) { print("notified") }
                    item.perform()
                    item.wait()
                    let other = DispatchWorkItem { self.n += 10 }
                    other.cancel()
                    if other.isCancelled { n += 100 }
                    DispatchQueue.global().async(execute: other)
                }
            }
            let job = Job()
            job.go()
            scenario.at(.seconds(1), "look") { scenario.sample("n", job.n) }
            scenario.expect(.all, ["logs": 1, "samples[0].value": 101, "threads.parked": 0])
            """)
    }

    /// `item.wait(timeout:)` whose result is kept: `waitWorkItem:` with `result:`; the item on the pool runs at
    /// 200 ms, before the 1 s timeout, so the wait succeeds (`.success`, 0); the QoS of `DispatchWorkItem(qos:)` is
    /// not modelled, as a global queue's is not.
    @Test func aTimedWaitOnAnItemReadsItsResult() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("timed", until: .seconds(3), variants: [.ios10])
            final class C {
                var pending: DispatchWorkItem?
                var n = 0
                func go() {
                    let item = DispatchWorkItem(block: { self.n += 1 })
                    pending = item
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200), execute: pending!)
                    let r = item.wait(timeout: .now() + 1)
                    if r == .timedOut { n += 100 }
                    let late = DispatchWorkItem(qos: .userInitiated, flags: []) { self.n += 10 }
                    DispatchQueue.global().asyncAfter(deadline: .now() + 2, execute: late)
                    let r2 = late.wait(timeout: .now() + .milliseconds(500))
                    if r2 == .timedOut { n += 1000 }
                }
            }
            let c = C()
            c.go()
            scenario.at(.milliseconds(2500), "look") { scenario.sample("n", c.n) }
            scenario.expect(.all, ["samples[0].value": 1011])
            """)
    }

    // MARK: The app's lifecycle

    /// UIKit calls each delegate callback, then posts its notification (Apple, the four `UIApplicationDelegate`
    /// pages: "After calling this method, the app also posts a … notification"): active at launch; resign,
    /// background; foreground, active. A selector observer and a block observer of `nil` queue hear them on the
    /// main thread, in order.
    @Test func delegateCallbacksComeBeforeTheirNotifications() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("lifecycle", until: .seconds(5), variants: [.ios10, .ios13])
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func applicationWillResignActive(_ application: UIApplication) { print("resign") }
                func applicationDidEnterBackground(_ application: UIApplication) { print("background") }
                func applicationWillEnterForeground(_ application: UIApplication) { print("foreground") }
                func applicationDidBecomeActive(_ application: UIApplication) { print("active") }
            }
            final class Listener: NSObject {
                var token: NSObjectProtocol?
                func listen() {
                    NotificationCenter.default.addObserver(self, selector: #selector(resigned),
                        name: UIApplication.willResignActiveNotification, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(backgrounded),
                        name: UIApplication.didEnterBackgroundNotification, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(foregrounded),
                        name: UIApplication.willEnterForegroundNotification, object: nil)
                    token = NotificationCenter.default.addObserver(
                        forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil
                    ) { _ in print("heard active") }
                }
                @objc func resigned() { print("heard resign") }
                @objc func backgrounded() { print("heard background") }
                @objc func foregrounded() { print("heard foreground") }
            }
            let listener = Listener()
            listener.listen()
            scenario.at(.seconds(1), "home") { scenario.background() }
            scenario.at(.seconds(2), "back") { scenario.foreground() }
            scenario.expect(.all, [
                "logs": 10, "logs[0].text": "active", "logs[0].at_ms": 0, "logs[1].text": "heard active",
                "logs[2].text": "resign", "logs[3].text": "heard resign", "logs[4].text": "background",
                "logs[5].text": "heard background", "logs[6].text": "foreground", "logs[7].text": "heard foreground",
                "logs[8].text": "active", "logs[9].text": "heard active", "logs[9].at_ms": 2000,
                "logs[9].thread": "main",
            ])
            """)
    }

    /// Locking the device is a trip to the background too; unlocking alone does not bring the app back. An
    /// observer of `didBecomeActive` written the Swift 4 way hears the launch (+10) and the `foreground`, not the
    /// unlock.
    @Test func lockPostsTheBackgroundNotificationsOnly() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("lock", until: .seconds(5), variants: [.ios10])
            final class Listener: NSObject {
                var heard = 0
                func listen() {
                    NotificationCenter.default.addObserver(self, selector: #selector(changed),
                        name: NSNotification.Name.UIApplicationDidEnterBackground, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(active),
                        name: UIApplication.didBecomeActiveNotification, object: nil)
                }
                @objc func changed() { heard += 1 }
                @objc func active() { heard += 10 }
            }
            let listener = Listener()
            listener.listen()
            scenario.at(.seconds(1), "lock") { scenario.lock() }
            scenario.at(.seconds(2), "unlock") { scenario.unlock() }
            scenario.at(.seconds(3), "look") { scenario.sample("heard", listener.heard) }
            scenario.at(.seconds(4), "open") { scenario.foreground() }
            scenario.at(.milliseconds(4500), "look") { scenario.sample("heard", listener.heard) }
            scenario.expect(.all, ["samples[0].value": 11, "samples[1].value": 21])
            """)
    }

    /// A task begun from the didEnterBackground observer keeps the app running; its expiration handler ends it
    /// when the budget runs out (30 s under iOS 13), and the app is then suspended, not killed. Without the
    /// `endBackgroundTask` the watchdog kills it.
    @Test func aBackgroundTaskBegunFromTheNotification() throws {
        for ends in [true, false] {
            try SwiftLanguageTests.passes(
                """
                import UIKit
                let scenario = Scenario("bg", until: .seconds(40), variants: [.ios13])
                final class Uploader: NSObject {
                    private var task: UIBackgroundTaskIdentifier = .invalid
                    var expired = 0
                    override init() {
                        super.init()
                        NotificationCenter.default.addObserver(self, selector: #selector(entered),
                            name: UIApplication.didEnterBackgroundNotification, object: nil)
                    }
                    @objc func entered() {
                        task = UIApplication.shared.beginBackgroundTask(withName: "upload") { [weak self] in
                            self?.expired += 1
                            \(ends ? "self?.finish()" : "")
                        }
                    }
                    func finish() {
                        guard task != UIBackgroundTaskIdentifier.invalid else { return }
                        UIApplication.shared.endBackgroundTask(task)
                        task = .invalid
                    }
                }
                let uploader = Uploader()
                scenario.at(.seconds(1), "home") { scenario.background() }
                scenario.expect(.all, ["app.killed": \(!ends)])
                """)
        }
    }

    /// The system's action shares its `scenario.at` with nothing: it is the system acting, not the app's code.
    @Test func anAppActionAmongStatementsIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                let scenario = Scenario("mixed", until: .seconds(5), variants: [.ios10])
                var n = 0
                scenario.at(.seconds(1), "home") {
                    n = 1
                    scenario.background()
                }
                """, file: "P.swift")
        let d = try #require(loaded.diagnostics.first { $0.id == .swiftScenario })
        #expect(d.location.line == 5 && d.location.column == 5, "\(d)")
        #expect(d.message.contains("alone"))
    }

    /// An app delegate's launch method is the file's top-level code; it is refused at its name with that advice.
    @Test func didFinishLaunchingIsRefusedWithAdvice() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import UIKit
                let scenario = Scenario("launch", until: .seconds(5), variants: [.ios10])
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
                        -> Bool { return true }
                }
                """, file: "P.swift")
        let d = try #require(loaded.diagnostics.first { $0.id == .swiftUnsupported })
        #expect(d.location.line == 4, "\(d)")
        #expect(d.message.contains("top level"))
    }

    // MARK: Thread subclasses

    /// `start()` runs the overridden `main()` on a new thread named before it starts; `cancel()` only sets
    /// `isCancelled`, which the loop reads after its sleep. The running thread holds the object (corelibs'
    /// `Thread.start()` passes it retained), so the app's letting go at 1.5 s frees it when `main()` returns at 2 s,
    /// on that thread.
    @Test func aSubclassMainRunsUntilCancelled() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("worker", until: .seconds(4), variants: [.ios10, .ios13])
            final class WorkerThread: Thread {
                override func main() {
                    while !isCancelled {
                        print("tick")
                        Thread.sleep(forTimeInterval: 1)
                    }
                }
                deinit { print("deinit") }
            }
            var worker: WorkerThread? = WorkerThread()
            worker?.name = "sync"
            worker?.start()
            scenario.at(.milliseconds(1500), "stop") {
                worker?.cancel()
                worker = nil
            }
            scenario.expect(.all, [
                "logs": 3, "logs[0].thread": "sync", "logs[1].at_ms": 1000, "logs[2].text": "deinit",
                "logs[2].at_ms": 2000, "logs[2].thread": "sync", "threads.parked": 0, "objects.leaked": 0,
            ])
            """)
    }

    /// The name the init gives (`name = "poller"`), `start()` called inside the class, and `super.main()`, which
    /// invokes a target the subclass has not got: nothing.
    @Test func aSubclassNamedInItsInitStartsItself() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("poller", until: .seconds(2), variants: [.ios10])
            final class PollerThread: Thread {
                var polls = 0
                override init() {
                    super.init()
                    self.name = "poller"
                }
                func begin() { start() }
                override func main() {
                    super.main()
                    polls += 1
                    print("poll")
                }
            }
            let poller = PollerThread()
            poller.begin()
            scenario.at(.seconds(1), "look") { scenario.sample("polls", poller.polls) }
            scenario.expect(.all, ["logs": 1, "logs[0].thread": "poller", "samples[0].value": 1])
            """)
    }

    /// `perform(_:on:with:waitUntilDone:)` with the subclass's object as `on:` targets its thread: with
    /// `waitUntilDone: true` the caller waits until the method has run there.
    @Test func performOnTheSubclassThread() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("perform", until: .seconds(3), variants: [.ios10])
            final class NetThread: Thread {
                override func main() {
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    while !isCancelled {
                        RunLoop.current.run(mode: .default, before: .distantFuture)
                    }
                }
                @objc func fetch() {
                    Thread.sleep(forTimeInterval: 0.3)
                    print("fetched")
                }
            }
            let net = NetThread()
            net.name = "net"
            net.start()
            scenario.at(.seconds(1), "refresh") {
                net.perform(#selector(NetThread.fetch), on: net, with: nil, waitUntilDone: true)
                print("main resumes")
            }
            scenario.expect(.all, [
                "logs[0].text": "fetched", "logs[0].thread": "net", "logs[1].text": "main resumes",
                "logs[1].at_ms": 1300, "logs[1].thread": "main",
            ])
            """)
    }
}
