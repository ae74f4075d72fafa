import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `c ? a : b` as a value inside a statement (SwiftLowering+Language.swift `hoistedTernary`): chosen into a
/// temporary before the statement, its condition evaluated once, only the chosen branch after it. Each expectation
/// is a value a wrong model gets wrong: a branch evaluated although not chosen, a choice made once for a `while`
/// whose condition changes, an integer literal beside a `TimeInterval` read as an `Int`.
@Suite struct TernaryValueTests {
    @Test func aConditionalChoosesArgumentsIntervalsAndLoopBounds() throws {
        let logs = try DateValueTests.logs(
            """
                var fast = true
                var count = 0
                var timer: Timer?
                func bump() -> Int { count += 1; return count }
                func go() {
                    while count < (fast ? 3 : 5) {
                        count += 1
                        if count == 2 { fast = false }
                    }
                    print("button \\(fast ? "Stop" : "Start") count \\(count)")
                    report(count > 4 ? 1 : 0)
                    if bump() > 5 && !fast { print("bumped \\(count)") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + (fast ? 0.1 : 0.2)) { print("after") }
                    let delay: TimeInterval = count > 2 ? 0.5 : 1
                    timer = Timer.scheduledTimer(withTimeInterval: fast ? 1 : delay, repeats: true) { [weak self] t in
                        guard let self else { return }
                        self.count += self.fast ? 1 : 10
                        print("tick \\(self.count) \\(self.count > 20 ? "done" : "more")")
                        if self.count > 20 { t.invalidate() }
                    }
                }
                func report(_ v: Int) { print("v \\(v)") }
            """, "let w = W()\nw.go()")
        #expect(
            logs == [
                "0 button Start count 5", "0 v 1", "0 bumped 6", "200 after", "500 tick 16 more", "1000 tick 26 done",
            ])
    }
}
