// A view model keeps its callbacks in a struct, `var handlers = Handlers()`, and sets `handlers.onChange` to a
// closure that uses `self` strongly. A struct stored in a class's property is part of that object: the closure it
// holds is held by the view model, and the closure holds the view model (the Swift book, "Automatic Reference
// Counting" › "Strong Reference Cycles for Closures"; a struct's stored property is stored inline in its holder,
// "Structures and Classes"). Closing the search at 1 s releases the last outside reference: the view model and the
// closure leak as a cycle, through the field `handlers_onChange`. `[weak self]` breaks it.
import Foundation

let scenario = Scenario(
    "Pasted: a struct's onChange closure captures the view model that holds it", until: .seconds(3),
    variants: [.ios10, .ios13])

struct Handlers {
    var onChange: (() -> Void)?
    var changes = 0
}

final class SearchViewModel {
    var handlers = Handlers()
    var query = ""

    func bind() {
        handlers.onChange = {
            self.handlers.changes += 1
            print("render \(self.query)")
        }
    }

    func update(_ text: String) {
        query = text
        handlers.onChange?()
    }
}

var model: SearchViewModel? = SearchViewModel()
model?.bind()
model?.update("swift")

scenario.at(.seconds(1), "close search") { model = nil }

scenario.expect(.all, [
    "logs": 1, "logs[0].text": "render swift", "leaks[0].class": "SearchViewModel", "objects.deallocated": 0,
])
