// A player pauses its progress timer from a block observer of didEnterBackgroundNotification registered for the
// main queue. UIKit posts the notification on the main thread right after applicationDidEnterBackground(_:)
// (Apple's page for that method), and the post returns only once the observer has run (NSNotificationCenter's
// overview: "control does not return to the poster until all observers have received and processed the
// notification"; for the poster's own queue the block runs at once), so the timer stops at the home press, 2.5 s,
// before the app is suspended: it ticked twice. docs/fidelity.md, notificationQueuedObserverPosterWaits.
import Foundation
import UIKit

let scenario = Scenario("Pasted: a main-queue observer pauses at the home press", until: .seconds(6), variants: [.ios10, .ios13])

final class Player {
    private var timer: Timer?
    private var token: NSObjectProtocol?
    private var ticks = 0

    init() {
        token = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
            self?.pause()
        }
    }

    func play() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.ticks += 1
        }
    }

    func pause() {
        timer?.invalidate()
        timer = nil
        print("paused after \(ticks)")
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}

let player = Player()
player.play()

scenario.at(.milliseconds(2500), "home") { scenario.background() }
scenario.at(.seconds(4), "back") { scenario.foreground() }

scenario.expect(.all, ["logs": 1, "logs[0].text": "paused after 2", "logs[0].at_ms": 2500])
