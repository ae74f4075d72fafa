// A live-scores screen polls every 0.5 s from viewWillAppear and stops in viewWillDisappear. At 1.2 s it presents a
// settings screen with the default modalPresentationStyle; at 2.5 s settings is dismissed; at 3.2 s it presents a
// match detail it asks to cover the screen (`.fullScreen`).
// Before iOS 13 the default style was full screen: "The views belonging to the presenting view controller are
// removed after the presentation completes" (Apple, UIModalPresentationStyle.fullScreen), so the scores screen gets
// viewWillDisappear and stops polling while settings is up, and viewWillAppear when it goes. From iOS 13 the default
// is .automatic: "For most view controllers, UIKit maps this style to" .pageSheet (Apple,
// UIModalPresentationStyle.automatic), a sheet that leaves "a part of the background content" visible (.pageSheet):
// the presenter stays in the window, gets no disappearance or appearance callback, and keeps polling behind the
// sheet. The full-screen match detail stops it on both. ios10: polls at 0.5 and 1.0 s, then at 3.0 s (a new
// timer from the 2.5 s viewWillAppear): 3 fires. ios13: polls at 0.5 … 3.0 s: 6 fires, and no hook but the launch's
// viewWillAppear until the detail.
import UIKit

let scenario = Scenario(
    "Pasted: a polling screen behind a default-style sheet, iOS 10 vs 13", until: .seconds(4),
    variants: [.ios10, .ios13])

final class SettingsViewController: UIViewController {
    func close() {
        dismiss(animated: false)
    }
}

final class MatchDetailViewController: UIViewController {
}

final class LiveScoresViewController: UIViewController {
    private var pollTimer: Timer?
    private(set) var polls = 0
    weak var settings: SettingsViewController?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        print("scores will appear")
        pollTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            self?.polls += 1
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        print("scores will disappear")
        pollTimer?.invalidate()
        pollTimer = nil
    }

    func openSettings() {
        let settingsVC = SettingsViewController()
        settings = settingsVC
        present(settingsVC, animated: false)
    }

    func openMatch() {
        let detail = MatchDetailViewController()
        detail.modalPresentationStyle = .fullScreen
        present(detail, animated: false)
    }
}

let scores = LiveScoresViewController()
let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = scores
window.makeKeyAndVisible()

scenario.at(.milliseconds(1200), "settings") { scores.openSettings() }
scenario.at(.milliseconds(2500), "close settings") { scores.settings?.close() }
scenario.at(.milliseconds(3200), "match") { scores.openMatch() }

scenario.expect(.ios10, [
    "logged": ["scores will appear": 2, "scores will disappear": 2], "timers.fires": 3, "objects.leaked": 0,
])
scenario.expect(.ios13, [
    "logged": ["scores will appear": 1, "scores will disappear": 1], "timers.fires": 6, "objects.leaked": 0,
])
