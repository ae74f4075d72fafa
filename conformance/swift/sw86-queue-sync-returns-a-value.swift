// sw86: the reader of the reader-writer pattern, `queue.sync { items.count }` used as a value — returned by a
// computed property and a method, stored into a local, and read inside an interpolation. `DispatchQueue.sync`
// returns what its closure returns after running it on the queue while the caller waits (swift-corelibs-libdispatch
// Queue.swift, `sync<T>(execute:)`); on a concurrent queue the read waits behind the barrier writes queued before it.
// Real and simulated on Linux.
import Foundation
let scenario = Scenario("sw86 queue.sync as a value", until: .seconds(2), variants: [.linuxCorelibs])
final class Cache {
    private let queue = DispatchQueue(label: "cache", attributes: .concurrent)
    private var items: [String] = []
    var count: Int { return queue.sync { items.count } }
    func add(_ s: String) {
        queue.async(flags: .barrier) {
            Thread.sleep(forTimeInterval: 0.2)
            self.items.append(s)
        }
    }
    func first() -> String { return queue.sync { items[0] } }
    func report() {
        let n = queue.sync { items.count }
        print("cached \(n), \(count) again, \(queue.sync { self.items.count }) inline, first \(first())")
    }
}
let cache = Cache()
cache.add("a")
cache.add("b")
DispatchQueue.global().async { cache.report() }
scenario.expect(.linuxCorelibs, ["logs": 1, "logs[0].text": "cached 2, 2 again, 2 inline, first a", "logs[0].at_ms": 400])
