import Foundation
import LoopSimKernel
import Testing

@testable import LoopSimScenario

/// docs/scenario-format.md and the compiler declare the same scenario format: every step verb and its keys,
/// the top-level keys and the keys of each nested block the compiler checks, the `expect:` figures, the variant
/// profiles, and the variant flags with their values and modelled status.
///
/// The doc marks each table that declares names with an HTML comment `checked: KIND` on the line above it;
/// the comment at the top of the doc describes the convention. The compiler's side is its own tables, the ones
/// it decides with (``ScenarioCompiler/stepVerbs``, ``ScenarioCompiler/figureRoots``, ``VariantFlag/all``…), so
/// a verb the compiler learns without the doc, or a doc row the compiler does not know, fails here by name.
@Suite struct DocsAgreeWithCompilerTests {
    /// Records a failure whose message is built at run time, at the caller's line.
    static func record(_ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    static let docPath = "docs/scenario-format.md"

    /// Every KIND a checked table may have, each compared by a test below (`limits` by LimitsDocTests in
    /// LoopSimCLITests, which can read the command line's defaults).
    static let kinds = [
        "top-level-keys", "profiles", "flags", "class-keys", "proxy-keys", "steps", "timer-keys", "invocation-keys",
        "figures", "limits", "user-action-keys", "gesture-keys", "app-actions", "app-delegate-callbacks",
        "log-checks", "range-keys", "method-keys",
    ]

    static func doc() throws -> CheckedTables {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return CheckedTables(text: try String(contentsOf: root.appendingPathComponent(docPath), encoding: .utf8))
    }

    /// A set of nested keys the compiler checks, and the checked table that documents it.
    struct KeyTable: Sendable, CustomTestStringConvertible {
        let kind: String
        let source: String
        let keys: [String]
        var testDescription: String { kind }
    }

    static let keyTables = [
        KeyTable(kind: "top-level-keys", source: "ScenarioCompiler.topLevelKeys", keys: ScenarioCompiler.topLevelKeys),
        KeyTable(kind: "class-keys", source: "ScenarioCompiler.classKeys", keys: ScenarioCompiler.classKeys),
        KeyTable(kind: "proxy-keys", source: "ScenarioCompiler.proxyKeys", keys: ScenarioCompiler.proxyKeys),
        KeyTable(kind: "timer-keys", source: "ScenarioCompiler.timerKeys", keys: ScenarioCompiler.timerKeys),
        KeyTable(
            kind: "invocation-keys", source: "ScenarioCompiler.invocationKeys", keys: ScenarioCompiler.invocationKeys),
        KeyTable(
            kind: "user-action-keys", source: "ScenarioCompiler.userActionKeys", keys: ScenarioCompiler.userActionKeys),
        KeyTable(kind: "gesture-keys", source: "ScenarioCompiler.gestureKeys", keys: ScenarioCompiler.gestureKeys),
        KeyTable(
            kind: "app-delegate-callbacks", source: "ScenarioCompiler.appDelegateCallbacks",
            keys: ScenarioCompiler.appDelegateCallbacks),
        KeyTable(kind: "app-actions", source: "AppAction", keys: AppAction.allCases.map(\.rawValue)),
        KeyTable(kind: "log-checks", source: "ScenarioCompiler.logCheckKeys", keys: ScenarioCompiler.logCheckKeys),
        KeyTable(kind: "range-keys", source: "ScenarioCompiler.rangeKeys", keys: ScenarioCompiler.rangeKeys),
        KeyTable(kind: "method-keys", source: "ScenarioCompiler.methodKeys", keys: ScenarioCompiler.methodKeys),
    ]

    /// Records one issue for every name only one side has, and for every name the doc declares twice.
    static func compare(
        _ kind: String, _ noun: String, documented: [CheckedTables.Name], code: [String], source: String
    ) {
        var seen: [String: Int] = [:]
        for name in documented {
            if let first = seen[name.text] {
                Self.record(
                    "\(docPath):\(name.line): \(noun) `\(name.text)` is documented again (first on line \(first))")
            }
            seen[name.text] = seen[name.text] ?? name.line
            if !code.contains(name.text) {
                Self.record(
                    "\(docPath):\(name.line): documents \(noun) `\(name.text)`, which the compiler does not have "
                        + "(\(source))")
            }
        }
        for name in code where seen[name] == nil {
            Self.record(
                "\(source) has \(noun) `\(name)`, which \(docPath) does not document in a `checked: \(kind)` table")
        }
    }

    @Test func everyCheckedTableHasAKnownKindAndEveryKindATable() throws {
        let doc = try Self.doc()
        for table in doc.tables where !Self.kinds.contains(table.kind) {
            Self.record(
                "\(Self.docPath):\(table.line): `checked: \(table.kind)` is not a kind this test compares; "
                    + "kinds are \(Self.kinds.joined(separator: ", "))")
        }
        for problem in doc.problems { Self.record("\(Self.docPath): \(problem)") }
        for kind in Self.kinds where doc.tables(kind).isEmpty {
            Self.record("\(Self.docPath) has no `checked: \(kind)` table")
        }
    }

    @Test func stepVerbsAndTheirKeys() throws {
        let tables = try Self.doc().tables("steps")
        let verbs = ScenarioCompiler.stepVerbs
        #expect(verbs.count >= 50)
        var documented: [CheckedTables.Name] = []
        for table in tables {
            let keyColumn = table.header.firstIndex(of: "extra keys")
            for row in table.rows {
                let keys = keyColumn.map { CheckedTables.keys(in: row.cells[$0]) } ?? []
                for verb in row.names {
                    documented.append(verb)
                    guard let entry = ScenarioCompiler.stepVerbsByName[verb.text] else { continue }
                    let missing = entry.keys.filter { !keys.contains($0) }
                    let extra = keys.filter { !entry.keys.contains($0) }
                    if !missing.isEmpty || !extra.isEmpty {
                        Self.record(
                            "\(Self.docPath):\(verb.line): step `\(verb.text)` takes the keys "
                                + entry.keys.map { "`\($0):`" }.joined(separator: ", ")
                                + " (ScenarioCompiler.stepVerbs); the doc's `extra keys` column "
                                + (missing.isEmpty ? "" : "lacks " + missing.map { "`\($0):`" }.joined(separator: ", "))
                                + (missing.isEmpty || extra.isEmpty ? "" : " and ")
                                + (extra.isEmpty
                                    ? ""
                                    : "has " + extra.map { "`\($0):`" }.joined(separator: ", ")
                                        + ", which the compiler refuses"))
                    }
                }
            }
        }
        Self.compare(
            "steps", "step verb", documented: documented, code: verbs.map(\.name),
            source: "ScenarioCompiler.stepVerbs")
    }

    @Test(arguments: keyTables)
    func nestedKeys(_ table: KeyTable) throws {
        let names = try Self.doc().tables(table.kind).flatMap { $0.rows.flatMap(\.names) }
        Self.compare(table.kind, "key", documented: names, code: table.keys, source: table.source)
    }

    @Test func expectFigures() throws {
        let tables = try Self.doc().tables("figures")
        var documented: [CheckedTables.Name] = []
        for row in tables.flatMap(\.rows) {
            guard let figure = row.names.first else { continue }
            documented += row.names
            guard let (isList, keys) = FigureSchema.children[figure.text] else {
                let listed = row.cells.count > 1 ? CheckedTables.spans(in: row.cells[1]) : []
                if !listed.isEmpty {
                    Self.record(
                        "\(Self.docPath):\(figure.line): figure `\(figure.text)` lists checked keys, but "
                            + "FigureSchema.children does not check its keys")
                }
                continue
            }
            let listed = row.cells.count > 1 ? CheckedTables.spans(in: row.cells[1]) : []
            if listed.sorted() != keys.sorted() {
                Self.record(
                    "\(Self.docPath):\(figure.line): figure `\(figure.text)`'s checked keys are "
                        + keys.map { "`\($0)`" }.joined(separator: ", ") + " (FigureSchema.children), the doc lists "
                        + (listed.isEmpty ? "none" : listed.map { "`\($0)`" }.joined(separator: ", ")))
            }
            if figure.isList != isList {
                Self.record(
                    "\(Self.docPath):\(figure.line): figure `\(figure.text)` is \(isList ? "" : "not ")a list "
                        + "(FigureSchema.children); write it `\(figure.text)\(isList ? "[N]" : "")` in the doc")
            }
        }
        Self.compare(
            "figures", "expect: figure", documented: documented, code: ScenarioCompiler.figureRoots,
            source: "ScenarioCompiler.figureRoots")
    }

    @Test func variantProfiles() throws {
        let names = try Self.doc().tables("profiles").flatMap { $0.rows.flatMap(\.names) }
        Self.compare(
            "profiles", "variant profile", documented: names, code: VariantProfile.builtInNames,
            source: "VariantProfile.builtInNames")
    }

    @Test func variantFlagsTheirValuesAndWhetherTheyAreModelled() throws {
        let tables = try Self.doc().tables("flags")
        var documented: [CheckedTables.Name] = []
        let profiles = VariantProfile.builtInNames.compactMap { VariantProfile.builtIn($0) }
        for table in tables {
            let profileColumns = profiles.map { table.header.firstIndex(of: $0.name) }
            for (profile, column) in zip(profiles, profileColumns) where column == nil {
                Self.record("\(Self.docPath):\(table.line): the flag table has no column for profile `\(profile.name)`")
            }
            let modelledColumn = table.header.firstIndex(of: "modelled")
            if modelledColumn == nil {
                Self.record("\(Self.docPath):\(table.line): the flag table has no `modelled` column")
            }
            for row in table.rows {
                documented += row.names
                for name in row.names {
                    guard let flag = VariantFlag.named(name.text) else { continue }
                    if let column = modelledColumn {
                        let stated = row.cells[column]
                        let actual = flag.isModelled ? "yes" : "not yet"
                        if stated != actual {
                            Self.record(
                                "\(Self.docPath):\(name.line): flag `\(flag.name)` is \(flag.isModelled ? "" : "not ")"
                                    + "modelled (VariantFlag.isModelled), but the doc's `modelled` column says '\(stated)'; "
                                    + "write '\(actual)'")
                        }
                    }
                    for (profile, column) in zip(profiles, profileColumns) {
                        guard let column, let value = profile.value(of: flag.name) else { continue }
                        if row.cells[column] != value {
                            Self.record(
                                "\(Self.docPath):\(name.line): flag `\(flag.name)` is \(value) under "
                                    + "\(profile.name) (VariantProfile), the doc says '\(row.cells[column])'")
                        }
                    }
                }
            }
        }
        Self.compare(
            "flags", "variant flag", documented: documented, code: VariantFlag.all.map(\.name),
            source: "VariantFlag.all")
    }
}
