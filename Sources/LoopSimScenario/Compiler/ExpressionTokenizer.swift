/// The tokens of the expression language (``ExpressionParser``), each with the 0-based column it starts at.
enum ExpressionToken: Equatable {
    case name(String), int(Int), duration(Int64), string(String), dot, op(String), cast, open, close
    case openBracket, closeBracket, comma, colon, end
}

/// Splits an expression's text into ``ExpressionToken``s: names, integers, duration literals (`250ms`, `1.5`),
/// double-quoted strings (`\"` and `\\` their only escapes), operators and punctuation, ending with `.end`. Constructs of C,
/// Objective-C and Swift that the language does not have (`->`, `++`, `&`, `@selector`, `?:`) are foreign
/// ``ExpressionError``s whose message says how to write them here.
struct ExpressionTokenizer {
    private(set) var tokens: [(ExpressionToken, Int)] = []

    /// The tokens of `text`, the last `.end` at the text's length.
    static func tokens(of text: String) throws -> [(ExpressionToken, Int)] {
        var tokenizer = ExpressionTokenizer()
        try tokenizer.tokenize(text)
        return tokenizer.tokens
    }

    private mutating func tokenize(_ text: String) throws {
        let chars = Array(text.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" { i += 1; continue }
            let start = i
            if c.properties.isAlphabetic || c == "_" {
                while i < chars.count
                    && (chars[i].properties.isAlphabetic || chars[i] == "_" || ("0"..."9").contains(chars[i]))
                { i += 1 }
                tokens.append((.name(String(String.UnicodeScalarView(chars[start..<i]))), start))
            } else if ("0"..."9").contains(c)
                || (c == "-" && i + 1 < chars.count && ("0"..."9").contains(chars[i + 1])
                    && (tokens.isEmpty
                        || {
                            switch tokens.last!.0 {
                            // after an operator, `(`, `[` or `,`: `[-1, -2]`, `format("%d", -3)`
                            case .op, .open, .openBracket, .comma: return true
                            default: return false
                            }
                        }()))
            {
                i += 1
                while i < chars.count && ("0"..."9").contains(chars[i]) { i += 1 }
                if let duration = try durationLiteral(chars, start: start, end: &i) {
                    tokens.append((.duration(duration), start))
                    continue
                }
                guard let value = Int(String(String.UnicodeScalarView(chars[start..<i]))) else {
                    throw ExpressionError(message: "integer out of range", column: start)
                }
                tokens.append((.int(value), start))
            } else if c == "-" && i + 1 < chars.count && chars[i + 1] == ">" {
                throw ExpressionError.foreign("`->` is C's member access through a pointer; write `self.x`", at: start)
            } else if (c == "+" || c == "-") && i + 1 < chars.count && chars[i + 1] == c {
                throw ExpressionError.foreign(
                    "`\(c)\(c)` is not an expression here; write it as a step: "
                        + "`\(c == "+" ? "increment" : "decrement"): NAME`", at: start)
            } else if c == "+" || c == "-" {
                i += 1
                tokens.append((.op(String(c)), start))
            } else if (c == "&" || c == "|") && i + 1 < chars.count && chars[i + 1] == c {
                i += 2
                tokens.append((.op(String(c) + String(c)), start))
            } else if c == "&" || c == "|" || c == "^" || c == "~" {
                let logical = c == "&" ? "`&&` for a logical and" : c == "|" ? "`||` for a logical or" : "`!=` or `!`"
                throw ExpressionError.foreign(
                    "`\(c)` (a bitwise operator) is not an operator here: integers take "
                        + "`+`, `-`, `*`, `/` and `%` only; write \(logical)", at: start)
            } else if (c == "*" || c == "/" || c == "%") && i + 1 < chars.count && chars[i + 1] == "=" {
                throw ExpressionError.foreign(
                    "`\(c)=` is not an expression here; write it as a step: `set: NAME = NAME \(c) VALUE`", at: start)
            } else if c == "%" || c == "*" || c == "/" {
                i += 1
                tokens.append((.op(String(c)), start))
            } else if c == "(" {
                i += 1
                tokens.append((.open, start))
            } else if c == ")" {
                i += 1
                tokens.append((.close, start))
            } else if c == "[" {
                i += 1
                tokens.append((.openBracket, start))
            } else if c == "]" {
                i += 1
                tokens.append((.closeBracket, start))
            } else if c == "," {
                i += 1
                tokens.append((.comma, start))
            } else if c == ":" {
                i += 1
                tokens.append((.colon, start))
            } else if c == "@" {
                let selector = chars[(i + 1)...].starts(with: "selector".unicodeScalars)
                throw ExpressionError.foreign(
                    selector
                        ? "write `@selector(name)` as the method's name alone (e.g. `selector: tick`)"
                        : "no `@` literals: write a string as \"text\", a number or `true`/`false` without `@`",
                    at: start)
            } else if c == "?" && i + 1 < chars.count && chars[i + 1] == "?" {
                i += 2
                tokens.append((.op("??"), start))
            } else if c == "?" && !(tokens.last.map { $0.0 == .name("as") && $0.1 + 2 == i } ?? false) {
                throw ExpressionError.foreign(
                    "no `?:` or optional chaining here: a message to nil already yields "
                        + "nil; for a choice write an `if:` step", at: start)
            } else if c == "\"" {
                i += 1
                // `\"` and `\\` are escapes (a `"` and a `\`), read where the text is (``ExpressionParser``): a
                // backslash never ends the literal's text with the character after it.
                while i < chars.count && chars[i] != "\"" { i += chars[i] == "\\" ? 2 : 1 }
                i = min(i, chars.count)
                guard i < chars.count else {
                    throw ExpressionError(message: "unterminated string: close it with '\"'", column: start)
                }
                tokens.append((.string(String(String.UnicodeScalarView(chars[start + 1..<i]))), start))
                i += 1
            } else if c == "?", let last = tokens.last, last.0 == .name("as"), last.1 + 2 == i {
                i += 1
                tokens[tokens.count - 1] = (.cast, last.1)
            } else if c == "." {
                i += 1
                tokens.append((.dot, start))
            } else if "=!<>".unicodeScalars.contains(c) {
                i += 1
                if i < chars.count && chars[i] == "=" { i += 1 }
                let op = String(String.UnicodeScalarView(chars[start..<i]))
                if op == "!" {
                    tokens.append((.op(op), start))
                    continue
                }
                if (op == "==" || op == "!=") && i < chars.count && chars[i] == "=" {
                    throw ExpressionError.foreign(
                        "`\(op)=` is written `\(op)` here: objects compare by identity",
                        at: start)
                }
                if (op == "<" || op == ">") && i < chars.count && chars[i] == c {
                    // `<<`, `>>`: Swift's shifts of integers (BitwiseShiftPrecedence, above multiplication).
                    i += 1
                    if i < chars.count && chars[i] == "=" {
                        throw ExpressionError.foreign(
                            "`\(op)\(op)=` is not an expression here; write it as a step: `set: NAME = NAME \(op)\(op) N`",
                            at: start)
                    }
                    tokens.append((.op(op + op), start))
                    continue
                }
                guard ["==", "!=", "<", "<=", ">", ">="].contains(op) else {
                    throw ExpressionError(
                        message: "unknown operator '\(op)'; use ==, !=, <, <=, > or >=", column: start)
                }
                tokens.append((.op(op), start))
            } else {
                throw ExpressionError(message: "unexpected character '\(c)'", column: start)
            }
        }
        tokens.append((.end, chars.count))
    }

