import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `let (a, b) = try await (x, y)` of throwing `async let` children (SwiftLowering+Tuples.swift, tupleDestructuring):
/// each child awaited in order, its error passed on before the next is awaited (docs/swift-scenarios.md, "Swift
/// concurrency").
@Suite struct ThrowingAsyncLetTupleTests {
    static func code(failing: Bool) -> String {
        """
        enum LoadError: Error { case server }
        struct Summary { let title: String; let count: Int }
        final class API {
            let fail: Bool
            init(fail: Bool) { self.fail = fail }
            func orders() async throws -> Int {
                try await Task.sleep(nanoseconds: 300_000_000)
                if fail { throw LoadError.server }
                return 12
            }
            func summary() async throws -> Summary {
                try await Task.sleep(nanoseconds: 100_000_000)
                return Summary(title: "week", count: 3)
            }
        }
        final class Screen {
            let api = API(fail: \(failing))
            func load() async {
                do {
                    async let o = api.orders()
                    async let s = api.summary()
                    let (n, sum) = try await (o, s)
                    print("shown \\(n) \\(sum.title) \\(sum.count)")
                } catch {
                    print("failed \\(error)")
                }
            }
        }
        let screen = Screen()
        Task { await screen.load() }
        """
    }

    @Test func bothValuesArriveWhenNeitherThrows() throws {
        let report = try SwiftUIKitTests.report(Self.code(failing: false))
        #expect(SwiftUIKitTests.logs(report) == ["shown 12 week 3"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "300")
    }

    @Test func theFirstChildsErrorReachesTheCatch() throws {
        let report = try SwiftUIKitTests.report(Self.code(failing: true))
        #expect(SwiftUIKitTests.logs(report) == ["failed server"])
    }
}
