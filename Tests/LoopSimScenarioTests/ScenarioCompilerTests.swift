import LoopSimKernel
import LoopSimScenario
import Testing

/// Bad scenarios get `file:line:col` diagnostics with stable ids; good ones compile to runnable programs.
@Suite struct ScenarioCompilerTests {
    static let minimal = """
        name: minimal
        until: 2s
        main:
          - log: hello
        """

    func diagnostics(_ text: String) -> [Diagnostic] {
        ScenarioLoader.load(text: text, file: "t.yaml").diagnostics
    }

    /// (YAML, expected id, line, column): one problem each.
    static let badFiles: [(String, String, Int, Int)] = [
        ("name: x\nmain: [\n", "yaml.syntax", 3, 1),
        ("name: x\nuntill: 2s\nmain: []\n", "key.unknown", 2, 1),
        ("name: x\nuntil: 250\nmain: []\n", "duration.bare-number", 2, 8),
        ("name: x\nuntil: -1s\nmain: []\n", "duration.negative", 2, 8),
        ("name: x\nuntil: 9999999999s\nmain: []\n", "duration.overflow", 2, 8),
        ("name: x\nmain:\n  - lgo: hi\n", "step.unknown", 3, 5),
        ("name: x\nmain:\n  - let: p = new Pgae\n", "name.undefined", 3, 18),
        (
            "name: x\nclasses:\n  A:\n    fields: {b: strong A}\nmain:\n  - let: a = new A\n  - release: a.c\n",
            "name.undefined", 7, 16
        ),
        ("name: x\nmain:\n  - invalidate: nothing\n", "name.undefined", 3, 17),
        ("name: x\nseed: many\nmain: []\n", "type.mismatch", 2, 7),
        ("name: x\nvariants: [ios11]\nmain: []\n", "variant.unknown", 2, 12),
        ("name: x\nmain: []\nexpect:\n  all: {objects.laeked: 0, leakz: 1}\n", "expect.figure", 4, 17),  // at `laeked`
        // A misspelt path is an error whatever the expected value, null included, at every level.
        ("name: x\nmain: []\nexpect:\n  all:\n    crash.mesage: null\n", "expect.figure", 5, 11),
        ("name: x\nmain: []\nexpect:\n  all:\n    leaks[0].holdr: ~\n", "expect.figure", 5, 14),
        ("name: x\nmain: []\nexpect:\n  ios13:\n    timers.latency_ms.p98:\n", "expect.figure", 5, 23),
        ("name: x\nmain: []\nexpect:\n  all:\n    \"app.timeline[0].asleep\": null\n", "expect.figure", 5, 22),
        ("name: x\nclasses:\n  A:\n    fields: {t: weak NSTimr}\nmain: []\n", "field.declaration", 4, 22),
        ("name: x\nmain:\n  - scheduledTimer: t\n    every: 1s\n", "timer.action", 3, 5),
        ("name: x\nmain:\n  - dispatch_async: mian\n    do: []\n", "name.undefined", 3, 21),
        ("name: x\nmain:\n  - let: p = 1 +\n", "expr.syntax", 3, 17),  // the missing operand after +
        ("name: x\nset: {staleTimerPortWake: true}\nmain: []\n", "flag.invalid", 2, 7),
        ("name: x\ncovers: [S5]\nmain: []\n", "covers.unknown", 2, 10),
        ("name: x\nmain:\n  - thread: T\n    do:\n      - log: self\n      - fire: self.t\n", "name.undefined", 6, 15),
    ]

    @Test(arguments: badFiles.indices)
    func badFileGetsItsDiagnostic(index: Int) throws {
        let (text, id, line, column) = Self.badFiles[index]
        let loaded = ScenarioLoader.load(text: text, file: "t.yaml")
        #expect(loaded.scenario == nil)
        let first = try #require(loaded.diagnostics.first { $0.severity == .error })
        #expect(first.id.rawValue == id, "\(first)")
        #expect(first.location.line == line, "\(first)")
        #expect(first.location.column == column, "\(first)")
        #expect(first.location.file == "t.yaml")
    }

    @Test func allErrorsOfAFileAreReportedAtOnce() {
        let errors = diagnostics("name: x\nuntill: 2s\nseed: lots\nmain:\n  - lgo: hi\n  - fire: nope\n")
        #expect(errors.map(\.id.rawValue) == ["key.unknown", "type.mismatch", "step.unknown", "name.undefined"])
    }

    @Test func suggestionsNameTheClosestSpelling() throws {
        let d = try #require(diagnostics("name: x\nuntill: 2s\nmain: []\n").first)
        #expect(d.message.contains("`until`"))
        let step = try #require(diagnostics("name: x\nmain:\n  - invalidat: t\n").first)
        #expect(step.message.contains("`invalidate`"))
    }

    @Test func aBlockSeesOnlyItsCaptures() throws {
        let text = """
            name: x
            classes:
              P:
                fields: {n: int = 1}
                methods:
                  go:
                    - dispatch_async: global
                      do:
                        - increment: self.n
            main: []
            """
        let d = try #require(diagnostics(text).first)
        #expect(d.id.rawValue == "name.undefined")
        #expect(d.message.contains("strong self"))
        #expect(d.location.line == 9)
    }

    @Test func aMinimalScenarioCompiles() throws {
        let scenario = try #require(ScenarioLoader.load(text: Self.minimal, file: "m.yaml").scenario)
        #expect(scenario.until == .zero + .seconds(2))
        #expect(scenario.variants == VariantProfile.builtInNames)
    }

    @Test func durationsAreExact() throws {
        let scenario = try #require(
            ScenarioLoader.load(text: "name: x\nuntil: 1.000000001s\nmain: []\n", file: "d").scenario)
        #expect(scenario.until.nanoseconds == 1_000_000_001)
    }
}
