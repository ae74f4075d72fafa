import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `async let` (docs/swift-scenarios.md, "Swift concurrency"; SE-0317): each child starts at once, nonisolated, and
/// `await` of its name waits for it and takes its value.
@Suite struct AsyncLetTests {
    static let service = """
        import Foundation
        let scenario = Scenario("async let", until: .seconds(2), variants: [.linuxCorelibs])
        final class Service {
            func count() async -> Int {
                try? await Task.sleep(nanoseconds: 300_000_000)
                return 7
            }
            func name() async -> String {
                try? await Task.sleep(nanoseconds: 500_000_000)
                return "Ada"
            }
        }
        let service = Service()

        """

    @Test func aChildIsATaskReturningTheCallsValueAndAnAwaitTakesIt() throws {
        let (node, problems) = SwiftScenarioLoader.lower(
            text: Self.service + "Task {\n    async let n = service.count()\n    print(\"n \\(await n)\")\n}\n",
            file: "A.swift")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let yaml = SwiftLoweringTests.render(try #require(node?.mapping?["main"]))
        #expect(
            yaml.contains(
                "{task: asyncLet_n_15x15, actor: none, child: true, returns: int, captures: [strong service], "
                    + "do: [{await: service.count, result: count_15x19}, {return: count_15x19}]}"), "\(yaml)")
        #expect(yaml.contains("{awaitTask: asyncLet_n_15x15, type: int, result: n_16x16}"), "\(yaml)")
        #expect(yaml.contains("{log: n \\(n_16x16)}"), "\(yaml)")
    }

    @Test func childrenRunTogetherAndTheirValuesPrint() throws {
        try SwiftLanguageTests.passes(
            Self.service + """
                Task { @MainActor in
                    async let c = service.count()
                    async let who = service.name()
                    let (n, name) = await (c, who)
                    print("\\(name) \\(n)")
                    async let again = service.count()
                    let m = await again
                    print("again \\(m)")
                }
                scenario.expect(.all, [
                    "logs": 2, "logs[0].text": "Ada 7", "logs[0].at_ms": 500, "logs[1].text": "again 7",
                    "logs[1].at_ms": 800,
                ])
                """)
    }

    @Test func aChildNotACallIsRefusedWithItsLineAndOneNeverAwaitedIsNot() throws {
        let problems = SwiftScenarioLoader.lower(
            text: Self.service
                + "Task {\n    async let n = service.count()\n    async let k = 3\n    print(await k)\n}\n",
            file: "A.swift"
        ).1.filter { $0.severity == .error }
        // `n`, never awaited, is cancelled and awaited at the end of its block (AsyncLetCancellationTests.swift).
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.contains { $0.message.contains("initializer") && $0.location.line == 16 }, "\(problems)")
    }
}
