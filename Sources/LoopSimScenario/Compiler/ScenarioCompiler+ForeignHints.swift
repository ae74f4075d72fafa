/// Hints for constructs of other languages: what an Objective-C, C or Swift engineer types, and how the
/// scenario language writes it (`step.foreign`, `expr.foreign`). Each hint is one line.
extension ScenarioCompiler {
    /// The hint for a step whose verb (or bare text) is written as another language writes a statement, nil when
    /// it does not look like one.
    static func foreignStepHint(_ text: String) -> String? {
        let t = text.trimmingCharacters
        let word = String(t.prefix { $0.isLetter || $0 == "_" })
        let rest = t.dropFirst(word.count).drop { $0 == " " }
        if word == "else" {
            return "`else:` is a key of an `if:` step; for `else if` nest an `if:` inside its `else:` list"
        }
        if word == "elif" || word == "elseif" || word == "elsif" {
            return "for `else if` nest an `if:` inside the `else:` list of an `if:` step"
        }
        if word == "while" && (rest.hasPrefix("(") || rest.hasPrefix("!")) || word == "whilst" {
            return "write `while: CONDITION` (no parentheses needed) with the body under `do:`"
        }
        if word == "for" && !rest.isEmpty {
            return foreignForHint(String(rest)) ?? "write `for: i in 0..<n` with `do:`"
        }
        if word == "if" && rest.hasPrefix("(") {
            return "write `if: CONDITION` (no parentheses needed) with `then:` and `else:` lists"
        }
        if let hint = foreignStatementHints[word], rest.isEmpty || word != "do" { return hint }
        if let hint = incrementHint(t) { return hint }
        return nil
    }

    /// Statements of Swift and C with no equivalent of the same name, and how to write them here.
    private static let foreignStatementHints: [String: String] = [
        "guard": "no `guard`: write `if: !(CONDITION)` with the early-exit steps under `then:`, the rest under `else:`",
        "repeat": "no `repeat { } while`: write `while: true` whose `do:` ends with `if: !(CONDITION)`, "
            + "`then: [break]`",
        "do": "no `do { } while`: write `while: true` whose `do:` ends with `if: !(CONDITION)`, `then: [break]`",
        "switch": "no `switch`: write nested `if:` steps (`if: x == 1` with `then:`, the other cases under `else:`)",
        "loop": "write `while: true` with the body under `do:` (end it with `break`)",
        "foreach": "write `for: i in 0..<n` with `do:`",
        "until": "write `while: !(CONDITION)` with `do:`",
        "unless": "write `if: !(CONDITION)` with `then:`",
        "elif": "for `else if` nest an `if:` inside the `else:` list of an `if:` step",
        "return": "no `return`: put the steps that follow under the `else:` of an `if:`, or `break` out of a loop",
    ]

    /// The hint for a C `for (init; condition; step)` header, or a `for x in` that is not over a range.
    static func foreignForHint(_ header: String) -> String? {
        let t = header.trimmingCharacters
        if t.hasPrefix("(") || t.contains(";") {
            return "write C's `for (int i = 0; i < n; i++)` as `for: i in 0..<n` with `do:`"
        }
        if t.hasPrefix("var ") || t.hasPrefix("let ") || t.hasPrefix("int ") || t.hasPrefix("NSInteger ") {
            return "the counter is a plain name: `for: i in 0..<n`"
        }
        if t.contains("stride(") { return "write `stride(from: a, to: b, by: 1)` as `for: i in a..<b`" }
        return nil
    }

    /// The hint for `i++`, `i--`, `++i`, `i += 1`, `i -= 1` written as a step or in `set:`.
    static func incrementHint(_ text: String) -> String? {
        let t = text.trimmingCharacters
        func plain(_ s: Substring) -> String? {
            let name = s.trimmingSpaces
            return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
                ? name : nil
        }
        for (op, verb) in [("++", "increment"), ("--", "decrement")] {
            if t.hasSuffix(op), let name = plain(t.dropLast(2)) { return "write `\(name)\(op)` as `\(verb): \(name)`" }
            if t.hasPrefix(op), let name = plain(t.dropFirst(2)) { return "write `\(op)\(name)` as `\(verb): \(name)`" }
        }
        for (op, verb, sign) in [("+=", "increment", "+"), ("-=", "decrement", "-")] {
            guard let r = t.range(of: op), let name = plain(t[..<r.lowerBound]) else { continue }
            let amount = t[r.upperBound...].trimmingSpaces
            return amount == "1" ? "write `\(name) \(op) 1` as `\(verb): \(name)`"
                : "write `\(name) \(op) \(amount)` as `set: \(name) = \(name) \(sign) \(amount)`"
        }
        for op in ["*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>="] where t.contains(op) {
            return "no `\(op)`: integers take `+` and `-` only; write `set: NAME = NAME + EXPR`"
        }
        return nil
    }
}
