import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `DispatchWorkItem(block: action)` of a closure parameter (a debouncer's): an item whose block calls the closure.
/// Three calls 100 ms apart with a 300 ms delay cancel the first two items; only the last runs, 300 ms after it.
@Suite struct WorkItemClosureValueTests {
    @Test func aDebouncerRunsOnlyTheLastAction() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("debounce", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
            final class Debouncer {
                private let delay: TimeInterval
                private var pending: DispatchWorkItem?
                init(delay: TimeInterval) { self.delay = delay }
                func call(_ action: @escaping () -> Void) {
                    pending?.cancel()
                    let item = DispatchWorkItem(block: action)
                    pending = item
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
                }
            }
            let debouncer = Debouncer(delay: 0.3)
            scenario.at(.milliseconds(100), "type a") { debouncer.call { print("search a") } }
            scenario.at(.milliseconds(200), "type b") { debouncer.call { print("search ab") } }
            scenario.at(.milliseconds(300), "type c") { debouncer.call { print("search abc") } }
            """)
        for run in try ScenarioRunner.run(scenario) {
            let logs = run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
            #expect(logs == ["600 search abc"], "\(run.variant)")
        }
    }
}
