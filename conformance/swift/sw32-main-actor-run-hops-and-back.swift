// sw32: `await MainActor.run { }` in a detached task hops to the main actor and back (c105 in Swift). Its body is a
// main-queue job, run once the main loop drains the queue; the main thread is busy until 300 ms in a main-queue
// block, so the body runs at 300 ms, on the main thread, and the task's code after it runs off the main thread.
import Foundation

let scenario = Scenario(
    "sw32 MainActor.run hops to the main queue and back", until: .seconds(1), variants: [.linuxCorelibs])

Task.detached {
    Thread.sleep(forTimeInterval: 0.1)
    print("detached work done")
    await MainActor.run {
        if Thread.isMainThread {
            print("body on the main thread")
        }
    }
    if !Thread.isMainThread {
        print("back off the main thread")
    }
}
DispatchQueue.main.async {
    Thread.sleep(forTimeInterval: 0.3)
    print("busy block ends")
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.6))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "detached work done", "logs[0].at_ms": 100, "logs[1].text": "busy block ends",
    "logs[1].at_ms": 300, "logs[2].text": "body on the main thread", "logs[2].at_ms": 300,
    "logs[3].text": "back off the main thread", "logs[3].at_ms": 300,
])
