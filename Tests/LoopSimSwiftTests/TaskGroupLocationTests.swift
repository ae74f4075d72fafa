import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A diagnostic inside a task group's body names the line and column of the file where the construct is, as every
/// other diagnostic does (a reviewer's probe found them at the file's first line: the body was lowered from a new,
/// detached list of its statements, whose positions count from that list's start).
@Suite struct TaskGroupLocationTests {
    @Test(arguments: ["", "\n        return 1"])
    func aRefusalInsideAValueGroupNamesItsOwnLine(tail: String) throws {
        let code = """
            // A comment that says nothing of the code.
            import UIKit
            let scenario = Scenario("probe", until: .seconds(1), variants: [.ios13])
            final class Racer {
                func race() async -> Int {
                    let n = await withTaskGroup(of: Int.self) { group in
                        group.addTask { 1 }
                        URLSession.shared.invalidateAndCancel()\(tail)
                    }
                    return n
                }
            }
            """
        let (_, diagnostics) = SwiftScenarioLoader.lower(text: code, file: "G.swift")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(error.location.line >= 6, "\(error)")
        }
        #expect(errors.contains { $0.location.line == 8 && $0.location.column == 13 }, "\(errors)")
    }
}
