import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `case let n where n > 5`, `case .loading where count == 0`, `case 0 where name.isEmpty` (the Swift book,
/// "Control Flow" › "Where" and "Value Bindings"): the pattern, then the clause, only when the pattern matched; a
/// bound name is the subject. Each expectation is a case a wrong model picks: a clause tested alone, a binding
/// read as another value, a `default` taken too early.
@Suite struct SwitchWhereTests {
    @Test func whereClausesAndBoundNamesChooseTheCase() throws {
        let logs = try DateValueTests.logs(
            """
                enum Phase { case idle, loading }
                var phase: Phase = .loading
                var count = 0
                var name = ""
                func label(_ n: Int) -> String {
                    switch n {
                    case let x where x > 5: return "big \\(x)"
                    case 0 where name.isEmpty: return "empty"
                    default: return "small"
                    }
                }
                func go() {
                    for n in [0, 3, 9] {
                        switch n {
                        case let x where x > 5: print("big \\(x)")
                        case 0 where name.isEmpty: print("zero and empty")
                        case let x: print("small \\(x)")
                        }
                    }
                    switch phase {
                    case .loading where count > 0: print("reload")
                    case .loading: print("first load")
                    default: print("idle")
                    }
                    print(label(7), label(0), label(2))
                }
            """, "let w = W()\nw.go()")
        #expect(
            logs == ["0 zero and empty", "0 small 3", "0 big 9", "0 first load", "0 big 7 empty small"])
    }
}
