// models: scenarios/swift/modelled/s06-timer-target-self.m
// S6 in Swift: a repeating Timer whose target is the view controller. The run loop retains the timer and the
// timer retains its target, so popping the controller frees neither: deinit, which would invalidate the timer,
// never runs, and the tick keeps firing. YAML twin: scenarios/s06-timer-target-self.yaml.
import Foundation

let scenario = Scenario(
    "NSTimer with target self outlives its view controller (S6, Swift)",
    covers: ["S6"], until: .seconds(5), variants: [.ios9, .ios10])

class TimerVC: NSObject {
    var timer: Timer?
    var ticks = 0

    func viewDidLoad() {
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
    }

    @objc func tick() {
        ticks += 1
        print("tick (the log keeps printing after the pop)")
    }

    deinit {
        timer?.invalidate()  // never reached: deinit cannot run while the timer holds self
    }
}

var vc: TimerVC? = TimerVC()
vc?.viewDidLoad()

scenario.at(.milliseconds(1500), "pop the controller") {
    vc = nil
}

scenario.expect(.all, [
    "objects.abandoned": 2,  // the controller, and its timer whose only owner it is
    "leaks[0].class": "TimerVC", "leaks[0].kind": "abandoned",
    "leaks[0].path[0]": "runloop(main) mode default", "leaks[0].path[1]": "NSTimer timer",
    "timers.fires": 5,  // it never stopped
])
