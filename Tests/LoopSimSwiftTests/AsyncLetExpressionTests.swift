import Foundation
import Testing

@testable import LoopSimSwift

/// `async let` names read inside an expression that one `await` covers (`total = await visits + sales`): the Swift
/// book, "Concurrency": an `await` marks the whole expression to its right, so each name's read waits for its
/// child, left to right (docs/swift-scenarios.md, "Swift concurrency" › "`async let`").
@Suite struct AsyncLetExpressionTests {
    static func code(_ statement: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("async let sum", until: .seconds(2), variants: [.ios13])
        final class Backend {
            func fetch(_ name: String, latencyMs: Int) async -> Int {
                try? await Task.sleep(nanoseconds: UInt64(latencyMs) * 1_000_000)
                print("\\(name) fetched")
                return latencyMs / 100
            }
        }
        final class Stats {
            let backend = Backend()
            var total = 0
            func load() {
                Task {
                    async let visits = backend.fetch("visits", latencyMs: 800)
                    async let sales = backend.fetch("sales", latencyMs: 600)
                    \(statement)
                    print("total \\(total)")
                }
            }
        }
        let s = Stats()
        s.load()
        scenario.expect(.all, \(expect))
        """
    }

    /// Both children run at once; the sum is ready when the slower one is (800 ms), not after both in turn.
    @Test func oneAwaitCoversASum() throws {
        try SwiftLanguageTests.passes(
            Self.code(
                "total = await visits + sales",
                expect: """
                    ["logged_in_order": ["sales fetched", "visits fetched", "total 14"],
                     "first_logged_at_ms": ["total 14": 800]]
                    """))
    }

    @Test func anAwaitOfAParenthesizedExpression() throws {
        try SwiftLanguageTests.passes(
            Self.code(
                "total = await (visits + sales) * 2",
                expect: #"["logged": ["total 28": 1], "first_logged_at_ms": ["total 28": 800]]"#))
    }
}
