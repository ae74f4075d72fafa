// sw124: a retry with exponential backoff on a Timer whose delay is `pow(2.0, Double(attempt - 1))` (Foundation's
// `pow`, glibc's on Linux) times a base of 0.1 s: attempts at 0, 100, 300 and 700 ms, the fourth succeeding. The
// requests in flight are kept in a `Set<String>`: a second start of a key in flight is skipped, `insert` of a member
// changes nothing, the finished key leaves the set, and the keys are printed sorted (a Set's own order is
// unspecified). A search field's text is trimmed with `.whitespaces` and `.whitespacesAndNewlines` first. Real and
// simulated on Linux.
import Foundation

let scenario = Scenario("sw124 pow backoff and an in-flight Set", until: .seconds(2), variants: [.linuxCorelibs])

final class Fetcher {
    private var inFlight: Set<String> = []
    private var attempt = 0
    private let baseDelay: TimeInterval = 0.1
    private var retryTimer: Timer?

    func start(_ key: String) {
        if inFlight.contains(key) {
            print("\(key) already in flight")
            return
        }
        inFlight.insert(key)
        inFlight.insert(key)
        print("started \(key) in flight \(inFlight.count)")
    }

    func attemptFetch(_ key: String) {
        attempt += 1
        print("attempt \(attempt)")
        if attempt >= 4 {
            inFlight.remove(key)
            print("fetched \(key) left \(inFlight.count) empty \(inFlight.isEmpty)")
            return
        }
        let delay = baseDelay * pow(2.0, Double(attempt - 1))
        retryTimer = Timer.scheduledTimer(withTimeInterval: delay, repeats: false) { [weak self] _ in
            self?.attemptFetch(key)
        }
    }

    func listInFlight() {
        for key in inFlight.sorted() {
            print("in flight: \(key)")
        }
    }
}

let fetcher = Fetcher()
let query = "  feed \t".trimmingCharacters(in: .whitespaces)
let other = " avatar  ".trimmingCharacters(in: .whitespacesAndNewlines)
fetcher.start(query)
fetcher.start(other)
fetcher.listInFlight()
fetcher.attemptFetch(query)
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
    fetcher.start("feed")
}

scenario.expect(.linuxCorelibs, [
    "logs": 10,
    "logs[0].text": "started feed in flight 1", "logs[0].at_ms": 0,
    "logs[1].text": "started avatar in flight 2", "logs[1].at_ms": 0,
    "logs[2].text": "in flight: avatar", "logs[2].at_ms": 0,
    "logs[3].text": "in flight: feed", "logs[3].at_ms": 0,
    "logs[4].text": "attempt 1", "logs[4].at_ms": 0,
    "logs[5].text": "feed already in flight", "logs[5].at_ms": 50,
    "logs[6].text": "attempt 2", "logs[6].at_ms": 100,
    "logs[7].text": "attempt 3", "logs[7].at_ms": 300,
    "logs[8].text": "attempt 4", "logs[8].at_ms": 700,
    "logs[9].text": "fetched feed left 1 empty false", "logs[9].at_ms": 700,
])
