import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A String's `hasPrefix`, `hasSuffix`, `contains`, `uppercased()` and `lowercased()` (docs/swift-scenarios.md,
/// "Everyday Swift"): Swift's own functions, in conditions, closures and prints.
@Suite struct StringFunctionTests {
    @Test func theFunctionsGiveSwiftsValues() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("strings", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Search {
                var names: [String] = ["report", "Lunch?", "reply", "straße"]
                func run(_ query: String) {
                    let hits = names.filter { $0.hasPrefix(query) }
                    print("\\(query.uppercased()) \\(hits)")
                    for name in names where name.lowercased().contains("l") {
                        print("has l: \\(name) \\(name.hasSuffix("?"))")
                    }
                    print("\\(names[3].uppercased())")
                }
            }
            let search = Search()
            search.run("re")
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "RE [\\"report\\", \\"reply\\"]", "logs[1].text": "has l: Lunch? true",
                "logs[2].text": "has l: reply false", "logs[3].text": "STRASSE",
            ])
            """)
    }
}
