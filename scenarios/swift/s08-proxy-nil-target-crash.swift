// models: scenarios/swift/modelled/s08-weak-proxy.m
// S8's pitfall in Swift: the controller forgets to invalidate the timer in deinit. The timer and the proxy live on
// in the run loop; once the weak target is nil, forwardingTarget(for:) returns nil, the message goes to the proxy
// itself, which does not implement it: doesNotRecognizeSelector: raises at the next fire. (A proxy that swallows
// the message needs methodSignatureForSelector:, which Swift cannot write.)
// YAML twin: scenarios/s08-proxy-nil-target-crash.yaml.
import Foundation

let scenario = Scenario(
    "A proxy whose target is gone (S8, Swift)", covers: ["S8"], until: .seconds(5), variants: [.ios9, .ios10])

class WeakProxy: NSObject {
    weak var aTarget: ProxyVC?

    override func forwardingTarget(for aSelector: Selector!) -> Any? {
        return aTarget
    }
}

class ProxyVC: NSObject {
    weak var timer: Timer?

    func viewDidLoad() {
        let proxy = WeakProxy()
        proxy.aTarget = self
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: proxy, selector: #selector(tick), userInfo: nil, repeats: true)
    }

    @objc func tick() {
        print("tick")
    }
    // no deinit: nobody invalidates the timer
}

var vc: ProxyVC? = ProxyVC()
vc?.viewDidLoad()

scenario.at(.milliseconds(1500)) {  // pop the controller
    vc = nil
}

scenario.expect(.all, [
    "logs[0].text": "tick",  // the fire before the pop
    "crashed": true, "crash.at_ms": 2000,  // the first fire after the pop: doesNotRecognizeSelector:
])