    /// The duration literal whose integer part is `chars[start..<end]`, when a fraction (`1.5`) or a unit (`250ms`)
    /// follows it; `end` moves past it. Nil for a plain integer. A fraction without a unit is seconds, as a Swift
    /// `TimeInterval` literal is.
    private func durationLiteral(_ chars: [Unicode.Scalar], start: Int, end i: inout Int) throws -> Int64? {
        var j = i
        var hasFraction = false
        if j + 1 < chars.count, chars[j] == ".", ("0"..."9").contains(chars[j + 1]) {
            hasFraction = true
            j += 1
            while j < chars.count && ("0"..."9").contains(chars[j]) { j += 1 }
        }
        let unitStart = j
        while j < chars.count && (chars[j].properties.isAlphabetic || ("0"..."9").contains(chars[j])) { j += 1 }
        let unit = String(String.UnicodeScalarView(chars[unitStart..<j]))
        if unit.isEmpty && !hasFraction { return nil }
        if !unit.isEmpty && DurationParser.units[unit] == nil {
            guard hasFraction else { return nil }  // `5abc`: an integer, then text the parser reports
            throw ExpressionError(
                message: "unknown unit '\(unit)' after a number; a duration takes one of ns, us, ms, s, min, h",
                column: unitStart)
        }
        let text = String(String.UnicodeScalarView(chars[start..<unitStart])) + (unit.isEmpty ? "s" : unit)
        switch DurationParser.signedNanoseconds(text) {
        case .success(let ns):
            i = j
            return ns
        case .failure(let error):
            throw ExpressionError(message: error.message, column: start)
        }
    }
}
