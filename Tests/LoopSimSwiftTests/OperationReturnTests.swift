import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method that returns the operation it makes (`func makeStage(…) -> Operation { BlockOperation { … } }`): the
/// caller adds dependencies and a completion block and hands the operations to a queue. The operation is the kernel's
/// object, returned +1 as a class instance is; an operation starts only once its dependencies have finished (Apple,
/// `Operation.addDependency(_:)`; swift-corelibs-foundation Operation.swift), and the queue holds it until it ends.
@Suite struct OperationReturnTests {
    static func code(returnType: String, body: String) -> String {
        """
        import Foundation
        let scenario = Scenario("returned operations", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
        final class Pipeline {
            let queue = OperationQueue()
            func makeStage(_ name: String) -> \(returnType) {
                \(body)
            }
            func run() {
                let download = makeStage("download")
                let upload = makeStage("upload")
                upload.addDependency(download)
                upload.completionBlock = {
                    print("upload complete")
                }
                queue.addOperations([upload, download], waitUntilFinished: false)
            }
            deinit { print("pipeline deinit") }
        }
        var pipeline: Pipeline? = Pipeline()
        pipeline?.run()
        scenario.at(.seconds(1), "drops the pipeline") { pipeline = nil }
        """
    }

    @Test(arguments: [
        ("Operation", "return BlockOperation { print(\"stage \\(name)\") }"),
        ("BlockOperation", "let op = BlockOperation { print(\"stage \\(name)\") }\n        return op"),
    ])
    func theDependentStageRunsAfterTheOtherAndNothingLeaks(returnType: String, body: String) throws {
        let scenario = try SwiftLanguageTests.load(Self.code(returnType: returnType, body: body))
        for run in try ScenarioRunner.run(scenario) {
            let logs = run.outcome.logs.map(\.text)
            #expect(
                logs == ["stage download", "stage upload", "upload complete", "pipeline deinit"],
                "\(run.variant) \(returnType)")
            #expect(run.outcome.logs.last?.at.nanoseconds == 1_000_000_000, "\(run.variant)")
            #expect(run.report.value(at: "objects.leaked") == .int(0), "\(run.variant)")
        }
    }
}
