import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An array's functions that take a closure (docs/swift-scenarios.md, "Arrays"; SwiftLowering+ArrayFunctions.swift):
/// each runs its closure in place, once per element, as the loop it is; the values print as Swift prints them.
@Suite struct ArrayFunctionTests {
    @Test func filterMapReduceAndTheTestsGiveSwiftsValues() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("array functions", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Cart {
                var prices: [Int] = [12, 5, 30, 8]
                var names: [String] = ["tea", "", "cake"]
                func summary() {
                    let expensive = prices.filter { $0 > 10 }
                    print("expensive \\(expensive)")
                    let doubled = prices.map { price in price * 2 }
                    print("doubled \\(doubled)")
                    let left = prices.reduce(100) { acc, p in acc - p }
                    print("left \\(left)")
                    if let big = prices.first(where: { $0 >= 30 }) { print("first big \\(big)") }
                    print("has empty \\(names.contains(where: { $0.isEmpty }))")
                    print("all positive \\(prices.allSatisfy { $0 > 0 })")
                    print("non-empty \\(names.filter { !$0.isEmpty }.count)")
                    print("cheap \\(prices.count(where: { $0 < 10 }))")
                }
            }
            let cart = Cart()
            cart.summary()
            scenario.expect(.all, [
                "logs": 8, "logs[0].text": "expensive [12, 30]", "logs[1].text": "doubled [24, 10, 60, 16]",
                "logs[2].text": "left 45", "logs[3].text": "first big 30", "logs[4].text": "has empty true",
                "logs[5].text": "all positive true", "logs[6].text": "non-empty 2", "logs[7].text": "cheap 2",
            ])
            """)
    }

    /// Over an array of the file's objects: a filtered copy holds its elements strongly, as Swift's new array does;
    /// a property read in the closure is the element's.
    @Test func overObjectsTheNewArrayHoldsItsElements() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("objects", until: .seconds(1), variants: [.ios13])
            final class Row {
                var price: Int
                var visible: Bool
                init(price: Int, visible: Bool) {
                    self.price = price
                    self.visible = visible
                }
                deinit { print("row \\(price) gone") }
            }
            final class Table {
                var rows: [Row] = []
                var shown: [Row] = []
                func build() {
                    rows.append(Row(price: 3, visible: true))
                    rows.append(Row(price: 4, visible: false))
                    shown = rows.filter { $0.visible }
                    let total = rows.reduce(0) { $0 + $1.price }
                    print("total \\(total) shown \\(shown.count)")
                    rows.removeAll()
                }
            }
            let table = Table()
            table.build()
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "total 7 shown 1", "logs[1].text": "row 4 gone", "objects.leaked": 0,
            ])
            """)
    }

    @Test func aClosureOfSeveralStatementsIsRefusedAtIt() {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: SwiftLoweringTests.file(
                "let a = [1, 2]\nlet b = a.filter { x in\n    let y = x * 2\n    return y > 2\n}"),
            file: "A.swift")
        #expect(problems.contains { $0.message.contains("a closure of more than one expression") }, "\(problems)")
    }
}
