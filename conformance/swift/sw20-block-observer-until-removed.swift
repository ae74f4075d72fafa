// sw20: a block observer registered for the main queue gets every post until its token is removed, and none after
// (NotificationCenter's block API, which swift-corelibs-foundation has; a post from the main thread delivers to a
// main-queue observer at once there: `notificationQueuedObserverPosterWaits`).
import Foundation

let scenario = Scenario(
    "sw20 a block observer hears posts until its token is removed", until: .seconds(4),
    variants: [.linuxCorelibs])

extension Notification.Name {
    static let didRefresh = Notification.Name("DidRefresh")
}

class Feed {
    var token: NSObjectProtocol?
    var refreshes = 0

    func watch() {
        token = NotificationCenter.default.addObserver(forName: .didRefresh, object: nil, queue: .main) { [weak self] _ in
            self?.refreshes += 1
            print("refreshed")
        }
    }

    func stop() {
        if let token {
            NotificationCenter.default.removeObserver(token)
        }
    }
}

let feed = Feed()
feed.watch()
DispatchQueue.main.asyncAfter(deadline: .now() + 1) { NotificationCenter.default.post(name: .didRefresh, object: nil) }
DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
    NotificationCenter.default.post(name: .didRefresh, object: nil)
    feed.stop()
}
DispatchQueue.main.asyncAfter(deadline: .now() + 3) { NotificationCenter.default.post(name: .didRefresh, object: nil) }

scenario.expect(.linuxCorelibs, ["logs": 2, "logs[0].at_ms": 1000, "logs[1].at_ms": 2000])
