import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `lazy var watchlist: [String] = ["AAPL", "MSFT"]` (SwiftLowering+Lazy.swift): an array literal of literals is the
/// same value made early or late and holds no object, so the lazy property is an ordinary field with that value.
@Suite struct LazyLiteralArrayTests {
    @Test func aLazyArrayOfLiteralsIsAFieldWithThatValue() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Ticker {
                private lazy var watchlist: [String] = ["AAPL", "MSFT", "NVDA"]
                private lazy var limits = [1, 2]
                func run() {
                    watchlist.append("TSLA")
                    print("watching \\(watchlist.count) first \\(watchlist[0]) limit \\(limits[1])")
                }
            }
            let t = Ticker()
            t.run()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["watching 4 first AAPL limit 2"])
    }

    @Test func aLazyArrayMadeByAnExpressionIsStillRefused() {
        let code = SwiftUIKitTests.file(
            """
            final class Ticker {
                var base = "A"
                private lazy var watchlist: [String] = [base, "MSFT"]
                func run() { print(watchlist.count) }
            }
            let t = Ticker()
            t.run()
            """)
        let problems = SwiftScenarioLoader.lower(text: code, file: "U.swift").1.map(\.message)
        let refusal = "a `lazy` property of this type made by an expression"
        #expect(problems.contains { $0.contains(refusal) }, "\(problems)")
    }
}
