// sw94: a one-file app's top-level names used from its classes. A global of main.swift is one storage that every
// method, closure and deinit reads and writes, and a closure does not capture it; a global function captures
// nothing (the Swift book, "Closures" › "Global and Nested Functions"). A ticker's timer closure counts into the
// top-level `var ticks` and stops itself at the third fire (300 ms); the top-level function `record` numbers each
// entry in the top-level `ledger`, called from the top-level code, a method and a deinit. Releasing the ticker's
// top-level `var` at 500 ms runs its deinit then.
import Foundation

let scenario = Scenario("sw94 top-level names used from class code", until: .seconds(1),
                        variants: [.linuxCorelibs])

final class Ledger {
    var entries = 0
}

let ledger = Ledger()
var ticks = 0

func record(_ what: String) {
    ledger.entries += 1
    print("\(what) #\(ledger.entries)")
}

final class Ticker {
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
            ticks += 1
            if ticks == 3 {
                self?.stop()
            }
        }
    }

    func stop() {
        timer?.invalidate()
        record("stopped after \(ticks)")
    }

    deinit {
        record("ticker freed")
    }
}

var ticker: Ticker? = Ticker()
ticker?.start()
record("launch")

scenario.at(.milliseconds(500), "leave") {
    ticker = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "launch #1", "logs[0].at_ms": 0,
    "logs[1].text": "stopped after 3 #2", "logs[1].at_ms": 300,
    "logs[2].text": "ticker freed #3", "logs[2].at_ms": 500,
    "objects.leaked": 0,
])
