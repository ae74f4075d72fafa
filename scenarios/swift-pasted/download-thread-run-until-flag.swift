// A downloader's thread runs its run loop until a one-shot timer on it sets `done`: the classic
// `while !done && RunLoop.current.run(mode:before:)` keeps the thread exactly as long as the work (Apple,
// RunLoop `run(mode:before:)`: false when the loop could not be started, true after it ran).
import Foundation

let scenario = Scenario("Run until done", until: .seconds(3), variants: [.ios13, .linuxCorelibs])

final class Downloader {
    var done = false

    func download() {
        Thread.detachNewThread {
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                self.done = true
                print("downloaded")
            }
            while !self.done && RunLoop.current.run(mode: .default, before: .distantFuture) {}
            print("worker exits")
        }
    }
}

let d = Downloader()
d.download()
scenario.expect(.all, ["logs[0].text": "downloaded", "logs[1].text": "worker exits", "threads.parked": 0])
