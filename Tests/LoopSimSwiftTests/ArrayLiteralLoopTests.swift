import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `for x in [a, b]` over an array literal (SwiftLowering+Arrays.swift's `arrayForLoop`): the literal is made once
/// into a local before the loop, as Swift evaluates a `for`'s sequence once.
@Suite struct ArrayLiteralLoopTests {
    @Test func aLoopOverAnArrayLiteral() throws {
        let logs = try DateValueTests.logs(
            """
                func go() {
                    for delay in [0.3, 0.6] {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { print("after") }
                    }
                    for name in ["a", "b"] { print(name) }
                    for n in [1, 2] { print("n \\(n)") }
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 a", "0 b", "0 n 1", "0 n 2", "300 after", "600 after"])
    }
}
