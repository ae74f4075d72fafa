import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `(0..<n).map { … }`, `(1...3).filter { … }` on a range of `Int`s written in place (docs/swift-scenarios.md,
/// "Arrays"; SwiftLowering+RangeFunctions.swift): the closure runs once per integer, in increasing order, as over an
/// array.
@Suite struct RangeFunctionTests {
    @Test func aRangeMapsFiltersAndReducesInOrder() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("ranges", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Grid {
                var labels: [String] = []
                var size = 3
                func build() {
                    labels = (0..<size).map { "cell \\($0)" }
                    let squares = (1...4).map { n in n * n }
                    let odd = (1...7).filter { $0 % 2 == 1 }
                    let total = (1...4).reduce(0) { sum, n in sum + n }
                    print("labels \\(labels) squares \\(squares) odd \\(odd) total \\(total)")
                    print("none \\((0..<0).map { $0 * 2 }) big \\((0..<size).contains(where: { $0 > 1 }))")
                }
            }
            let grid = Grid()
            grid.build()
            scenario.expect(.all, [
                "logs": 2,
                "logs[0].text": "labels [\\"cell 0\\", \\"cell 1\\", \\"cell 2\\"] squares [1, 4, 9, 16] odd [1, 3, 5, 7] total 10",
                "logs[1].text": "none [] big true",
            ])
            """)
    }

    /// Objects made by the closure are held by the new array, as Swift's: dropping the array frees them.
    @Test func objectsMadeFromARangeLiveAsLongAsTheArray() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("range objects", until: .seconds(1), variants: [.ios13])
            final class Cell {
                let row: Int
                init(row: Int) { self.row = row }
                deinit { print("cell \\(row) gone") }
            }
            final class Table {
                var cells: [Cell] = []
                func load() {
                    cells = (0..<3).map { Cell(row: $0) }
                    print("loaded \\(cells.count)")
                    cells = []
                    print("cleared")
                }
            }
            let table = Table()
            table.load()
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "loaded 3", "logs[1].text": "cell 0 gone", "logs[3].text": "cell 2 gone",
                "logs[4].text": "cleared", "leaks": 0,
            ])
            """)
    }
}
