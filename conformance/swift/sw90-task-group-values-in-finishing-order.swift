// sw90: a task group whose children return values (SE-0304; the Swift book, "Task Groups"): three children sleep
// 300, 100 and 200 ms and return their sizes; `for await size in group` takes them in the order they finish
// (100, 200, 300 ms: swift TaskGroup.cpp's ready queue), and the body's `return total` is the group's value, which
// an async method returns and a main-actor task prints at 300 ms. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw90 task group values in finishing order", until: .seconds(1), variants: [.linuxCorelibs])

final class StorageModel {
    func folderSize(_ id: Int) async -> Int {
        try? await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
        return id * 10
    }

    func totalSize() async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for id in [3, 1, 2] {
                group.addTask { await self.folderSize(id) }
            }
            var total = 0
            for await size in group {
                total += size
                print("got \(size)")
            }
            return total
        }
    }
}

let storage = StorageModel()
Task { @MainActor in
    let total = await storage.totalSize()
    print("total \(total)")
}

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "got 10", "logs[0].at_ms": 100, "logs[1].text": "got 20", "logs[1].at_ms": 200,
    "logs[2].text": "got 30", "logs[2].at_ms": 300, "logs[3].text": "total 60", "logs[3].at_ms": 300,
])
