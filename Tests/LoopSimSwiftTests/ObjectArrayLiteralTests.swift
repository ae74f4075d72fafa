import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An array literal of new objects of the file's classes, its type inferred (docs/swift-scenarios.md, "Arrays"): as
/// a property's initial value or a local, the objects are made in order and the array alone holds each.
@Suite struct ObjectArrayLiteralTests {
    @Test func aPropertyAndALocalLiteralOfNewObjectsHoldEachOnce() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("object literals", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class CacheWarmer {
                let name: String
                init(name: String) { self.name = name; print("made \\(name)") }
                func warm() { print("warm \\(name)") }
                deinit { print("deinit \\(name)") }
            }
            final class Banner {
                deinit { print("banner gone") }
            }
            final class Host {
                private let warmers = [CacheWarmer(name: "x"), CacheWarmer(name: "y")]
                private var banners = [Banner()]
                func go() {
                    let local = [CacheWarmer(name: "a"), CacheWarmer(name: "b")]
                    for w in local { w.warm() }
                    warmers.forEach { $0.warm() }
                    print("counts \\(local.count) \\(warmers.count) \\(banners.count)")
                    banners.removeAll()
                }
            }
            var host: Host? = Host()
            host?.go()
            host = nil
            scenario.expect(.all, [
                "logs": 14,
                "logs[0].text": "made x", "logs[1].text": "made y", "logs[2].text": "made a", "logs[3].text": "made b",
                "logs[4].text": "warm a", "logs[5].text": "warm b", "logs[6].text": "warm x", "logs[7].text": "warm y",
                "logs[8].text": "counts 2 2 1", "logs[9].text": "banner gone",
                "logs[10].text": "deinit a", "logs[11].text": "deinit b", "logs[12].text": "deinit x", "logs[13].text": "deinit y",
                "leaks": 0,
            ])
            """)
    }
}
