import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `a[i] = v` and `a[i] += n` (SwiftLowering+ArrayElements.swift), against swiftc's output of the same class.
@Suite struct ArrayElementAssignmentTests {
    @Test func elementsAreReplacedAndObserversRun() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Row {
                let id: Int
                init(id: Int) { self.id = id }
                deinit { print("row \\(id) freed") }
            }
            final class Board {
                var scores: [Int] = [0, 0] { didSet { print("scores \\(scores)") } }
                var rows: [Row] = []
                func play() {
                    scores[0] = 3
                    scores[1] += 5
                    rows.append(Row(id: 1))
                    rows[0] = Row(id: 2)
                    let first = rows[0]
                    print("row \\(first.id)")
                }
            }
            let board = Board()
            board.play()
            """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "scores [3, 0]", "scores [3, 5]", "row 1 freed", "row 2",
            ])
    }

    @Test func anIndexOutsideTheArrayStopsTheApp() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Board {
                var scores: [Int] = [0]
                func play() { scores[2] = 1 }
            }
            let board = Board()
            board.play()
            """)
        #expect(report.value(at: "crashed")?.compact == "true")
    }
}
