import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Arrays of the file's structs (SwiftLowering+StructArrays.swift, +StructArrayReads.swift): one array per stored
/// property, in parallel, holding exactly what the array of values holds (the Swift book, "Structures and Enumerations
/// Are Value Types").
@Suite struct ArrayOfStructTests {
    static let declarations = """
        final class Owner { deinit { print("owner gone") } }
        struct Inner { var n: Int; var label: String }
        struct Cell { let id: Int; var inner: Inner }
        struct Row {
            var title: String
            var owner: Owner
            var onTap: () -> Void
        }
        """

    @Test func aPropertyIsOneArrayPerStoredPropertyFilledByInit() throws {
        let tree = try SwiftUIKitTests.lowered(
            Self.declarations + """

                final class Screen {
                    var cells: [Cell] = [Cell(id: 1, inner: Inner(n: 2, label: "x"))]
                }
                let screen = Screen()
                """)
        let screen = try #require(tree.mapping?["classes"]?.mapping?["Screen"]?.mapping)
        let fields = try #require(screen["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["cells_id"])) == "[int]")
        #expect(SwiftLoweringTests.render(try #require(fields["cells_inner_n"])) == "[int]")
        #expect(SwiftLoweringTests.render(try #require(fields["cells_inner_label"])) == "[string]")
        #expect(fields["cells"] == nil)
        let initSteps = SwiftLoweringTests.render(try #require(screen["init"]))
        #expect(initSteps.contains("{set: self.cells_id = []}"), "\(initSteps)")
        // The element is made into temporaries `itemLINExCOL_…`, then appended to each array in declaration order.
        #expect(initSteps.contains("{let: item12x26_id = 1}"), "\(initSteps)")
        #expect(initSteps.contains("{append: self.cells_id, value: item12x26_id}"), "\(initSteps)")
        #expect(initSteps.contains("{append: self.cells_inner_label, value: item12x26_inner_label}"), "\(initSteps)")
    }

    @Test func mutationsReadsCopiesAndLoopsAgreeWithSwift() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                final class Screen {
                    var cells = [Cell]()
                    func load() {
                        cells = [Cell(id: 1, inner: Inner(n: 2, label: "x"))]
                        cells[0].inner.n += 3
                        cells[0].inner.label = "y"
                        let c = cells[0]
                        cells[0].inner.n = 0
                        print("copy \\(c.id) \\(c.inner.n) now \\(cells[0].inner.n) \\(cells[0].inner.label)")
                        var local: [Cell] = []
                        local.append(c)
                        local.append(Cell(id: 9, inner: Inner(n: 7, label: "z")))
                        local.append(local[1])
                        local.remove(at: local.count - 1)
                        local[0] = local[1]
                        print("local \\(local.count) \\(local[0].id) \\(local[0].inner.label) \\(local.isEmpty)")
                        for (i, cell) in local.enumerated() {
                            local.removeAll()
                            print("turn \\(i) \\(cell.id)")
                        }
                        for cell in cells where cell.inner.n == 0 { print("zero \\(cell.id)") }
                        cells.removeLast()
                        print("cells \\(cells.count) local \\(local.count)")
                    }
                }
                Screen().load()
                """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "copy 1 5 now 0 y", "local 2 9 z false", "turn 0 9", "turn 1 9", "zero 1", "cells 0 local 0",
            ])
    }

    @Test func anElementsObjectsAndClosuresAreHeldByThePropertysArray() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                final class Screen {
                    var rows: [Row] = []
                    func load() {
                        rows.append(Row(title: "r1", owner: Owner(), onTap: { print("tap") }))
                        rows.append(Row(title: "r2", owner: Owner(), onTap: { print("\\(self.rows.count)") }))
                        rows.removeFirst()
                        print("rows \\(rows.count) \\(rows[0].title)")
                    }
                }
                var screen: Screen? = Screen()
                screen?.load()
                screen = nil
                """)
        // The first row's owner goes with `removeFirst()`; the second row's closure keeps `self`: a cycle through
        // the closure property's array.
        #expect(SwiftUIKitTests.logs(report) == ["owner gone", "rows 1 r2"])
        #expect(report.value(at: "objects.leaked") == .int(3))
        #expect(report.value(at: "leaks[0].class") == .string("Screen"))
        #expect(report.value(at: "leaks[0].path[1]") == .string("block#1"))
        #expect(report.value(at: "leaks[0].edges[0]") == .string("rows_onTap[0]"), "\(report)")
    }
}
