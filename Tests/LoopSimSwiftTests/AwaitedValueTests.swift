import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `let n = await counter.increment()` (SwiftLowering+Concurrency.swift's `awaitedValue`): an async or actor
/// method's returned value, stored when the await ends, on the caller's executor.
@Suite struct AwaitedValueTests {
    @Test func anActorHandsOutItsCount() throws {
        let logs = try ProtocolDefaultTests.logs(
            """
            import Foundation
            let scenario = Scenario("actor", until: .seconds(1), variants: [.linuxCorelibs])
            actor RequestCounter {
                private var count = 0
                func increment() -> Int {
                    count += 1
                    return count
                }
            }
            let counter = RequestCounter()
            for _ in 0..<3 {
                Task.detached {
                    let n = await counter.increment()
                    print("request \\(n)")
                }
            }
            """)
        #expect(logs == ["0 request 1", "0 request 2", "0 request 3"])
    }

    /// The value arrives after the method's sleep, back on the main actor; an object the method returns is the
    /// caller's (+1) and goes when the caller's local does.
    @Test func aMainActorTaskStoresWhatAnAsyncMethodReturns() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("await value", until: .seconds(1), variants: [.ios13])
            final class Page {
                deinit { print("page deinit") }
            }
            final class Loader {
                func load(_ n: Int) async -> Int {
                    try? await Task.sleep(nanoseconds: 200_000_000)
                    return n * 2
                }
                func makePage() async -> Page {
                    Page()
                }
            }
            final class Screen {
                let loader = Loader()
                var total = 0
                func refresh() {
                    Task { @MainActor in
                        self.total = await loader.load(21)
                        print("total \\(self.total) on main \\(Thread.isMainThread)")
                        let page = await loader.makePage()
                        print("got a page \\(page !== nil)")
                    }
                }
            }
            let screen = Screen()
            screen.refresh()
            scenario.expect(.all, ["objects.leaked": 0])
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(
            run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
                == ["200 total 42 on main true", "200 got a page true", "200 page deinit"])
        #expect(run.failedExpectations.isEmpty, "\(run.failedExpectations)")
    }
}
