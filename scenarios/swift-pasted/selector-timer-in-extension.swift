// S6's bug as an app writes it today: the timer's `@objc` handler lives in an extension, `private` everywhere, the
// timer added in the common modes with `RunLoop.main.add(timer!, forMode: .common)`. A target/selector timer
// retains its target until invalidated (Apple, `init(timeInterval:target:selector:userInfo:repeats:)`: "The timer
// maintains a strong reference to target until it is invalidated"), and the run loop retains the timer, so after
// the pop the controller is never freed and the deinit that would invalidate the timer never runs.
import UIKit

let scenario = Scenario(
    "Pasted: an @objc selector timer in an extension keeps its controller", until: .seconds(5),
    variants: [.ios9, .ios10])

final class StatusViewController: UIViewController {
    private var refreshTimer: Timer?
    private var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        scheduleRefresh()
    }

    deinit {
        refreshTimer?.invalidate()
    }
}

// MARK: - Refresh

extension StatusViewController {
    private func scheduleRefresh() {
        refreshTimer = Timer(
            timeInterval: 1.0, target: self, selector: #selector(refreshStatus), userInfo: nil, repeats: true)
        RunLoop.main.add(refreshTimer!, forMode: .common)
    }

    @objc private func refreshStatus() {
        refreshes += 1
    }
}

var statusVC: StatusViewController? = StatusViewController()
statusVC?.loadViewIfNeeded()

scenario.at(.milliseconds(1500), "pop") { statusVC = nil }

scenario.expect(.all, [
    "objects.abandoned": 2, "leaks[0].class": "StatusViewController", "leaks[0].path[1]": "NSTimer refreshTimer",
    "timers.fires": 5,
])
