import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A struct's method that returns a plain value from one expression (SwiftLowering+StructValueMethods.swift): each
/// call is the expression on the value called, its parameters the arguments' values.
@Suite struct StructValueMethodTests {
    static let loader = """
        enum Level { case low, high }
        struct RetryPolicy {
            let maxAttempts: Int
            let baseDelay: TimeInterval
            var name = "p"
            func delay(afterAttempt attempt: Int) -> TimeInterval {
                return baseDelay * Double(attempt)
            }
            func allows(_ attempt: Int) -> Bool { attempt < maxAttempts }
            func level(for n: Int) -> Level { n > 1 ? .high : .low }
            func label() -> String { name }
        }
        final class Loader {
            var attempt = 1
            var policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.25)
            func load() {
                print("attempt \\(attempt) \\(policy.label())")
                guard policy.allows(attempt) else { print("gave up"); return }
                if policy.level(for: attempt) == .high { print("high") }
                let delay = policy.delay(afterAttempt: attempt)
                attempt += 1
                policy.name = "q"
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) { self.load() }
            }
        }
        let l = Loader()
        l.load()
        """

    @Test func aStructMethodIsItsExpressionOnTheValueCalledWithTheArguments() throws {
        let report = try SwiftUIKitTests.report(Self.loader)
        #expect(SwiftUIKitTests.logs(report) == ["attempt 1 p", "attempt 2 q", "high", "attempt 3 q", "gave up"])
        #expect(report.value(at: "logs[1].at_ms")?.compact == "250")
        #expect(report.value(at: "logs[3].at_ms")?.compact == "750")
    }

    @Test func theCallIsReadInlineWithoutAStep() throws {
        let tree = try SwiftUIKitTests.lowered(Self.loader)
        let load = SwiftLoweringTests.render(
            try #require(tree.mapping?["classes"]?.mapping?["Loader"]?.mapping?["methods"]?.mapping?["load"]))
        #expect(load.contains("(self.attempt) < self.policy_maxAttempts"), "\(load)")
        #expect(load.contains("let: delay = (self.policy_baseDelay * (((self.attempt)) * 1s))"), "\(load)")
    }
}
