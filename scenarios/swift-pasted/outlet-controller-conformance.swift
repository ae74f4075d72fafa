// A storyboard-style controller: `@IBOutlet weak var`, `override` lifecycle methods, an empty protocol conformance
// in an extension (`extension … : UIScrollViewDelegate {}`, whose optional methods it does not implement), and the
// timer stopped in `viewWillDisappear`, the usual fix for S6: UIKit calls `viewWillDisappear(_:)` before the pop
// (Apple, UIViewController), the timer is invalidated and releases its target, and the controller is freed.
import UIKit

let scenario = Scenario(
    "Pasted: a storyboard controller stops its timer when it disappears", until: .seconds(5),
    variants: [.ios9, .ios10])

final class ClockViewController: UIViewController {
    @IBOutlet weak var timeLabel: UILabel!
    private var clock: Timer?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        clock = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(updateTime), userInfo: nil, repeats: true)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        clock?.invalidate()
        clock = nil
    }

    @objc func updateTime() {
        print("tick")
    }
}

extension ClockViewController: UIScrollViewDelegate {}

let root = RootViewController()
let nav = UINavigationController(rootViewController: root)

final class RootViewController: UIViewController {}

scenario.at(.milliseconds(500), "open the clock") {
    nav.pushViewController(ClockViewController(), animated: true)
}
scenario.at(.milliseconds(2700), "back") {
    nav.popViewController(animated: true)
}

scenario.expect(.all, ["objects.leaked": 0, "objects.abandoned": 0, "logs": 2])
