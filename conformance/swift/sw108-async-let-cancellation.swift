// sw108: an `async let` child is a child task (SE-0317), so cancelling its parent cancels it (SE-0304,
// "Cancellation"): a child in a 1 s `try? await Task.sleep` wakes at the parent's cancel at 300 ms and reads
// `Task.isCancelled` true, and the parent awaiting it goes on then. A function that returns without awaiting its
// `async let` cancels the child and waits for it on the way out (SE-0317: "if the scope exits without awaiting an
// async let, the child task is implicitly cancelled and then awaited"; swift stdlib/public/Concurrency/AsyncLet.cpp
// `swift_asyncLet_finish`): the child's 500 ms sleep ends at once, and the caller goes on only after the child has
// returned. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw108 async let cancellation", until: .seconds(2), variants: [.linuxCorelibs])

final class Probe {
    func waitOneSecond() async -> Bool {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        print("child cancelled \(Task.isCancelled)")
        return Task.isCancelled
    }
}

final class Cache {
    func warm() async -> Int {
        try? await Task.sleep(nanoseconds: 500_000_000)
        print("warm cancelled \(Task.isCancelled)")
        return 1
    }
}

final class Screen {
    let cache = Cache()
    var fast = true

    func load() async {
        async let warmed = cache.warm()
        if fast {
            print("fast path return")
            return
        }
        print("slow \(await warmed)")
    }
}

let probe = Probe()
let screen = Screen()
let parent = Task {
    async let seen = probe.waitOneSecond()
    let cancelled = await seen
    print("parent got \(cancelled)")
}
Task { @MainActor in
    await screen.load()
    print("caller continues")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
    parent.cancel()
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 1.5))

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].text": "fast path return", "logs[0].at_ms": 0, "logs[1].text": "warm cancelled true",
    "logs[1].at_ms": 0, "logs[2].text": "caller continues", "logs[2].at_ms": 0,
    "logs[3].text": "child cancelled true", "logs[3].at_ms": 300, "logs[4].text": "parent got true",
    "logs[4].at_ms": 300,
])
