import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `"job-\(id)" as NSString`, `n as NSNumber`, `s as AnyObject` (docs/swift-scenarios.md, "Casts of objects"): a
/// bridged `String`, `Int` or `Bool` is passed as the same value.
@Suite struct BridgingCastTests {
    @Test func aBridgedStringReachesThePerformedMethod() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("bridging", until: .seconds(1), variants: [.ios13])
            final class Job: NSObject {
                let id = 7
                @objc func run(_ name: String) { print("run \\(name)") }
                func go() {
                    perform(#selector(run(_:)), with: "job-\\(id)" as NSString, afterDelay: 0.1)
                    perform(#selector(run(_:)), with: "later" as AnyObject, afterDelay: 0.2)
                }
            }
            let job = Job()
            job.go()
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "run job-7", "logs[0].at_ms": 100,
                "logs[1].text": "run later", "logs[1].at_ms": 200,
            ])
            """)
    }
}
