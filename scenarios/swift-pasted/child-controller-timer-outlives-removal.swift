// A dashboard embeds a stock ticker as a child view controller (addChild, addSubview, didMove(toParent:)) and takes
// it out again (willMove(toParent: nil), removeFromSuperview, removeFromParent). The container keeps its children
// (Apple, addChild(_:): `children`) and forwards its appearance to a child whose view is in its hierarchy
// (shouldAutomaticallyForwardAppearanceMethods). The ticker's selector timer, made in viewDidLoad, retains its target
// until invalidated (Apple, scheduledTimer(timeInterval:target:selector:userInfo:repeats:)), and the ticker
// invalidates it only in deinit, which never runs: after removal the run loop keeps the ticker refreshing. With
// `--param invalidateOnDisappear=true` (the fix) viewDidDisappear, which removeFromSuperview runs, invalidates it and
// the ticker deinits when the dashboard lets it go (2 fires, "ticker deinit" at 2500 ms: SwiftContainmentTests).
import UIKit

let scenario = Scenario(
    "A child controller's timer outlives its removal", until: .milliseconds(4500), variants: [.ios10, .ios13])
let invalidateOnDisappear = scenario.param("invalidateOnDisappear", default: false)

final class StockTickerViewController: UIViewController {
    private var timer: Timer?
    private var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(refresh), userInfo: nil, repeats: true)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if invalidateOnDisappear {
            timer?.invalidate()
        }
    }

    @objc private func refresh() {
        refreshes += 1
        print("quotes refreshed \(refreshes)")
    }

    deinit {
        timer?.invalidate()
        print("ticker deinit")
    }
}

final class DashboardViewController: UIViewController {
    private var ticker: StockTickerViewController?

    func showTicker() {
        let child = StockTickerViewController()
        addChild(child)
        view.addSubview(child.view)
        child.didMove(toParent: self)
        ticker = child
    }

    func hideTicker() {
        ticker?.willMove(toParent: nil)
        ticker?.view.removeFromSuperview()
        ticker?.removeFromParent()
        ticker = nil
    }
}

let dashboard = DashboardViewController()
let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = dashboard
window.makeKeyAndVisible()

scenario.at(.milliseconds(200), "show the ticker") { dashboard.showTicker() }
scenario.at(.milliseconds(2500), "hide the ticker") { dashboard.hideTicker() }

scenario.expect(.all, [
    "timers.fires": 4, "logs": 4, "logs[3].text": "quotes refreshed 4", "logs[3].at_ms": 4200,
    "logged": ["ticker deinit": 0],
    "leaks[0].class": "StockTickerViewController", "leaks[0].kind": "abandoned", "leaks[0].holder": "runloop",
])
