import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `_ = object.observe(\.key) { … }`: the `NSKeyValueObservation` nothing keeps is released at once, and its deinit
/// invalidates it (swift `stdlib/public/Darwin/Foundation/NSObject.swift`: `deinit { invalidate() }`), so the
/// handler never runs; the token kept in a property is told of every change.
@Suite struct DiscardedObservationTests {
    static func file(keep: Bool) -> String {
        let bind =
            keep
            ? "token = state.observe(\\.pendingChanges, options: [.new]) { _, change in"
            : "_ = state.observe(\\.pendingChanges, options: [.new]) { _, change in"
        return """
            import Foundation
            let scenario = Scenario("kvo token", until: .seconds(3), variants: [.ios10, .ios13])
            final class SyncState: NSObject {
                @objc dynamic var pendingChanges = 0
            }
            final class Indicator {
                let state: SyncState
                var token: NSKeyValueObservation?
                init(state: SyncState) { self.state = state }
                func bind() {
                    \(bind)
                        print("indicator shows \\(change.newValue ?? -1)")
                    }
                }
            }
            let state = SyncState()
            let indicator = Indicator(state: state)
            indicator.bind()
            scenario.at(.seconds(1), "edit") {
                state.pendingChanges += 1
            }
            scenario.at(.seconds(2), "edit again") {
                state.pendingChanges += 1
            }
            """
    }

    @Test func aDiscardedTokenObservesNothing() throws {
        try SwiftLanguageTests.passes(
            Self.file(keep: false)
                + "\nscenario.expect(.all, [\"logs\": 0, \"logged\": [\"indicator shows 1\": 0]])\n")
    }

    @Test func aKeptTokenIsToldOfEachChange() throws {
        try SwiftLanguageTests.passes(
            Self.file(keep: true)
                + "\nscenario.expect(.all, [\"logged_in_order\": [\"indicator shows 1\", \"indicator shows 2\"], "
                + "\"first_logged_at_ms\": [\"indicator shows 2\": 2000]])\n")
    }

    /// The lowering: the observation into a temporary token, released by the next step.
    @Test func theTemporaryTokenIsReleasedAtOnce() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.file(keep: false), file: "K.swift")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        let text = SwiftLoweringTests.render(try #require(tree))
        #expect(text.contains("token: observation11x"), "\(text)")
        #expect(text.contains("{release: observation11x"), "\(text)")
    }
}
