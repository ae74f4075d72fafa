import Foundation
import Testing

@testable import LoopSimSwift

/// A value returned by a `static func` of a caseless enum used as a namespace (`enum Renderer { static
/// func decodeAll(_ n: Int) -> Int }`) is printed as its value in an interpolation, as a class's method's is: its
/// declared return type says it is an `Int` (docs/swift-scenarios.md, "Computed properties and returned values").
@Suite struct NamespaceReturnTests {
    @Test func aStaticFunctionsIntIsPrintedAsItsValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("namespace", until: .seconds(1), variants: [.ios13])
            enum Renderer {
                static func decodeAll(_ n: Int) -> Int { return n * 3 }
            }
            enum Sizes {
                static func label(for n: Int) -> String { return "size \\(n)" }
            }
            final class Grid {
                func show() {
                    let count = Renderer.decodeAll(4)
                    let text = Sizes.label(for: count)
                    print("grid shows \\(count), \\(text)")
                }
            }
            Grid().show()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "grid shows 12, size 12"])
            """)
    }
}
