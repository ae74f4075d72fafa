// models: scenarios/swift/modelled/s08-weak-proxy.m
// S8 in Swift: Swift cannot subclass NSProxy, so its weak proxy is an NSObject subclass that hands every message
// it does not implement to its weak target through forwardingTarget(for:). The timer retains the proxy, not the
// controller; popped, the controller deinits and invalidates the timer. YAML twin: scenarios/s08-weak-proxy.yaml.
import Foundation

let scenario = Scenario(
    "A weak proxy breaks the timer cycle (S8, Swift)", covers: ["S8"], until: .seconds(5), variants: [.ios9, .ios10])

class WeakProxy: NSObject {
    weak var aTarget: ProxyVC?

    override func forwardingTarget(for aSelector: Selector!) -> Any? {
        return aTarget
    }
}

class ProxyVC: NSObject {
    var timer: Timer?

    func viewDidLoad() {
        let proxy = WeakProxy()
        proxy.aTarget = self
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: proxy, selector: #selector(tick), userInfo: nil, repeats: true)
    }

    @objc func tick() {
        print("tick")
    }

    deinit {
        timer?.invalidate()  // the proxy alone does not stop the timer
    }
}

var vc: ProxyVC? = ProxyVC()
vc?.viewDidLoad()

scenario.at(.milliseconds(1500)) {  // pop the controller
    vc = nil
}

scenario.expect(.all, ["objects.leaked": 0, "objects.abandoned": 0, "crashed": false, "timers.fires": 1])
