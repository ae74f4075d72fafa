import LoopSimKernel
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `trimmingCharacters(in: .whitespaces)` and `(in: .whitespacesAndNewlines)` (docs/swift-scenarios.md, "Everyday
/// Swift"): the scalars of Foundation's two sets stripped from both ends (docs/fidelity.md, "Swift scenarios:
/// everyday Swift").
@Suite struct TrimmingTests {
    @Test func aTrimmedQueryIsLoggedAndCompared() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("trim", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Search {
                var sent: [String] = []
                func textDidChange(_ text: String) {
                    DispatchQueue.global().async {
                        let normalized = text.trimmingCharacters(in: .whitespaces)
                        DispatchQueue.main.async {
                            if normalized.isEmpty { print("empty"); return }
                            self.sent.append(normalized)
                            print("[\\(normalized)] \\(normalized.count)")
                        }
                    }
                }
                func done(_ text: String) {
                    print("(\\(text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()))")
                }
            }
            let search = Search()
            search.textDidChange("  sw ift\\t")
            scenario.at(.milliseconds(100), "clears the field") {
                search.textDidChange("\\u{3000}\\u{A0} ")
            }
            search.done(" ok  ")
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "(OK)", "logs[1].text": "[sw ift] 6", "logs[2].text": "empty",
            ])
            """)
    }

    /// The sets, as this machine's Foundation holds them: a newline stays under `.whitespaces`, U+200B goes, a
    /// combining mark after a stripped space stays.
    @Test func theSetsScalarByScalar() {
        let ws = StringFunction.trimmingWhitespaces
        let wsn = StringFunction.trimmingWhitespacesAndNewlines
        #expect(ws.trimmed(" \t a b \n") == "a b \n")
        #expect(wsn.trimmed("\u{2028} x \u{85}\r\n") == "x")
        #expect(ws.trimmed("\u{200B}x\u{202F}") == "x")
        #expect(ws.trimmed(" \u{301}a") == "\u{301}a")
        #expect(wsn.trimmed(" \n ") == "")
    }

    /// Another character set is not modelled: the call is refused where it is written.
    @Test func anotherSetIsRefused() {
        let problems = SwiftLanguageTests.problems(
            "let s = \"a.\"\nlet t = s.trimmingCharacters(in: .punctuationCharacters)\nprint(t)")
        #expect(!problems.isEmpty)
    }
}
