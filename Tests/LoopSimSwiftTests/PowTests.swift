import LoopSimKernel
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `pow(2.0, Double(attempt - 1))`, the exponential back-off (docs/swift-scenarios.md, "Durations from
/// expressions"): the language's `pow(b, n)`, `n` fixed-point products of a duration (docs/fidelity.md, "Durations
/// computed from values").
@Suite struct PowTests {
    /// Each retry waits `base * 2^(attempt - 1)`: 250, 500, 1000 and 2000 ms after the attempt before.
    @Test func aBackoffWaitsTwiceAsLongEachTime() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("backoff", until: .seconds(10), variants: [.ios10, .linuxCorelibs])
            struct RetryPolicy {
                let baseDelay: TimeInterval
                func delay(afterAttempt attempt: Int) -> TimeInterval {
                    return baseDelay * pow(2.0, Double(attempt - 1))
                }
            }
            final class Retrier {
                private var attempt = 0
                private let policy = RetryPolicy(baseDelay: 0.25)
                func run() {
                    attempt += 1
                    print("attempt \\(attempt)")
                    guard attempt < 5 else { return }
                    let delay = policy.delay(afterAttempt: attempt)
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { self.run() }
                }
            }
            let retrier = Retrier()
            retrier.run()
            scenario.expect(.all, [
                "logs": 5, "logs[0].at_ms": 0, "logs[1].at_ms": 250, "logs[2].at_ms": 750, "logs[3].at_ms": 1750,
                "logs[4].at_ms": 3750, "logs[4].text": "attempt 5",
            ])
            """)
    }

    /// Literal exponents, whole `Double`s and negative ones, of a fractional base: `pow(1.5, 2)` is 2.25 s,
    /// `pow(2.0, -2.0)` 0.25 s, `pow(0.1, 2)` 10 ms (Swift's 0.010000000000000002, truncated to nanoseconds by
    /// Dispatch).
    @Test func literalExponentsAndAFractionalBase() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("powers", until: .seconds(5), variants: [.ios13])
            final class Powers {
                var base: TimeInterval = 1.5
                func go() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + pow(base, 2)) { print("a") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + pow(2.0, -2.0)) { print("b") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + pow(0.1, 2)) { print("c") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + pow(base, 0)) { print("d") }
                }
            }
            let p = Powers()
            p.go()
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "c", "logs[0].at_ms": 10, "logs[1].text": "b", "logs[1].at_ms": 250,
                "logs[2].text": "d", "logs[2].at_ms": 1000, "logs[3].text": "a", "logs[3].at_ms": 2250,
            ])
            """)
    }

    /// The kernel's power: exact for powers of two, truncating below a nanosecond, a fault past its bounds.
    @Test func theKernelsPower() throws {
        let two = SimDuration(nanoseconds: 2_000_000_000)
        #expect(try DurationArithmetic.power(two, 10).nanoseconds == 1024 * 1_000_000_000)
        #expect(try DurationArithmetic.power(two, -3).nanoseconds == 125_000_000)
        #expect(try DurationArithmetic.power(SimDuration(nanoseconds: 300_000_000), 3).nanoseconds == 27_000_000)
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.power(two, 40) }
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.power(two, 5000) }
    }

    /// A fractional exponent is refused at the exponent.
    @Test func aFractionalExponentIsRefusedAtIt() {
        let problems = SwiftLanguageTests.problems("let d = pow(2.0, 0.5)\nprint(d)")
        #expect(problems.contains { $0.message.contains("write the exponent as `Double(n)`") })
    }
}
