import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `queue.operationCount` of an operation queue property read as a value, also through a computed property
/// (`var pending: Int { queue.operationCount }`): `operationCount:` into a temporary before the statement (Apple,
/// `OperationQueue.operationCount`: "The number of operations currently in the queue").
@Suite struct OperationCountReadTests {
    static let text = """
        import Foundation
        let scenario = Scenario("operation count", until: .seconds(5), variants: [.ios10, .ios13])
        final class Exporter {
            let queue = OperationQueue()
            var pending: Int { queue.operationCount }
            var isBusy: Bool { queue.operationCount > 0 }
            func exportAll() {
                queue.maxConcurrentOperationCount = 1
                for i in 1...3 {
                    queue.addOperation {
                        Thread.sleep(forTimeInterval: 1)
                        print("export \\(i) done")
                    }
                }
                let queued = queue.operationCount
                print("queued \\(queued) pending \\(pending)")
            }
            func report() {
                if isBusy {
                    print("busy \\(pending)")
                } else {
                    print("idle")
                }
            }
        }
        let exporter = Exporter()
        exporter.exportAll()
        scenario.at(.milliseconds(1500), "report") {
            exporter.report()
        }
        scenario.at(.milliseconds(4000), "report again") {
            exporter.report()
        }
        """

    @Test func aComputedPropertyReadsTheQueuesCount() throws {
        try SwiftLanguageTests.passes(
            Self.text
                + "\nscenario.expect(.all, [\"logged_in_order\": [\"queued 3 pending 3\", \"export 1 done\", "
                + "\"busy 2\", \"export 2 done\", \"export 3 done\", \"idle\"], \"logs\": 6])\n")
    }

    /// The read is an `operationCount:` step into a temporary, made before the statement that uses it.
    @Test func theReadIsAStepBeforeTheStatement() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.text, file: "O.swift")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        let text = SwiftLoweringTests.render(try #require(tree))
        #expect(text.contains("{operationCount: "), "\(text)")
        #expect(text.contains("into: operationCount5x24"), "\(text)")
    }
}
