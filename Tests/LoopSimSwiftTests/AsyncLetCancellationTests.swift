import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An `async let` child and cancellation (docs/swift-scenarios.md, "`async let`"; SE-0317, SE-0304): the parent's
/// cancel reaches the child, and a child not awaited is cancelled and awaited where its scope ends.
@Suite struct AsyncLetCancellationTests {
    static let types = """
        import Foundation
        let scenario = Scenario("async let cancellation", until: .seconds(2), variants: [.linuxCorelibs])
        final class Probe {
            func waitOneSecond() async -> Bool {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                print("child cancelled \\(Task.isCancelled)")
                return Task.isCancelled
            }
            func warm() async -> Int {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                print("warm cancelled \\(Task.isCancelled)")
                return 1
            }
            func stubborn() async -> Int {
                await withCheckedContinuation { continuation in
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
                        print("stubborn done")
                        continuation.resume(returning: 5)
                    }
                }
            }
        }
        let probe = Probe()

        """

    @Test func cancellingTheParentCancelsItsAsyncLetChildAtOnce() throws {
        try SwiftLanguageTests.passes(
            Self.types + """
                let direct = Task {
                    try? await Task.sleep(nanoseconds: 1_000_000_000)
                    print("direct cancelled \\(Task.isCancelled)")
                }
                let parent = Task {
                    async let seen = probe.waitOneSecond()
                    let cancelled = await seen
                    print("parent got \\(cancelled)")
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
                    direct.cancel()
                    parent.cancel()
                }
                scenario.expect(.all, [
                    "logs": 3, "logs[0].text": "direct cancelled true", "logs[0].at_ms": 300,
                    "logs[1].text": "child cancelled true", "logs[1].at_ms": 300,
                    "logs[2].text": "parent got true", "logs[2].at_ms": 300,
                ])
                """)
    }

    @Test func anEarlyReturnCancelsAndAwaitsTheChildItDidNotAwait() throws {
        try SwiftLanguageTests.passes(
            Self.types + """
                final class Screen {
                    var fast = true
                    func load() async {
                        async let warmed = probe.warm()
                        if fast {
                            print("fast path return")
                            return
                        }
                        print("slow \\(await warmed)")
                    }
                }
                let screen = Screen()
                Task {
                    await screen.load()
                    print("caller continues")
                }
                scenario.expect(.all, [
                    "logs": 3, "logs[0].text": "fast path return", "logs[0].at_ms": 0,
                    "logs[1].text": "warm cancelled true", "logs[1].at_ms": 0,
                    "logs[2].text": "caller continues", "logs[2].at_ms": 0,
                ])
                """)
    }

    @Test func theAwaitedPathRunsTheChildToItsEnd() throws {
        try SwiftLanguageTests.passes(
            Self.types + """
                final class Screen {
                    var fast = false
                    func load() async {
                        async let warmed = probe.warm()
                        if fast {
                            print("fast path return")
                            return
                        }
                        print("slow \\(await warmed)")
                    }
                }
                let screen = Screen()
                Task {
                    await screen.load()
                    print("caller continues")
                }
                scenario.expect(.all, [
                    "logs": 3, "logs[0].text": "warm cancelled false", "logs[0].at_ms": 1000,
                    "logs[1].text": "slow 1", "logs[2].text": "caller continues", "logs[2].at_ms": 1000,
                ])
                """)
    }

    @Test func aChildIgnoringCancellationDelaysTheReturnOfAValue() throws {
        try SwiftLanguageTests.passes(
            Self.types + """
                final class Counter {
                    var fast = true
                    func total() async -> Int {
                        async let slow = probe.stubborn()
                        if fast {
                            return 0
                        }
                        return await slow
                    }
                }
                let counter = Counter()
                Task {
                    let n = await counter.total()
                    print("total \\(n)")
                }
                scenario.expect(.all, [
                    "logs": 2, "logs[0].text": "stubborn done", "logs[0].at_ms": 200,
                    "logs[1].text": "total 0", "logs[1].at_ms": 200,
                ])
                """)
    }

    /// The children end in reverse order of declaration, each cancelled then awaited (the compiler's cleanups run
    /// last-declared first, each a `swift_asyncLet_finish`): the stubborn one, declared last, first, for 200 ms.
    @Test func aScopeEndingWithoutAnAwaitWaitsForItsChild() throws {
        try SwiftLanguageTests.passes(
            Self.types + """
                final class Prefetcher {
                    func prefetch() async {
                        async let warmed = probe.warm()
                        async let other = probe.stubborn()
                        print("prefetching")
                    }
                }
                let prefetcher = Prefetcher()
                Task {
                    await prefetcher.prefetch()
                    print("prefetched")
                }
                scenario.expect(.all, [
                    "logs": 4, "logs[0].text": "prefetching", "logs[0].at_ms": 0,
                    "logs[1].text": "stubborn done", "logs[1].at_ms": 200,
                    "logs[2].text": "warm cancelled true", "logs[2].at_ms": 200,
                    "logs[3].text": "prefetched", "logs[3].at_ms": 200,
                ])
                """)
    }

    @Test func theChildIsMarkedAndEachExitCancelsThenAwaitsIt() throws {
        let code =
            Self.types
            + "final class Opener {\n    func open(_ early: Bool) async {\n        async let n = probe.warm()\n"
            + "        if early {\n            return\n        }\n        print(\"n \\(await n)\")\n    }\n}\n"
        let (node, problems) = SwiftScenarioLoader.lower(text: code, file: "A.swift")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let yaml = SwiftLoweringTests.render(try #require(node))
        #expect(yaml.contains("actor: none, child: true, returns: int"), "\(yaml)")
        // The early return at the end of the body is the `if:`'s empty branch; both ways end at the block's end,
        // where the child is cancelled, then awaited (a child already awaited is left as it is).
        #expect(yaml.contains("{if: early, then: [], else: [{awaitTask: asyncLet_n_26x19"), "\(yaml)")
        #expect(yaml.contains("]}, {cancelTask: asyncLet_n_26x19}, {awaitTask: asyncLet_n_26x19}]"), "\(yaml)")
    }

    @Test func aThrowOrBreakOutOfTheChildsBlockIsRefusedWhereItIs() {
        let problems = SwiftScenarioLoader.lower(
            text: Self.types
                + "struct Stop: Error {}\nfinal class L {\n    func go() async throws {\n"
                + "        async let n = probe.warm()\n        throw Stop()\n    }\n"
                + "    func each() async {\n        for i in 0..<2 {\n            async let n = probe.warm()\n"
                + "            if i == 0 { continue }\n            print(await n)\n        }\n    }\n}\n",
            file: "A.swift"
        ).1.filter { $0.severity == .error }
        let lines =
            (Self.types + "struct Stop: Error {}\nfinal class L {\n    func go() async throws {\n"
            + "        async let n = probe.warm()\n        throw Stop()\n").split(
                separator: "\n", omittingEmptySubsequences: false)
        let throwLine = lines.count - 1
        #expect(
            problems.contains { $0.message.contains("a `throw` out of") && $0.location.line == throwLine },
            "\(problems)")
        #expect(
            problems.contains { $0.message.contains("`continue` out of") && $0.location.line == throwLine + 5 },
            "\(problems)")
    }
}
