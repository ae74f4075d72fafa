import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `popLast()`, `first` and `last` of arrays of objects and of plain values (docs/swift-scenarios.md, "Arrays"):
/// `_ = a.popLast()` drops the last element (nothing on an empty array), `if let top = stack.last` of `Int`s prints
/// its value, `removeLast()` of an empty array traps with the standard library's message.
@Suite struct ArrayEndReadTests {
    @Test func popLastFirstAndLastOfObjectsAndInts() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("array ends", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Screen {
                let name: String
                init(name: String) { self.name = name }
                deinit { print("deinit \\(name)") }
            }
            final class Nav {
                var screens: [Screen] = []
                var stack: [Int] = [1, 2, 3]
                var names: [String] = ["root"]
                func go() {
                    screens.append(Screen(name: "a"))
                    screens.append(Screen(name: "b"))
                    _ = screens.popLast()
                    print("popped, \\(screens.count) left")
                    if let top = screens.last { print("top \\(top.name)") }
                    if let bottom = screens.first { print("bottom \\(bottom.name)") }
                    let last = screens.popLast()
                    let none = screens.popLast()
                    print("none is nil \\(none == nil) last kept \\(last != nil)")
                    _ = screens.popLast()
                    if let top = stack.last { print("top id \\(top)") }
                    _ = stack.popLast()
                    guard let first = names.first else { return }
                    print("first \\(first) then \\(stack)")
                }
            }
            let nav = Nav()
            nav.go()
            scenario.expect(.all, [
                "logs": 8,
                "logs[0].text": "deinit b", "logs[1].text": "popped, 1 left", "logs[2].text": "top a",
                "logs[3].text": "bottom a", "logs[4].text": "none is nil true last kept true",
                "logs[5].text": "top id 3", "logs[6].text": "first root then [1, 2]", "logs[7].text": "deinit a",
            ])
            """)
    }

    @Test func removeLastOfAnEmptyArrayTraps() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("empty removeLast", until: .seconds(1), variants: [.ios13])
            final class Stack {
                var ids: [Int] = []
                func drop() {
                    _ = ids.popLast()
                    print("pop of empty is fine")
                    _ = ids.removeLast()
                    print("never")
                }
            }
            let s = Stack()
            s.drop()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "pop of empty is fine", "crashed": true])
            """)
    }
}
