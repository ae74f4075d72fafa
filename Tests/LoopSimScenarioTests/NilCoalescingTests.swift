import LoopSimKernel
import LoopSimScenario
import Testing

/// `a ?? b` (docs/scenario-format.md §6): the left value unless it is nil, the default evaluated only then, Swift's
/// precedence and grouping; `int = nil` fields.
@Suite struct NilCoalescingTests {
    static func logs(_ yaml: String, _ variant: String = "ios10") throws -> [String] {
        try KernelSemanticsTests.run(yaml, variant).logs.map(\.text)
    }

    @Test func aNilValueTakesTheDefaultAndAValueKeepsItself() throws {
        let logs = try Self.logs(
            """
            name: coalesce
            until: 1s
            classes:
              Box:
                fields: {n: int = nil, flag: bool = nil, other: strong Box, label: string}
            main:
              - let: b = new Box
              - log: 'n \\(b.n ?? 7) flag \\(b.flag ?? true) label \\(b.label ?? "none")'
              - set: b.n = 0
              - set: b.flag = false
              - log: 'n \\(b.n ?? 7) flag \\(b.flag ?? true)'
              - log: 'through nil \\(b.other.n ?? 5)'
              - if: b.other.n == nil
                then: [log: nil path]
            """)
        #expect(logs == ["n 7 flag true label none", "n 0 flag false", "through nil 5", "nil path"])
    }

    @Test func theDefaultIsEvaluatedOnlyWhenNeeded() throws {
        // A `new` on the right makes an object only when the left is nil (Swift's autoclosure).
        let o = try KernelSemanticsTests.run(
            """
            name: lazy default
            until: 1s
            classes:
              Box:
                fields: {other: strong Box}
            main:
              - let: a = new Box
              - set: a.other = new Box
              - let: kept = a.other ?? new Box
              - let: made = a.other.other ?? new Box
            """)
        #expect(o.allocated == 3)
    }

    @Test func itGroupsToTheRightAndBindsBetweenSumAndComparison() throws {
        let logs = try Self.logs(
            """
            name: precedence
            until: 1s
            classes:
              Box:
                fields: {n: int = nil, m: int = nil}
            main:
              - let: b = new Box
              - log: 'sum \\(b.n ?? 1 + 2)'
              - log: 'chain \\(b.n ?? b.m ?? 9)'
              - if: b.n ?? 2 > 1
                then: [log: compared]
            """)
        #expect(logs == ["sum 3", "chain 9", "compared"])
    }

    @Test func mismatchedSidesAreATypeError() {
        let loaded = ScenarioLoader.load(
            text: """
                name: mismatch
                until: 1s
                classes:
                  Box:
                    fields: {n: int = nil}
                main:
                  - let: b = new Box
                  - let: x = b.n ?? "zero"
                """, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.contains { $0.message.contains("?? takes a value and a default of the same type") })
    }
}

/// `+` of two strings (docs/scenario-format.md §6): their concatenation.
@Suite struct StringConcatenationTests {
    @Test func plusJoinsTwoStrings() throws {
        let logs = try NilCoalescingTests.logs(
            """
            name: concatenation
            until: 1s
            classes:
              Box:
                fields: {name: string = box, n: int = 3}
            main:
              - let: b = new Box
              - let: 's = b.name + "-" + "\\(b.n)"'
              - log: '\\(s)'
            """)
        #expect(logs == ["box-3"])
    }
}
