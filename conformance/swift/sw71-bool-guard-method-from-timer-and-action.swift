// sw71: a guard-style `loadSync() -> Bool` of several statements (`guard !isLoading else { return false }`, then
// `return true`) called from a repeating block timer (`if loader.loadSync()`) and from an action (`let started =
// loader.loadSync()`), on the real Foundation: the load takes 300 ms on a global queue, so the ticks and the action
// that come while it runs get `false`. The same code as scenarios/swift-pasted/feed-loader-guard-bool.swift.
import Foundation

let scenario = Scenario(
    "sw71 a Bool guard method called from a timer and an action", until: .seconds(2), variants: [.linuxCorelibs])

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
    .linuxCorelibs,
    [
        "crashed": false, "objects.leaked": 0, "logs": 6,
        "logs[0].text": "tick started load 1", "logs[0].at_ms": 200,
        "logs[1].text": "already loading", "logs[1].at_ms": 400,
        "logs[2].text": "tick started load 2", "logs[2].at_ms": 600,
        "logs[3].text": "already loading", "logs[3].at_ms": 700,
        "logs[4].text": "refresh started: false",
        "logs[5].text": "already loading", "logs[5].at_ms": 800,
    ])
