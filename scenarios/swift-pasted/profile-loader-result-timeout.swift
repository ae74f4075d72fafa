// A profile screen asks its loader for the user's score with a `Result<Int, LoadError>` completion. The loader
// starts a one-shot timeout `Timer` and asks its backend, which answers on the main queue after `latency`; whichever
// comes first calls the completion, the other finds it gone (`pending = nil`). The timer's closure holds the loader
// weakly, the stored completion holds the screen weakly, so popping the screen at 3 s frees everything. Swift's
// `Result` is `.success(Success)` or `.failure(Failure)` with `Failure: Error` (the standard library's `Result`), and
// `print("\(error)")` of an enum case prints the case's name (`timeout`), as Swift's `String(describing:)` of an
// enum case does (the Swift book, "Enumerations"). Here the backend answers at 2 s: the timeout has already reported
// `.failure(.timeout)` at 1 s and the late answer is dropped. With `--param latency=0.5` it answers first, the timer
// never fires and the screen prints `score 42`.
import Foundation

let scenario = Scenario(
    "A Result completion raced by a timeout timer", until: .seconds(4), variants: [.ios10, .ios13])

let latency = scenario.param("latency", default: 2.0)

enum LoadError: Error {
    case timeout
    case offline
}

final class ProfileLoader {
    private var pending: ((Result<Int, LoadError>) -> Void)?
    private var timeout: Timer?

    func loadScore(completion: @escaping (Result<Int, LoadError>) -> Void) {
        pending = completion
        timeout = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: false) { [weak self] _ in
            self?.finish(.failure(.timeout))
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + latency) { [weak self] in
            self?.finish(.success(42))
        }
    }

    private func finish(_ result: Result<Int, LoadError>) {
        timeout?.invalidate()
        timeout = nil
        guard let completion = pending else {
            print("late answer dropped")
            return
        }
        pending = nil
        completion(result)
    }

    deinit { print("ProfileLoader deinit") }
}

final class ProfileScreen {
    private let loader = ProfileLoader()
    private var score = 0

    func viewDidLoad() {
        loader.loadScore { [weak self] result in
            switch result {
            case .success(let value):
                self?.score = value
                print("score \(value)")
            case .failure(let error):
                print("failed: \(error)")
            }
        }
    }

    deinit { print("ProfileScreen deinit") }
}

var screen: ProfileScreen? = ProfileScreen()
screen?.viewDidLoad()

scenario.at(.seconds(3), "pop the screen") {
    screen = nil
}

scenario.expect(.all, [
    "logs": 4, "logs[0].text": "failed: timeout", "logs[0].at_ms": 1000, "logs[1].text": "late answer dropped",
    "logs[1].at_ms": 2000, "logs[2].text": "ProfileScreen deinit", "timers.fires": 1, "objects.leaked": 0,
])
