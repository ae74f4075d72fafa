import LoopSimKernel
import LoopSimScenario
import Testing

/// Files of a few lines that ask for more than memory holds are diagnostics, not runs that swallow it
/// (`MemoryBoundTests` runs them under a 4 GiB address-space limit).
@Suite struct HostileInputTests {
    static func ids(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "hostile.yaml").diagnostics.map(\.id.rawValue)
    }

    /// A mebibyte's value written into 17 places: the 16th (a mebibyte and a digit or two each) passes 16 MiB of text
    /// and is `yaml.too-large`; nothing is substituted after it.
    @Test func substitutionMakesAtMostSixteenMebibytes() throws {
        let value = String(repeating: "x", count: 1 << 20)
        var yaml = "name: p\nuntil: 1s\nparams: {v: \(value)}\nmain:\n"
        for i in 0..<17 { yaml += "  - log: \"${v}\(i)\"\n" }
        let loaded = ScenarioLoader.load(text: yaml, file: "p.yaml")
        let tooLarge = loaded.diagnostics.filter { $0.id.rawValue == "yaml.too-large" }
        try #require(tooLarge.count == 1, "\(loaded.diagnostics.map(\.message))")
        #expect(tooLarge[0].location.line == 20, "the 16th place")
        #expect(tooLarge[0].message.contains("16 MiB"))
        #expect(loaded.scenario == nil)
    }

    /// Aliases copy a place, not its text: 100,000 copies of one `${v}` of a kilobyte are substituted once, so they
    /// stay far below the bound (they made 100 MB before).
    @Test func aliasesOfAPlaceAreSubstitutedOnce() {
        let value = String(repeating: "y", count: 1000)
        var yaml = "name: p\nuntil: 1s\nparams: {v: \(value)}\nmain: []\n"
        yaml += "x0: &l0 [" + Array(repeating: "{log: \"${v}\"}", count: 10).joined(separator: ", ") + "]\n"
        for level in 1...4 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "x\(level): &l\(level) [" + aliases + "]\n"
        }
        let ids = Self.ids(yaml)
        #expect(!ids.contains("yaml.too-large"), "\(ids.prefix(3))")
        #expect(ids.contains("key.unknown"), "the x keys are unknown: the file was compiled")
    }

    /// A key or value may have 1024 characters (after substitution), the top-level `description:` any number: a
    /// label of a million characters is refused (each object made under it copied it into names and reports).
    @Test func aValueMayHaveAtMost1024Characters() {
        let longest = String(repeating: "a", count: 1024)
        let ok = "name: x\nuntil: 1s\ndescription: \(String(repeating: "d", count: 5000))\nmain:\n  - log: \(longest)\n"
        #expect(Self.ids(ok).isEmpty)
        let label =
            "name: x\nuntil: 1s\nclasses: {C: {}}\nmain:\n  - let: "
            + String(repeating: "l", count: 1_000_000) + " = new C\n"
        #expect(Self.ids(label) == ["value.too-long"])
        let substituted = "name: x\nuntil: 1s\nparams: {v: \(longest)}\nmain:\n  - log: \"${v}.\"\n"
        #expect(Self.ids(substituted) == ["value.too-long"], "1025 characters once substituted")
    }

    /// A class has at most 256 fields, a block 256 captures, a method 256 locals and parameters: 256 compile, 257 are
    /// `names.too-many` (a block of 100,000 captures trapped: an object's slot count is 16 bits).
    @Test(arguments: [256, 257])
    func classesBlocksAndBodiesHoldAtMost256Names(count: Int) {
        let fields = (0..<count).map { "f\($0): int" }.joined(separator: ", ")
        let lets = (0..<count).map { "{let: v\($0) = \($0)}" }.joined(separator: ", ")
        let captures = (0..<count).map { "strong a as c\($0)" }.joined(separator: ", ")
        let yaml = """
            name: wide
            until: 1s
            classes:
              W:
                fields: {\(fields)}
                methods:
                  go: [\(lets)]
            main:
              - let: a = new W
              - dispatch_async: main
                captures: [\(captures)]
                do: [log: x]
            """
        let ids = Self.ids(yaml)
        #expect(ids == (count > 256 ? ["names.too-many", "names.too-many", "names.too-many"] : []), "\(ids)")
    }

    /// A file of more than 8 MiB is refused before it is parsed (libyaml's tree of a few long lines of `a,` passed
    /// 4 GiB at 50 MB); one just under holds too many nodes for the node budget, and says so without aliases.
    @Test func aFileIsAtMostEightMebibytes() throws {
        let head = "name: x\nuntil: 1s\nmain: []\nx: ["
        let over = head + String(repeating: "a,", count: 4 << 20) + "a]\n"
        let loaded = ScenarioLoader.load(text: over, file: "big.yaml")
        let d = try #require(loaded.diagnostics.first)
        #expect(loaded.diagnostics.count == 1)
        #expect(d.id.rawValue == "yaml.too-large" && d.location.line == 1 && d.location.column == 1)
        #expect(
            d.message == "the file is \(over.utf8.count) bytes, more than the 8 MiB a scenario file may have; "
                + "split it, or generate less")
        let under = head + String(repeating: "a,", count: 1_100_000) + "a]\n"
        let nodes = ScenarioLoader.load(text: under, file: "many.yaml").diagnostics
        #expect(nodes.map(\.id.rawValue) == ["yaml.too-large"])
        let budget = "the YAML expands to more than 1000000 nodes (each alias counted"
        #expect(nodes.first?.message.hasPrefix(budget) == true)
    }

    /// A file has at most 256 cases: 256 load as 256 scenarios, 257 are one `names.too-many` at `cases:` (20,000
    /// cases on one line took 761 MB to run).
    @Test(arguments: [256, 257])
    func aFileHasAtMost256Cases(count: Int) {
        let cases = (0..<count).map { "c\($0): {params: {n: \($0)}}" }.joined(separator: ", ")
        let yaml = "name: x\nuntil: 1s\nparams: {n: 0}\ncases: {\(cases)}\nmain: [log: \"${n}\"]\n"
        let loaded = ScenarioLoader.loadCases(text: yaml, file: "cases.yaml")
        if count > 256 {
            #expect(loaded.count == 1 && loaded[0].scenario == nil)
            #expect(loaded.first?.diagnostics.map(\.id.rawValue) == ["names.too-many"])
            #expect(loaded.first?.diagnostics.first?.location.line == 4)
        } else {
            #expect(loaded.compactMap(\.scenario?.caseName) == (0..<count).map { "c\($0)" })
        }
    }
}
