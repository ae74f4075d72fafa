// sw126: closures called for their value and a work item returned by a method. A get-or-compute cache on a serial
// queue calls its `() -> Int` closure inside `queue.sync` (on the caller's thread, the queue held), stores the
// value and returns it; a second read of the key does not call the closure. A stored `(Int) -> String` formatter
// and a `(Int) -> Bool` filter are called for their values from a repeating Timer's block. A method returns the
// DispatchWorkItem it scheduled with asyncAfter; the caller keeps it and cancels it before it is due, so only the
// item it did not cancel runs. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw126 closure values and returned work items", until: .seconds(2), variants: [.linuxCorelibs])

final class SizeCache {
    private var sizes: [String: Int] = [:]
    private let queue = DispatchQueue(label: "sw126.cache")

    func size(for key: String, orCompute compute: () -> Int) -> Int {
        return queue.sync {
            if let cached = sizes[key] {
                return cached
            }
            let value = compute()
            sizes[key] = value
            return value
        }
    }
}

final class Ticker {
    var format: (Int) -> String
    var keeps: (Int) -> Bool
    var count = 0
    var timer: Timer?

    init() {
        format = { n in "tick \(n)" }
        keeps = { $0 % 2 == 1 }
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] t in
            guard let self = self else { return }
            self.count += 1
            let shown = self.keeps(self.count)
            if shown {
                let text = self.format(self.count)
                print(text)
            }
            if self.count == 4 {
                t.invalidate()
            }
        }
    }
}

final class Loader {
    @discardableResult
    func load(_ name: String, after delay: TimeInterval) -> DispatchWorkItem {
        let item = DispatchWorkItem {
            print("loaded \(name)")
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
        return item
    }
}

final class Screen {
    let cache = SizeCache()
    let loader = Loader()
    var pending: DispatchWorkItem?
    var computed = 0

    func layout(_ key: String) {
        let size = cache.size(for: key) {
            computed += 1
            print("computing \(key)")
            return 40 + computed
        }
        print("\(key) size \(size)")
    }

    func open() {
        pending = loader.load("slow", after: 0.8)
        loader.load("fast", after: 0.6)
    }

    func leave() {
        pending?.cancel()
        pending = nil
        print("left")
    }
}

let screen = Screen()
let ticker = Ticker()
screen.layout("title")
screen.layout("title")
screen.layout("body")
ticker.start()
screen.open()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
    screen.leave()
}

scenario.expect(.linuxCorelibs, [
    "logs": 9,
    "logs[0].text": "computing title",
    "logs[1].text": "title size 41",
    "logs[2].text": "title size 41",
    "logs[3].text": "computing body",
    "logs[4].text": "body size 42",
    "logs[5].text": "tick 1", "logs[5].at_ms": 100,
    "logs[6].text": "tick 3", "logs[6].at_ms": 300,
    "logs[7].text": "loaded fast", "logs[7].at_ms": 600,
    "logs[8].text": "left", "logs[8].at_ms": 700,
    "logged": ["loaded slow": 0],
    "objects.leaked": 0,
])
