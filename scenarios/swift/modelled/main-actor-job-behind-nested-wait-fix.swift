// The Swift that scenarios/cookbook/main-actor-job-behind-nested-wait-fix.yaml models: the same test awaits the
// expectation with fulfillment(of:timeout:), Apple's concurrency-safe replacement for wait(for:timeout:), so the
// test's job suspends and the view model's main-actor task runs at once.
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
        await fulfillment(of: [loaded], timeout: 5)
        XCTAssertFalse(model.items.isEmpty)
    }
}
