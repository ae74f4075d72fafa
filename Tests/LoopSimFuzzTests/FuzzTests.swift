import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

@testable import LoopSimFuzz

/// The CI fuzz run: a fixed seed and a fixed budget of generated and mutated scenarios, every invariant checked
/// on every case (see FUZZING.md). `scripts/fuzz.sh` runs the same campaign with a larger budget.
@Suite struct FuzzTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The texts of `scenarios/*.yaml`, sorted by name: what the mutator edits.
    static let corpus: [String] = {
        let dir = root.appendingPathComponent("scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap {
            try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)
        }
    }()

    /// Cases per kind in CI.
    static let budget = 150

    static func describe(_ failures: [FuzzCampaign.Failure]) -> String {
        failures.prefix(3).map { f in
            "\(f.fuzzCase.name) (seed \(f.fuzzCase.seed)):\n  "
                + f.violations.map(\.description).joined(separator: "\n  ")
                + "\n" + f.text
        }.joined(separator: "\n\n")
    }

    @Test func generatedScenariosCompileAndKeepEveryInvariant() {
        let summary = FuzzCampaign(seed: 2026, corpus: Self.corpus).run(count: Self.budget, kinds: [.generated])
        #expect(summary.cases == Self.budget)
        #expect(summary.failures.isEmpty, "\(Self.describe(summary.failures))")
        // Valid by construction: every generated case compiles and runs under each of its variants, twice.
        #expect(summary.compiled == Self.budget)
        #expect(summary.runs >= 2 * Self.budget)
        #expect(summary.events > 10 * Self.budget)
    }

    @Test func mutatedScenariosGetDiagnosticsOrKeepEveryInvariant() throws {
        try #require(Self.corpus.count >= 2, "scenarios/ holds the corpus")
        let summary = FuzzCampaign(seed: 2026, corpus: Self.corpus).run(count: Self.budget, kinds: [.mutated])
        #expect(summary.failures.isEmpty, "\(Self.describe(summary.failures))")
        // The mutants exercise both sides: most are rejected with diagnostics, some still compile and run.
        #expect(summary.compiled > 0)
        #expect(summary.compiled < Self.budget)
        #expect(summary.diagnostics > Self.budget / 2)
    }

    @Test func aCaseIsReplayedFromItsSeedAlone() {
        let campaign = FuzzCampaign(seed: 7, corpus: Self.corpus)
        for kind in FuzzCampaign.Kind.allCases {
            let c = campaign.fuzzCase(kind, 3)
            #expect(campaign.text(of: c) == campaign.text(of: campaign.fuzzCase(kind, 3)))
            #expect(campaign.text(of: c) != campaign.text(of: campaign.fuzzCase(kind, 4)))
        }
    }

    @Test func theCheckerCatchesATamperedTrace() throws {
        let text =
            "name: t\nuntil: 1s\nvariants: [ios10]\nmain:\n  - scheduledTimer: t\n    every: 100ms\n"
            + "    repeats: true\n    userInfo:\n      do:\n        - log: tick\n"
        let scenario = try #require(ScenarioLoader.load(text: text, file: "t.yaml").scenario)
        let profile = try scenario.profile(for: "ios10")
        var outcome = Kernel(
            program: scenario.program,
            configuration: scenario.configuration(profile: profile, keepsTrace: true)
        ).run()
        #expect(try InvariantChecker.checkTrace(outcome, until: scenario.until).isEmpty)
        let last = outcome.eventLog.count - 2
        outcome.eventLog.swapAt(1, last)
        let found = Set(try InvariantChecker.checkTrace(outcome, until: scenario.until).map(\.invariant))
        #expect(found.isSuperset(of: ["time.monotone", "trace.fingerprint"]))
    }

    @Test func diagnosticsOutsideTheFileAreViolations() throws {
        let text = "name: x\nmain: []\n"
        let outside = Diagnostic.error("key.unknown", "made up", at: SourceLocation(file: "x.yaml", line: 9, column: 1))
        let loaded = ScenarioLoader.Loaded(scenario: nil, diagnostics: [outside], source: text)
        let found = try InvariantChecker.checkDiagnostics(loaded, text: text, file: "x.yaml").map(\.invariant)
        #expect(found.contains("diag.location"))
        #expect(InvariantChecker.lineLengths("a\r\nbc\rdef\n") == [1, 2, 3])
        #expect(InvariantChecker.lineLengths("\u{FEFF}ab") == [2])
        #expect(InvariantChecker.lineLengths("") == [0])
    }

    @Test func theCheckerCountsLinesAsLibyamlDoes() throws {
        // Fuzz finding 8: NEL, U+2028 and U+2029 end lines for libyaml, so for the loader and the checker too.
        #expect(InvariantChecker.lineLengths("a\u{2028}bc\u{2029}def\u{85}g\r\u{2028}") == [1, 2, 3, 1, 0])
        let text = "name: x\nmain:\n  - log: one\u{2028}  - log: ready: go\n"
        let loaded = ScenarioLoader.load(text: text, file: "x.yaml")
        #expect(loaded.diagnostics.map(\.location) == [SourceLocation(file: "x.yaml", line: 4, column: 15)])
        #expect(try InvariantChecker.checkDiagnostics(loaded, text: text, file: "x.yaml").isEmpty)
    }
}
