// A gallery prefetching its thumbnails in a throwing task group, as an engineer writes it in new code: each
// thumbnail is a child task (`group.addTask { try await self.fetch(id) }`), and `while let size = try await
// group.next()` adds up their sizes in the order they finish. One missing thumbnail throws: the `next()` that takes
// it rethrows the error, which leaves the group's body, and the group cancels the children still loading and waits
// for them before the error reaches the `catch` (SE-0304; swift stdlib/public/Concurrency/TaskGroup.swift,
// `withThrowingTaskGroup`: `catch { group.cancelAll(); await group.awaitAllRemainingTasks(); throw error }`). A
// third load is cancelled from outside (`loading?.cancel()`): the cancel reaches the group's children, whose sleeps
// throw `CancellationError` at once, and the first one taken is what the model's `catch is CancellationError` sees.
import UIKit

let scenario = Scenario("Thumbnails prefetched in a throwing task group", until: .seconds(2), variants: [.ios13])

enum ThumbnailError: Error {
    case notFound
    case offline
}

final class ThumbnailService {
    let missing = 4

    func fetch(_ id: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
        if id == missing { throw ThumbnailError.notFound }
        return id * 1_000
    }

    func prefetch(_ first: Int, _ last: Int) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for id in first...last {
                group.addTask { try await self.fetch(id) }
            }
            var bytes = 0
            while let size = try await group.next() {
                bytes += size
            }
            return bytes
        }
    }
}

final class GalleryModel {
    let service = ThumbnailService()
    var status = "idle"
    var loading: Task<Void, Never>?

    func load(_ first: Int, _ last: Int) {
        loading = Task { @MainActor in
            do {
                let bytes = try await self.service.prefetch(first, last)
                self.status = "loaded \(bytes)"
            } catch ThumbnailError.notFound {
                self.status = "missing thumbnail"
            } catch is CancellationError {
                self.status = "cancelled"
            } catch {
                self.status = "failed \(error)"
            }
            print(self.status)
        }
    }
}

let gallery = GalleryModel()
gallery.load(1, 3)
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) {
    gallery.load(3, 5)
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1000)) {
    gallery.load(1, 6)
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1150)) {
    gallery.loading?.cancel()
}

scenario.expect(.ios13, [
    "logs": 3,
    "logs[0].text": "loaded 6000", "logs[0].at_ms": 300,
    "logs[1].text": "missing thumbnail", "logs[1].at_ms": 800,
    "logs[2].text": "cancelled", "logs[2].at_ms": 1150,
    "leaks": 0,
])
