// A login screen as engineers write it: the API client throws `LoginError.server(message:)` with the text the
// backend sent, and `.invalid(field:reason:)`; the view model catches them by pattern, keeps the screen's state in
// an enum whose `.failed(String)` carries the message shown, and logs every state change with
// `print("state \(state)")`. Swift prints a case's `String` value quoted, as its `debugDescription`
// (`failed("Service busy")`, `invalid(field: "email", reason: "missing \"@\"")`), through `debugPrint` of each value
// (the standard library's `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift; measured with swiftc 6.3.1,
// conformance sw97). The request answers after 300 ms on a background queue; the state is set on the main queue.
import UIKit

let scenario = Scenario("Pasted: login errors with messages", until: .seconds(2), variants: [.ios13])

enum LoginError: Error {
    case offline
    case server(message: String)
    case invalid(field: String, reason: String)
}

enum LoginState {
    case idle
    case loading(attempt: Int)
    case failed(String)
    case loggedIn(user: String)
}

final class APIClient {
    var responses = [503, 422, 200]
    var calls = 0

    func check(_ status: Int) throws {
        switch status {
        case 0: throw LoginError.offline
        case 422: throw LoginError.invalid(field: "email", reason: "missing \"@\"")
        case 500...599: throw LoginError.server(message: "Service busy")
        default: break
        }
    }

    func login(completion: @escaping (Result<String, LoginError>) -> Void) {
        let status = responses[calls]
        calls += 1
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            do {
                try self.check(status)
                DispatchQueue.main.async { completion(.success("ann")) }
            } catch LoginError.server(let message) {
                DispatchQueue.main.async { completion(.failure(.server(message: message))) }
            } catch LoginError.invalid(let field, let reason) {
                DispatchQueue.main.async { completion(.failure(.invalid(field: field, reason: reason))) }
            } catch {
                DispatchQueue.main.async { completion(.failure(.offline)) }
            }
        }
    }
}

final class LoginViewModel {
    let client = APIClient()
    var attempts = 0
    var state: LoginState = .idle {
        didSet { print("state \(state)") }
    }

    func submit() {
        attempts += 1
        state = .loading(attempt: attempts)
        client.login { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let user):
                self.state = .loggedIn(user: user)
            case .failure(.server(let message)):
                self.state = .failed(message)
            case .failure(let error):
                print("login failed: \(error)")
                self.state = .failed("Check your details")
            }
        }
    }
}

let model = LoginViewModel()

scenario.at(.milliseconds(100), "tap Log In") { model.submit() }
scenario.at(.milliseconds(600), "tap Log In again") { model.submit() }
scenario.at(.milliseconds(1100), "tap Log In a third time") { model.submit() }

scenario.expect(.all, [
    "logs": 7,
    "logs[0].text": "state loading(attempt: 1)", "logs[0].at_ms": 100,
    "logs[1].text": "state failed(\"Service busy\")", "logs[1].at_ms": 400,
    "logs[2].text": "state loading(attempt: 2)", "logs[2].at_ms": 600,
    "logs[3].text": "login failed: invalid(field: \"email\", reason: \"missing \\\"@\\\"\")", "logs[3].at_ms": 900,
    "logs[4].text": "state failed(\"Check your details\")",
    "logs[5].text": "state loading(attempt: 3)", "logs[5].at_ms": 1100,
    "logs[6].text": "state loggedIn(user: \"ann\")", "logs[6].at_ms": 1400,
    "objects.leaked": 0,
])
