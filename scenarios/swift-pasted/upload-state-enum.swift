// An upload manager whose state is an enum: the server refuses the first two attempts, and a retry policy with an
// Int raw value allows two retries, each half a second after a failure. The answer comes 1 s after each attempt
// (attempts at 0, 1.5 and 3 s; failures at 1 and 2.5 s; success at 4 s). A second tap at 5 s finds the state
// `.done` and starts nothing. The closures capture `self` weakly, so nothing leaks.
import Foundation

let scenario = Scenario(
    "Pasted: an uploader's state enum drives its retries", until: .seconds(8), variants: [.ios10, .ios13])

enum UploadState {
    case idle, uploading, failed
    case done
}

enum RetryPolicy: Int {
    case never
    case once
    case twice
}

final class UploadManager {
    private var state: UploadState = .idle
    private(set) var attempts = 0
    private var retryTimer: Timer?
    private let policy: RetryPolicy = .twice

    func start() {
        guard state == .idle else { return }
        begin()
    }

    private func begin() {
        state = .uploading
        attempts += 1
        print("attempt \(attempts)")
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.uploadEnded()
        }
    }

    private func uploadEnded() {
        if attempts < 3 {
            state = .failed
        } else {
            state = .done
        }
        switch state {
        case .failed:
            scheduleRetry()
        case .done:
            print("uploaded")
        case .idle, .uploading:
            break
        }
    }

    private func scheduleRetry() {
        guard attempts <= policy.rawValue else {
            print("giving up")
            return
        }
        retryTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
            self?.retry()
        }
    }

    private func retry() {
        guard case .failed = state else { return }
        begin()
    }
}

let manager = UploadManager()
manager.start()

scenario.at(.seconds(5), "tap upload again") {
    manager.start()
    scenario.sample("attempts", manager.attempts)
}

scenario.expect(.all, [
    "logs": 4, "logs[1].at_ms": 1500, "logs[2].at_ms": 3000, "logs[3].at_ms": 4000, "timers.fires": 2,
    "samples[0].value": 3, "objects.leaked": 0,
])
