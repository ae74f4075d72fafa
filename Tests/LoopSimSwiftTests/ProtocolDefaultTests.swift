import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Protocol extensions' default implementations (SwiftLowering+Extensions.swift's `protocolDefaults`) and factory
/// methods that return an object a step makes (`func makeTimer() -> Timer { Timer.scheduledTimer(…) }`).
@Suite struct ProtocolDefaultTests {
    static func logs(_ text: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(text)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// A default reaches each conformer as its own method (`self` the instance); a conformer's own implementation
    /// of the same name is the one called (the Swift book, "Providing Default Implementations").
    @Test func defaultsAreTheConformersMethodsUnlessTheyHaveTheirOwn() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("defaults", until: .milliseconds(1500), variants: [.ios13])
            protocol Refreshable: AnyObject {
                func refresh()
            }
            extension Refreshable {
                func scheduleRefresh() -> Timer {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
                        self?.refresh()
                    }
                }
                func describe() { print("a refreshable") }
            }
            final class Feed: Refreshable {
                var timer: Timer?
                func refresh() { print("feed refreshed") }
                func start() { timer = scheduleRefresh(); describe() }
            }
            final class Inbox: Refreshable {
                var timer: Timer?
                func refresh() { print("inbox refreshed") }
                func describe() { print("the inbox") }
                func start() { timer = scheduleRefresh(); describe() }
            }
            let feed = Feed()
            feed.start()
            let inbox = Inbox()
            inbox.start()
            """)
        #expect(logs == ["0 a refreshable", "0 the inbox", "1000 feed refreshed", "1000 inbox refreshed"])
    }

    /// `return Timer.scheduledTimer(…)` and the one-expression body: the timer made into a local the return hands
    /// to the caller; a timer kept by the caller lives, the other is the run loop's.
    @Test func aFactoryMethodReturnsTheTimerItMakes() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("factory", until: .milliseconds(1500), variants: [.ios13])
            final class W {
                var timer: Timer?
                func makeTimer() -> Timer {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in print("one") }
                }
                func makeOther() -> Timer {
                    return Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in print("other") }
                }
                func start() {
                    timer = makeTimer()
                    _ = makeOther()
                    if timer != nil { print("kept") }
                }
            }
            let w = W()
            w.start()
            """)
        #expect(logs == ["0 kept", "500 other", "1000 one"])
    }

    @Test func aConstrainedProtocolExtensionIsRefused() {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import UIKit
                let scenario = Scenario("constrained", until: .seconds(1), variants: [.ios13])
                protocol Ticking: AnyObject { func tick() }
                extension Ticking where Self: UIViewController {
                    func start() { tick() }
                }
                final class Page: UIViewController, Ticking {
                    func tick() {}
                }
                """, file: "P.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("constrained protocol extension") && $0.location.line == 4 })
    }
}
