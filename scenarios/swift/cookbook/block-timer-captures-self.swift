// models: scenarios/cookbook/objc/block-timer-captures-self.m
// Cookbook in Swift: a block-based Timer (iOS 10) whose closure uses self strongly. The run loop keeps the timer,
// the timer its closure, the closure the controller: deinit, which would invalidate the timer, never runs.
// YAML twin: scenarios/cookbook/block-timer-captures-self.yaml.
import UIKit

let scenario = Scenario(
    "A block timer that captures self keeps its controller (cookbook, Swift)", until: .seconds(5),
    variants: [.ios10, .ios13])

class ClockVC: UIViewController {
    weak var timer: Timer?
    var ticks = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.ticks += 1
        }
    }

    deinit {
        timer?.invalidate()
    }
}

var vc: ClockVC? = ClockVC()
vc?.loadViewIfNeeded()
scenario.at(.milliseconds(1500), "pop the controller") { vc = nil }

scenario.expect(.all, [
    "objects.abandoned": 3, "leaks[0].class": "ClockVC", "leaks[0].path[0]": "runloop(main) mode default",
    "leaks[0].path[2]": "block#1", "timers.fires": 5,
])
