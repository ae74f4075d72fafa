import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Each file of `Fixtures/bad/` starts with `// expect: ID LINE:COLUMN`: loading it must give that error first,
/// and no scenario (docs/diagnostics.md, "Swift scenarios"). The files are named `NAME.swift.txt`, so that
/// `swift format lint` over Tests/ does not read Swift that is wrong on purpose; each is loaded as `NAME.swift`.
@Suite struct SwiftBadFixtureTests {
    /// The fixtures' directory.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bad")

    /// The fixture files, sorted.
    static let fixtures: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".swift.txt")
        }.sorted()

    @Test func thereAreFixturesForEachSwiftID() {
        #expect(Self.fixtures.count >= 4)
    }

    @Test(arguments: fixtures)
    func fixtureGivesItsExpectedDiagnostic(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let header = try #require(text.split(separator: "\n").first)
        let parts = header.replacingOccurrences(of: "// expect: ", with: "").split(separator: " ")
        let id = String(parts[0])
        let position = parts[1].split(separator: ":").compactMap { Int($0) }
        let file = String(name.dropLast(".txt".count))
        let loaded = SwiftScenarioLoader.load(text: text, file: file)
        #expect(loaded.scenario == nil)
        let first = try #require(loaded.diagnostics.first, "\(name) gave no diagnostic")
        #expect(first.id.rawValue == id, "\(name): \(loaded.diagnostics)")
        #expect([first.location.line, first.location.column] == position, "\(name): \(first)")
        let rendered = DiagnosticPrinter(color: false).render(loaded.diagnostics, source: text)
        #expect(rendered.contains("\(file):\(position[0]):\(position[1]): error:"))
        #expect(rendered.contains("^"))
    }
}
