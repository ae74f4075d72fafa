// sw31: task.cancel() wakes a sleeping task at once (c102 in Swift). A main-actor loop
// `while !Task.isCancelled { …; try? await Task.sleep }` ticks every 200 ms and ends right at the cancel, not at its
// next deadline (the sleep's cancellation handler resumes it, swift stdlib/public/Concurrency/TaskSleep.swift); a
// detached task in `try await Task.sleep` ends there, the rest of its closure never running.
import Foundation

let scenario = Scenario(
    "sw31 cancel wakes a sleeping task", until: .seconds(2), variants: [.linuxCorelibs])

class Poller {
    var task: Task<Void, Never>?
    var other: Task<Void, Error>?

    func start() {
        task = Task { @MainActor in
            while !Task.isCancelled {
                print("tick")
                try? await Task.sleep(for: .milliseconds(200))
            }
            print("loop ended")
        }
        other = Task.detached {
            try await Task.sleep(for: .seconds(1))
            print("never after a thrown CancellationError")
        }
    }

    func stop() {
        task?.cancel()
        other?.cancel()
    }
}

let poller = Poller()
poller.start()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    print("cancelling")
    poller.stop()
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 1.5))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "tick", "logs[1].at_ms": 200, "logs[2].at_ms": 400, "logs[3].text": "cancelling",
    "logs[3].at_ms": 500, "logs[4].text": "loop ended", "logs[4].at_ms": 500, "logs[5].text": "done",
])
