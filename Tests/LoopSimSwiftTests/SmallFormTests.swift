import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Small standard-library forms engineers write (docs/swift-scenarios.md): a capture list naming a property, copied
/// when the closure is made; `n.isMultiple(of: k)`; `x = max(0, x - 1)`, whose second argument reads the place;
/// `continuation.yield(())` on an `AsyncStream<Void>`; an array function on an array literal at the top level.
@Suite struct SmallFormTests {
    /// `[backoff]` and `[count]` of properties copy their values when the closure is made (the Swift book,
    /// "Closures" › "Capturing Values"; "Automatic Reference Counting" › "Defining a Capture List"): the later
    /// stores are not seen; a closure without the list reads the property when it runs.
    @Test func aCaptureListNamingAPropertyCopiesItsValue() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("capture", until: .seconds(1), variants: [.ios10])
            final class Poller {
                func start() {
                    count = 5
                    Thread.detachNewThread { [backoff] in print("backoff \\(backoff)") }
                    backoff = 9
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { [count] in
                        print("count \\(count)")
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { print("live \\(self.count)") }
                    count = 7
                }
                private var backoff = 3
                private var count = 0
            }
            let poller = Poller()
            poller.start()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "backoff 3", "logs[1].text": "count 5", "logs[1].at_ms": 100,
                "logs[2].text": "live 7",
            ])
            """)
    }

    /// `isMultiple(of:)` with a literal divisor, negative operands included (the standard library's
    /// `BinaryInteger.isMultiple(of:)` works on magnitudes), and `max`/`min` stores whose second argument reads the
    /// place they store into.
    @Test func isMultipleAndAMaxThatReadsItsPlace() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("ints", until: .seconds(1), variants: [.ios10])
            final class Fader {
                var alpha = 3
                var level = 1
                func step() {
                    alpha = max(0, alpha - 2)
                    level = min(10, level * 4)
                    print("alpha \\(alpha) level \\(level)")
                    for i in 0..<5 where !i.isMultiple(of: 2) { print("odd \\(i)") }
                    if (-4).isMultiple(of: -2) { print("neg") }
                    if alpha.isMultiple(of: 3) { print("three") }
                }
            }
            let f = Fader()
            f.step()
            f.step()
            scenario.expect(.all, [
                "logs": 9, "logs[0].text": "alpha 1 level 4", "logs[1].text": "odd 1", "logs[2].text": "odd 3",
                "logs[3].text": "neg", "logs[4].text": "alpha 0 level 10", "logs[7].text": "neg",
                "logs[8].text": "three",
            ])
            """)
    }

    /// `continuation.yield(())` is `yield()`: each tick reaches the reader.
    @Test func yieldingTheEmptyTuple() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("void", until: .seconds(2), variants: [.ios10])
            final class Ticker {
                func ticks() -> AsyncStream<Void> {
                    AsyncStream { continuation in
                        var n = 0
                        Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { t in
                            n += 1
                            continuation.yield(())
                            if n == 3 { t.invalidate(); continuation.finish() }
                        }
                    }
                }
            }
            let ticker = Ticker()
            Task { @MainActor in
                for await _ in ticker.ticks() { print("tick") }
                print("done")
            }
            scenario.expect(.all, [
                "logs": 4, "logs[0].at_ms": 200, "logs[2].at_ms": 600, "logs[3].text": "done", "logs[3].at_ms": 600,
            ])
            """)
    }

    /// `[1, 2, 3, 4].filter { … }` at the top level: the literal is made into a local before the loop.
    @Test func aFilterOfAnArrayLiteralAtTheTopLevel() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("top", until: .seconds(1), variants: [.ios10])
            let reports = [1, 2, 3, 4].filter { $0 > 2 }
            let doubled = [5, 6].map { $0 * 2 }
            print("reports \\(reports.count) first \\(reports[0]) doubled \\(doubled[1])")
            scenario.expect(.all, ["logs": 1, "logs[0].text": "reports 2 first 3 doubled 12"])
            """)
    }
}
