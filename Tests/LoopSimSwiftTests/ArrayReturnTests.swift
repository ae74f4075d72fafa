import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method that returns `[String]`, `[Int]` or `[Bool]` (docs/swift-scenarios.md, "Arrays"): the caller gets the
/// array as a value, stored into a local or a property; an array of objects or structs stays refused.
@Suite struct ArrayReturnTests {
    @Test func aReturnedArrayIsTheCallersValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("returned arrays", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Catalog {
                private let names = ["swift", "swim", "rust"]
                func matches(_ prefix: String) -> [String] {
                    return names.filter { $0.hasPrefix(prefix) }
                }
                func lengths() -> [Int] {
                    var out: [Int] = []
                    out.append(5)
                    out.append(4)
                    return out
                }
            }
            final class Screen {
                let catalog = Catalog()
                var results: [String] = []
                func search(_ q: String) {
                    results = catalog.matches(q)
                    let n = catalog.lengths()
                    let count = catalog.matches(q).count
                    print("\\(q): \\(results) \\(n) \\(count)")
                }
            }
            let s = Screen()
            s.search("sw")
            s.search("x")
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "sw: [\\"swift\\", \\"swim\\"] [5, 4] 2", "logs[1].text": "x: [] [5, 4] 0",
            ])
            """)
    }
}
