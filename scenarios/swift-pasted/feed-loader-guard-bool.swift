// A feed loader whose `loadSync() -> Bool` refuses to start a second load while one runs: the guard-style method of
// several statements, returning `false` early from a `guard` and `true` at its end, called from a repeating timer
// (`if loader.loadSync() { … }`) and from a pull-to-refresh action (`let started = …`). A method's value is what its
// `return` computes (The Swift Programming Language, "Functions" › "Functions With Return Values"; "Early Exit" for
// `guard`); the load itself takes 300 ms on a background queue, then clears the flag on the main queue. The timer
// fires every 200 ms: at 200 ms it starts load 1, at 400 ms the load is still running (guard), at 600 ms load 2
// starts; the refresh at 700 ms and the tick at 800 ms find load 2 running. The view model holds the loader and the timer holds the view
// model weakly, so nothing is left behind once the timer is invalidated.
import Foundation

let scenario = Scenario(
    "Pasted: a Bool loadSync guard called from a timer and a refresh", until: .seconds(2),
    variants: [.ios10, .ios13, .linuxCorelibs])

final class FeedLoader {
    private var isLoading = false
    private var loads = 0

    func loadCount() -> Int { loads }

    func loadSync() -> Bool {
        guard !isLoading else {
            print("already loading")
            return false
        }
        isLoading = true
        loads += 1
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            DispatchQueue.main.async {
                self.isLoading = false
            }
        }
        return true
    }
}

final class FeedViewModel {
    let loader = FeedLoader()
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            guard let self = self else { return }
            if self.loader.loadSync() {
                print("tick started load \(self.loader.loadCount())")
            }
        }
    }

    func refresh() {
        let started = loader.loadSync()
        print("refresh started: \(started)")
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

let model = FeedViewModel()
model.start()

scenario.at(.milliseconds(700), "pull to refresh") { model.refresh() }
scenario.at(.milliseconds(900), "leave the screen") { model.stop() }

scenario.expect(
    .all,
    [
        "crashed": false, "objects.leaked": 0, "logs": 6,
        "logs[0].text": "tick started load 1", "logs[0].at_ms": 200,
        "logs[1].text": "already loading", "logs[1].at_ms": 400,
        "logs[2].text": "tick started load 2", "logs[2].at_ms": 600,
        "logs[3].text": "already loading", "logs[3].at_ms": 700,
        "logs[4].text": "refresh started: false",
        "logs[5].text": "already loading", "logs[5].at_ms": 800,
    ])
