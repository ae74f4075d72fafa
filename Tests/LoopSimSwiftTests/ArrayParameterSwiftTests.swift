import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A parameter of array type in Swift (docs/swift-scenarios.md, "Arrays"): `func load(ids: [Int])` and an array
/// of the file's objects, passed from a literal, a property and a closure.
@Suite struct ArrayParameterSwiftTests {
    @Test func anIntArrayParameterIsLoopedOver() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Loader {
                var total = 0
                func load(ids: [Int]) {
                    for id in ids { total += id }
                    print("loaded \\(ids.count) total \\(total)")
                }
            }
            let loader = Loader()
            loader.load(ids: [1, 2, 3])
            scenario.at(.milliseconds(100), "again") { loader.load(ids: [10]) }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["loaded 3 total 6", "loaded 1 total 16"])
    }

    @Test func anObjectArrayParameterKeepsItsElementsUntilTheMethodReturns() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Row {
                deinit { print("row freed") }
            }
            final class Table {
                var rows: [Row] = []
                func reload(_ fresh: [Row]) {
                    rows = []
                    print("reloading \\(fresh.count)")
                }
            }
            let table = Table()
            table.rows.append(Row())
            table.rows.append(Row())
            table.reload(table.rows)
            print("done")
            """)
        #expect(SwiftUIKitTests.logs(report) == ["reloading 2", "row freed", "row freed", "done"])
        #expect(report.value(at: "leaks[0]") == nil)
    }
}
