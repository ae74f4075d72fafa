// models: scenarios/cookbook/objc/perform-after-delay-on-gcd-thread.m
// Cookbook in Swift: perform(_:with:afterDelay:) from a GCD block puts a timer in the pool thread's run loop, which
// nobody runs: the spinner never hides, and the request keeps the popped controller for ever.
// YAML twin: scenarios/cookbook/perform-after-delay-on-gcd-thread.yaml.
import Foundation

let scenario = Scenario(
    "performSelector afterDelay on a GCD thread never fires and keeps its target (the bug, Swift)",
    until: .seconds(5), variants: [.ios9, .ios10, .ios13])

class SpinnerVC: NSObject {
    var spinning = true

    func load() {
        DispatchQueue.global().async {  // the response is parsed off the main thread
            Thread.sleep(forTimeInterval: 0.2)
            self.scheduleHide()
        }
    }

    func scheduleHide() {
        perform(#selector(hideSpinner), with: nil, afterDelay: 0.5)
    }

    @objc func hideSpinner() {
        spinning = false
        print("spinner hidden")
    }
}

var vc: SpinnerVC? = SpinnerVC()
vc?.load()

scenario.at(.seconds(2), "pop the controller") {
    vc = nil
}

scenario.expect(.all, [
    "logs[0].text": nil, "objects.leaked": 0, "objects.abandoned": 1, "leaks[0].class": "SpinnerVC",
    "leaks[0].kind": "abandoned", "leaks[0].path[0]": "runloop(worker-1) perform requests",
    "leaks[0].path[1]": "NSTimer perform hideSpinner",
])
