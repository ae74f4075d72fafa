import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A `Result` local declared without a value and given one on each path after (SwiftLowering+ResultLocals.swift):
/// Swift's definite initialization, so the value a path stores is the one read after it.
@Suite struct ResultLocalTests {
    @Test func aResultLocalGetsItsValueOnEachPathAndIsPassedOn() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("result local", until: .seconds(3), variants: [.ios13])
            enum LoadError: Error { case notFound, offline }
            final class Service {
                func load(_ status: Int, completion: @escaping (Result<String, LoadError>) -> Void) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                        let result: Result<String, LoadError>
                        switch status {
                        case 200: result = .success("Ada")
                        case 404: result = .failure(.notFound)
                        default: result = .failure(.offline)
                        }
                        DispatchQueue.main.async { completion(result) }
                    }
                }
            }
            final class Screen {
                let service = Service()
                func show(_ status: Int) {
                    service.load(status) { result in
                        switch result {
                        case .success(let name): print("hello \\(name)")
                        case .failure(let error): print("failed \\(error)")
                        }
                    }
                }
            }
            let screen = Screen()
            screen.show(200)
            scenario.at(.seconds(1), "missing") { screen.show(404) }
            scenario.at(.seconds(2), "offline") { screen.show(0) }
            """, file: "R.swift")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        let logs = run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
        #expect(logs == ["200 hello Ada", "1200 failed notFound", "2200 failed offline"])
    }
}
