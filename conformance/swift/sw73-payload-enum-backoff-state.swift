// sw73: an enum with associated values drives a retry with exponential backoff. A 100 ms timer polls; each failed
// poll moves the state to `.waiting(attempt:)` and schedules the next after `1 << attempt` tenths of a second; the
// fourth attempt gives up. Swift's `print` writes a case with its values (`waiting(attempt: 2)`); a `where` clause
// and a default argument choose the message. Real and simulated on Linux (the Swift book, "Enumerations" >
// "Associated Values"; "Control Flow" > "Where"; "Functions" > "Default Parameter Values").
import Foundation

let scenario = Scenario(
    "sw73 payload enum: a backoff's state", until: .milliseconds(2500), variants: [.linuxCorelibs])

enum RetryState {
    case idle
    case waiting(attempt: Int)
    case failed(Int, final: Bool)
}

final class Retrier {
    private var state: RetryState = .idle
    private let limit = 3

    func start() { schedule() }

    private func schedule(attempt: Int = 0) {
        state = .waiting(attempt: attempt)
        print("state", state)
        let delay = Double(1 << attempt) / 10
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.poll()
        }
    }

    private func poll() {
        switch state {
        case .waiting(let attempt) where attempt >= limit:
            state = .failed(attempt, final: true)
            print("gave up:", state)
        case .waiting(let attempt):
            schedule(attempt: attempt + 1)
        default:
            print("unexpected")
        }
    }
}

let retrier = Retrier()
retrier.start()

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].text": "state waiting(attempt: 0)", "logs[1].text": "state waiting(attempt: 1)",
    "logs[1].at_ms": 100, "logs[3].text": "state waiting(attempt: 3)", "logs[3].at_ms": 700,
    "logs[4].text": "gave up: failed(3, final: true)", "logs[4].at_ms": 1500,
])
