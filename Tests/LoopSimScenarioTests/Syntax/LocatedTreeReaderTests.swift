import Foundation
import Testing

@testable import LoopSimScenario

/// `LocatedTreeReader` (libyaml's events straight into the located tree) must give exactly what Yams's composer and
/// the converter give, or leave the file to them: every YAML file in the repository, and texts that reach each
/// case it reproduces or gives up on, are parsed both ways and compared, tree and diagnostics.
@Suite struct LocatedTreeReaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.yaml` file under the repository's scenario, example and test folders, relative to the root.
    static let files: [String] = {
        var found: [String] = []
        for folder in ["scenarios", "conformance", "examples", "notebooks", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".yaml") {
                found.append(folder + "/" + path)
            }
        }
        return found.sorted()
    }()

    /// What the general path gives: Yams's composer, then the converter.
    private func composed(_ yaml: String) -> (LocatedNode?, [Diagnostic]) {
        LocatedNode.parseComposing(yaml: yaml, file: "s.yaml")
    }

    /// What the reader gives, or nil when it leaves the text to the composer.
    private func read(_ yaml: String) -> LocatedNode?? {
        var reader = LocatedTreeReader(file: "s.yaml")
        guard case .document(let root) = reader.read(yaml) else { return nil }
        return .some(root)
    }

    @Test func thereAreFilesToCompare() {
        #expect(Self.files.count > 200)
    }

    @Test(arguments: files) func everyRepositoryFileParsesAsTheComposerParsesIt(_ path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let general = LocatedNode.parseComposing(yaml: text, file: path)
        #expect(LocatedNode.parse(yaml: text, file: path) == general)
        var reader = LocatedTreeReader(file: path)
        if case .document(let tree) = reader.read(text) {
            #expect(general.1.isEmpty)
            #expect(tree == general.0)
        }
    }

    /// Texts the reader reads itself: each must give the composer's tree, with no diagnostics.
    static let readable: [String] = [
        "", "# only a comment\n", "name: demo\nsteps:\n  - x\n  - {a: 1}\n",
        "p: 010\nd: \"010\"\ns: '010'\nl: |\n  text\nf: >\n  folded\n", "n: ~\ne:\nq: ''\n",
        "e\u{301}: v\nö: {é: [1, 2]}\n", "k: &a {x: 1, y: [2, 3]}\nj: *a\nh: *a\n", "- &s one\n- *s\n- [*s, *s]\n",
        "&k key: 1\nother: *k\n", "!!str a: !!int 1\nb: !custom {c: d}\n", "---\nname: x\n...\n", "[a, [b, [c]]]",
        "plain text", "? complex\n: value\n", "a: \"tab\\there \\u00e9 \\0 end\"\n", "a:\r\n  b: c\r\n",
        "{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11}",
    ]

    @Test(arguments: readable) func readableTextsGiveTheComposersTree(_ yaml: String) throws {
        let general = composed(yaml)
        #expect(general.1.isEmpty)
        let tree = try #require(read(yaml))
        #expect(tree == general.0)
    }

    /// Texts the reader leaves to the composer, each for a reason it names: a diagnostic to make or a case it
    /// does not reproduce.
    static let leftToTheComposer: [String] = [
        "name: a\nname: b\n",  // a repeated key
        "{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, a: 10}",  // repeated past the linear check
        "!foo 1: a\n1: b\n",  // equal texts that Yams's tags tell apart
        "[a]: 1\n",  // a key that is not a scalar
        "a: [1, 2\n",  // a syntax error
        "a: 1\n---\nb: 2\n",  // a second document
        "a: *nowhere\n",  // an undefined alias
        "a: \"\\ufeffx\"\n",  // a scalar starting with a byte order mark
    ]

    @Test(arguments: leftToTheComposer) func problemsAreLeftToTheComposer(_ yaml: String) {
        #expect(read(yaml) == nil)
        #expect(LocatedNode.parse(yaml: yaml, file: "s.yaml") == composed(yaml))
    }

    @Test func aliasesCountAgainstTheNodeBudgetAsTheConverterCountsThem() throws {
        // a0 is 11 nodes, a(k) 1 + 10 × a(k-1): a6 alone is 1,111,111, past the budget, so the composer reports it.
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [" + aliases + "]\n"
        }
        #expect(read(yaml) == nil)
        let general = composed(yaml)
        #expect(general.0 == nil)
        #expect(general.1.map(\.id) == [.yamlTooLarge])
        // Up to a4 (123,456 nodes expanded) the document is under the budget and read.
        let smaller = yaml.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        let tree = try #require(read(smaller))
        #expect(tree == composed(smaller).0)
    }
}
