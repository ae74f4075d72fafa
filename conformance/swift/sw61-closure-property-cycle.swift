// sw61: two tickers keep their tick handler in a closure property; the first's handler uses self strongly (the
// cycle self -> onTick -> closure -> self: it never deinits), the second's captures self weakly and deinits when
// the action lets it go.
import Foundation

let scenario = Scenario("sw61 a closure property's cycle", until: .seconds(2), variants: [.linuxCorelibs])

final class StrongTicker {
    var onTick: (() -> Void)?
    var count = 0

    func start() {
        onTick = {
            self.count += 1
            print("strong tick")
        }
    }

    func tick() {
        onTick?()
    }

    deinit {
        print("strong deinit")
    }
}

final class WeakTicker {
    var onTick: (() -> Void)?
    var count = 0

    func start() {
        onTick = { [weak self] in
            self?.count += 1
            print("weak tick")
        }
    }

    func tick() {
        onTick?()
    }

    deinit {
        print("weak deinit")
    }
}

var kept: StrongTicker? = StrongTicker()
kept?.start()
kept?.tick()
var freed: WeakTicker? = WeakTicker()
freed?.start()
freed?.tick()
scenario.at(.seconds(1), "let both go") {
    kept = nil
    freed = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "strong tick", "logs[1].text": "weak tick", "logs[2].text": "weak deinit",
    "logs[2].at_ms": 1000, "objects.leaked": 2,
])
