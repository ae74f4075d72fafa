import Foundation
import LoopSimReport
import Testing

/// `loopsim golden`: hashes per scenario and variant, checked against DIR/golden-hashes.txt, rewritten with --update.
@Suite(.serialized) struct GoldenTests {
    typealias CLI = CLIEndToEndTests

    static let tick =
        "name: t\nuntil: 1s\nvariants: [ios9, ios10]\nmain:\n  - scheduledTimer: t\n    every: 100ms\n"
        + "    repeats: true\n    userInfo:\n      do:\n        - log: tick\n"

    @Test func updateThenCheckThenAChangedTraceFails() throws {
        let dir = try LimitsAndOutputTests.directory()
        try Self.tick.write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try Self.tick.write(to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let missing = try CLI.loopsim(["golden", dir.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("create it with `loopsim golden --update"))

        let update = try CLI.loopsim(["golden", "--update", dir.path])
        #expect(update.status == 0)
        #expect(update.stdout.contains("wrote 4 hashes"))
        let text = try String(contentsOf: dir.appendingPathComponent("golden-hashes.txt"), encoding: .utf8)
        let golden = try GoldenHashes(parsing: text)
        #expect(
            golden.entries.map { "\($0.file) \($0.variant)" } == [
                "a.yaml ios10", "a.yaml ios9", "b.yaml ios10", "b.yaml ios9",
            ])
        #expect(golden.text == text, "the file is exactly what --update writes")
        #expect(try CLI.loopsim(["golden", dir.path]).status == 0)

        // An edited scenario changes its traces: the check names the runs and says how to update.
        try Self.tick.replacingOccurrences(of: "100ms", with: "200ms")
            .write(to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        try Self.tick.write(to: dir.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("a.yaml"))
        let changed = try CLI.loopsim(["golden", dir.path])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("changed \(dir.path)/b.yaml [ios9]: golden "))
        #expect(changed.stdout.contains("new     \(dir.path)/c.yaml [ios10]"))
        #expect(changed.stdout.contains("gone    \(dir.path)/a.yaml [ios9]"))
        #expect(changed.stdout.contains("run `loopsim golden --update \(dir.path)`"))
        #expect(try CLI.loopsim(["golden", "--update", dir.path]).status == 0)
        #expect(try CLI.loopsim(["golden", dir.path]).status == 0)
    }

    @Test func aMalformedGoldenFileIsRejected() throws {
        #expect(throws: GoldenHashes.ParseError(line: 2, text: "a.yaml ios9")) {
            try GoldenHashes(parsing: "# header\na.yaml ios9\n")
        }
        #expect(throws: GoldenHashes.ParseError.self) { try GoldenHashes(parsing: "a.yaml ios9 nothex0123456789\n") }
        let ok = try GoldenHashes(parsing: "# c\n\nb.yaml ios9 0123456789abcdef\na.yaml ios9 0123456789abcdef # note\n")
        #expect(ok.entries.map(\.file) == ["a.yaml", "b.yaml"])
    }

    @Test func theScenariosGoldenFileParsesAndCoversEveryScenario() throws {
        let dir = CLI.root.appendingPathComponent("scenarios")
        let golden = try GoldenHashes(
            parsing: try String(contentsOf: dir.appendingPathComponent("golden-hashes.txt"), encoding: .utf8))
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: dir.path)
        while let item = enumerator?.nextObject() as? String {
            // Swift scenarios (docs/swift-scenarios.md) have fingerprints too.
            if item.hasPrefix("modelled/") || item.contains("/modelled/") { continue }  // app code, not scenarios
            if item.hasSuffix(".yaml") || item.hasSuffix(".yml") || item.hasSuffix(".swift") { files.append(item) }
        }
        // A case of a file with cases: is `FILE@case`.
        let goldenFiles = Set(golden.entries.map { String($0.file.prefix { $0 != "@" }) })
        #expect(goldenFiles == Set(files), "run `loopsim golden --update scenarios`")
    }
}
