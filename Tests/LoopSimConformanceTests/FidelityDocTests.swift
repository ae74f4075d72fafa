import Foundation
import LoopSimKernel
import Testing

/// docs/fidelity.md stays complete: every variant flag has a row, every conformance scenario is listed,
/// and every scenario it cites exists.
@Suite struct FidelityDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func scenarioNames(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func everyVariantFlagHasARowWithEachProfilesValue() throws {
        let doc = try Self.text("docs/fidelity.md")
        let lines = doc.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("| flag |") }, "no flag table")
        let columns = header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            Array(columns.dropFirst().prefix(VariantProfile.builtInNames.count)) == VariantProfile.builtInNames,
            "the flag table's profile columns are not \(VariantProfile.builtInNames)")
        for flag in VariantFlag.all {
            guard let row = lines.first(where: { $0.hasPrefix("| `\(flag.name)` |") }) else {
                Issue.record("docs/fidelity.md has no row for \(flag.name)")
                continue
            }
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for (i, name) in VariantProfile.builtInNames.enumerated() {
                let value = VariantProfile.builtIn(name)?.value(of: flag.name)
                #expect(
                    cells.count > i + 1 && cells[i + 1] == value,
                    "docs/fidelity.md: \(flag.name) under \(name) should read \(value ?? "?")")
            }
        }
    }

    /// The Linux evidence column says what `loopsim variants` says: `measured: ` and the flag's scenarios, in the
    /// same order, or `cited: `.
    @Test func linuxEvidenceColumnIsTheKernelsEvidence() throws {
        let lines = try Self.text("docs/fidelity.md").split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("| flag |") }, "no flag table")
        let column = try #require(
            header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .firstIndex(of: "Linux evidence"), "the flag table has no Linux evidence column")
        for flag in VariantFlag.all {
            guard let row = lines.first(where: { $0.hasPrefix("| `\(flag.name)` |") }) else { continue }
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let cell = cells.count > column ? cells[column] : ""
            switch flag.linuxEvidence {
            case .measured(let ids):
                let prefix = "measured: " + ids.joined(separator: ", ")
                #expect(
                    cell.hasPrefix(prefix + " ") || cell == prefix,
                    "docs/fidelity.md: \(flag.name)'s Linux evidence should start with '\(prefix)'")
            case .cited:
                #expect(cell.hasPrefix("cited: "), "docs/fidelity.md: \(flag.name)'s Linux evidence should be cited")
            }
        }
        let measured = VariantFlag.all.filter(\.linuxEvidence.isMeasured).count
        #expect(
            lines.contains { $0.contains("\(measured) of the \(VariantFlag.all.count) flags are measured") },
            "docs/fidelity.md should say that \(measured) of the \(VariantFlag.all.count) flags are measured")
    }

    @Test func everyConformanceScenarioIsListed() throws {
        let doc = try Self.text("docs/fidelity.md")
        for name in try Self.scenarioNames("conformance/scenarios") {
            #expect(doc.contains("| \(name) |"), "docs/fidelity.md does not list \(name)")
        }
        for name in try Self.scenarioNames("conformance/pending") {
            #expect(doc.contains("| pending/\(name) |"), "docs/fidelity.md does not list pending/\(name)")
        }
    }

    @Test func citedScenariosExist() throws {
        let doc = try Self.text("docs/fidelity.md")
        let existing = try Self.scenarioNames("conformance/scenarios") + Self.scenarioNames("conformance/pending")
        let cited = doc.matches(of: /\b(c\d\d|p0\d)\b/).map { String($0.1) }  // not p50/p99 quantiles
        for id in Set(cited) {
            #expect(existing.contains { $0.hasPrefix(id + "-") }, "docs/fidelity.md cites \(id), which does not exist")
        }
    }
}
