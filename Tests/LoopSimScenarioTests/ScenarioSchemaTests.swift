import Foundation
import LoopSimScenario
import Testing

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

    @Test func theSchemaIsJSONAndNamesEveryVerbAndTopLevelKey() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(ScenarioSchema.text.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: Any])
        for key in ["name", "main", "classes", "expect", "cases", "user"] { #expect(properties[key] != nil, "\(key)") }
        let text = ScenarioSchema.text
        for verb in ["scheduledTimer", "addKeyPathObserver", "dispatch_sync", "performSelector", "present"] {
            #expect(text.contains("\"required\": [\n            \"\(verb)\""), "\(verb)")
        }
    }

    /// A method is a list of steps or, when it takes arguments, `{params:, do:}` (scripts/check_schema.py checks the
    /// scenarios that use each form against the file).
    @Test func aMethodIsItsStepsOrAMappingWithParams() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(ScenarioSchema.text.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: Any])
        let classes = try #require(properties["classes"] as? [String: Any])
        let aClass = try #require(classes["additionalProperties"] as? [String: Any])
        let classKeys = try #require(aClass["properties"] as? [String: Any])
        let methods = try #require(classKeys["methods"] as? [String: Any])
        let method = try #require(methods["additionalProperties"] as? [String: Any])
        let forms = try #require(method["anyOf"] as? [[String: Any]])
        #expect(forms.first?["$ref"] as? String == "#/$defs/steps")
        let mapping = try #require(forms.last?["properties"] as? [String: Any])
        #expect(mapping.keys.sorted() == ["do", "params"])
        #expect(forms.last?["required"] as? [String] == ["do"])
    }
}
