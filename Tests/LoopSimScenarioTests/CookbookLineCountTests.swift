import Foundation
import Testing

/// The cookbook's convention (scenarios/cookbook/README.md): an entry whose bug is modelled from Objective-C keeps
/// that code in `objc/NAME.m`, and its README row gives the code lines of the `.m` file and of the bug file
/// `NAME.yaml` (lines neither blank nor only a comment: `//` in Objective-C, `#` in YAML), the YAML at most 1.5
/// times the Objective-C. For every `objc/NAME.m` this recounts both files and checks the row and the bound.
@Suite struct CookbookLineCountTests {
    static let cookbook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios/cookbook")

    /// Every `objc/NAME.m`, by NAME, sorted.
    static var entries: [String] {
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: cookbook.appendingPathComponent("objc").path))
            ?? []
        return files.filter { $0.hasSuffix(".m") }.map { String($0.dropLast(2)) }.sorted()
    }

    /// The lines of `text` that are neither blank nor only a comment starting with `comment`.
    static func codeLines(_ text: String, comment: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix(comment)
        }.count
    }

    /// The README row of `name`: its cells, by the entry's backticked name in the first cell.
    static func readmeRow(_ name: String, in readme: String) -> [String]? {
        for line in readme.split(separator: "\n") where line.hasPrefix("| `\(name)` |") {
            return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// The README's header cells, to find the two count columns by name.
    static func header(of readme: String) -> [String] {
        guard let line = readme.split(separator: "\n").first(where: { $0.hasPrefix("| entry |") }) else { return [] }
        return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theCountersCountCodeLinesOnly() {
        #expect(Self.codeLines("// c\n\n#import <X.h>\n  // c\nint x;\n", comment: "//") == 2)
        #expect(Self.codeLines("# c\nname: x\n\n  # c\nuntil: 1s   # c\n", comment: "#") == 2)
    }

    @Test func everyObjectiveCEntryHasOne() {
        #expect(!Self.entries.isEmpty)
    }

    @Test(arguments: entries)
    func theReadmeGivesTheCountsAndTheYAMLIsAtMostOneAndAHalfTimesTheObjectiveC(name: String) throws {
        let objc = try String(contentsOf: Self.cookbook.appendingPathComponent("objc/\(name).m"), encoding: .utf8)
        let yamlURL = Self.cookbook.appendingPathComponent("\(name).yaml")
        let yaml = try #require(
            try? String(contentsOf: yamlURL, encoding: .utf8),
            "objc/\(name).m has no bug file \(name).yaml")
        let readme = try String(contentsOf: Self.cookbook.appendingPathComponent("README.md"), encoding: .utf8)
        let objcLines = Self.codeLines(objc, comment: "//")
        let yamlLines = Self.codeLines(yaml, comment: "#")
        let header = Self.header(of: readme)
        let objcColumn = try #require(header.firstIndex(of: "ObjC lines"), "the README has no `ObjC lines` column")
        let yamlColumn = try #require(header.firstIndex(of: "YAML lines"), "the README has no `YAML lines` column")
        let row = try #require(Self.readmeRow(name, in: readme), "the README has no row for `\(name)`")
        #expect(row.count > max(objcColumn, yamlColumn), "the row of `\(name)` has no line counts")
        guard row.count > max(objcColumn, yamlColumn) else { return }
        #expect(row[objcColumn] == String(objcLines), "`\(name)`: objc/\(name).m has \(objcLines) code lines")
        #expect(row[yamlColumn] == String(yamlLines), "`\(name)`: \(name).yaml has \(yamlLines) code lines")
        #expect(
            2 * yamlLines <= 3 * objcLines,
            "`\(name)`: \(yamlLines) YAML lines are more than 1.5 times its \(objcLines) Objective-C lines")
    }
}
