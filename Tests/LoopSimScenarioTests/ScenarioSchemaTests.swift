import Foundation
import Testing

@testable import LoopSimScenario

/// docs/scenario.schema.json is `loopsim schema`'s output, checked in; scripts/check_schema.py validates every
/// scenario file against it (and a misspelt key against it) with the notebooks' Python.
@Suite struct ScenarioSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theCheckedInSchemaIsTheGeneratedOne() throws {
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("docs/scenario.schema.json"), encoding: .utf8)
        #expect(committed == ScenarioSchema.text, "run `loopsim schema -o docs/scenario.schema.json --force`")
    }

    /// The schema as a JSON object.
    static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(ScenarioSchema.text.utf8)) as? [String: Any])
    }

    /// The value at `path` in `object`, each step a key of a JSON object.
    static func at(_ object: [String: Any], _ path: String...) -> [String: Any]? {
        var current: [String: Any]? = object
        for key in path { current = current?[key] as? [String: Any] }
        return current
    }

    @Test func theSchemaIsJSONAndNamesEveryVerbAndTopLevelKey() throws {
        let object = try Self.schema()
        let properties = try #require(object["properties"] as? [String: Any])
        for key in ["name", "main", "classes", "expect", "cases", "user"] { #expect(properties[key] != nil, "\(key)") }
        let verbs = try #require(Self.at(object, "$defs", "verbs"))
        for verb in ["scheduledTimer", "addKeyPathObserver", "dispatch_sync", "performSelector", "present"] {
            #expect(Self.at(verbs, verb, "properties", verb) != nil, "\(verb)")
        }
        #expect(verbs.count == ScenarioCompiler.stepVerbs.count)
    }

    /// A method is a list of steps or, when it takes arguments, `{params:, do:}`, told apart by type (no `anyOf`,
    /// which would report a wrong key in one step at the whole method); scripts/check_schema.py checks the
    /// scenarios that use each form against the file.
    @Test func aMethodIsItsStepsOrAMappingWithParams() throws {
        let method = try #require(
            Self.at(
                try Self.schema(), "properties", "classes", "additionalProperties", "properties", "methods",
                "additionalProperties"))
        #expect(method["anyOf"] == nil && method["oneOf"] == nil)
        #expect(method["type"] as? [String] == ["array", "null", "object"])
        #expect(Self.at(method, "items")?["$ref"] as? String == "#/$defs/step")
        let mapping = try #require(method["properties"] as? [String: Any])
        #expect(mapping.keys.sorted() == ["async", "do", "mainActor", "nonisolated", "params", "returns"])
        #expect(method["required"] as? [String] == ["do"])
        #expect(method["additionalProperties"] as? Bool == false)
    }

    /// A step is told apart by its verb: each verb it names brings in that verb's own step, which allows the verb's
    /// keys and nothing else, so a misspelt key is an error of that step alone (the YAML language server marks the
    /// key). A verb that is another verb's key (`operation` in `addOperation:`) is not its own step beside it.
    @Test func aStepIsDiscriminatedByItsVerb() throws {
        let object = try Self.schema()
        let step = try #require(Self.at(object, "$defs", "step"))
        #expect(step["oneOf"] == nil)
        #expect(Self.at(step, "then")?["enum"] as? [String] == ScenarioCompiler.bareSteps)
        let branches = try #require(Self.at(step, "else")?["allOf"] as? [[String: Any]])
        #expect(branches.count == ScenarioCompiler.stepVerbs.count)
        var thens: [String: [String: Any]] = [:]
        for branch in branches {
            let verb = try #require((Self.at(branch, "if")?["required"] as? [String])?.first)
            #expect(Self.at(branch, "then")?["$ref"] as? String == "#/$defs/verbs/\(verb)")
            thens[verb] = Self.at(branch, "if")
        }
        let hosts = (Self.at(try #require(thens["operation"]), "not")?["anyOf"] as? [[String: Any]])?
            .compactMap { ($0["required"] as? [String])?.first }
        #expect(hosts == ["addOperation"])
        #expect(thens["scheduledTimer"]?["not"] == nil)
        let timer = try #require(Self.at(object, "$defs", "verbs", "scheduledTimer"))
        #expect(timer["additionalProperties"] as? Bool == false)
        let keys = try #require(timer["properties"] as? [String: Any])
        #expect(
            keys.keys.sorted()
                == (["scheduledTimer"] + ScenarioCompiler.stepVerbsByName["scheduledTimer"]!.keys).sorted())
    }

    static let docText: String =
        (try? String(
            contentsOf: root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)) ?? ""

    /// The descriptions are docs/scenario-format.md's words, compiled in from the ScenarioSchemaWords+SECTION.swift
    /// files and their list, which must be what scripts/schema.sh makes of the doc: every one of them, each under
    /// 600 lines, and no other words file left in Sources/LoopSimScenario.
    @Test func theWordsFilesAreWhatTheDocGives() throws {
        #expect(!Self.docText.isEmpty)
        let directory = Self.root.appendingPathComponent("Sources/LoopSimScenario")
        let files = ScenarioSchema.wordsSources(fromDoc: Self.docText)
        #expect(files.count > 2)
        for file in files {
            let onDisk = try? String(contentsOf: directory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(
                onDisk == file.text, "\(file.name) is not what docs/scenario-format.md gives: run scripts/schema.sh")
            let lines = file.text.split(separator: "\n").count
            #expect(lines <= 600, "\(file.name) has \(lines) lines: split the doc's section (house style: ≤ 600)")
            for (n, line) in file.text.split(separator: "\n").enumerated() where line.count > 120 {
                Issue.record("\(file.name):\(n + 1) is longer than 120 columns")
            }
        }
        let names = Set(files.map(\.name))
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        where name.hasSuffix(".swift") && !names.contains(name) {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(
                !text.hasPrefix(ScenarioSchema.wordsMarker),
                "\(name) is a words file the doc no longer gives: run scripts/schema.sh (it removes it)")
        }
        let words = [
            "a/b": "x  y z", "c": String(repeating: "w ", count: 90) + "w",
            "d": "no-space-" + String(repeating: "z", count: 120),
        ]
        #expect(ScenarioSchemaWords.parse(ScenarioSchemaWords.records(words).joined(separator: "\n")) == words)
    }

    /// Every key and every step the schema names has a description, and it is the doc's words: a top-level key's is
    /// its `meaning` cell, a step's begins with the step's first cell.
    @Test func everyKeyAndStepIsDescribedInTheDocsWords() throws {
        let object = try Self.schema()
        let tables = CheckedTables(text: Self.docText)
        var missing: [String] = []
        func check(_ properties: [String: Any]?, _ keys: [String], _ place: String) {
            for key in keys where (Self.at(properties ?? [:], key)?["description"] as? String ?? "").isEmpty {
                missing.append("\(place) \(key)")
            }
        }
        let top = Self.at(object, "properties")
        check(top, ScenarioCompiler.topLevelKeys, "top-level key")
        let aClass = Self.at(object, "properties", "classes", "additionalProperties", "properties")
        check(aClass, ScenarioCompiler.classKeys, "class key")
        check(Self.at(aClass ?? [:], "proxy", "properties"), ScenarioCompiler.proxyKeys, "proxy key")
        check(
            Self.at(object, "properties", "user", "items", "properties"), ScenarioCompiler.userActionKeys,
            "user action key")
        check(Self.at(object, "properties", "gestures", "properties"), ScenarioCompiler.gestureKeys, "gesture key")
        check(
            Self.at(object, "properties", "appDelegate", "properties"), ScenarioCompiler.appDelegateCallbacks,
            "appDelegate callback")
        let figures = Self.at(object, "properties", "expect", "additionalProperties", "properties")
        check(figures, ScenarioCompiler.figureRoots + ScenarioCompiler.logCheckKeys, "expect figure")
        for verb in ScenarioCompiler.stepVerbs {
            check(Self.at(object, "$defs", "verbs", verb.name, "properties"), [verb.name] + verb.keys, verb.name)
        }
        check(Self.at(object, "$defs", "step", "else", "properties"), ScenarioCompiler.stepVerbs.map(\.name), "verb")
        #expect(missing.isEmpty, "no description: \(missing.joined(separator: ", "))")

        let row = try #require(tables.tables("top-level-keys").first?.rows.first { $0.names.first?.text == "until" })
        let until = try #require(Self.at(top ?? [:], "until")?["description"] as? String)
        #expect(until.hasPrefix(try #require(row.cells.last)))
        let timerRow = try #require(
            tables.tables("steps").flatMap(\.rows).first { $0.names.first?.text == "invalidate" })
        let invalidate = try #require(Self.at(object, "$defs", "verbs", "invalidate", "properties", "invalidate"))
        #expect((invalidate["description"] as? String)?.hasPrefix(timerRow.cells[0]) == true)
        #expect((invalidate["description"] as? String)?.contains(try #require(timerRow.cells.last)) == true)
    }
}
