import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Swift names that are words of the scenario language (SwiftReservedWords.swift), and `print`'s terminator.
@Suite struct ReservedWordTests {
    @Test func aLocalAPropertyAndAClosureParameterNamedNew() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Meter {
                var new = 1
                var onChange: ((Int) -> Void)?
                func bump() {
                    let old = new
                    let new = old + 10
                    self.new = new
                    onChange?(new)
                }
            }
            let meter = Meter()
            meter.onChange = { new in print("changed to \\(new)") }
            meter.bump()
            print("now \\(meter.new)")
            """)
        #expect(SwiftUIKitTests.logs(report) == ["changed to 11", "now 11"])
    }

    @Test func aParameterLabelledNewAndItsSelector() throws {
        // `func render(old: Int, new: Int)`: the label is the local; calls and selectors name it too.
        let report = try SwiftUIKitTests.report(
            """
            final class Detail: NSObject {
                func render(old: Int, new: Int) { print("progress \\(old) -> \\(new)") }
                @objc func tick(new: Timer) { print("tick") }
                func start() {
                    render(old: 0, new: 10)
                    Timer.scheduledTimer(
                        timeInterval: 0.1, target: self, selector: #selector(tick(new:)), userInfo: nil, repeats: false)
                }
            }
            let detail = Detail()
            detail.start()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["progress 0 -> 10", "tick"])
    }

    @Test func aRenamedNameKeepsTheFilesColumns() {
        // `new_` is one longer than `new`: a diagnostic after it on the same line still names the file's column.
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                final class Meter {
                    func bump() { let new = 1; URLSession.shared.invalidateAndCancel(); print("\\(new)") }
                }
                """), file: "U.swift")
        let error = diagnostics.first { $0.severity == .error }
        #expect(error?.location.line == 4)
        #expect(error?.location.column == 32, "\(diagnostics)")
    }

    @Test func aTerminatorOtherThanTheNewlineIsRefusedWhereWritten() {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                print("loading", terminator: "")
                print(" done", terminator: "\\n")
                """), file: "U.swift")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.line == 3)
        #expect(errors.first?.location.column == 18)
        #expect(errors.first?.message.contains("a log is one line") == true)
    }
}
