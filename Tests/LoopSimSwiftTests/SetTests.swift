import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Set<String>` and `Set<Int>` (docs/swift-scenarios.md, "Sets"): a dictionary from each element to `true`.
@Suite struct SetTests {
    /// An in-flight de-duplicator: a second start of a key in flight is skipped, a finished one may start again;
    /// `insert` twice counts once, `sorted()` gives the keys in order, `removeAll()` empties it.
    @Test func anInFlightSetDeduplicates() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("sets", until: .seconds(3), variants: [.ios13, .linuxCorelibs])
            final class Dedup {
                private var inFlight: Set<String> = []
                private var pages = Set<Int>()
                func start(_ key: String, page: Int) {
                    if inFlight.contains(key) {
                        print("\\(key) skipped")
                        return
                    }
                    inFlight.insert(key)
                    pages.insert(page)
                    pages.insert(page)
                    print("started \\(key) \\(inFlight.count) \\(pages.count)")
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        self.inFlight.remove(key)
                        print("done \\(key) \\(self.inFlight.isEmpty)")
                    }
                }
                func report() {
                    for page in pages.sorted() { print("page \\(page)") }
                    pages.removeAll()
                    print("left \\(pages.count)")
                }
            }
            let dedup = Dedup()
            dedup.start("feed-2", page: 2)
            dedup.start("feed-1", page: 1)
            scenario.at(.milliseconds(100), "again") { dedup.start("feed-2", page: 2) }
            scenario.at(.seconds(1), "after") {
                dedup.start("feed-2", page: 2)
                dedup.report()
            }
            scenario.expect(.all, [
                "logs": 10, "logs[0].text": "started feed-2 1 1", "logs[1].text": "started feed-1 2 2",
                "logs[2].text": "feed-2 skipped", "logs[3].text": "done feed-2 false", "logs[4].text": "done feed-1 true",
                "logs[5].text": "started feed-2 1 2", "logs[6].text": "page 1", "logs[7].text": "page 2",
                "logs[8].text": "left 0", "logs[9].text": "done feed-2 true",
            ])
            """)
    }

    /// A loop over the set itself is refused at the set, with the sorted loop to write instead.
    @Test func aLoopOverTheSetIsRefused() {
        let problems = SwiftLanguageTests.problems(
            "var seen: Set<Int> = []\nseen.insert(3)\nfor n in seen { print(n) }")
        #expect(problems.contains { $0.message.contains("loop over `seen.sorted()`") })
    }
}
