// sw67: completion handlers with `Result`, an optional value and an `Error?`, run on this machine's Foundation and
// predicted by LoopSim from the same file. A fetcher answers `load(id:completion:)` with a
// `Result<Int, FetchError>` from a worker queue that hops back to the main queue, or fails with
// `.failure(.timeout)` from a one-shot main-run-loop `Timer` when the id is slow; a second, Foundation-style API
// passes `(Int?, Error?)`. Swift's `Result` is `.success(Success)` or `.failure(Failure)` (the standard library's
// `Result`), and `print` of an enum case writes the case's name (`timeout`): the logs compare the values themselves.
import Foundation

let scenario = Scenario("sw67 Result and optional completions", until: .seconds(3), variants: [.linuxCorelibs])

enum FetchError: Error {
    case timeout
    case missing
}

final class Fetcher {
    var timer: Timer?

    func load(id: Int, completion: @escaping (Result<Int, FetchError>) -> Void) {
        if id > 9 {
            timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                completion(.failure(.timeout))
            }
            return
        }
        DispatchQueue.global().async {
            DispatchQueue.main.async {
                completion(.success(id * 100))
            }
        }
    }

    func lookup(id: Int, completion: @escaping (Int?, Error?) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
            if id == 0 {
                completion(nil, FetchError.missing)
            } else {
                completion(id + 1, nil)
            }
        }
    }
}

final class Screen {
    let fetcher = Fetcher()
    var total = 0

    func show(_ result: Result<Int, FetchError>) {
        switch result {
        case .success(let value):
            total += value
            print("value \(value)")
        case .failure(let error):
            print("failed: \(error)")
        }
    }

    func open(_ id: Int) {
        fetcher.load(id: id) { [weak self] result in
            self?.show(result)
        }
        fetcher.lookup(id: id - 1) { next, error in
            if let error {
                print("lookup failed: \(error)")
                return
            }
            guard let next else { return }
            print("next \(next)")
        }
    }
}

let screen = Screen()
screen.open(1)
scenario.at(.seconds(1), "open a slow one") {
    screen.open(10)
}

scenario.expect(.linuxCorelibs, [
    "logs": 4,
    "logs[0].text": "value 100", "logs[1].text": "lookup failed: missing",
    "logs[2].text": "next 10", "logs[2].at_ms": 1250,
    "logs[3].text": "failed: timeout", "logs[3].at_ms": 1500,
])
