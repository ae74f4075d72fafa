// sw80: a poller's task, made in a method of a plain class, loops on `try await Task.sleep`; cancelling it makes the
// sleep throw CancellationError, which `catch is CancellationError` catches (swift stdlib/public/Concurrency/
// TaskSleep.swift); a second task's `try Task.checkCancellation()` throws it into a catch-all that prints the error
// as Swift writes it, `CancellationError()`. Both tasks are nonisolated (SE-0304: a task inherits the static
// isolation of the code that makes it, here none), so they run on the cooperative pool, as the real run shows.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw80 a cancelled poller catches CancellationError", until: .milliseconds(2500), variants: [.linuxCorelibs])

enum SyncError: Error { case offline }

final class Poller {
    private var task: Task<Void, Never>?
    private var watcher: Task<Void, Never>?
    private var rounds = 0

    func pause() async throws {
        try await Task.sleep(nanoseconds: 300_000_000)
        rounds += 1
    }

    func start() {
        task = Task {
            do {
                while true {
                    try await pause()
                    print("round \(rounds)")
                }
            } catch is CancellationError {
                print("poller cancelled after \(rounds) rounds")
            } catch {
                print("other error")
            }
        }
        watcher = Task {
            do {
                try await Task.sleep(nanoseconds: 2_000_000_000)
                try Task.checkCancellation()
                print("watched")
            } catch let e as SyncError {
                print("sync \(e)")
            } catch {
                print("watcher stopped: \(error)")
            }
        }
    }

    func stop() {
        task?.cancel()
        watcher?.cancel()
    }
}

let poller = Poller()
poller.start()
scenario.at(.milliseconds(1000), "stop") { poller.stop() }

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].text": "round 1", "logs[0].at_ms": 300, "logs[2].text": "round 3",
    "logs[3].text": "poller cancelled after 3 rounds", "logs[3].at_ms": 1000,
    "logs[4].text": "watcher stopped: CancellationError()", "logs[4].thread": "worker-1",
])
