// sw136: `Result<User, APIError>` through a completion handler, as a repository hands a decoded model to its screen:
// the response comes from a global queue's `asyncAfter` and is delivered on the main queue, the screen's `switch`
// binds `.success(let user)` and keeps it in an optional struct property (`private(set) var user: User?`), a
// `.failure(.notFound)` prints the error, and a one-shot Timer reads the kept user through `?.` and `!= nil`. Real
// and simulated on Linux.
import Foundation

let scenario = Scenario("sw136 Result of a struct through completions", until: .seconds(2), variants: [.linuxCorelibs])

struct User {
    let id: Int
    let name: String
    var isPremium: Bool
}

enum APIError: Error {
    case notFound
    case timeout
}

final class UserRepository {
    func fetchUser(id: Int, completion: @escaping (Result<User, APIError>) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            DispatchQueue.main.async {
                if id < 0 {
                    completion(.failure(.notFound))
                } else {
                    completion(.success(User(id: id, name: "Alice", isPremium: id > 10)))
                }
            }
        }
    }
}

final class ProfileViewController {
    let repository = UserRepository()
    private(set) var user: User?
    var titleText = ""

    func load(_ id: Int) {
        repository.fetchUser(id: id) { result in
            switch result {
            case .success(let user):
                self.user = user
                self.titleText = user.isPremium ? "\(user.name) (premium)" : user.name
                print("showing \(self.titleText) \(user.id)")
            case .failure(let error):
                print("failed: \(error)")
            }
        }
    }
}

let profile = ProfileViewController()
profile.load(42)
let check = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
    print("has user \(profile.user != nil) \(profile.user?.name ?? "-")")
}
DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
    profile.load(-1)
}
DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
    profile.load(3)
}

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "showing Alice (premium) 42", "logs[0].at_ms": 300,
    "logs[1].text": "has user true Alice", "logs[1].at_ms": 500,
    "logs[2].text": "failed: notFound", "logs[2].at_ms": 900,
    "logs[3].text": "showing Alice 3", "logs[3].at_ms": 1300,
])
