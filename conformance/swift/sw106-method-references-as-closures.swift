// sw106: a method named where a closure is expected is a closure that holds its object strongly (the Swift book,
// "Automatic Reference Counting" › "Strong Reference Cycles for Closures"): a Timer's `block: tick`, a main-queue
// observer's `using: handleNote`, `DispatchQueue.main.async(execute: work)` and `items.forEach(process)` call the
// methods; the ticker never deinits once the scenario lets go of it (the center's observer holds it through
// `handleNote`, and it holds itself through `onTick = handleTick`), while the relay, held only by its queued `work`,
// deinits right after `work` has run.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw106 method references as closures", until: .seconds(4), variants: [.linuxCorelibs])

extension Notification.Name {
    static let reset = Notification.Name("Reset")
}

final class Ticker {
    var onTick: ((Int) -> Void)?
    var count = 0
    var timer: Timer?
    var token: NSObjectProtocol?

    func start() {
        onTick = handleTick
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true, block: tick)
        token = NotificationCenter.default.addObserver(forName: .reset, object: nil, queue: .main, using: handleNote)
    }

    func tick(_ t: Timer) {
        count += 1
        onTick?(count)
        if count == 3 {
            t.invalidate()
        }
    }

    func handleTick(_ n: Int) {
        print("tick \(n)")
    }

    func handleNote(_ note: Notification) {
        count = 0
        print("reset")
    }

    deinit {
        print("ticker gone")
    }
}

final class Relay {
    var items = [1, 2, 3]
    var total = 0

    func send() {
        DispatchQueue.main.async(execute: work)
    }

    func work() {
        items.forEach(process)
        print("sent \(total)")
    }

    func process(_ item: Int) {
        total += item
    }

    deinit {
        print("relay gone")
    }
}

var ticker: Ticker? = Ticker()
ticker?.start()
var relay: Relay? = Relay()

scenario.at(.milliseconds(1200), "reset") {
    NotificationCenter.default.post(name: .reset, object: nil)
}
scenario.at(.milliseconds(1800), "send") {
    relay?.send()
    relay = nil
    ticker = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "tick 1", "logs[0].at_ms": 500,
    "logs[1].text": "tick 2", "logs[1].at_ms": 1000,
    "logs[2].text": "reset", "logs[2].at_ms": 1200,
    "logs[3].text": "tick 1", "logs[3].at_ms": 1500,
    "logs[4].text": "sent 6", "logs[4].at_ms": 1800,
    "logs[5].text": "relay gone", "logs[5].at_ms": 1800,
    "logs[6].text": "tick 2", "logs[7].text": "tick 3", "logs[7].at_ms": 2500,
    "leaks[0].class": "Ticker", "objects.deallocated": 3,
])
