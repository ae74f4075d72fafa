import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Task groups whose children return values (docs/swift-scenarios.md, "Swift concurrency";
/// SwiftLowering+TaskGroupValues.swift): values in finishing order, the group's `return` as its value.
@Suite struct TaskGroupValueTests {
    static let model = """
        import Foundation
        let scenario = Scenario("group values", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
        final class Prefetcher {
            func fetch(_ id: Int) async -> Int {
                try? await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
                return id
            }
            func fastest() async -> Int {
                let first = await withTaskGroup(of: Int.self) { group in
                    for id in [4, 2, 3] { group.addTask { await self.fetch(id) } }
                    var order = 0
                    for await id in group {
                        order = order * 10 + id
                        if order > 20 { break }
                    }
                    return order
                }
                return first
            }
            func names() async {
                await withTaskGroup(of: String.self) { group in
                    group.addTask { "a" }
                    group.addTask { "b" }
                    for await name in group { print("name \\(name)") }
                }
            }
        }
        let prefetcher = Prefetcher()

        """

    /// The first two values by finishing order (2 then 3: 23), a `break` leaving the rest; the group still waits
    /// for its last child (400 ms) before its value is returned.
    @Test func valuesComeInFinishingOrderAndTheReturnIsTheGroupsValue() throws {
        try SwiftLanguageTests.passes(
            Self.model + """
                Task { @MainActor in
                    let order = await prefetcher.fastest()
                    print("order \\(order)")
                    await prefetcher.names()
                }
                scenario.expect(.all, [
                    "logs": 3, "logs[0].text": "order 23", "logs[0].at_ms": 400, "logs[1].text": "name a",
                    "logs[2].text": "name b",
                ])
                """)
    }
}
