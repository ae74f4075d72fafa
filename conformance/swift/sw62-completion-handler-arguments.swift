// sw62: closures with parameters, run on this machine's Foundation and predicted by LoopSim from the same file. A
// store keeps a change handler in `onChange: ((Int) -> Void)?` and calls it with its count; a loader's
// `load(completion: @escaping (Bool, Int) -> Void)` calls the completion from a main-queue `asyncAfter` whose
// closure captures it (The Swift Programming Language, "Escaping Closures"); a main-queue block observer reads the
// post's `note.userInfo?["count"] as? Int` and `note.object` (Foundation's NotificationCenter, which
// swift-corelibs-foundation has). The handler's `[weak self]` lets the badge go at 2 s: the reply at 3 s prints its
// arguments with nobody to show them.
import Foundation

let scenario = Scenario("sw62 closures called with arguments", until: .seconds(4), variants: [.linuxCorelibs])

extension Notification.Name {
    static let storeChanged = Notification.Name("StoreChanged")
}

final class Store {
    var onChange: ((Int) -> Void)?
    var count = 0

    func add(_ n: Int) {
        count += n
        onChange?(count)
        NotificationCenter.default.post(name: .storeChanged, object: self, userInfo: ["count": count])
    }
}

final class Loader {
    func load(page: Int, completion: @escaping (Bool, Int) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            completion(page < 2, page * 10)
        }
    }
}

final class Badge {
    var token: NSObjectProtocol?
    var shown = 0

    func watch(_ store: Store) {
        token = NotificationCenter.default.addObserver(forName: .storeChanged, object: store, queue: .main) {
            [weak self] note in
            if let n = note.userInfo?["count"] as? Int {
                print("badge \(n)")
                self?.shown = n
            }
            if note.object != nil {
                print("sent by the store")
            }
        }
    }

    deinit {
        print("badge deinit")
    }
}

let store = Store()
let loader = Loader()
var badge: Badge? = Badge()
badge?.watch(store)
store.onChange = { count in
    print("count \(count)")
}
store.add(2)
scenario.at(.seconds(1), "add three") {
    store.add(3)
}
scenario.at(.seconds(2), "load and close the badge") {
    loader.load(page: 1) { [weak badge] more, rows in
        print("loaded \(rows) rows, more: \(more)")
        badge?.shown = rows
    }
    badge = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "count 2", "logs[1].text": "badge 2", "logs[2].text": "sent by the store",
    "logs[3].text": "count 5", "logs[3].at_ms": 1000, "logs[4].text": "badge 5",
    "logs[6].text": "badge deinit", "logs[6].at_ms": 2000,
    "logs[7].text": "loaded 10 rows, more: true", "logs[7].at_ms": 3000,
])
