// sw145: a service that keeps its own serial queue, `private let api = DispatchQueue(label:
// "com.example.checkout-api")`, made twice in a function, as app code makes one per screen or per account. Each
// instance's `DispatchQueue(label:)` is a new queue (Apple: "Creates a new dispatch queue to which you can submit
// blocks"), so each runs its own two blocks one at a time, in order, while the two queues run side by side on two
// pool threads: a's blocks take 200 ms (done at 200 and 400 ms), b's 300 ms (done at 300 and 600 ms, not after
// a's). At 800 ms each service's count is read with `api.sync { }` on its own queue. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw145 a queue per instance", until: .milliseconds(1500), variants: [.linuxCorelibs])

final class CheckoutService {
    private let api = DispatchQueue(label: "com.example.checkout-api")
    private let name: String
    private let step: TimeInterval
    private var done = 0

    init(name: String, step: TimeInterval) {
        self.name = name
        self.step = step
    }

    func submit() {
        for order in 1...2 {
            api.async {
                Thread.sleep(forTimeInterval: self.step)
                self.done += 1
                print("\(self.name) order \(order) sent")
            }
        }
    }

    func completed() -> Int {
        api.sync { done }
    }
}

func makeService(_ name: String, step: TimeInterval) -> CheckoutService {
    CheckoutService(name: name, step: step)
}

let a = makeService("a", step: 0.2)
let b = makeService("b", step: 0.3)
a.submit()
b.submit()

scenario.at(.milliseconds(800), "reads the counts") {
    print("a \(a.completed()) b \(b.completed())")
}

scenario.expect(.linuxCorelibs, [
    "logs": 5,
    "logs[0].text": "a order 1 sent", "logs[0].at_ms": 200,
    "logs[1].text": "b order 1 sent", "logs[1].at_ms": 300,
    "logs[2].text": "a order 2 sent", "logs[2].at_ms": 400,
    "logs[3].text": "b order 2 sent", "logs[3].at_ms": 600,
    "logs[4].text": "a 2 b 2", "logs[4].at_ms": 800,
])
