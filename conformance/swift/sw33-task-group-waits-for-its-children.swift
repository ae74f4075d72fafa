// sw33: a task group's children run on the cooperative pool, queued in order, and the parent waits for all of them
// (c117 in Swift; swift TaskGroup.cpp, waitForAll). On 2 cores, children that take their threads for 200, 100 and
// 100 ms end at 100, 200 and 200 ms, and the main-actor parent goes on at 200 ms on the main thread.
import Foundation

let scenario = Scenario(
    "sw33 a task group waits for its children", until: .seconds(1), variants: [.linuxCorelibs])

Task { @MainActor in
    print("group starts")
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            Thread.sleep(forTimeInterval: 0.2)
            print("child 0 done")
        }
        group.addTask {
            Thread.sleep(forTimeInterval: 0.1)
            print("child 1 done")
        }
        group.addTask {
            Thread.sleep(forTimeInterval: 0.1)
            print("child 2 done")
        }
    }
    if Thread.isMainThread {
        print("group ended on the main thread")
    }
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "group starts", "logs[1].text": "child 1 done", "logs[1].at_ms": 100, "logs[2].at_ms": 200,
    "logs[3].at_ms": 200, "logs[4].text": "group ended on the main thread", "logs[4].at_ms": 200,
])
