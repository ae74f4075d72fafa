import Foundation
import Testing

@testable import LoopSimSwift

/// A release LoopSim does not model, named as a variant: the message says which are modelled, and, for iOS 11 and
/// 12, which flags separate their neighbours, rather than an edit-distance guess.
@Suite struct UnmodelledReleaseTests {
    @Test func iOS12IsExplained() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("r", until: .seconds(1), variants: [.ios12])
                print("x")
                """, file: "R.swift")
        let messages = loaded.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.hasPrefix("2:60 unknown variant 'ios12': LoopSim models ios8, ios9, ios10, ios13") == true,
            "\(messages)")
        #expect(messages.first?.contains("run both") == true, "\(messages)")
    }
}
