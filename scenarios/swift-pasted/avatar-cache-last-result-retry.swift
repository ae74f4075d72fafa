// An avatar cache keeps its loader's last answer in a `Result<Int, LoadError>?` property. A global queue decodes
// the bytes with a throwing `Decoder.init(bytes:)` and hands a `Result` built in `do`/`catch` back on the main
// queue, where the cache stores it and calls the completion; a later fetch finds `.success(let size)?` in the
// property and answers from it with `completion(lastResult!)`. The screen retries a failure from a one-shot
// `Timer`. An init that throws before its stored properties all have a value frees the instance without running
// its `deinit` (the Swift book, "Initialization" › "Two-Phase Initialization"), so the two failed decodes print
// nothing and only the decoder that was made prints its deinit, on that queue, when `decode` returns. The standard
// library's `Result` is `.success(Success)` or `.failure(Failure)`; an enum case pattern matches through an optional
// (the Swift book, "Patterns").
import Foundation

let scenario = Scenario(
    "An avatar cache keeps its last Result and a throwing decoder is retried", until: .seconds(4),
    variants: [.ios10, .ios13])

enum LoadError: Error {
    case timeout
    case offline
}

final class Decoder {
    let bytes: Int

    init(bytes: Int) throws {
        guard bytes > 0 else { throw LoadError.offline }
        self.bytes = bytes
    }

    deinit { print("decoder \(bytes) freed") }
}

final class AvatarCache {
    private var lastResult: Result<Int, LoadError>?
    private var answers = [0, 0, 512]
    private var asked = 0

    func fetch(completion: @escaping (Result<Int, LoadError>) -> Void) {
        if case .success(let size)? = lastResult {
            print("cached \(size)")
            completion(lastResult!)
            return
        }
        let bytes = answers[asked]
        asked += 1
        DispatchQueue.global().async {
            let result = self.decode(bytes)
            DispatchQueue.main.async {
                self.lastResult = result
                completion(result)
            }
        }
    }

    func decode(_ bytes: Int) -> Result<Int, LoadError> {
        do {
            let decoder = try Decoder(bytes: bytes)
            return .success(decoder.bytes)
        } catch {
            return .failure(.timeout)
        }
    }
}

final class ProfileScreen {
    let cache = AvatarCache()
    var retry: Timer?

    func show() {
        cache.fetch { [weak self] result in
            switch result {
            case .success(let size):
                print("avatar \(size)")
            case .failure(let error):
                print("avatar failed: \(error)")
                self?.scheduleRetry()
            }
        }
    }

    func scheduleRetry() {
        retry = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: false) { [weak self] _ in
            self?.show()
        }
    }
}

let screen = ProfileScreen()
screen.show()

scenario.at(.seconds(3), "show the profile again") {
    screen.show()
}

scenario.expect(.all, [
    "logs": 6, "logs[0].text": "avatar failed: timeout", "logs[0].at_ms": 0,
    "logs[1].text": "avatar failed: timeout", "logs[1].at_ms": 1000, "logs[2].text": "decoder 512 freed",
    "logs[2].at_ms": 2000, "logs[3].text": "avatar 512", "logs[4].text": "cached 512", "logs[4].at_ms": 3000,
    "logs[5].text": "avatar 512", "timers.fires": 2, "objects.leaked": 0,
])
