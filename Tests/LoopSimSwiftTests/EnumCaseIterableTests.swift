import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Section.allCases` of a `CaseIterable` enum of the file (SwiftLowering+EnumCaseIterable.swift) and a conditional
/// store of a case into an enum whose cases carry values (SwiftLowering+Conditional.swift). Each expectation is a
/// value a wrong model gets wrong: the cases out of declaration order, a raw value printed as the name, the branch
/// not chosen stored.
@Suite struct EnumCaseIterableTests {
    static func logs(_ text: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("cases", until: .seconds(3), variants: [.ios13])
            \(text)
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// A case named by a keyword in backticks (`case \`default\``, Swift's escaped identifier) is the case
    /// `default`: `.default` names it, and it prints without the backticks, as Swift prints it.
    @Test func aBacktickedCaseIsItsName() throws {
        let logs = try Self.logs(
            """
            enum Priority { case low, `default`, high }
            final class Queue {
                var priority = Priority.low
                func raise() {
                    priority = .default
                    if priority == .default { print("priority \\(priority)") }
                }
            }
            let q = Queue()
            q.raise()
            """)
        #expect(logs == ["0 priority default"])
    }

    @Test func allCasesListsTheCasesInDeclarationOrder() throws {
        let logs = try Self.logs(
            """
            enum Section: CaseIterable { case recent, starred; case shared }
            enum Speed: Int, CaseIterable { case slow = 2, fast }
            final class Menu {
                var built = 0
                func build() {
                    print("sections \\(Section.allCases.count)")
                    for section in Section.allCases where section != .starred {
                        built += 1
                        print("section \\(section)")
                    }
                    var total = 0
                    for s in Speed.allCases { total += s.rawValue }
                    print("total \\(total) built \\(built) empty \\(Speed.allCases.isEmpty)")
                }
            }
            let menu = Menu()
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { menu.build() }
            """)
        #expect(
            logs == [
                "1000 sections 3", "1000 section recent", "1000 section shared", "1000 total 5 built 2 empty false",
            ])
    }

    @Test func aConditionalStoresTheChosenCaseWithItsValues() throws {
        let logs = try Self.logs(
            """
            enum CartBadge { case hidden; case count(Int) }
            enum Phase { case idle, busy }
            final class Cart {
                var badge: CartBadge = .hidden
                var phase: Phase = .idle
                func update(_ items: Int) {
                    badge = items == 0 ? .hidden : .count(items)
                    phase = items > 0 ? .busy : .idle
                    print("badge \\(badge) phase \\(phase)")
                }
            }
            let cart = Cart()
            cart.update(3)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                cart.update(0)
                cart.badge = CartBadge.count(7)
                print("then \\(cart.badge)")
            }
            """)
        #expect(logs == ["0 badge count(3) phase busy", "1000 badge hidden phase idle", "1000 then count(7)"])
    }
}
