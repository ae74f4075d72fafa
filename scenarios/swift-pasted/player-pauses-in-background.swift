// A player screen that stops its progress timer when the app enters the background and starts it again when the
// app becomes active, through UIKit's lifecycle notifications, beside an app delegate that logs the transitions.
// UIKit calls applicationDidEnterBackground(_:) and then posts didEnterBackgroundNotification on the main thread
// (Apple, applicationDidEnterBackground(_:): "After calling this method, the app also posts a
// didEnterBackgroundNotification"); the selector observer invalidates the timer before the app is suspended. On
// the return, didBecomeActiveNotification's block runs on the main queue and makes a new timer. The timer fires at
// 1, 2 and 3 s, the app is in the background from 3.5 s to 6 s, and the new timer fires at 7, 8 and 9 s.
import UIKit

let scenario = Scenario(
    "Pasted: a player that pauses in the background", until: .milliseconds(9800), variants: [.ios10, .ios13])

class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func applicationDidEnterBackground(_ application: UIApplication) {
        print("entered background")
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        print("will enter foreground")
    }
}

final class PlayerViewController: UIViewController {
    private var progressTimer: Timer?
    private var activeObserver: NSObjectProtocol?
    private(set) var ticks = 0
    private(set) var pauses = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(
            self, selector: #selector(appDidEnterBackground),
            name: UIApplication.didEnterBackgroundNotification, object: nil)
        activeObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
        ) { [weak self] _ in
            self?.startProgress()
        }
        startProgress()
    }

    func startProgress() {
        guard progressTimer == nil else { return }
        progressTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.ticks += 1
        }
    }

    @objc func appDidEnterBackground() {
        pauses += 1
        progressTimer?.invalidate()
        progressTimer = nil
    }
}

let player = PlayerViewController()
player.loadViewIfNeeded()

scenario.at(.milliseconds(3500), "home button") { scenario.background() }
scenario.at(.seconds(6), "back to the app") { scenario.foreground() }
scenario.at(.milliseconds(9500), "look") {
    scenario.sample("ticks", player.ticks)
    scenario.sample("pauses", player.pauses)
}

scenario.expect(.all, [
    "logs": 2, "logs[0].at_ms": 3500, "logs[1].at_ms": 6000, "timers.fires": 6, "samples[0].value": 6,
    "samples[1].value": 1, "objects.leaked": 0,
])
