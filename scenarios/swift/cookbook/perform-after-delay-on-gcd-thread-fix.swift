// models: scenarios/cookbook/objc/perform-after-delay-on-gcd-thread.m
// The fix of perform-after-delay-on-gcd-thread.swift: the GCD block hops to the main thread first, so the delayed
// request lands in the main run loop, which UIKit runs: the spinner hides at 0.7 s and the popped controller is
// freed. YAML twin: scenarios/cookbook/perform-after-delay-on-gcd-thread-fix.yaml.
import Foundation

let scenario = Scenario(
    "performSelector afterDelay on a GCD thread (the fix, perform on the main thread first, Swift)",
    until: .seconds(5), variants: [.ios9, .ios10, .ios13])

class SpinnerVC: NSObject {
    var spinning = true

    func load() {
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.2)
            self.performSelector(onMainThread: #selector(self.scheduleHide), with: nil, waitUntilDone: false)  // FIX
        }
    }

    @objc func scheduleHide() {
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
    "logs[0].text": "spinner hidden", "logs[0].at_ms": 700, "logs[0].thread": "main", "objects.leaked": 0,
    "objects.abandoned": 0, "objects.deallocated": 3,
])
