/// A JSON Schema (draft 2020-12) for scenario files, made from the compiler's own tables: its top-level keys, a
/// class's keys, each step verb with the keys it takes, the user-action keys and the figures `expect:` may name.
/// `loopsim schema` prints it; `docs/scenario.schema.json` is it, checked in (a test fails when they differ), so
/// that an editor completes keys and flags a misspelt one (`# yaml-language-server: $schema=…`). It checks the
/// shape only: values, expressions, types and every run-time rule stay the compiler's (`loopsim validate`).
public enum ScenarioSchema {
    /// The schema as JSON text, keys sorted, two-space indented, ending in a newline.
    public static var text: String { render(schema, indent: "") + "\n" }

    /// A JSON value with its object keys in the order given (rendered sorted).
    indirect enum JSON {
        case object([(String, JSON)])
        case array([JSON])
        case string(String)
        case bool(Bool)
        case int(Int)
    }

    static var schema: JSON {
        let stepsRef = JSON.object([("$ref", .string("#/$defs/steps"))])
        var stepForms: [JSON] = [.object([("enum", .array(ScenarioCompiler.bareSteps.map { .string($0) }))])]
        for verb in ScenarioCompiler.stepVerbs.sorted(by: { $0.name < $1.name }) {
            var properties: [(String, JSON)] = [(verb.name, .object([]))]
            for key in verb.keys {
                switch key {
                case "do", "then", "else", "completion": properties.append((key, stepsRef))
                default: properties.append((key, .object([])))
                }
            }
            stepForms.append(
                .object([
                    ("type", .string("object")),
                    ("required", .array([.string(verb.name)])),
                    ("properties", .object(properties)),
                    ("additionalProperties", .bool(false)),
                ]))
        }
        // A method is its steps, or `{params: [...], do: [...]}` when it takes arguments (docs/scenario-format.md §4).
        let method = JSON.object([
            (
                "anyOf",
                .array([
                    stepsRef,
                    .object([
                        ("type", .string("object")),
                        ("required", .array([.string("do")])),
                        ("properties", .object([("params", .object([("type", .string("array"))])), ("do", stepsRef)])),
                        ("additionalProperties", .bool(false)),
                    ]),
                ])
            )
        ])
        let classSchema = JSON.object([
            ("type", .string("object")),
            (
                "properties",
                .object(
                    ScenarioCompiler.classKeys.map { key -> (String, JSON) in
                        switch key {
                        case "methods": (key, .object([("type", .string("object")), ("additionalProperties", method)]))
                        case "init", "dealloc": (key, stepsRef)
                        case "proxy":
                            (
                                key,
                                .object([
                                    ("type", .string("object")),
                                    ("properties", .object(ScenarioCompiler.proxyKeys.map { ($0, .object([])) })),
                                    ("additionalProperties", .bool(false)),
                                ])
                            )
                        default: (key, .object([]))
                        }
                    })
            ),
            ("additionalProperties", .bool(false)),
        ])
        let userAction = JSON.object([
            ("type", .string("object")),
            ("required", .array([.string("at")])),
            ("properties", .object(ScenarioCompiler.userActionKeys.map { ($0, $0 == "do" ? stepsRef : .object([])) })),
            ("additionalProperties", .bool(false)),
        ])
        let figure =
            "^((" + ScenarioCompiler.figureRoots.joined(separator: "|") + ")([.\\[]|$)|("
            + ScenarioCompiler.logCheckKeys.joined(separator: "|") + ")$)"
        let figures = JSON.object([
            ("type", .string("object")),
            ("propertyNames", .object([("pattern", .string(figure))])),
        ])
        let expect = JSON.object([("type", .string("object")), ("additionalProperties", figures)])
        var top: [(String, JSON)] = []
        for key in ScenarioCompiler.topLevelKeys {
            switch key {
            case "main": top.append((key, stepsRef))
            case "classes":
                top.append((key, .object([("type", .string("object")), ("additionalProperties", classSchema)])))
            case "user": top.append((key, .object([("type", .string("array")), ("items", userAction)])))
            case "appDelegate":
                top.append(
                    (
                        key,
                        .object([
                            ("type", .string("object")),
                            ("properties", .object(ScenarioCompiler.appDelegateCallbacks.map { ($0, stepsRef) })),
                            ("additionalProperties", .bool(false)),
                        ])
                    ))
            case "gestures":
                top.append(
                    (
                        key,
                        .object([
                            ("type", .string("object")),
                            ("properties", .object(ScenarioCompiler.gestureKeys.map { ($0, .object([])) })),
                            ("additionalProperties", .bool(false)),
                        ])
                    ))
            case "expect": top.append((key, expect))
            case "cases":
                top.append(
                    (
                        key,
                        .object([
                            ("type", .string("object")),
                            (
                                "additionalProperties",
                                .object([
                                    ("type", .array([.string("object"), .string("null")])),
                                    (
                                        "properties",
                                        .object([
                                            ("params", .object([("type", .string("object"))])), ("expect", expect),
                                        ])
                                    ),
                                    ("additionalProperties", .bool(false)),
                                ])
                            ),
                        ])
                    ))
            default: top.append((key, .object([])))
            }
        }
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://loopsim.invalid/scenario.schema.json")),
            ("title", .string("LoopSim scenario")),
            (
                "description",
                .string(
                    "Generated by `loopsim schema` from the compiler's tables; docs/scenario-format.md "
                        + "explains each key. The shape only: `loopsim validate` checks the rest.")
            ),
            ("type", .string("object")),
            ("required", .array([.string("name"), .string("main")])),
            ("properties", .object(top)),
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
                    ("step", .object([("oneOf", .array(stepForms))])),
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
