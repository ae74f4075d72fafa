// models: scenarios/cookbook/objc/block-timer-captures-self.m
// Cookbook in Swift, the fix: the closure captures self weakly, so the pop frees the controller, whose deinit
// invalidates the timer. YAML twin: scenarios/cookbook/block-timer-captures-self-fix.yaml.
import UIKit

let scenario = Scenario(
    "A block timer with a weak self lets its controller go (cookbook, the fix, Swift)", until: .seconds(5),
    variants: [.ios10, .ios13])

class ClockVC: UIViewController {
    weak var timer: Timer?
    var ticks = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in  // FIX
            self?.ticks += 1
        }
    }

    deinit {
        timer?.invalidate()
    }
}

var vc: ClockVC? = ClockVC()
vc?.loadViewIfNeeded()
scenario.at(.milliseconds(1500), "pop the controller") { vc = nil }

scenario.expect(.all, ["objects.abandoned": 0, "objects.leaked": 0, "objects.deallocated": 3, "timers.fires": 1])
