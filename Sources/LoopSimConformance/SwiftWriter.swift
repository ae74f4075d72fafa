/// Accumulates generated Swift source, one line at a time, with four-space indentation.
///
/// ```swift
/// var w = SwiftWriter()
/// w.block("if ready") { $0.line("go()") }
/// // "if ready {\n    go()\n}\n"
/// ```
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    /// Appends one line at the current indentation (an empty string gives an empty line).
    mutating func line(_ s: String) {
        if s.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + s + "\n"
        }
    }

    /// `header {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ header: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// Runs `body` one level deeper, without braces.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// A Swift string literal for `s` (quotes, backslashes and control characters escaped).
    static func literal(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// An identifier made of `prefix` and the letters and digits of `name` (others become `_`).
    static func identifier(_ prefix: String, _ name: String) -> String {
        prefix
            + String(
                name.unicodeScalars.map { scalar -> Character in
                    (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar)
                        ? Character(scalar) : "_"
                })
    }
}
