import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `names.joined(separator:)` of an array of `String`s (docs/swift-scenarios.md, "Arrays"; SwiftLowering+Joined
/// .swift): the elements in order with the separator between each two, empty for an empty array.
@Suite struct JoinedTests {
    @Test func joinedGivesSwiftsString() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("joined", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Tags {
                var tags: [String] = ["a", "", "c"]
                var none: [String] = []
                var text: String { tags.isEmpty ? "no tags" : tags.joined(separator: ", ") }
                func show() {
                    print("tags \\(text)")
                    let plain = tags.joined()
                    print("plain \\(plain) none [\\(none.joined(separator: "-"))]")
                    let counts = [3, 1]
                    print(counts.map { "n\\($0)" }.joined(separator: "+"))
                    tags = []
                    print(text)
                }
            }
            let t = Tags()
            t.show()
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "tags a, , c", "logs[1].text": "plain ac none []",
                "logs[2].text": "n3+n1", "logs[3].text": "no tags",
            ])
            """)
    }
}
