// sw84: a config store retries a throwing init from a repeating main-run-loop `Timer` and keeps the outcome in a
// `Result<Int, ConfigError>?` property, run on this machine's Foundation and predicted by LoopSim from the same
// file. `Config.init(path:) throws` throws before its stored properties are all set (the buffer it made is freed,
// its `deinit` does not run), then after they are (its `deinit` runs, then the buffer's), then succeeds; `load`
// returns a `Result` built in `do`/`catch`, which `tryLoad` stores and switches on with `.success(let n)?`, `case
// nil`. At 2 s the last Result is passed to a completion, a `static func … throws(ParseError)` is caught with its
// `error` switched as a `ParseError`, and `try?` of the init is nil. The Swift Programming Language,
// "Initialization" (two-phase initialization; a failed init's deinit), "Error Handling"; SE-0413 (typed throws);
// the standard library's `Result`.
import Foundation

let scenario = Scenario(
    "sw84 throwing init retried and a cached Result", until: .seconds(3), variants: [.linuxCorelibs])

enum ConfigError: Error {
    case missing
    case tooShort
}

enum ParseError: Error {
    case notANumber
}

final class Buffer {
    let size: Int

    init(size: Int) {
        self.size = size
    }

    deinit { print("buffer \(size) freed") }
}

final class Config {
    let buffer: Buffer
    let path: String

    init(path: String) throws {
        buffer = Buffer(size: path.count)
        guard !path.isEmpty else { throw ConfigError.missing }
        self.path = path
        if path.count < 3 { throw ConfigError.tooShort }
    }

    deinit { print("config \(path) freed") }

    static func parsed(_ text: String) throws(ParseError) -> Int {
        if text == "ten" { return 10 }
        throw .notANumber
    }
}

final class ConfigStore {
    var lastResult: Result<Int, ConfigError>?
    var config: Config?
    var paths = ["", "ab", "app.json"]
    var attempt = 0
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            self?.tryLoad()
        }
    }

    func load(_ path: String) -> Result<Int, ConfigError> {
        do {
            let made = try Config(path: path)
            config = made
            return .success(made.buffer.size)
        } catch let error as ConfigError {
            return .failure(error)
        } catch {
            return .failure(.missing)
        }
    }

    func tryLoad() {
        let path = paths[attempt]
        attempt += 1
        lastResult = load(path)
        switch lastResult {
        case .success(let size)?:
            print("loaded \(size) at attempt \(attempt)")
            timer?.invalidate()
            timer = nil
        case .failure(let error)?:
            print("attempt \(attempt) failed: \(error)")
        case nil:
            print("nothing loaded")
        }
    }

    func parseAll() {
        do {
            let n = try Config.parsed("ten")
            print("parsed \(n)")
            let m = try Config.parsed("eleven")
            print("parsed \(m)")
        } catch {
            switch error {
            case .notANumber: print("not a number")
            }
        }
    }

    func report(_ completion: (Result<Int, ConfigError>) -> Void) {
        guard let last = lastResult else { return }
        completion(last)
    }
}

let store = ConfigStore()
store.start()

scenario.at(.seconds(2), "report and parse") {
    store.report { result in
        switch result {
        case .success(let size): print("reported \(size)")
        case .failure(let error): print("reported failure \(error)")
        }
    }
    store.parseAll()
    let quiet = try? Config(path: "")
    print("quiet \(quiet == nil)")
}

scenario.expect(.linuxCorelibs, [
    "logs": 11,
    "logs[0].text": "buffer 0 freed", "logs[0].at_ms": 500, "logs[1].text": "attempt 1 failed: missing",
    "logs[2].text": "config ab freed", "logs[2].at_ms": 1000, "logs[3].text": "buffer 2 freed",
    "logs[4].text": "attempt 2 failed: tooShort", "logs[5].text": "loaded 8 at attempt 3", "logs[5].at_ms": 1500,
    "logs[6].text": "reported 8", "logs[6].at_ms": 2000, "logs[7].text": "parsed 10", "logs[8].text": "not a number",
    "logs[9].text": "buffer 0 freed", "logs[10].text": "quiet true", "timers.fires": 3, "objects.leaked": 0,
])
