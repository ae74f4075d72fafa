// sw111: arrays as values across methods. A catalog's method returns the names a prefix matches (`[String]`, from
// `filter` with `hasPrefix`), another returns squares made by mapping a closed range (`(1...n).map`). A screen polls
// with a repeating 200 ms Timer: each tick it stores the returned array in a property and prints a computed
// property that joins it (`joined(separator:)`, "none" when it is empty); after the last query it invalidates the
// timer and, 100 ms later on the main queue, prints a mapped half-open range joined with `|` and a filtered range.
// `map`, `filter` and `joined` run in place, once per element, before they return (the Swift standard library's
// Sequence); a returned array is a value the caller owns. Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw111 arrays returned, mapped from ranges, joined", until: .seconds(2), variants: [.linuxCorelibs])

final class Catalog {
    private let names = ["swift", "swiftui", "swim", "sweep", "rust"]

    func matches(_ prefix: String) -> [String] {
        return names.filter { $0.hasPrefix(prefix) }
    }

    func squares(upTo n: Int) -> [Int] {
        return (1...n).map { $0 * $0 }
    }
}

final class SearchScreen {
    private let catalog = Catalog()
    private var results: [String] = []
    private var timer: Timer?
    private var turn = 0
    private let queries = ["sw", "swi", "r", "x"]

    var summary: String { results.isEmpty ? "none" : results.joined(separator: ", ") }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            self?.step()
        }
    }

    private func step() {
        results = catalog.matches(queries[turn])
        print("query \(queries[turn]) -> \(results.count): \(summary)")
        turn += 1
        if turn == queries.count {
            timer?.invalidate()
            timer = nil
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                let squares = self.catalog.squares(upTo: 4)
                let labels = (0..<3).map { "row \($0)" }
                print("squares \(squares) labels \(labels.joined(separator: "|"))")
                print("evens \((1...6).filter { $0 % 2 == 0 }) empty [\(self.results.joined(separator: "-"))]")
            }
        }
    }
}

let screen = SearchScreen()
screen.start()

scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "query sw -> 4: swift, swiftui, swim, sweep", "logs[0].at_ms": 200,
    "logs[1].text": "query swi -> 3: swift, swiftui, swim",
    "logs[2].text": "query r -> 1: rust",
    "logs[3].text": "query x -> 0: none", "logs[3].at_ms": 800,
    "logs[4].text": "squares [1, 4, 9, 16] labels row 0|row 1|row 2", "logs[4].at_ms": 900,
    "logs[5].text": "evens [2, 4, 6] empty []",
])
