// A profile screen loads through a loader whose `load()` throws `LoadError.timeout` while the network is slow and
// returns the profile's id once it is back. The screen calls it with `try` inside `do { … } catch`, logs what it
// caught, and retries from a one-shot `Timer` after 1 s; `catch LoadError.offline` gives up instead. `load()`
// calls a throwing `checkNetwork()` with a plain `try`, so its error passes through `load()` untouched, and
// `load()`'s `defer` logs on every exit, the throw's too (The Swift Programming Language, "Error Handling":
// "Propagating Errors Using Throwing Functions", "Specifying Cleanup Actions"). The screen's timer captures
// `[weak self]`, so when the screen is closed at 4 s it deinits and its pending retry does nothing.
import Foundation

let scenario = Scenario(
    "A loader that throws a timeout, a screen that retries with a Timer", until: .seconds(6),
    variants: [.ios13, .linuxCorelibs])

enum LoadError: Error {
    case timeout
    case offline
}

final class ProfileLoader {
    var slowAttempts = 2
    var attempts = 0

    func checkNetwork() throws {
        if slowAttempts > 0 {
            slowAttempts -= 1
            throw LoadError.timeout
        }
    }

    func load() throws -> Int {
        attempts += 1
        defer { print("attempt \(attempts) over") }
        try checkNetwork()
        print("network ok")
        return 42
    }
}

final class ProfileScreen {
    let loader = ProfileLoader()
    var retryTimer: Timer?
    var profileID = 0

    func refresh() {
        do {
            profileID = try loader.load()
            print("profile \(profileID)")
        } catch LoadError.offline {
            print("offline: giving up")
        } catch {
            print("load failed: \(error), retrying")
            retryTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
                self?.refresh()
            }
        }
    }

    deinit { print("ProfileScreen deinit") }
}

var screen: ProfileScreen? = ProfileScreen()
screen?.refresh()

scenario.at(.seconds(4), "close the screen") {
    screen = nil
}

scenario.expect(.all, [
    "logs": 8,
    "logs[0].text": "attempt 1 over", "logs[1].text": "load failed: timeout, retrying",
    "logs[2].text": "attempt 2 over", "logs[2].at_ms": 1000,
    "logs[4].text": "network ok", "logs[4].at_ms": 2000, "logs[5].text": "attempt 3 over",
    "logs[6].text": "profile 42", "logs[7].text": "ProfileScreen deinit", "logs[7].at_ms": 4000,
    "objects.leaked": 0,
])
