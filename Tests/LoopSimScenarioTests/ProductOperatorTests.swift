import LoopSimKernel
import LoopSimScenario
import Testing

/// `*`, `/` and `%` in the expression language: Swift's integer operators, with Swift's precedence, truncation,
/// remainder sign and traps (docs/scenario-format.md §6).
@Suite struct ProductOperatorTests {
    /// The value of `expression` (a sample), or the crash's message.
    static func value(_ expression: String) throws -> (value: Int?, crash: String?) {
        let o = try ArithmeticOverflowTests.run(
            """
              - let: seven = 7
              - let: zero = 0
              - let: smallest = -9223372036854775807 - 1
              - sample: v
                value: \(expression)
            """)
        return (o.samples.first?.value, o.crash?.message)
    }

    @Test(arguments: [
        ("seven * 6", 42), ("seven / 2", 3), ("seven % 2", 1), ("-7 / 2", -3), ("-7 % 2", -1), ("7 % -2", 1),
        ("1 + seven * 2", 15), ("seven - 6 / 2 * 2", 1), ("20 / seven % 4", 2), ("(1 + seven) * 2", 16),
    ])
    func valuesFollowSwift(expression: String, expected: Int) throws {
        let (value, crash) = try Self.value(expression)
        #expect(crash == nil)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("seven / zero", "division by zero: 7 / 0"), ("seven % zero", "remainder by zero: 7 % 0"),
        ("smallest / -1", "arithmetic overflow: -9223372036854775808 / -1"),
        ("9223372036854775807 * 2", "arithmetic overflow: 9223372036854775807 * 2"),
    ])
    func trapsAreTheAppsCrash(expression: String, message: String) throws {
        let (value, crash) = try Self.value(expression)
        #expect(value == nil)
        #expect(crash?.hasPrefix(message) == true, "\(crash ?? "no crash")")
    }

    @Test func productsTakeIntegers() {
        let loaded = ScenarioLoader.load(
            text: "name: t\nmain:\n  - let: b = true\n  - let: n = b * 2\n", file: "bad.yaml")
        #expect(loaded.diagnostics.map(\.id.rawValue) == ["expr.type"])
        #expect(loaded.diagnostics.first?.message.contains("* takes integers") == true)
    }
}
