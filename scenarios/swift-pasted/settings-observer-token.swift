// A block observer that uses `self` strongly: the center keeps the block, the block the controller, so the
// token removal in deinit never runs (Apple, addObserver(forName:object:queue:using:): "the notification
// center … strongly hold[s]" the block). The post at 2 s still logs out; the controller and token stay.
import UIKit

extension Notification.Name {
    static let sessionExpired = Notification.Name("SessionExpired")
}

let scenario = Scenario("A block observer whose token is never removed", until: .seconds(4),
                        variants: [.ios10, .ios13])

final class SettingsViewController: UIViewController {
    private var observer: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        observer = NotificationCenter.default.addObserver(forName: .sessionExpired, object: nil, queue: .main) { _ in
            self.logout()
        }
    }

    private func logout() {
        print("logout")
    }

    deinit {
        if let observer = observer {
            NotificationCenter.default.removeObserver(observer)
        }
    }
}

var settings: SettingsViewController? = SettingsViewController()
settings?.loadViewIfNeeded()

scenario.at(.seconds(1), "close settings") {
    settings = nil
}

scenario.at(.seconds(2), "the session expires") {
    NotificationCenter.default.post(name: .sessionExpired, object: nil)
}

scenario.expect(.all, ["logs": 1, "objects.abandoned": 2, "leaks[0].class": "SettingsViewController"])
