import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Two tasks await one object's throwing async method; one call throws, the other returns, and the caller of the
/// throwing one resumes last (its executor, the main actor, is busy). The error rides with its await
/// (AwaitCallFrame.carriedErrorField), so each caller reads its own outcome: before, the returning call's caller
/// read the other's error from the object's hidden field, and the throwing call's caller a value of 0.
@Suite struct AsyncThrowInterleavingTests {
    @Test func eachCallerOfAThrowingAsyncMethodReadsItsOwnOutcome() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("one API, two callers", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            enum LoadError: Error { case offline }
            final class API {
                func load(_ fail: Bool, after ms: Int) async throws -> Int {
                    try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
                    if fail { throw LoadError.offline }
                    return 7
                }
            }
            let api = API()
            @MainActor
            func startA() {
                Task { @MainActor in
                    do {
                        let v = try await api.load(true, after: 100)
                        print("A got \\(v)")
                    } catch {
                        print("A failed: \\(error)")
                    }
                }
            }
            func startB() {
                Task.detached {
                    do {
                        let v = try await api.load(false, after: 150)
                        print("B got \\(v)")
                    } catch {
                        print("B failed: \\(error)")
                    }
                }
            }
            startA()
            startB()
            scenario.at(.milliseconds(90), "the main thread is busy") {
                Thread.sleep(forTimeInterval: 0.2)
            }
            """)
        for run in try ScenarioRunner.run(scenario) {
            #expect(
                run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
                    == ["150 B got 7", "290 A failed: offline"], "\(run.variant)")
        }
    }
}
