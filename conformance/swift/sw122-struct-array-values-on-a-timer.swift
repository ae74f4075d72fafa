// sw122: arrays of structs as values: a download list made by `map` in a property's initial value, then on each of
// three 200 ms ticks of a repeating Timer one download advances, `filter` gives the finished ones (stored in a
// property, passed to a method as `[Download]`), `count(where:)`, `contains(where:)` and `allSatisfy` read the
// list, and the timer stops after the third tick. Map and filter run their closure in place, once per element, in
// order, before they return (the Swift standard library's Sequence). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw122 struct array values on a timer", until: .seconds(1), variants: [.linuxCorelibs])

struct Download {
    let id: Int
    var name: String
    var percent = 0
}

final class DownloadList {
    private var downloads = (1...3).map { Download(id: $0, name: "file\($0)") }
    private var finished: [Download] = []
    private var ticks = 0
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func report(_ done: [Download], of all: [Download]) {
        for d in done {
            print("done \(d.name) of \(all.count)")
        }
    }

    private func tick() {
        ticks += 1
        downloads[ticks - 1].percent = 100
        if ticks > 1 {
            downloads[0].name = "again"
        }
        finished = downloads.filter { $0.percent == 100 }
        let pending = downloads.filter { d in d.percent < 100 }
        let labels = pending.map { Download(id: $0.id * 10, name: $0.name + "?") }
        print("tick \(ticks): finished \(finished.count) pending \(pending.count) first \(finished[0].name)")
        if !labels.isEmpty {
            print("next \(labels[0].id) \(labels[0].name)")
        }
        let over = downloads.count(where: { $0.id > 1 && $0.percent == 100 })
        let again = downloads.contains(where: { $0.name == "again" })
        print("over 1 \(over) any again \(again) all done \(downloads.allSatisfy { $0.percent == 100 })")
        report(finished, of: downloads)
        if ticks == 3 {
            timer?.invalidate()
            timer = nil
        }
    }
}

let list = DownloadList()
list.start()

scenario.expect(.linuxCorelibs, [
    "logs": 14,
    "logs[0].text": "tick 1: finished 1 pending 2 first file1", "logs[0].at_ms": 200,
    "logs[1].text": "next 20 file2?",
    "logs[2].text": "over 1 0 any again false all done false",
    "logs[3].text": "done file1 of 3",
    "logs[4].text": "tick 2: finished 2 pending 1 first again", "logs[4].at_ms": 400,
    "logs[5].text": "next 30 file3?",
    "logs[6].text": "over 1 1 any again true all done false",
    "logs[8].text": "done file2 of 3",
    "logs[9].text": "tick 3: finished 3 pending 0 first again", "logs[9].at_ms": 600,
    "logs[10].text": "over 1 2 any again true all done true",
    "logs[13].text": "done file3 of 3",
])
