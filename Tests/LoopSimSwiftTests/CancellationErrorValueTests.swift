import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `CancellationError()` written as a value (SwiftLowering+Throws.swift, `isCancellationErrorValue`): the same error
/// a cancelled `Task.sleep` throws, so `catch is CancellationError` catches it and `print(error)` writes
/// `CancellationError()`.
@Suite struct CancellationErrorValueTests {
    @Test func thrownAndPassedInAResult() throws {
        let logs = try DataValueTests.logs(
            """
            import Foundation
            let scenario = Scenario("ce", until: .seconds(2), variants: [.ios13])
            enum LoadError: Error { case timedOut }
            final class Request {
                var completion: ((Result<Int, Error>) -> Void)?
                func start(completion: @escaping (Result<Int, Error>) -> Void) { self.completion = completion }
                func cancel() {
                    print("request cancelled")
                    let done = completion
                    completion = nil
                    done?(.failure(CancellationError()))
                }
            }
            final class Poller {
                var task: Task<Void, Never>?
                func check(_ stop: Bool) throws {
                    if stop { throw CancellationError() }
                    print("checked")
                }
                func begin() {
                    task = Task {
                        do {
                            try check(false)
                            try await Task.sleep(nanoseconds: 100_000_000)
                            try check(true)
                            print("not reached")
                        } catch is CancellationError {
                            print("cancelled by throw")
                        } catch {
                            print("other")
                        }
                    }
                }
            }
            let r = Request()
            r.start { result in
                switch result {
                case .success(let n): print("ok \\(n)")
                case .failure(let error): print("failed \\(error)")
                }
            }
            let p = Poller()
            p.begin()
            scenario.at(.milliseconds(500), "cancel") { r.cancel() }
            """)
        #expect(
            logs == ["0 checked", "100 cancelled by throw", "500 request cancelled", "500 failed CancellationError()"])
    }
}
