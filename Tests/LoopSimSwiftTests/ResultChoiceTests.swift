import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `completion(failed ? .failure(.timeout) : .success("ada"))` (SwiftLowering+ResultChoice.swift): the conditional
/// operator choosing a `Result` case, an `if:` into the two parts' temporaries before the call.
@Suite struct ResultChoiceTests {
    @Test func theConditionalOperatorChoosesTheCaseTheCompletionGets() throws {
        try SwiftLanguageTests.passes(
            #"""
            import Foundation
            let scenario = Scenario("result choice", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
            enum FetchError: Error { case timeout }
            final class API {
                var failuresLeft = 2
                func fetch(completion: @escaping (Result<String, FetchError>) -> Void) {
                    DispatchQueue.global().async {
                        let failed = self.failuresLeft > 0
                        if failed {
                            self.failuresLeft -= 1
                        }
                        DispatchQueue.main.async {
                            completion(failed ? .failure(.timeout) : .success("ada"))
                        }
                    }
                }
            }
            final class Loader {
                let api = API()
                var attempt = 0
                func load() {
                    attempt += 1
                    api.fetch { [weak self] result in
                        guard let self = self else { return }
                        switch result {
                        case .success(let name):
                            print("loaded \(name) at \(self.attempt)")
                        case .failure(let error):
                            print("failed \(error)")
                            self.load()
                        }
                    }
                }
            }
            let loader = Loader()
            loader.load()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "failed timeout", "logs[1].text": "failed timeout",
                "logs[2].text": "loaded ada at 3",
            ])
            """#)
    }

    @Test func aBranchThatCallsIsRefusedAtTheOperator() throws {
        let text = """
            import Foundation
            let scenario = Scenario("result choice", until: .seconds(1), variants: [.ios13])
            enum FetchError: Error { case timeout }
            final class API {
                var calls = 0
                func name() -> String {
                    calls += 1
                    return "ada"
                }
                func fetch(_ failed: Bool, completion: @escaping (Result<String, FetchError>) -> Void) {
                    completion(failed ? .failure(.timeout) : .success(name()))
                }
            }
            scenario.expect(.all, ["logs": 0])
            """
        let errors = SwiftScenarioLoader.lower(text: text, file: "C.swift").1.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.line == 11)
        // The call in the branch is refused first, at the call (SwiftLowering+Returns.swift's hoisting).
        #expect(errors.first?.message.contains("in a branch of `?:`") == true, "\(errors)")
    }
}
