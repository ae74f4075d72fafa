import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `extension Timer { static func repeating(…) -> Timer { … } }` called as `Timer.repeating(…)`: a static helper an
/// app adds to a framework class, lowered as a top-level function (a method of the globals' object). The classic
/// weak-target proxy: the timer retains the proxy, the proxy holds the owner weakly, so the owner is freed while the
/// timer runs; the next fire finds no owner and invalidates the timer, which releases the proxy.
@Suite struct FrameworkStaticTests {
    static let code = """
        import Foundation
        let scenario = Scenario("weak timer helper", until: .seconds(4), variants: [.ios10, .ios13])
        final class Forwarder: NSObject {
            weak var owner: Clock?
            init(owner: Clock) {
                self.owner = owner
                super.init()
            }
            @objc func fire(_ timer: Timer) {
                guard let owner = owner else {
                    timer.invalidate()
                    print("orphan stopped")
                    return
                }
                owner.tick()
            }
            deinit { print("forwarder deinit") }
        }
        extension Timer {
            static func repeating(every interval: TimeInterval, owner: Clock) -> Timer {
                let forwarder = Forwarder(owner: owner)
                return Timer.scheduledTimer(
                    timeInterval: interval, target: forwarder, selector: #selector(Forwarder.fire(_:)),
                    userInfo: nil, repeats: true)
            }
        }
        final class Clock: NSObject {
            var timer: Timer?
            var count = 0
            func start() {
                timer = Timer.repeating(every: 1, owner: self)
            }
            func tick() {
                count += 1
                print("tick \\(count)")
            }
            deinit { print("clock deinit") }
        }
        var clock: Clock? = Clock()
        clock?.start()
        scenario.at(.milliseconds(2500), "closes the clock") { clock = nil }
        """

    @Test func theHelperIsCalledThroughTheTypeAndTheProxyStopsTheOrphanTimer() throws {
        let scenario = try SwiftLanguageTests.load(Self.code)
        for run in try ScenarioRunner.run(scenario) {
            let logs = run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
            #expect(
                logs == [
                    "1000 tick 1", "2000 tick 2", "2500 clock deinit", "3000 orphan stopped", "3000 forwarder deinit",
                ],
                "\(run.variant)")
            #expect(run.report.value(at: "objects.leaked") == .int(0), "\(run.variant)")
        }
    }

    @Test func anInstanceMethodInAnExtensionOfTimerIsRefusedAtTheMember() {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: SwiftLoweringTests.file("let n = 1\nprint(n)") + "\nextension Timer {\n    func more() {}\n}\n",
            file: "F.swift")
        #expect(
            problems.contains {
                $0.message.contains("an instance method in an extension of `Timer`, a framework type")
            },
            "\(problems)")
    }
}
