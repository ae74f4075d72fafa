import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `RunLoop.current.run(mode:before:)` as a value and the `while !done && … run(…)` loop
/// (SwiftLowering+RunLoopValues.swift, docs/swift-scenarios.md "Running a run loop until a flag").
@Suite struct RunLoopValueTests {
    @Test func aFlagLoopLeavesWhenATimerSetsTheFlag() throws {
        let logs = try DateValueTests.logs(
            """
                var done = false
                func start() {
                    Thread.detachNewThread {
                        if !RunLoop.current.run(mode: .default, before: .distantFuture) { print("empty") }
                        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in self.done = true }
                        var turns = 0
                        while !self.done && RunLoop.current.run(mode: .default, before: .distantFuture) {
                            turns += 1
                        }
                        print("left after \\(turns)")
                    }
                }
            """, "let w = W()\nw.start()")
        #expect(logs == ["0 empty", "500 left after 1"])
    }

    /// `&&` calls its right operand only when the left one holds, each turn (Swift's short-circuit).
    @Test func theChainIsTestedOperandByOperandEachTurn() throws {
        let logs = try DateValueTests.logs(
            """
                var n = 0
                var calls = 0
                func more() -> Bool {
                    calls += 1
                    n += 1
                    return n < 3
                }
                func go() {
                    let done = false
                    while !done && more() { print("turn \\(n)") }
                    let stop = true
                    while !stop && more() { print("never") }
                    print("end \\(n) after \\(calls) calls")
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 turn 1", "0 turn 2", "0 end 3 after 3 calls"])
    }

    @Test func whatIsNotEvaluatedEachTimeIsRefused() throws {
        for (code, fragment) in [
            ("let ok = flag || RunLoop.current.run(mode: .default, before: .distantFuture)", "to the right of `||`"),
            ("let ok = RunLoop.main.run(mode: .default, before: .distantFuture)", "`RunLoop.current.run(…)`"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: """
                    let scenario = Scenario("run", until: .seconds(1), variants: [.ios13])
                    final class W {
                        var flag = false
                        func f() {
                            \(code)
                            print("\\(ok)")
                        }
                    }
                    let w = W()
                    w.f()
                    """, file: "R.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
