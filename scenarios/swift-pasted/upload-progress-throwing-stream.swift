// An upload's progress bridged from a callback API to async code with AsyncThrowingStream (SE-0314), as an engineer
// writes it: the uploader returns a stream whose build closure (run at once, inside the initializer) keeps the
// continuation in a property and starts a repeating Timer that reports progress; `onTermination` invalidates the
// timer with `[weak self]`. The screen's task reads it with `for try await` inside `do`/`catch`: the first upload
// stalls (`finish(throwing:)`), and its values come out before the error reaches `catch UploadError.stalled`
// (swift stdlib/public/Concurrency/AsyncStreamBuffer.swift, `_ThrowingStorage`: buffered values first, then the
// error once). The second upload's screen is closed while it waits: cancelling its task calls the termination
// handler with `.cancelled` on the cancelling thread and ends the loop without an error, so `catch is
// CancellationError` is not taken (`cancel()` calls `finish()` with no failure), and "video done" is printed. The
// second uploader still keeps the continuation in its property, so its stream stays alive at the end (screen ->
// uploader -> stream), terminated and empty.
import UIKit

let scenario = Scenario("upload progress through an AsyncThrowingStream", until: .seconds(3), variants: [.ios13])

enum UploadError: Error { case stalled, rejected }

final class Uploader {
    private var continuation: AsyncThrowingStream<Int, Error>.Continuation?
    private var timer: Timer?
    private var percent = 0
    private let stallsAt: Int

    init(stallsAt: Int) {
        self.stallsAt = stallsAt
    }

    func progress() -> AsyncThrowingStream<Int, Error> {
        AsyncThrowingStream { continuation in
            self.continuation = continuation
            self.timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] _ in
                self?.tick()
            }
            continuation.onTermination = { [weak self] termination in
                if case .cancelled = termination { print("upload cancelled") } else { print("upload finished") }
                self?.timer?.invalidate()
                self?.timer = nil
            }
        }
    }

    private func tick() {
        percent += 25
        if percent == stallsAt {
            continuation?.finish(throwing: UploadError.stalled)
            continuation = nil
        } else {
            _ = continuation?.yield(percent)
        }
    }
}

@MainActor
final class UploadScreen {
    let uploader: Uploader
    var task: Task<Void, Never>?
    let name: String

    init(name: String, stallsAt: Int) {
        self.name = name
        uploader = Uploader(stallsAt: stallsAt)
    }

    func appear() {
        task = Task {
            do {
                for try await percent in uploader.progress() {
                    print("\(name) \(percent)%")
                }
                print("\(name) done")
            } catch UploadError.stalled {
                print("\(name) stalled")
            } catch is CancellationError {
                print("\(name) cancellation error")
            } catch {
                print("\(name) failed")
            }
        }
    }

    func disappear() {
        task?.cancel()
    }
}

let photo = UploadScreen(name: "photo", stallsAt: 75)
photo.appear()
let video = UploadScreen(name: "video", stallsAt: 1000)
scenario.at(.milliseconds(1000), "open the video upload") { video.appear() }
scenario.at(.milliseconds(1600), "close the video upload") { video.disappear() }

scenario.expect(.all, [
    "logs": 8,
    "logs[0].text": "photo 25%", "logs[0].at_ms": 250,
    "logs[1].text": "photo 50%", "logs[1].at_ms": 500,
    "logs[2].text": "upload finished", "logs[2].at_ms": 750,
    "logs[3].text": "photo stalled", "logs[3].at_ms": 750,
    "logs[4].text": "video 25%", "logs[4].at_ms": 1250,
    "logs[5].text": "video 50%", "logs[5].at_ms": 1500,
    "logs[6].text": "upload cancelled", "logs[6].at_ms": 1600,
    "logs[7].text": "video done", "logs[7].at_ms": 1600,
])
