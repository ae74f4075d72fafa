/// A JSON Schema (draft 2020-12) for scenario files, made from the compiler's own tables: its top-level keys, a
/// class's keys, each step verb with the keys it takes, the user-action keys and the figures `expect:` may name.
/// `loopsim schema` prints it; `docs/scenario.schema.json` is it, checked in (a test fails when they differ), so
/// that an editor completes keys and flags a misspelt one (`# yaml-language-server: $schema=…`). It checks the
/// shape only: values, expressions, types and every run-time rule stay the compiler's (`loopsim validate`).
public enum ScenarioSchema {
    /// The schema as JSON text, keys sorted, two-space indented, ending in a newline.
    public static var text: String { render(schema, indent: "") + "\n" }

    /// The Swift sources, by file name in Sources/LoopSimScenario, of the words of the doc `text`'s
    /// (docs/scenario-format.md) checked tables, which the schema's descriptions are: one file a doc section and
    /// their list (``ScenarioSchemaWords/sourceFiles(fromDoc:)``).
    public static func wordsSources(fromDoc text: String) -> [(name: String, text: String)] {
        ScenarioSchemaWords.sourceFiles(fromDoc: text)
    }

    /// The first line of each words file: a file in their directory that starts with it and is not one of
    /// ``wordsSources(fromDoc:)`` is stale.
    public static var wordsMarker: String { ScenarioSchemaWords.marker }

    /// A JSON value with its object keys in the order given (rendered sorted).
    indirect enum JSON {
        case object([(String, JSON)])
        case array([JSON])
        case string(String)
        case bool(Bool)
        case int(Int)
    }

    /// The words docs/scenario-format.md gives each key and step (``ScenarioSchemaWords``), by name.
    static let words: [String: String] =
        ScenarioSchemaWords.parse(ScenarioSchemaWords.sectionTexts.joined(separator: "\n"))

    /// `schema` with the doc's words for `name` as its `description` (what an editor shows on hover), when the doc
    /// has words for it.
    static func described(_ name: String, _ schema: [(String, JSON)] = []) -> JSON {
        guard let text = words[name] else { return .object(schema) }
        return .object(schema + [("description", .string(text))])
    }

    /// The properties `keys` with their words, `prefix/KEY`, each of them `schema(KEY)`.
    static func properties(
        _ keys: [String], _ prefix: String, _ schema: (String) -> [(String, JSON)] = { _ in [] }
    ) -> JSON {
        .object(keys.map { ($0, described("\(prefix)/\($0)", schema($0))) })
    }

    static let stepsRef: [(String, JSON)] = [("$ref", .string("#/$defs/steps"))]

    /// One step, discriminated by its verb, so that a wrong key is reported at the step that has it (the YAML
    /// language server marks the key; a validator's error path ends at the step), not at the whole list: a bare
    /// step is one of ``ScenarioCompiler/bareSteps``; a mapping must name a verb, and for each verb it names
    /// (`if: {required: [VERB]}`, unless VERB is a key of another verb it has), it must be that verb's step, `#/$defs/verbs/VERB`, which takes the verb and its
    /// keys and nothing else. The verbs are also listed as properties, with their words, for completion.
    static var step: JSON {
        let verbs = ScenarioCompiler.stepVerbs.sorted(by: { $0.name < $1.name })
        return .object([
            ("type", .array([.string("string"), .string("object")])),
            ("if", .object([("type", .string("string"))])),
            ("then", .object([("enum", .array(ScenarioCompiler.bareSteps.map { .string($0) }))])),
            (
                "else",
                .object([
                    ("properties", .object(verbs.map { ($0.name, described("step/\($0.name)")) })),
                    ("anyOf", .array(verbs.map { .object([("required", .array([.string($0.name)]))]) })),
                    (
                        "allOf",
                        .array(
                            verbs.map { verb in
                                // A verb that is also another verb's key (`operation`, a key of `addOperation`) is
                                // that key when the other verb is there: the compiler reads the first key.
                                let hosts = verbs.filter { $0.keys.contains(verb.name) }
                                var named: [(String, JSON)] = [("required", .array([.string(verb.name)]))]
                                if !hosts.isEmpty {
                                    let host = hosts.map { JSON.object([("required", .array([.string($0.name)]))]) }
                                    named.append(("not", .object([("anyOf", .array(host))])))
                                }
                                return .object([
                                    ("if", .object(named)),
                                    ("then", .object([("$ref", .string("#/$defs/verbs/\(verb.name)"))])),
                                ])
                            })
                    ),
                ])
            ),
            (
                "description",
                .string(
                    "A step: a mapping whose first key is its verb, or a bare "
                        + ScenarioCompiler
                        .bareSteps.map { "`\($0)`" }.joined(separator: ", ") + " (docs/scenario-format.md section 7).")
            ),
        ])
    }

    /// Each verb's step: the verb and its keys, described, and no other key.
    static var verbSteps: JSON {
        .object(
            ScenarioCompiler.stepVerbs.sorted(by: { $0.name < $1.name }).map { verb in
                var properties: [(String, JSON)] = [(verb.name, described("step/\(verb.name)"))]
                for key in verb.keys {
                    let steps = ["do", "then", "else", "completion", "didFinish"].contains(key)
                    properties.append((key, described("step/\(verb.name)/\(key)", steps ? stepsRef : [])))
                }
                return (
                    verb.name,
                    .object([
                        ("type", .string("object")),
                        ("properties", .object(properties)),
                        ("additionalProperties", .bool(false)),
                    ])
                )
            })
    }

