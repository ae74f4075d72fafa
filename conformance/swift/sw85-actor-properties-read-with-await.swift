// sw85: an actor's stored and computed properties read from a task with `await` (SE-0306: a reference to an actor's
// property from outside the actor is asynchronous, run on the actor's executor): into a local, in an `if`'s
// condition, inside an interpolation, after `+=`, and as an async method's `return await`. The reads see every
// `receive()` before them (the actor runs one job at a time, in order). Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw85 actor properties read with await", until: .milliseconds(1500), variants: [.linuxCorelibs])

actor Inbox {
    var unread = 0
    var title = "inbox"
    var isFull: Bool { unread >= 3 }

    func receive() {
        unread += 1
    }
}

final class Syncer {
    private let inbox = Inbox()
    private var seen = 0

    func unreadCount() async -> Int {
        return await inbox.unread
    }

    func start() {
        Task {
            for _ in 0..<4 {
                try? await Task.sleep(nanoseconds: 200_000_000)
                await inbox.receive()
                let n = await inbox.unread
                print("unread \(n)")
                if await inbox.isFull {
                    print("inbox full at \(await inbox.unread)")
                }
            }
            seen += await unreadCount()
            print("\(await inbox.title): \(seen) seen")
        }
    }
}

let syncer = Syncer()
syncer.start()

scenario.expect(.linuxCorelibs, [
    "logs": 7, "logs[0].text": "unread 1", "logs[2].text": "unread 3", "logs[3].text": "inbox full at 3",
    "logs[5].text": "inbox full at 4", "logs[6].text": "inbox: 4 seen", "logs[6].at_ms": 800,
])
