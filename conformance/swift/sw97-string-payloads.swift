// sw97: String associated values of an error enum and of a payload enum, run on this machine's Foundation and
// predicted by LoopSim from the same file. A loader throws `LoadError.server(message: "busy")` and
// `.rejected(429, reason: "too \"many\"", retry: true)` through a throwing method; the caller catches them by
// pattern (`catch LoadError.server(let message) where …`, `catch let LoadError.rejected(code, reason: why, retry: _)`)
// and prints others whole with "\(error)"; a completion's `Result<Int, LoadError>` carries the message to the main
// queue; a screen's `State` (`failed(String)`, `moved(from: Int, to: String)`, `note(String?, count: Int?)`) is
// printed whole from a property, a local, a parameter and a closure's parameter as a Timer advances it. Swift prints
// a case's values as `debugPrint` does: a String quoted and escaped (`String.debugDescription`), an optional as
// `Optional(…)` or `nil` (the standard library's `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift;
// The Swift Programming Language, "Enumerations" › "Associated Values").
import Foundation

let scenario = Scenario("sw97 string payloads", until: .seconds(2), variants: [.linuxCorelibs])

enum LoadError: Error {
    case offline
    case server(message: String)
    case rejected(Int, reason: String, retry: Bool)
}

enum State {
    case idle
    case failed(String)
    case moved(from: Int, to: String)
    case note(String?, count: Int?)
}

final class Loader {
    func fetch(_ status: Int) throws -> Int {
        if status == 0 { throw LoadError.offline }
        if status == 503 { throw LoadError.server(message: "busy") }
        if status == 429 { throw LoadError.rejected(status, reason: "too \"many\"", retry: true) }
        if status >= 500 { throw LoadError.server(message: "down \(status)") }
        return status
    }

    func run(_ status: Int) {
        do {
            let n = try fetch(status)
            print("loaded \(n)")
        } catch LoadError.server(let message) where message == "busy" {
            print("server said \(message)")
        } catch let LoadError.rejected(code, reason: why, retry: _) {
            print("rejected \(code) \(why)")
        } catch {
            print("failed: \(error)")
        }
    }

    func load(_ ok: Bool, completion: @escaping (Result<Int, LoadError>) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            let result: Result<Int, LoadError>
            if ok { result = .success(7) } else { result = .failure(.server(message: "later")) }
            DispatchQueue.main.async { completion(result) }
        }
    }
}

final class Screen {
    var state: State = .idle
    var steps = 0
    var timer: Timer?
    var onChange: ((State) -> Void)?

    func show(_ s: State) {
        print("showing \(s)")
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.steps += 1
            switch self.steps {
            case 1: self.state = .failed("timeout")
            case 2: self.state = .moved(from: 1, to: "tab \"b\"")
            case 3: self.state = .note("x", count: nil)
            default:
                self.state = .note(nil, count: self.steps)
                timer.invalidate()
            }
            print("state \(self.state)")
            self.onChange?(self.state)
        }
    }
}

let loader = Loader()
loader.run(503)
loader.run(429)
loader.run(502)
loader.run(0)
loader.run(200)

let screen = Screen()
screen.onChange = { state in
    if case .failed(let why) = state { print("why: \(why)") }
}

scenario.at(.milliseconds(100), "load and start") {
    loader.load(false) { result in
        switch result {
        case .success(let n): print("got \(n)")
        case .failure(.server(let message)): print("server: \(message)")
        case .failure(let error): print("failed: \(error)")
        }
        do {
            _ = try result.get()
        } catch {
            print("rethrown: \(error)")
        }
    }
    let first: State = .moved(from: 0, to: "start")
    print(first)
    screen.show(.note("hello", count: 1))
    screen.start()
}

scenario.expect(.linuxCorelibs, [
    "logs": 14,
    "logs[0].text": "server said busy", "logs[1].text": "rejected 429 too \"many\"",
    "logs[2].text": "failed: server(message: \"down 502\")", "logs[3].text": "failed: offline",
    "logs[4].text": "loaded 200",
    "logs[5].text": "moved(from: 0, to: \"start\")", "logs[6].text": "showing note(Optional(\"hello\"), count: Optional(1))",
    "logs[7].text": "server: later", "logs[7].at_ms": 200,
    "logs[8].text": "rethrown: server(message: \"later\")",
    "logs[9].text": "state failed(\"timeout\")", "logs[9].at_ms": 400, "logs[10].text": "why: timeout",
    "logs[11].text": "state moved(from: 1, to: \"tab \\\"b\\\"\")", "logs[11].at_ms": 700,
    "logs[12].text": "state note(Optional(\"x\"), count: nil)", "logs[12].at_ms": 1000,
    "logs[13].text": "state note(nil, count: Optional(4))", "logs[13].at_ms": 1300,
    "timers.fires": 4, "objects.leaked": 0,
])
