import Testing

@testable import LoopSimKernel

/// The language's duration values (`Value.duration`, integer nanoseconds standing for Swift's `TimeInterval`):
/// exact where the result is a whole number of nanoseconds, truncated toward zero otherwise (as Dispatch converts a
/// `Double` of seconds), a fault where a `Double` would be infinite or past the 64-bit nanoseconds.
@Suite struct DurationArithmeticTests {
    static func ns(_ n: Int64) -> SimDuration { .nanoseconds(n) }

    @Test func sumsAndIntegerScalingAreExact() throws {
        #expect(try DurationArithmetic.add(.milliseconds(250), true, .milliseconds(500)) == .milliseconds(750))
        #expect(try DurationArithmetic.add(.milliseconds(250), false, .seconds(1)) == .milliseconds(-750))
        #expect(try DurationArithmetic.apply(.milliseconds(250), .multiply, 8) == .seconds(2))
        #expect(try DurationArithmetic.apply(.seconds(1), .divide, 4) == .milliseconds(250))
        // 1 s / 3: 333_333_333 ns, truncated as `Int64(seconds * 1e9)` truncates
        #expect(try DurationArithmetic.apply(.seconds(1), .divide, 3) == Self.ns(333_333_333))
        #expect(try DurationArithmetic.apply(.seconds(-1), .divide, 3) == Self.ns(-333_333_333))
    }

    /// `interval * 0.1`, `delay * 1.5`, `total / step`: fixed-point products and quotients on 128 bits, so that
    /// 10 s * 2.0 (2e19 ns² before scaling) does not overflow.
    @Test func productsOfTwoDurationsAreFixedPoint() throws {
        #expect(try DurationArithmetic.apply(.milliseconds(500), .multiply, .milliseconds(100)) == .milliseconds(50))
        #expect(try DurationArithmetic.apply(.seconds(10), .multiply, .seconds(2)) == .seconds(20))
        #expect(try DurationArithmetic.apply(.seconds(3), .divide, .milliseconds(1500)) == .seconds(2))
        #expect(try DurationArithmetic.apply(.seconds(1), .divide, .seconds(3)) == Self.ns(333_333_333))
        #expect(try DurationArithmetic.apply(.seconds(-2), .multiply, .milliseconds(1500)) == .seconds(-3))
        // 1 ns * 0.5: half a nanosecond, truncated to 0
        #expect(try DurationArithmetic.apply(Self.ns(1), .multiply, .milliseconds(500)) == .zero)
    }

    @Test func overflowAndDivisionByZeroAreFaults() {
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.apply(Self.ns(.max), .multiply, 2) }
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.add(Self.ns(.max), true, Self.ns(1)) }
        #expect(throws: RuntimeFault.self) {
            try DurationArithmetic.apply(.seconds(9_000_000_000), .multiply, .seconds(9_000))
        }
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.apply(.seconds(1), .divide, 0) }
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.apply(.seconds(1), .divide, SimDuration.zero) }
        #expect(throws: RuntimeFault.self) { try DurationArithmetic.apply(.seconds(1), .remainder, 2) }
        do {
            _ = try DurationArithmetic.apply(.seconds(1), .divide, 0)
        } catch {
            #expect(error.message.hasPrefix("division by zero: 1.0 / 0 is an infinite TimeInterval"))
        }
    }

    /// As `print` writes a `Double`: at least one decimal, exponent notation below 1e-4.
    @Test func describedAsSwiftPrintsADouble() {
        #expect(DurationArithmetic.describe(.zero) == "0.0")
        #expect(DurationArithmetic.describe(.seconds(2)) == "2.0")
        #expect(DurationArithmetic.describe(.milliseconds(500)) == "0.5")
        #expect(DurationArithmetic.describe(.milliseconds(-1250)) == "-1.25")
        #expect(DurationArithmetic.describe(.milliseconds(1)) == "0.001")
        #expect(DurationArithmetic.describe(.microseconds(100)) == "0.0001")
        #expect(DurationArithmetic.describe(.microseconds(10)) == "1e-05")
        #expect(DurationArithmetic.describe(Self.ns(15_000)) == "1.5e-05")
        #expect(DurationArithmetic.describe(Self.ns(1)) == "1e-09")
        #expect(DurationArithmetic.describe(Self.ns(123_456_789)) == "0.123456789")
    }
}
