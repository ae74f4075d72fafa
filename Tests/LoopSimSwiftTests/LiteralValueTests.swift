import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Values Swift infers or prints that hold-out files use: array literal properties (`private let delays = [0.3, 2,
/// 1.5]`, `let ids = [11, 12]`), `Int.max`/`Int.min`, and the printed value (not the source text) of an enum's
/// `rawValue` and of `min`/`max` of `Int`s.
@Suite struct LiteralValueTests {
    @Test func arrayLiteralsIntBoundsAndRawValuesAreValues() throws {
        let logs = try DateValueTests.logs(
            """
                enum Style: Int { case info = 1, warning = 2 }
                enum Mode: String { case fast, slow = "Slow" }
                private let delays = [0.3, 2, 1.5]
                private let ids = [11, 12]
                private var best = Int.max
                private var worst = Int.min
                private var style: Style = .warning
                private var mode: Mode = .slow
                func go() {
                    for d in delays { DispatchQueue.main.asyncAfter(deadline: .now() + d) { print("after") } }
                    for id in ids where id < best { best = id }
                    let low = min(best, 5)
                    print("best \\(best) low \\(low) worst \\(worst) \\(Int.max) \\(style.rawValue) \\(mode.rawValue)")
                }
            """, "let w = W()\nw.go()")
        #expect(
            logs == [
                "0 best 11 low 5 worst -9223372036854775808 9223372036854775807 2 Slow", "300 after", "1500 after",
                "2000 after",
            ])
    }

    /// An actor's stored `Int` in a string value (`"tok-\(refreshes)"`) prints as it does in a class: an actor is
    /// lowered as a class, and the interpolation's type lookup reads its declaration too.
    @Test func anActorsPropertyInterpolatesAsAClasssDoes() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("actor", until: .seconds(1), variants: [.ios13])
            actor Tokens {
                private(set) var refreshes = 0
                func fresh() -> String {
                    refreshes += 1
                    let token = "tok-\\(refreshes)"
                    return token
                }
            }
            let tokens = Tokens()
            Task {
                let t = await tokens.fresh()
                print("uses \\(t)")
            }
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.outcome.logs.map(\.text) == ["uses tok-1"])
    }

    /// `note.userInfo?["length"] as? Int ?? 0`: the cast, then its default where the key is missing, printed as the
    /// value (the cast binds tighter than `??`).
    @Test func aUserInfoCastWithADefault() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("userInfo", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
            extension Notification.Name { static let saved = Notification.Name("Saved") }
            final class Composer {
                private var observer: NSObjectProtocol?
                init() {
                    observer = NotificationCenter.default.addObserver(forName: .saved, object: nil, queue: .main) { note in
                        let length = note.userInfo?["length"] as? Int ?? 0
                        print("saved \\(length)")
                    }
                }
            }
            let composer = Composer()
            scenario.at(.milliseconds(500), "save") {
                NotificationCenter.default.post(name: .saved, object: nil, userInfo: ["length": 42])
            }
            scenario.at(.seconds(1), "save without") { NotificationCenter.default.post(name: .saved, object: nil) }
            """)
        for run in try ScenarioRunner.run(scenario) {
            #expect(run.outcome.logs.map(\.text) == ["saved 42", "saved 0"], "\(run.variant)")
        }
    }

    /// A String's `isEmpty` is its comparison with `""`; printed, it and an array's `count` write their values; a
    /// String's other members (`first`, its characters) are refused at the member.
    @Test func aStringIsEmptyWhenItEqualsTheEmptyString() throws {
        let logs = try DateValueTests.logs(
            """
                var query = ""
                var timers: [Timer] = []
                func search(_ text: String) {
                    query = text
                    guard !query.isEmpty else { print("cleared"); return }
                    let empty = query.isEmpty
                    print("search \\(query) \\(empty) \\(timers.count) \\(timers.isEmpty)")
                }
            """, "let w = W()\nw.search(\"a\")\nw.search(\"\")")
        #expect(logs == ["0 search a false 0 true", "0 cleared"])
        let loaded = SwiftScenarioLoader.load(
            text: """
                let scenario = Scenario("s", until: .seconds(1), variants: [.ios13])
                final class W {
                    var name = "abc"
                    func go() { if name.first == "a" { print("first") } }
                }
                let w = W()
                w.go()
                """, file: "S.swift")
        // A String's other members than `isEmpty` and `count` (its characters) are refused at the member.
        #expect(loaded.diagnostics.contains { $0.message.contains("`first` of a `String`") }, "\(loaded.diagnostics)")
    }
}
