// sw66: a thread kept alive until a flag. A downloader's block on a GCD worker runs that thread's run loop with
// the idiom `while !done && RunLoop.current.run(mode: .default, before: .distantFuture) {}`:
// `run(mode:before:)` returns false at once while the mode is empty (no timer, no source yet), true after each
// activation (Apple, `run(mode:before:)`: "false if the run loop could not be started";
// swift-corelibs-foundation RunLoop.swift), and `&&` calls it only while the flag is unset. A one-shot timer at
// 300 ms sets the flag; its fire ends the activation, the loop reads the flag and the block returns at 300 ms.
// (A GCD worker, not a named `Thread`: the real side logs a `Thread` named before `start()` as `App`.)
import Foundation

let scenario = Scenario(
    "sw66 run(mode:before:) in a flag loop keeps a thread until the flag", until: .seconds(1),
    variants: [.linuxCorelibs])

final class Downloader {
    private var done = false

    func start() {
        DispatchQueue.global().async {
            if !RunLoop.current.run(mode: .default, before: .distantFuture) {
                print("empty mode: not started")
            }
            Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in
                self.done = true
                print("downloaded")
            }
            var turns = 0
            while !self.done && RunLoop.current.run(mode: .default, before: .distantFuture) {
                turns += 1
            }
            print("worker leaves after \(turns) turn")
        }
    }
}

let downloader = Downloader()
downloader.start()

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "empty mode: not started", "logs[1].text": "downloaded", "logs[1].at_ms": 300,
    "logs[2].text": "worker leaves after 1 turn", "logs[2].at_ms": 300, "threads.parked": 0,
])
