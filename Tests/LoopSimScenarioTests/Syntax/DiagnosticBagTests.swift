import Testing

@testable import LoopSimScenario

@Suite struct DiagnosticBagTests {
    private func at(_ line: Int, _ column: Int, _ file: String = "s.yaml") -> LoopSimScenario.SourceLocation {
        LoopSimScenario.SourceLocation(file: file, line: line, column: column)
    }

    @Test func keepsInsertionOrderAndSortsStably() {
        var bag = DiagnosticBag()
        #expect(!bag.hasErrors && bag.isEmpty)
        bag.warning("w.one", "w1", at: at(3, 1))
        #expect(!bag.hasErrors)
        bag.error(.keyUnknown, "e1", at: at(1, 5))
        bag.error(.keyMissing, "e2", at: at(3, 1))
        bag.error(.keyDuplicate, "e3", at: at(1, 2))
        bag.error(.nameUndefined, "e4", at: at(1, 1, "a.yaml"))
        #expect(bag.hasErrors)
        #expect(bag.errorCount == 4 && bag.warningCount == 1 && bag.count == 5)
        #expect(bag.map(\.message) == ["w1", "e1", "e2", "e3", "e4"])
        #expect(bag.sorted().map(\.message) == ["e4", "e3", "e1", "w1", "e2"])
    }

    @Test func locationsOrderByFileThenLineThenColumn() {
        #expect(at(1, 9) < at(2, 1))
        #expect(at(2, 1) < at(2, 2))
        #expect(at(9, 9, "a.yaml") < at(1, 1, "b.yaml"))
    }

    @Test func identifiersAreOpenAndStable() {
        let custom: DiagnosticID = "timer.custom"
        #expect(custom.rawValue == "timer.custom")
        #expect(DiagnosticID(rawValue: "key.unknown") == .keyUnknown)
        let all: [DiagnosticID] = [
            .yamlSyntax, .keyDuplicate, .keyUnknown, .keyMissing, .keyNotScalar, .typeMismatch,
            .durationBareNumber, .durationInvalid, .durationNegative, .durationOverflow, .nameUndefined,
        ]
        #expect(
            all.map(\.rawValue) == [
                "yaml.syntax", "key.duplicate", "key.unknown", "key.missing", "key.not-scalar", "type.mismatch",
                "duration.bare-number", "duration.invalid", "duration.negative", "duration.overflow", "name.undefined",
            ])
        #expect(Diagnostic.Severity.allCases.map(\.rawValue) == ["error", "warning", "note"])
    }
}
