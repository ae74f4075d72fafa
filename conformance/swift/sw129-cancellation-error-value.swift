// sw129: CancellationError() written as a value. A request's cancel() completes its Result with
// `.failure(CancellationError())`, and a poller's throwing method throws `CancellationError()` itself; the catch
// `is CancellationError` takes it, and `print(error)` writes `CancellationError()` as for a cancelled sleep
// (swift stdlib/public/Concurrency/TaskCancellation.swift: `public struct CancellationError: Error`). Real and
// simulated on Linux.
import Foundation

let scenario = Scenario("sw129 CancellationError as a value", until: .seconds(2), variants: [.linuxCorelibs])

final class Request {
    var completion: ((Result<Int, Error>) -> Void)?

    func start(completion: @escaping (Result<Int, Error>) -> Void) {
        self.completion = completion
    }

    func cancel() {
        print("request cancelled")
        let done = completion
        completion = nil
        done?(.failure(CancellationError()))
    }
}

final class Poller {
    var task: Task<Void, Never>?
    var rounds = 0

    func poll() throws {
        rounds += 1
        if rounds == 3 { throw CancellationError() }
        print("poll \(rounds)")
    }

    func begin() {
        task = Task { @MainActor in
            do {
                while true {
                    try poll()
                    try await Task.sleep(nanoseconds: 200_000_000)
                }
            } catch is CancellationError {
                print("poller stopped")
            } catch {
                print("poller failed")
            }
        }
    }
}

let request = Request()
request.start { result in
    switch result {
    case .success(let n): print("ok \(n)")
    case .failure(let error): print("failed \(error)")
    }
}
let poller = Poller()
poller.begin()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
    request.cancel()
}

scenario.expect(.linuxCorelibs, [
    "logs": 5,
    "logs[0].text": "poll 1", "logs[0].at_ms": 0,
    "logs[1].text": "poll 2", "logs[1].at_ms": 200,
    "logs[2].text": "poller stopped", "logs[2].at_ms": 400,
    "logs[3].text": "request cancelled", "logs[3].at_ms": 700,
    "logs[4].text": "failed CancellationError()", "logs[4].at_ms": 700,
])
