import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Functions nested in a method or a closure (SwiftLowering+LocalFunctions.swift), inlined where they are called;
/// logs as this machine's swiftc build of the same class prints them.
@Suite struct LocalFunctionTests {
    @Test func aNestedFunctionCapturesTheBodysNamesAndRunsPerCall() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Feed {
                var rows = 0
                func load(_ pages: Int) {
                    let prefix = "page"
                    func add(_ n: Int, _ label: String) {
                        for i in 1...n {
                            defer { rows += 1 }
                            print("\\(prefix) \\(label) row \\(i)")
                        }
                    }
                    add(2, "a")
                    add(pages, "b")
                    print("rows \\(rows)")
                }
            }
            let feed = Feed()
            feed.load(1)
            """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "page a row 1", "page a row 2", "page b row 1", "rows 3",
            ])
    }

    @Test func aNestedFunctionThatReturnsIsRefusedWhereItReturns() {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                final class Feed {
                    func load() {
                        func add(_ n: Int) {
                            if n > 2 { return }
                            print("n")
                        }
                        add(1)
                    }
                }
                """), file: "U.swift")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.line == 6)
        #expect(errors.first?.message.contains("`return` in a nested function") == true)
    }
}