    static var schema: JSON {
        // A method is its steps, or `{params: [...], do: [...]}` when it takes arguments (docs/scenario-format.md §4):
        // told apart by type (`items` applies to a list, `properties` to a mapping), so that an error inside one of
        // its steps is reported at that step.
        let method = JSON.object([
            ("type", .array([.string("array"), .string("null"), .string("object")])),
            ("items", .object([("$ref", .string("#/$defs/step"))])),
            ("required", .array([.string("do")])),
            (
                "properties",
                // The compiler's own list of a method mapping's keys, so that the two cannot drift apart (`returns:`
                // did). `params` is a list, `do` the steps; the others are scalars whose spelling the compiler
                // checks (`returns: bool`, the `async` and `mainActor` flags: the schema's YAML reader keeps text).
                .object(
                    ScenarioCompiler.methodKeys.map { key in
                        switch key {
                        case "params": (key, .object([("type", .string("array"))]))
                        case "do": (key, .object(stepsRef))
                        default: (key, .object([]))
                        }
                    })
            ),
            ("additionalProperties", .bool(false)),
        ])
        let classSchema = JSON.object([
            ("type", .string("object")),
            (
                "properties",
                properties(ScenarioCompiler.classKeys, "class") { key in
                    switch key {
                    case "methods": [("type", .string("object")), ("additionalProperties", method)]
                    case "init", "dealloc": stepsRef
                    case "proxy":
                        [
                            ("type", .string("object")),
                            ("properties", properties(ScenarioCompiler.proxyKeys, "proxy")),
                            ("additionalProperties", .bool(false)),
                        ]
                    default: []
                    }
                }
            ),
            ("additionalProperties", .bool(false)),
        ])
        let userAction = JSON.object([
            ("type", .string("object")),
            ("required", .array([.string("at")])),
            ("properties", properties(ScenarioCompiler.userActionKeys, "user") { $0 == "do" ? stepsRef : [] }),
            ("additionalProperties", .bool(false)),
        ])
        let figure =
            "^((" + ScenarioCompiler.figureRoots.joined(separator: "|") + ")([.\\[]|$)|("
            + ScenarioCompiler.logCheckKeys.joined(separator: "|") + ")$)"
        let figures = JSON.object([
            ("type", .string("object")),
            (
                "properties",
                .object(
                    ScenarioCompiler.figureRoots.map { ($0, described("figure/\($0)")) }
                        + ScenarioCompiler.logCheckKeys.map { ($0, described("logCheck/\($0)")) })
            ),
            ("propertyNames", .object([("pattern", .string(figure))])),
        ])
        let expectEntries: [(String, JSON)] = [("type", .string("object")), ("additionalProperties", figures)]
        let expect = JSON.object(expectEntries)
        let top = properties(ScenarioCompiler.topLevelKeys, "top") { key -> [(String, JSON)] in
            switch key {
            case "main": return stepsRef
            case "classes": return [("type", .string("object")), ("additionalProperties", classSchema)]
            case "user": return [("type", .string("array")), ("items", userAction)]
            case "appDelegate":
                return [
                    ("type", .string("object")),
                    ("properties", properties(ScenarioCompiler.appDelegateCallbacks, "appDelegate") { _ in stepsRef }),
                    ("additionalProperties", .bool(false)),
                ]
            case "gestures":
                return [
                    ("type", .string("object")), ("properties", properties(ScenarioCompiler.gestureKeys, "gesture")),
                    ("additionalProperties", .bool(false)),
                ]
            case "expect": return expectEntries
            case "swift":
                return [
                    ("type", .array([.string("string"), .string("array")])),
                    ("items", .object([("type", .string("string"))])),
                ]
            case "cases":
                let aCase = JSON.object([
                    ("type", .array([.string("object"), .string("null")])),
                    ("properties", .object([("params", .object([("type", .string("object"))])), ("expect", expect)])),
                    ("additionalProperties", .bool(false)),
                ])
                return [("type", .string("object")), ("additionalProperties", aCase)]
            default: return []
            }
        }
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://loopsim.invalid/scenario.schema.json")),
            ("title", .string("LoopSim scenario")),
            (
                "description",
                .string(
                    "Generated by `loopsim schema` from the compiler's tables, with the words of "
                        + "docs/scenario-format.md. The shape only: `loopsim validate` checks the rest.")
            ),
            ("type", .string("object")),
            ("required", .array([.string("name")])),
            // main:, or swift: naming the Swift files whose top-level code is main:.
            (
                "anyOf",
                .array([
                    .object([("required", .array([.string("main")]))]),
                    .object([("required", .array([.string("swift")]))]),
                ])
            ),
            ("properties", top),
            ("additionalProperties", .bool(false)),
            (
                "$defs",
                .object([
                    (
                        "steps",
                        .object([
                            ("type", .array([.string("array"), .string("null")])),
                            ("items", .object([("$ref", .string("#/$defs/step"))])),
                        ])
                    ),
                    ("step", step),
                    ("verbs", verbSteps),
                ])
            ),
        ])
    }

    static func render(_ value: JSON, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .string(let s): return quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .object(let entries):
            if entries.isEmpty { return "{}" }
            let sorted = entries.sorted { $0.0 < $1.0 }
            return "{\n"
                + sorted.map { inner + quote($0.0) + ": " + render($0.1, indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
