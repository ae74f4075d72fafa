// The Swift that scenarios/cookbook/main-actor-job-behind-nested-wait.yaml models: an async XCTest method, on the
// main actor, waits with wait(for:timeout:) for a view model that loads in a Task (the Swift Forums thread "Mixing
// async/await code with waitForExpectations in tests causes hang").
import XCTest

@MainActor
final class ViewModel {
    private(set) var items: [Item] = []
    var onLoad: (() -> Void)?

    func load() {
        Task {
            items = decode(cachedReply)  // about 10 ms
            onLoad?()
        }
    }
}

final class ViewModelTests: XCTestCase {
    @MainActor
    func testLoadFillsItems() async {
        let model = ViewModel()
        let loaded = expectation(description: "loaded")
        model.onLoad = { loaded.fulfill() }
        model.load()
        wait(for: [loaded], timeout: 5)
        XCTAssertFalse(model.items.isEmpty)
    }
}
