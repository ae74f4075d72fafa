import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `stride(from:to:by:)`, `stride(from:through:by:)`, `(a..<b).reversed()` and a parenthesized range in `for … in`
/// (docs/swift-scenarios.md, "Strides"), with Swift's values: the end excluded or included, a negative step
/// counting down, the bounds evaluated once, `continue` going on to the next value.
@Suite struct StrideTests {
    @Test func integerStrides() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("ints", until: .seconds(1), variants: [.ios10])
            final class Probe {
                func run() {
                    for i in stride(from: 10, to: 0, by: -3) { print("down \\(i)") }
                    var n = 4
                    for i in stride(from: 0, through: n, by: 2) {
                        n = 100
                        if i == 2 { continue }
                        print("even \\(i)")
                    }
                    for i in (0..<3).reversed() { print("rev \\(i)") }
                    for i in (1...2).reversed() { print("closed \\(i)") }
                    for _ in (0..<0).reversed() { print("never") }
                    for i in (1...3) { print("paren \\(i)") }
                    var step = 2
                    for i in stride(from: 1, to: 6, by: step) { step = 1; print("var \\(i)") }
                }
            }
            Probe().run()
            scenario.expect(.all, [
                "logs": 17, "logs[0].text": "down 10", "logs[3].text": "down 1", "logs[4].text": "even 0",
                "logs[5].text": "even 4", "logs[6].text": "rev 2", "logs[8].text": "rev 0",
                "logs[9].text": "closed 2", "logs[10].text": "closed 1", "logs[11].text": "paren 1",
                "logs[14].text": "var 1", "logs[16].text": "var 5",
            ])
            """)
    }

    /// A stride-driven schedule: `asyncAfter` at each `TimeInterval` of `stride(from: 0.5, through: 2.0, by:
    /// 0.5)`; `stride(from: 0.0, to: 0.3, by: 0.1)` yields three values, as Swift's binary `0.1 * 3` is above 0.3.
    @Test func durationStrides() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("times", until: .seconds(5), variants: [.ios10])
            final class Pinger {
                func schedule() {
                    for delay in stride(from: 0.5, through: 2.0, by: 0.5) {
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { print("ping") }
                    }
                    for _ in stride(from: 0.0, to: 0.3, by: 0.1) { print("tenth") }
                }
            }
            Pinger().schedule()
            scenario.expect(.all, [
                "logs": 7, "logs[2].text": "tenth", "logs[3].at_ms": 500, "logs[6].at_ms": 2000,
            ])
            """)
    }

    /// `for x in array.reversed()` runs over a copy taken when the loop starts, last element first: appending in
    /// the body adds no turn; a timer array's loop invalidates every timer (no fire), and the copy lets go of its
    /// elements when the loop ends (nothing leaked).
    @Test func aReversedArray() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("rev", until: .seconds(3), variants: [.ios13])
            final class Board {
                var names: [String] = ["a", "b", "c"]
                var timers: [Timer] = []
                func go() {
                    for n in names.reversed() {
                        names.append(n + "!")
                        print(n)
                    }
                    timers.append(Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("t") })
                    for t in timers.reversed() { t.invalidate() }
                    for _ in timers.reversed() { print("x") }
                    print("\\(names.count)")
                }
            }
            Board().go()
            scenario.expect(.all, ["logs": 5, "logs[0].text": "c", "logs[2].text": "a", "logs[4].text": "6", "timers.fires": 0])
            """)
    }

    /// A zero step traps in Swift ("Stride size must not be zero"): a computed one crashes the run there.
    @Test func aComputedZeroStepTraps() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("zero", until: .seconds(1), variants: [.ios10])
            final class Probe {
                var step = 0
                func run() { for i in stride(from: 0, to: 3, by: step) { print("\\(i)") } }
            }
            Probe().run()
            scenario.expect(.all, ["logs": 0, "crashed": true, "crash.message": "Fatal error: Stride size must not be zero"])
            """)
    }
}
