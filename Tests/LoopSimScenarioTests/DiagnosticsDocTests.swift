import Foundation
import Testing

/// docs/diagnostics.md documents every diagnostic id the sources can emit.
@Suite struct DiagnosticsDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Ids declared as `static let x: DiagnosticID = "id"` or passed as literals to `.error("id", …)`.
    static func declaredIDs() throws -> Set<String> {
        var ids: Set<String> = []
        let sources = root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(item), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                for marker in [": DiagnosticID = \"", ".error(\"", ".warning(\""] {
                    guard let range = line.range(of: marker) else { continue }
                    let id = line[range.upperBound...].prefix { $0 != "\"" }
                    let isID =
                        id.split(separator: ".").count >= 2
                        && id.allSatisfy { ("a"..."z").contains($0) || $0 == "." || $0 == "-" }
                    if isID { ids.insert(String(id)) }
                }
            }
        }
        return ids
    }

    @Test func everyIDIsDocumented() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let ids = try Self.declaredIDs()
        #expect(ids.count >= 25)
        for id in ids.sorted() {
            #expect(doc.contains("| `\(id)` |"), "docs/diagnostics.md has no row for \(id)")
        }
    }
}
