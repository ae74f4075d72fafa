import Testing

@testable import LoopSimScenario

@Suite struct KeyCheckerTests {
    private func at(_ line: Int, _ column: Int) -> LoopSimScenario.SourceLocation {
        LoopSimScenario.SourceLocation(file: "s.yaml", line: line, column: column)
    }

    private func check(_ yaml: String, allowed: [String], required: [String] = []) throws -> [Diagnostic] {
        let (node, parseDiagnostics) = LocatedNode.parse(yaml: yaml, file: "s.yaml")
        #expect(parseDiagnostics.isEmpty)
        let mapping = try #require(node?.mapping)
        var bag = DiagnosticBag()
        checkKeys(mapping, allowed: allowed, required: required, context: "timer `t1`", into: &bag)
        return bag.diagnostics
    }

    @Test func unknownKeyGetsASuggestion() throws {
        let diagnostics = try check("every: 1s\nuntill: 5s\n", allowed: ["every", "until", "mode"])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == .keyUnknown)
        #expect(diagnostic.location == at(2, 1))
        #expect(diagnostic.message == "unknown key `untill` in timer `t1`; did you mean `until`?")
    }

    @Test func unknownKeyWithoutACloseMatchListsTheAllowedKeys() throws {
        let diagnostics = try check("every: 1s\n  \nbanana: 2\n", allowed: ["every", "until"], required: ["mode"])
        #expect(
            diagnostics.map(\.message) == [
                "unknown key `banana` in timer `t1`; allowed keys are `every`, `until`, `mode`",
                "timer `t1` is missing the required key `mode`; add `mode: ...`",
            ])
        #expect(diagnostics.map(\.id) == [.keyUnknown, .keyMissing])
        #expect(diagnostics.map(\.location) == [at(3, 1), at(1, 1)])
    }

    @Test func missingRequiredKeysAreReportedAtTheMapping() throws {
        let diagnostics = try check("x:\n  every: 1s\n", allowed: ["x"])
        #expect(diagnostics.isEmpty)
        let (node, _) = LocatedNode.parse(yaml: "x:\n  every: 1s\n", file: "s.yaml")
        let inner = try #require(node?.mapping?["x"]?.mapping)
        var bag = DiagnosticBag()
        checkKeys(inner, allowed: ["every"], required: ["every", "until", "mode"], context: "timer `t1`", into: &bag)
        #expect(bag.map(\.id) == [.keyMissing, .keyMissing])
        #expect(bag.map(\.location) == [at(2, 3), at(2, 3)])
        #expect(
            bag.map(\.message) == [
                "timer `t1` is missing the required key `until`; add `until: ...`",
                "timer `t1` is missing the required key `mode`; add `mode: ...`",
            ])
    }

    @Test func suggestions() {
        let keys = ["every", "until", "duration", "mode", "repeats"]
        #expect(KeyChecker.suggestion(for: "untill", among: keys) == "until")
        #expect(KeyChecker.suggestion(for: "Until", among: keys) == "until")
        #expect(KeyChecker.suggestion(for: "evry", among: keys) == "every")
        #expect(KeyChecker.suggestion(for: "durationMs", among: keys) == "duration")  // shared prefix
        #expect(KeyChecker.suggestion(for: "dur", among: keys) == "duration")
        #expect(KeyChecker.suggestion(for: "repeat", among: keys) == "repeats")
        #expect(KeyChecker.suggestion(for: "banana", among: keys) == nil)
        #expect(KeyChecker.suggestion(for: "x", among: ["y", "mode"]) == nil)
    }

    @Test func editDistance() {
        #expect(KeyChecker.editDistance("", "") == 0)
        #expect(KeyChecker.editDistance("", "abc") == 3)
        #expect(KeyChecker.editDistance("abc", "") == 3)
        #expect(KeyChecker.editDistance("untill", "until") == 1)
        #expect(KeyChecker.editDistance("kitten", "sitting") == 3)
        #expect(KeyChecker.editDistance("flaw", "lawn") == 2)
        #expect(KeyChecker.editDistance("mode", "mode") == 0)
        #expect(KeyChecker.editDistance("lgo", "log") == 1)  // a swap of adjacent characters costs one
        #expect(KeyChecker.suggestion(for: "lgo", among: ["let", "log"]) == "log")
    }
}
