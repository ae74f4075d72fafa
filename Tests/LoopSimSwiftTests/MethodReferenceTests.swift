import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method named where a closure is expected (`onTick = handleTick`, `block: tick`, `using: handleNote`,
/// `execute: work`, `items.forEach(process)`) is the closure Swift makes of it, holding its object strongly
/// (SwiftMethodReferences.swift; docs/swift-scenarios.md, "Method references").
@Suite struct MethodReferenceTests {
    /// The report of `code` (classes, then top-level code) run on iOS 13 for 5 seconds (where an invalidated
    /// timer lets go of its block; swift-corelibs-foundation's CF timer context keeps it, docs/fidelity.md).
    static func report(_ code: String) throws -> JSONValue {
        let text = """
            import Foundation
            let scenario = Scenario("refs", seed: 1, until: .seconds(5), variants: [.ios13])
            \(code)
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "M.swift")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let scenario = try #require(loaded.scenario)
        return try #require(try ScenarioRunner.run(scenario).first).report
    }

    /// The located errors of `code` put after the same header (line 3 is the code's first).
    static func errors(_ code: String) -> [String] {
        let text = """
            import Foundation
            let scenario = Scenario("refs", seed: 1, until: .seconds(1), variants: [.linuxCorelibs])
            \(code)
            """
        return SwiftScenarioLoader.load(text: text, file: "M.swift").diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    static let ticker = """
        final class Ticker {
            var onTick: ((Int) -> Void)?
            var count = 0
            var timer: Timer?
            func start() {
                onTick = handleTick
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true, block: tick)
            }
            func handleTick(_ n: Int) {
                print("handled \\(n)")
            }
            func tick(_ t: Timer) {
                count += 1
                onTick?(count)
                if count == 3 { t.invalidate() }
            }
            deinit { print("ticker gone") }
        }
        """

    /// `onTick = handleTick` stores a closure that calls the method; `block: tick` is the timer's block, given the
    /// timer. Both hold `self`: after the timer stops and the top level lets go, the object stays, held by its own
    /// `onTick` (self → onTick → closure → self), and the report finds that leak.
    @Test func aStoredMethodReferenceIsACycleThroughSelf() throws {
        let report = try Self.report(
            Self.ticker + """

                var ticker: Ticker? = Ticker()
                ticker?.start()
                scenario.at(.milliseconds(4500), "drop") { ticker = nil }
                """)
        #expect(SwiftUIKitTests.logs(report) == ["handled 1", "handled 2", "handled 3"])
        #expect(report.value(at: "timers.fires")?.compact == "3")
        // The ticker, its `onTick` closure and the timer it still holds: the cycle ticker -> block#1 -> ticker.
        #expect(report.value(at: "objects.leaked")?.compact == "3")
        #expect(report.value(at: "leaks[0].class")?.compact == "\"Ticker\"")
        #expect(report.value(at: "leaks[0].cause")?.compact == "\"cycle\"")
        #expect(report.value(at: "leaks[0].path[1]")?.compact == "\"block#1\"")
    }

    /// `self.onTick = self.handleTick` is the same closure; setting `onTick = nil` breaks the cycle, so the object
    /// deinits when the top level lets go.
    @Test func breakingTheCycleFreesTheObject() throws {
        let report = try Self.report(
            """
            final class Ticker {
                var onTick: (() -> Void)?
                func start() { self.onTick = self.handleTick }
                func stop() { onTick = nil }
                func handleTick() { print("tick") }
                deinit { print("gone") }
            }
            var ticker: Ticker? = Ticker()
            ticker?.start()
            ticker?.onTick?()
            scenario.at(.seconds(1), "stop") {
                ticker?.stop()
                ticker = nil
            }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["tick", "gone"])
        #expect(report.value(at: "objects.leaked")?.compact == "0")
    }

    /// `DispatchQueue.main.async(execute: work)` holds the object until `work` runs; `items.forEach(process)` runs
    /// the method once per element, in place.
    @Test func aQueuedMethodKeepsItsObjectUntilItRuns() throws {
        let report = try Self.report(
            """
            final class Relay {
                var items = [1, 2, 3]
                var total = 0
                func send() { DispatchQueue.main.async(execute: work) }
                func work() {
                    items.forEach(process)
                    print("sent \\(total)")
                }
                func process(_ item: Int) { total += item }
                deinit { print("relay gone") }
            }
            var relay: Relay? = Relay()
            scenario.at(.seconds(1), "send") {
                relay?.send()
                relay = nil
                print("let go")
            }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["let go", "sent 6", "relay gone"])
        #expect(report.value(at: "objects.leaked")?.compact == "0")
    }

    /// A main-queue observer given `using: handleNote` holds the object: the center keeps the observer, so the
    /// object leaks once the top level lets go, until the token is removed.
    @Test func anObserverMethodHoldsItsObject() throws {
        let report = try Self.report(
            """
            extension Notification.Name {
                static let reset = Notification.Name("Reset")
            }
            final class Screen {
                var token: NSObjectProtocol?
                func watch() {
                    token = NotificationCenter.default.addObserver(
                        forName: .reset, object: nil, queue: .main, using: handleNote)
                }
                func handleNote(_ note: Notification) { print("reset") }
                deinit { print("screen gone") }
            }
            var screen: Screen? = Screen()
            screen?.watch()
            scenario.at(.seconds(1), "post") {
                NotificationCenter.default.post(name: .reset, object: nil)
                screen = nil
                NotificationCenter.default.post(name: .reset, object: nil)
            }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["reset", "reset"])
        #expect(report.value(at: "leaks[0].class")?.compact == "\"Screen\"")
    }

    /// A top-level function named where a closure is expected: no object is held.
    @Test func aTopLevelFunctionAsAClosure() throws {
        let report = try Self.report(
            """
            func show(_ n: Int) { print("show \\(n)") }
            let numbers = [4, 5]
            numbers.forEach(show)
            """)
        #expect(SwiftUIKitTests.logs(report) == ["show 4", "show 5"])
    }

    /// `#selector(tick)` still names the method, and a local of the method's name is that local.
    @Test func aSelectorAndAShadowingLocalAreNotReferences() throws {
        let report = try Self.report(
            """
            final class Poller: NSObject {
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(
                        timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: false)
                    let report = 2
                    print("report \\(report)")
                }
                @objc func tick() { print("tick") }
                func report() {}
            }
            let poller = Poller()
            poller.start()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["report 2", "tick"])
    }

    /// A reference to an `async` or a throwing method, or to an overloaded name, is refused at the reference.
    @Test func referencesWithoutAClosureAreRefusedWhereTheyAre() {
        let errors = Self.errors(
            """
            final class Loader {
                var onDone: (() -> Void)?
                func start() {
                    onDone = load
                }
                func load() async {}
            }
            """)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("6:18 ") == true, "\(errors)")
        #expect(errors.first?.contains("`async` method") == true, "\(errors)")
    }
}
