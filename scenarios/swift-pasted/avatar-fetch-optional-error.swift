// An avatar view model fetches a name in the Foundation style, `(String?, Error?) -> Void`: the fetcher calls
// `completion(nil, FetchError.offline)` when it is offline and `completion(name, nil)` otherwise, on the main queue
// after 1 s. The view model keeps its own `onUpdate: ((String?) -> Void)?` for the screen. Its retry closure
// captures `self` strongly and the view model stores it in `retry`, so view model → retry → closure → view model is
// a cycle (The Swift Programming Language, "Strong Reference Cycles for Closures"): when the screen lets it go at
// 3 s it leaks, with the fetcher it owns and the closure. With `--param weakCapture=true` (the fix) `[weak self]`
// makes no cycle and the view model deinits.
// `if let error` and `guard let name` (SE-0345's shorthand) unwrap the optionals; `print("\(error)")` prints the
// enum case's name, as Swift's print of an enum case does.
import Foundation

let scenario = Scenario(
    "An optional value and an optional error through a stored completion", until: .seconds(4),
    variants: [.ios10, .linuxCorelibs])

let weakCapture = scenario.param("weakCapture", default: false)

enum FetchError: Error {
    case offline
    case notFound
}

final class AvatarFetcher {
    var isOffline = true

    func fetchName(completion: @escaping (String?, Error?) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            if self.isOffline {
                completion(nil, FetchError.offline)
            } else {
                completion("ada", nil)
            }
        }
    }
}

final class AvatarViewModel {
    let fetcher = AvatarFetcher()
    var onUpdate: ((String?) -> Void)?
    var retry: (() -> Void)?
    var attempts = 0

    func load() {
        if weakCapture {
            retry = { [weak self] in self?.fetch() }
        } else {
            retry = { self.fetch() }
        }
        fetch()
    }

    func fetch() {
        attempts += 1
        fetcher.fetchName { [weak self] name, error in
            if let error {
                print("fetch failed: \(error)")
                self?.fetcher.isOffline = false
                self?.retry?()
                return
            }
            guard let name else { return }
            print("name \(name)")
            self?.onUpdate?(name)
        }
    }

    deinit { print("AvatarViewModel deinit") }
}

var model: AvatarViewModel? = AvatarViewModel()
model?.onUpdate = { name in
    print("show \(name ?? "placeholder")")
}
model?.load()

scenario.at(.seconds(3), "leave the screen") {
    model = nil
}

scenario.expect(.all, [
    "logs": 3, "logs[0].text": "fetch failed: offline", "logs[1].text": "name ada", "logs[1].at_ms": 2000,
    "logs[2].text": "show ada", "objects.leaked": 3, "leaks[0].class": "AvatarViewModel",
])
