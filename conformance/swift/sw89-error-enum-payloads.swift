// sw89: error enums whose cases carry values, run on this machine's Foundation and predicted by LoopSim from the same
// file. A validator throws `SignUpError.shortPassword(minimum: 8)` through two throwing methods; the caller catches
// it by pattern (`catch SignUpError.shortPassword(let minimum)`, `catch let … where …`), prints other errors with
// "\(error)" (Swift's text for a case with values: `tooMany(attempts: 3, locked: true)`); a service completes on the
// main queue with `Result<String, ProfileError>` whose failure carries a status code, switched with nested patterns
// and rethrown with `try result.get()`; a repeating `Timer` retries while the last error, kept in an `Error?`
// property, is a `.server(code:)` of 5xx; a `Task` catches a payload error thrown by an `async throws` method. The
// Swift Programming Language, "Enumerations" › "Associated Values", "Error Handling", "Patterns"; the standard
// library's `Result` and `print` (stdlib/public/core/OutputStream.swift).
import Foundation

let scenario = Scenario("sw89 error enum payloads", until: .seconds(3), variants: [.linuxCorelibs])

enum SignUpError: Error {
    case emptyName
    case shortPassword(minimum: Int)
    case tooMany(attempts: Int, locked: Bool)
}

enum ProfileError: Error {
    case notFound
    case server(code: Int)
}

final class SignUpForm {
    var attempts = 0

    func check(password: String) throws {
        if password.count < 8 { throw SignUpError.shortPassword(minimum: 8) }
    }

    func validate(name: String, password: String) throws {
        attempts += 1
        defer { print("attempt \(attempts) checked") }
        if attempts > 3 { throw SignUpError.tooMany(attempts: attempts - 1, locked: true) }
        guard !name.isEmpty else { throw SignUpError.emptyName }
        try check(password: password)
        print("valid \(name)")
    }

    func submit(name: String, password: String) {
        do {
            try validate(name: name, password: password)
            print("account created")
        } catch let SignUpError.shortPassword(minimum) where minimum > 10 {
            print("very short")
        } catch SignUpError.shortPassword(let minimum) {
            print("password needs \(minimum) characters")
        } catch {
            print("error: \(error)")
        }
    }
}

final class ProfileService {
    var statuses = [503, 502, 404, 200]
    var calls = 0

    func load(completion: @escaping (Result<String, ProfileError>) -> Void) {
        let status = statuses[calls]
        calls += 1
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            let result: Result<String, ProfileError>
            switch status {
            case 200: result = .success("Ada")
            case 404: result = .failure(.notFound)
            default: result = .failure(.server(code: status))
            }
            DispatchQueue.main.async { completion(result) }
        }
    }
}

final class ProfileScreen {
    let service = ProfileService()
    var lastError: Error?
    var timer: Timer?

    func reload() {
        service.load { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let name): print("hello \(name)")
            case .failure(.notFound): print("no profile")
            case .failure(.server(let code)) where code >= 503: print("server down \(code)")
            case .failure(let error): print("failed: \(error)")
            }
            do {
                let name = try result.get()
                print("got \(name)")
                self.lastError = nil
            } catch {
                self.lastError = error
            }
        }
    }

    func startRetrying() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] timer in
            guard let self else { return }
            if case ProfileError.server(let code)? = self.lastError, code >= 500 {
                print("retrying after \(code)")
                self.reload()
            } else if let error = self.lastError as? ProfileError {
                switch error {
                case .notFound: print("giving up: notFound")
                case .server(let code): print("giving up: \(code)")
                }
                timer.invalidate()
            } else {
                print("no error to retry")
                timer.invalidate()
            }
        }
    }
}

final class Uploader {
    func send(_ size: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: 200_000_000)
        if size > 100 { throw ProfileError.server(code: 413) }
        return size
    }

    func start() {
        Task {
            do {
                let sent = try await self.send(10)
                print("sent \(sent)")
                _ = try await self.send(500)
                print("sent twice")
            } catch ProfileError.server(let code) {
                print("upload refused \(code)")
            } catch {
                print("upload failed: \(error)")
            }
        }
    }
}

let form = SignUpForm()
form.submit(name: "", password: "x")
form.submit(name: "ann", password: "abc")
form.submit(name: "ann", password: "correct horse")
form.submit(name: "ann", password: "again")

let screen = ProfileScreen()
let uploader = Uploader()

scenario.at(.milliseconds(100), "load profiles") {
    screen.reload()
    screen.startRetrying()
    uploader.start()
}

scenario.at(.seconds(2), "reload after giving up") {
    screen.reload()
}

scenario.expect(.linuxCorelibs, [
    "logs": 19,
    "logs[0].text": "attempt 1 checked", "logs[1].text": "error: emptyName",
    "logs[2].text": "attempt 2 checked", "logs[3].text": "password needs 8 characters",
    "logs[4].text": "valid ann", "logs[5].text": "attempt 3 checked", "logs[6].text": "account created",
    "logs[7].text": "attempt 4 checked", "logs[8].text": "error: tooMany(attempts: 3, locked: true)",
    "logs[9].text": "server down 503", "logs[9].at_ms": 200,
    "logs[10].text": "sent 10", "logs[10].at_ms": 300,
    "logs[11].text": "upload refused 413", "logs[11].at_ms": 500,
    "logs[12].text": "retrying after 503", "logs[12].at_ms": 600,
    "logs[13].text": "failed: server(code: 502)", "logs[13].at_ms": 700,
    "logs[14].text": "retrying after 502", "logs[14].at_ms": 1100,
    "logs[15].text": "no profile", "logs[15].at_ms": 1200,
    "logs[16].text": "giving up: notFound", "logs[16].at_ms": 1600,
    "logs[17].text": "hello Ada", "logs[17].at_ms": 2100, "logs[18].text": "got Ada",
    "timers.fires": 3, "objects.leaked": 0,
])
