// A @MainActor view model publishes its screen state, an enum whose cases carry values, through a closure
// property; the controller binds it with `[weak self]` and hands each state to `render(_:)`, and a download
// manager fans its events out to an array of handlers. An enum is a value type, so each handler and `render` get
// the value at the call (the Swift book, "Enumerations" › "Associated Values"). The view model's `load()` runs on
// the main actor (SE-0316: a `@MainActor` class's methods are isolated to it): spinner at 0, the count at 800 ms.
// The retry at 1 s fails with code 503. The weak capture breaks the cycle: after the close at 1.5 s nothing leaks.
import UIKit

let scenario = Scenario("Pasted: a view model's state enum through closures", until: .seconds(2),
                        variants: [.ios13])

enum ScreenState {
    case loading
    case loaded(count: Int)
    case failed(code: Int)
}

enum DownloadEvent {
    case progress(done: Int, total: Int)
    case finished(bytes: Int)
}

final class DownloadManager {
    private var handlers: [(DownloadEvent) -> Void] = []

    func subscribe(_ handler: @escaping (DownloadEvent) -> Void) {
        handlers.append(handler)
    }

    func emit(_ event: DownloadEvent) {
        handlers.forEach { $0(event) }
    }
}

@MainActor
final class OrdersViewModel {
    var onStateChange: ((ScreenState) -> Void)?
    let downloads = DownloadManager()

    func load() async {
        onStateChange?(.loading)
        downloads.emit(.progress(done: 1, total: 2))
        try? await Task.sleep(nanoseconds: 800_000_000)
        downloads.emit(.finished(bytes: 4096))
        onStateChange?(ScreenState.loaded(count: 3))
    }

    func retry() {
        let failure = ScreenState.failed(code: 503)
        onStateChange?(failure)
    }
}

final class OrdersScreen {
    let viewModel = OrdersViewModel()

    func bind() {
        viewModel.onStateChange = { [weak self] state in
            self?.render(state)
        }
        viewModel.downloads.subscribe { event in
            if case .progress(let done, let total) = event {
                print("downloaded \(done) of \(total)")
            } else {
                print("download \(event)")
            }
        }
        Task { await viewModel.load() }
    }

    func render(_ state: ScreenState) {
        switch state {
        case .loading:
            print("spinner")
        case .loaded(let count):
            print("showing \(count) orders")
        case .failed(let code) where code >= 500:
            print("server error \(code), try later")
        case .failed(let code):
            print("error \(code)")
        }
    }

    deinit {
        print("screen closed")
    }
}

var screen: OrdersScreen? = OrdersScreen()
screen?.bind()

scenario.at(.seconds(1), "retry") { screen?.viewModel.retry() }
scenario.at(.milliseconds(1500), "close") { screen = nil }

scenario.expect(.all, [
    "logs": 6,
    "logs[0].text": "spinner", "logs[0].at_ms": 0,
    "logs[1].text": "downloaded 1 of 2", "logs[1].at_ms": 0,
    "logs[2].text": "download finished(bytes: 4096)", "logs[2].at_ms": 800,
    "logs[3].text": "showing 3 orders", "logs[3].at_ms": 800,
    "logs[4].text": "server error 503, try later", "logs[4].at_ms": 1000,
    "logs[5].text": "screen closed", "logs[5].at_ms": 1500,
    "objects.leaked": 0,
])
