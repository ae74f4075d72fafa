import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method that returns the `DispatchWorkItem` it scheduled (`func schedule(…) -> DispatchWorkItem`): the caller
/// keeps it and cancels it later. The item is the kernel's object, returned +1 as a class instance is.
@Suite struct WorkItemReturnTests {
    static let code = """
        import Foundation
        let scenario = Scenario("returned item", until: .seconds(3), variants: [.ios13, .linuxCorelibs])
        final class Scheduler {
            @discardableResult
            func schedule(_ name: String, after delay: TimeInterval) -> DispatchWorkItem {
                let item = DispatchWorkItem { print("run \\(name)") }
                DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
                return item
            }
        }
        final class Owner {
            let scheduler = Scheduler()
            var pending: DispatchWorkItem?
            func start() {
                pending = scheduler.schedule("first", after: 1)
                scheduler.schedule("second", after: 0.5)
            }
            func stop() {
                pending?.cancel()
                pending = nil
                print("stopped")
            }
        }
        let owner = Owner()
        owner.start()
        scenario.at(.milliseconds(700), "stop") { owner.stop() }
        """

    @Test func theCallerCancelsTheReturnedItem() throws {
        let scenario = try SwiftLanguageTests.load(Self.code)
        for run in try ScenarioRunner.run(scenario) {
            let logs = run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
            #expect(logs == ["500 run second", "700 stopped"], "\(run.variant)")
        }
    }
}
