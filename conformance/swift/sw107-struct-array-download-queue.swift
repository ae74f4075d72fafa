// sw107: an array of structs as model code holds it (the Swift book, "Structures and Enumerations Are Value Types":
// arrays and the structs in them are values): a download queue keeps `[Download]` items, a repeating Timer advances
// the first unfinished one by 25 percent each 100 ms (`items[i].percent += 25`), prints each item's progress from a
// `for item in items` copy, drops the finished ones with `remove(at:)`, appends a new item built by the memberwise
// initializer, and stops when the queue is empty. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw107 struct array download queue", until: .seconds(2), variants: [.linuxCorelibs])

struct Download {
    let id: Int
    var title: String
    var percent = 0
}

final class DownloadQueue {
    private var items: [Download] = [Download(id: 1, title: "a")]
    private var timer: Timer?
    private var ticks = 0

    func start() {
        items.append(Download(id: 2, title: "b", percent: 50))
        print("queued \(items.count)")
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        ticks += 1
        if items.isEmpty {
            print("idle after \(ticks)")
            timer?.invalidate()
            timer = nil
            return
        }
        items[0].percent += 25
        if items.count > 1 {
            items[1].percent += 25
        }
        for (i, item) in items.enumerated() {
            print("tick \(ticks) #\(i) \(item.id) \(item.title) \(item.percent)%")
        }
        var i = items.count - 1
        while i >= 0 {
            if items[i].percent >= 100 {
                let done = items[i]
                items.remove(at: i)
                print("done \(done.title)")
            }
            i -= 1
        }
        if ticks == 2 {
            var extra = Download(id: 3, title: "c")
            extra.title = "c2"
            items.append(extra)
        }
        for item in items where item.percent == 0 {
            print("waiting \(item.title)")
        }
    }
}

let queue = DownloadQueue()
queue.start()

scenario.expect(.linuxCorelibs, [
    "logs": 16,
    "logs[0].text": "queued 2", "logs[0].at_ms": 0,
    "logs[1].text": "tick 1 #0 1 a 25%", "logs[1].at_ms": 100,
    "logs[2].text": "tick 1 #1 2 b 75%",
    "logs[4].text": "tick 2 #1 2 b 100%", "logs[5].text": "done b", "logs[6].text": "waiting c2",
    "logs[8].text": "tick 3 #1 3 c2 25%",
    "logs[11].text": "done a", "logs[11].at_ms": 400,
    "logs[14].text": "done c2", "logs[14].at_ms": 600,
    "logs[15].text": "idle after 7", "logs[15].at_ms": 700,
])
