import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Optional structs (SwiftLowering+OptionalStructs.swift): `var lastFix: Coordinate?` is its stored properties plus
/// a presence flag `lastFix__some`; a read through `?.` is nil while the value is.
@Suite struct OptionalStructTests {
    /// A file declaring `Fix` and a `Tracker` class with `var last: Fix?`, whose `probe()` body is `body`.
    static func file(_body body: String, fields: String = "", expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("optional structs", until: .seconds(5), variants: [.ios13, .linuxCorelibs])
        struct Fix {
            let latitude: Double
            var label: String
            var count = 0
        }
        final class Tracker {
            var last: Fix?
            \(fields)
            func probe() {
                \(body)
            }
        }
        let tracker = Tracker()
        tracker.probe()
        scenario.expect(.all, \(expect))
        """
    }

    @Test func anOptionalStructPropertyIsItsPropertiesAndAFlag() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: Self.file(_body: "print(last == nil)", expect: "[\"logs\": 1]"), file: "S.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let tracker = try #require(tree?.mapping?["classes"]?.mapping?["Tracker"]?.mapping)
        let fields = try #require(tracker["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["last_latitude"])) == "strong duration = nil")
        #expect(SwiftLoweringTests.render(try #require(fields["last_label"])) == "strong string")
        #expect(SwiftLoweringTests.render(try #require(fields["last_count"])) == "strong int = nil")
        #expect(SwiftLoweringTests.render(try #require(fields["last__some"])) == "strong bool")
        let probe = SwiftLoweringTests.render(try #require(tracker["methods"]?.mapping?["probe"]))
        #expect(probe.contains("!self.last__some"), "\(probe)")
    }

    @Test func storingReadingAndClearingFollowSwift() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                _body: """
                    print("a \\(last == nil) \\(last?.label ?? "none")")
                    last = Fix(latitude: 52.5, label: "home")
                    print("b \\(last != nil) \\(last?.label ?? "none") \\(last?.count ?? -1)")
                    if let fix = last {
                        print("c \\(fix.label) \\(fix.count)")
                    }
                    last = nil
                    guard let again = last else {
                        print("d none")
                        return
                    }
                    print("e \\(again.label)")
                    """,
                expect: """
                    ["logs": 4, "logs[0].text": "a true none", "logs[1].text": "b true home 0",
                     "logs[2].text": "c home 0", "logs[3].text": "d none"]
                    """))
    }

    @Test func aCopyIntoTheOptionalIsIndependentAndALocalCopyKeepsTheFlag() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                _body: """
                    var fix = Fix(latitude: 1, label: "x")
                    last = fix
                    fix.label = "y"
                    let copy = last
                    last = nil
                    var pending: Fix? = nil
                    print("\\(last?.label ?? "-") \\(copy?.label ?? "-") \\(fix.label) \\(pending == nil)")
                    pending = Fix(latitude: 2, label: "p")
                    if let lastFix = pending, lastFix.latitude > 1 {
                        print("\\(lastFix.label)")
                    }
                    """,
                expect: "[\"logs\": 2, \"logs[0].text\": \"- x y true\", \"logs[1].text\": \"p\"]"))
    }

    @Test func aTimerFillsTheOptionalAndAComputedPropertyTestsIt() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                _body: """
                    print("fix \\(hasFix)")
                    timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] t in
                        guard let self else { return }
                        ticks += 1
                        if ticks == 1 {
                            self.last = Fix(latitude: 52.5, label: "tick", count: self.ticks)
                        } else {
                            t.invalidate()
                        }
                        print("fix \\(self.hasFix) \\(self.last?.count ?? 0)")
                    }
                    """,
                fields: "var timer: Timer?\n var ticks = 0\n var hasFix: Bool { last != nil }",
                expect: """
                    ["logs": 3, "logs[0].text": "fix false", "logs[1].text": "fix true 1",
                     "logs[1].at_ms": 1000, "logs[2].text": "fix true 1", "timers.fires": 2]
                    """))
    }

    @Test func aForceUnwrapOfANilOptionalStructTraps() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                _body: "last = Fix(latitude: 1, label: \"ok\")\n print(last!.label)\n last = nil\n print(last!.label)",
                expect: "[\"logs\": 1, \"logs[0].text\": \"ok\", \"crashed\": true]"))
    }

    @Test func anObjectHeldByTheOptionalIsReleasedWhenNilIsStored() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("optional structs", until: .seconds(3), variants: [.ios13])
            final class Token {
                deinit { print("token deinit") }
            }
            struct Session {
                var token: Token
                var name: String
            }
            final class Store {
                var session: Session?
                func open() { session = Session(token: Token(), name: "s") }
                func close() { session = nil }
            }
            let store = Store()
            store.open()
            scenario.at(.seconds(1)) { store.close() }
            scenario.expect(.all, ["logs": 1, "first_logged_at_ms": ["token deinit": 1000], "objects.leaked": 0])
            """)
    }
}
