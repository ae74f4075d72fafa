// sw81: an OperationQueue kept in a `let` property, width 1 from `init`, three 300 ms operations added at 0, and
// the width raised to 3 by a method at 100 ms. The first operation runs alone; the raise starts what the new width
// allows at once (corelibs' `maxConcurrentOperationCount` setter stores the count and calls `_schedule()`), bounded
// on linux-corelibs by the pool that runs operations (the variant's `operationQueuePoolWidth`, 2): the second ends at
// 400 ms, the third after the first, at 600 ms.
import Foundation

let scenario = Scenario(
    "sw81 an operation queue widened by a method", until: .seconds(2), variants: [.linuxCorelibs])

final class Importer {
    private let queue = OperationQueue()

    init() {
        queue.maxConcurrentOperationCount = 1
    }

    func load() {
        for i in 0..<3 {
            queue.addOperation {
                Thread.sleep(forTimeInterval: 0.3)
                print("op \(i)")
            }
        }
    }

    func widen() {
        queue.maxConcurrentOperationCount = 3
    }
}

let importer = Importer()
importer.load()
scenario.at(.milliseconds(100), "widen") { importer.widen() }

scenario.expect(.linuxCorelibs, ["logs": 3, "logs[0].at_ms": 300, "logs[1].at_ms": 400, "logs[2].at_ms": 600])
