import LoopSimKernel

extension ScenarioCompiler {
    /// `log: TEXT` (docs/scenario-format.md §7.1). Each `\(EXPR)` in TEXT is an interpolation: an integer, Boolean
    /// or string expression of the language (§6), evaluated when the step runs and written as Swift's `print`
    /// writes it (``InterpolatedLogStep``). `\"` is a `"` and `\\` a `\` (so `\\(` is a `\(` logged as written), as
    /// in a Swift string literal. A text without interpolations is the fixed ``Step/log(_:)``, as before.
    func logStep(_ node: LocatedNode, scope: Scope) -> [Step] {
        guard let text = string(node, what: "log") else { return [] }
        guard text.contains("\\") else { return [.log(text)] }
        guard let scalar = node.scalar, let parts = interpolationParts(text, in: scalar, offset: 0, scope: scope)
        else { return [] }
        guard parts.contains(where: { if case .value = $0 { true } else { false } }) else {
            return [.log(parts.map { if case .text(let t) = $0 { t } else { "" } }.joined())]
        }
        return [.perform(InterpolatedLogStep.make(parts: parts))]
    }

    /// The parts of a text with interpolations (`tick \(self.count)`): literal text, and each `\(EXPR)` an
    /// integer, Boolean or string expression (or an array of them), written as Swift's interpolation writes it;
    /// `\"` is the text `"` and `\\` the text `\` (`\\(` the text `\(`); any other `\` is itself. `offset` is where
    /// `text` starts in `scalar`'s text; `what` names it in errors (`a log`, `a string`). Nil after reporting a
    /// problem.
    func interpolationParts(
        _ text: String, in scalar: LocatedNode.Scalar, offset base: Int, scope: Scope, what: String = "a log"
    ) -> [LogPart]? {
        var parts: [LogPart] = []
        var literal = ""
        var failed = false
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("\\\\") || rest.hasPrefix("\\\"") {
                literal.append(text[text.index(after: i)])
                i = text.index(i, offsetBy: 2)
                continue
            }
            guard rest.hasPrefix("\\(") else {
                literal.append(text[i])
                i = text.index(after: i)
                continue
            }
            let open = text.index(i, offsetBy: 2)
            let offset = base + text.distance(from: text.startIndex, to: open)
            guard let close = Self.closingParenthesis(in: text, from: open) else {
                bag.error(
                    .exprSyntax,
                    "the `\\(` of \(what) has no closing `)`; write `\\(EXPR)`, or `\\\\(` for the text `\\(`",
                    at: location(in: scalar, offset: offset - 2))
                return nil
            }
            let source = String(text[open..<close])
            if let (expr, type) = expression(text: source, in: scalar, offset: offset, scope: scope) {
                switch type {
                // A duration as Swift prints a `Double` (`0.5`, `2.0`); an array of ints, Booleans or strings as
                // Swift's `description` of an array does: `["a", "b"]`, `[1, 2]`.
                case .int, .bool, .string, .duration, .array(.int), .array(.bool), .array(.string):
                    if !literal.isEmpty { parts.append(.text(literal)) }
                    literal = ""
                    parts.append(.value(expr))
                default:
                    bag.error(
                        .exprType,
                        "\(what)'s interpolation `\\(\(source))` takes an integer, a Boolean, a string or a duration, "
                            + "not \(type); interpolate one of its fields instead, or write `\\\\(` for the text as written",
                        at: location(in: scalar, offset: offset))
                    failed = true
                }
            } else {
                failed = true
            }
            i = text.index(after: close)
        }
        if failed { return nil }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return parts
    }

    /// The index of the `)` that closes an interpolation whose text starts at `start`: parentheses nest, and a
    /// string literal's characters (`"a)"`, with `\"` escapes) do not count. Nil when it is not closed.
    static func closingParenthesis(in text: String, from start: String.Index) -> String.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        var i = start
        while i < text.endIndex {
            let c = text[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inString = false
                }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                if depth == 0 { return i }
                depth -= 1
            }
            i = text.index(after: i)
        }
        return nil
    }
}
