// sw115: a reader-writer cache whose get-or-compute reads on a concurrent queue with a `sync` closure of several
// statements used as a value: an early `return` of the cached value, else a computed one returned at the end
// (`DispatchQueue.sync<T>(execute:)` returns what the closure returns; swift-corelibs-libdispatch Queue.swift,
// `_syncHelper`). Writes are barrier blocks that take 200 ms; a read queued after one waits for it and sees the
// value. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw115 a sync closure of several statements", until: .seconds(2), variants: [.linuxCorelibs])

final class LayoutCache {
    private let queue = DispatchQueue(label: "layout", attributes: .concurrent)
    private var heights: [String: Int] = [:]

    func height(for key: String, estimate: Int) -> Int {
        return queue.sync { () -> Int in
            if let cached = heights[key] {
                return cached
            }
            let guess = estimate * 2
            if guess > 100 {
                return 100
            }
            return guess
        }
    }

    func store(_ height: Int, for key: String) {
        queue.async(flags: .barrier) {
            Thread.sleep(forTimeInterval: 0.2)
            self.heights[key] = height
        }
    }
}

let cache = LayoutCache()
scenario.at(.milliseconds(100), "lays out rows") {
    let a = cache.height(for: "a", estimate: 30)
    let b = cache.height(for: "b", estimate: 70)
    print("a \(a) b \(b)")
    cache.store(44, for: "a")
    DispatchQueue.global().async {
        let again = cache.height(for: "a", estimate: 30)
        print("a again \(again)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 2,
    "logs[0].text": "a 60 b 100", "logs[0].at_ms": 100,
    "logs[1].text": "a again 44", "logs[1].at_ms": 300,
])
