// A thumbnail grid loads its visible thumbnails with one child task each, added in a loop of a task group:
// `for id in visible { group.addTask { … } }` (SE-0304, swift TaskGroup.cpp `swift_taskGroup_addTask`). Each
// child captures that turn's `id` (a `for` loop binds a new constant each turn: The Swift Programming Language,
// "Closures" › "Capturing Values") and `self`; an `if` skips the cached thumbnail. The children run on the
// cooperative pool as they are added and the group's end waits for the last (`waitAll`), so the grid, popped at
// 150 ms, lives on in its task and its children until the slowest thumbnail is in at 400 ms.
import UIKit

let scenario = Scenario("A task group's children keep the grid they load for", until: .seconds(1),
                        variants: [.ios13])

final class ThumbnailGrid {
    var visible = [4, 1, 3, 2]
    var cachedID = 3
    var loaded = 0
    var task: Task<Void, Never>?

    func start() {
        task = Task {
            await loadVisible()
            print("grid: \(loaded) thumbnails loaded")
        }
    }

    func loadVisible() async {
        await withTaskGroup(of: Void.self) { group in
            for id in visible {
                if id == cachedID {
                    print("thumb \(id) cached")
                    continue
                }
                let ms = id * 100
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(ms))
                    self.didLoad(id)
                }
            }
        }
    }

    func didLoad(_ id: Int) {
        loaded += 1
        print("thumb \(id) done")
    }

    deinit {
        print("ThumbnailGrid deinit")
    }
}

var grid: ThumbnailGrid? = ThumbnailGrid()
grid?.start()

scenario.at(.milliseconds(150), "pop the grid") {
    grid = nil
}

scenario.expect(.all, [
    "logs": 6,
    "logs[0].text": "thumb 3 cached", "logs[0].at_ms": 0,
    "logs[1].text": "thumb 1 done", "logs[1].at_ms": 100,
    "logs[2].text": "thumb 2 done", "logs[2].at_ms": 200,
    "logs[3].text": "thumb 4 done", "logs[3].at_ms": 400,
    "logs[4].text": "grid: 3 thumbnails loaded", "logs[4].at_ms": 400,
    "logs[5].text": "ThumbnailGrid deinit", "logs[5].at_ms": 400,
    "objects.leaked": 0,
])
