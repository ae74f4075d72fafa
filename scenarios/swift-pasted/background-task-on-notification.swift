// An uploader that asks for background time when the app enters the background, from an observer of
// UIApplication.didEnterBackgroundNotification, and ends its task in the expiration handler. UIKit posts the
// notification right after applicationDidEnterBackground(_:) (Apple: "After calling this method, the app also
// posts a didEnterBackgroundNotification"), so the task begins before the app would be suspended and keeps it
// running. The budget runs out 30 s later under iOS 13 (180 s under iOS 10, beyond this run): the handler runs on
// the main thread, ends the task, and the app is suspended, not killed.
import UIKit

let scenario = Scenario(
    "Pasted: background time asked for from a lifecycle notification", until: .seconds(40),
    variants: [.ios10, .ios13])

final class Uploader: NSObject {
    private var backgroundTask: UIBackgroundTaskIdentifier = .invalid
    private(set) var expirations = 0
    private(set) var requests = 0

    override init() {
        super.init()
        NotificationCenter.default.addObserver(
            self, selector: #selector(appDidEnterBackground),
            name: UIApplication.didEnterBackgroundNotification, object: nil)
    }

    @objc private func appDidEnterBackground() {
        requests += 1
        backgroundTask = UIApplication.shared.beginBackgroundTask { [weak self] in
            self?.expirations += 1
            self?.endBackgroundTask()
        }
    }

    private func endBackgroundTask() {
        guard backgroundTask != .invalid else { return }
        UIApplication.shared.endBackgroundTask(backgroundTask)
        backgroundTask = .invalid
    }
}

let uploader = Uploader()

scenario.at(.seconds(1), "home button") { scenario.background() }
scenario.at(.seconds(35), "back to the app") { scenario.foreground() }
scenario.at(.seconds(36), "look") {
    scenario.sample("expirations", uploader.expirations)
    scenario.sample("requests", uploader.requests)
}

scenario.expect(.ios13, ["samples[0].value": 1, "samples[1].value": 1, "app.killed": false, "objects.leaked": 0])
scenario.expect(.ios10, ["samples[0].value": 0, "samples[1].value": 1, "objects.leaked": 0])
