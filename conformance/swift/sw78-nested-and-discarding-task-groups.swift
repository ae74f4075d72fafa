// sw78: task groups as engineers nest and name them: `withDiscardingTaskGroup { (tasks) in … }` whose children
// are added in a `for … where` loop and call back into a `@MainActor` screen through `[weak self]`, then a group
// whose children each run a group of their own (SE-0304; swift TaskGroup.cpp: each group's end waits for its own
// children, `waitAll`). The inner groups' children sleep 100·(i+1)+j ms after the first group's 30 ms: outer
// child 0 ends at 131 ms, child 1 at 231 ms, and the main-actor method goes on then.
import Foundation

let scenario = Scenario("sw78 nested and discarding task groups", until: .seconds(1), variants: [.linuxCorelibs])

@MainActor final class Screen {
    var names = ["a", "b", "c"]
    var done = 0
    func load() async {
        await withDiscardingTaskGroup { (tasks) in
            for (i, name) in names.enumerated() where i != 1 {
                tasks.addTask { [weak self] in
                    try? await Task.sleep(for: .milliseconds(10 * (i + 1)))
                    print("loaded \(name)")
                    await self?.mark()
                }
            }
        }
        print("screen done \(done)")
        await withTaskGroup(of: Void.self) { outer in
            for i in 0..<2 {
                outer.addTask {
                    await withTaskGroup(of: Void.self) { inner in
                        for j in 0..<2 {
                            inner.addTask {
                                try? await Task.sleep(for: .milliseconds(100 * (i + 1) + j))
                                print("inner \(i) \(j)")
                            }
                        }
                    }
                    print("outer child \(i) done")
                }
            }
        }
        print("nested done")
    }
    func mark() { done += 1 }
}
Task { @MainActor in
    let screen = Screen()
    await screen.load()
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "loaded a", "logs[0].at_ms": 10, "logs[1].text": "loaded c", "logs[1].at_ms": 30,
    "logs[2].text": "screen done 2", "logs[2].at_ms": 30, "logs[5].text": "outer child 0 done",
    "logs[5].at_ms": 131, "logs[8].text": "outer child 1 done", "logs[8].at_ms": 231,
    "logs[9].text": "nested done", "logs[9].at_ms": 231,
])
