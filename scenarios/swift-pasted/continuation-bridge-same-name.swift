// A completion-handler API and its async bridge under one name, as a migration half done leaves them: the class
// keeps `fetchAvatar(completion:)` for its GCD callers and adds `fetchAvatar() async`, whose continuation calls the
// completion form. Swift tells the two apart by the call's labels and its `await` (SE-0296, "Overloading and
// overload resolution": in an asynchronous context the `async` overload is preferred). The profile screen's task
// awaits the async one while an older badge view still calls the completion one; each fetch takes 200 ms on a global
// queue. The task made in viewDidLoad starts after the launch code (UIViewController is @MainActor, so the task is
// enqueued on the main actor), so the badge's fetch is served first. The screen is dismissed before its second fetch
// returns: the task holds it until then (a strong `self` in the Task), so its deinit runs at 400 ms, after the last
// line it logs.
import UIKit

let scenario = Scenario("A completion API and its async bridge share a name", until: .seconds(1),
                        variants: [.ios13])

final class AvatarService {
    static let shared = AvatarService()
    private var served = 0

    func fetchAvatar(completion: @escaping (Int) -> Void) {
        served += 1
        let size = 64 * served
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            completion(size)
        }
    }

    func fetchAvatar() async -> Int {
        await withCheckedContinuation { continuation in
            fetchAvatar { size in
                continuation.resume(returning: size)
            }
        }
    }
}

final class ProfileViewController: UIViewController {
    private let service = AvatarService.shared

    override func viewDidLoad() {
        super.viewDidLoad()
        Task {
            let first = await service.fetchAvatar()
            print("avatar \(first)")
            let second = await service.fetchAvatar()
            print("avatar again \(second)")
        }
    }

    deinit { print("profile gone") }
}

var profile: ProfileViewController? = ProfileViewController()
profile?.loadViewIfNeeded()
AvatarService.shared.fetchAvatar { size in
    print("badge \(size)")
}

scenario.at(.milliseconds(300), "dismiss the profile") {
    profile = nil
}

scenario.expect(.all, [
    "logs": 4,
    "logs[0].text": "badge 64", "logs[0].at_ms": 200,
    "logs[1].text": "avatar 128", "logs[1].at_ms": 200,
    "logs[2].text": "avatar again 192", "logs[2].at_ms": 400,
    "logs[3].text": "profile gone", "logs[3].at_ms": 400,
    "objects.leaked": 0,
])
