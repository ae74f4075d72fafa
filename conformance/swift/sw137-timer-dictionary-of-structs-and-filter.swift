// sw137: a dictionary of the file's structs and Dictionary.filter on a Timer, as engineers write them. A repeating
// 200 ms Timer bumps a per-user visit count kept in `[String: Visit]` (`visits[key]?.count += 1`, `if let`,
// `visits[key] = Visit(…)`, `removeValue(forKey:)`, `for key in visits.keys.sorted()`), and an upload list kept in
// `[String: Upload]` is pruned with `uploads = uploads.filter { $0.value.percent < 100 }`: the store that replaces
// the old dictionary releases the finished upload, whose deinit prints in that statement (Apple,
// Dictionary.filter(_:): "Returns a new dictionary containing the key-value pairs of the dictionary that satisfy
// the given predicate"; SE-0165). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw137 dictionary of structs and Dictionary.filter", until: .seconds(2), variants: [.linuxCorelibs])

struct Visit {
    let user: String
    var count: Int
    var lastTick: Int
}

final class Upload {
    let name: String
    var percent = 0
    init(name: String) { self.name = name }
    deinit { print("upload \(name) freed") }
}

final class Tracker {
    private var visits: [String: Visit] = [:]
    private var uploads: [String: Upload] = [:]
    private var timer: Timer?
    private var ticks = 0

    func start() {
        uploads["a.mov"] = Upload(name: "a.mov")
        uploads["b.mov"] = Upload(name: "b.mov")
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        ticks += 1
        let key = ticks % 2 == 0 ? "bob" : "ann"
        if visits[key] == nil {
            visits[key] = Visit(user: key, count: 0, lastTick: 0)
        }
        visits[key]?.count += 1
        visits[key]?.lastTick = ticks
        if let visit = visits[key] {
            print("tick \(ticks): \(visit.user) \(visit.count) at \(visit.lastTick) of \(visits.count)")
        }
        for (_, upload) in uploads {
            upload.percent += upload.name == "a.mov" ? 50 : 25
        }
        uploads = uploads.filter { $0.value.percent < 100 }
        print("uploads \(uploads.count)")
        if ticks == 3 {
            visits.removeValue(forKey: "bob")
            visits["cy"] = Visit(user: "cy", count: 7, lastTick: ticks)
            for name in visits.keys.sorted() {
                print("\(name): \(visits[name]?.count ?? 0) has \(visits[name] != nil)")
            }
            timer?.invalidate()
            timer = nil
        }
    }
}

let tracker = Tracker()
tracker.start()

scenario.expect(.linuxCorelibs, [
    "logged_in_order": [
        "tick 1: ann 1 at 1 of 1", "uploads 2", "tick 2: bob 1 at 2 of 2", "upload a.mov freed", "uploads 1",
        "tick 3: ann 2 at 3 of 2", "uploads 1", "ann: 2 has true", "cy: 7 has true",
    ],
    "first_logged_at_ms": ["upload a.mov freed": 400],
    "objects.leaked": 0,
])
