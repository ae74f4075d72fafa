import LoopSimKernel

/// A JSON document built in memory and printed deterministically: object keys sorted, numbers in a fixed
/// format, no dependence on Foundation's encoder.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Compact JSON text with keys sorted.
    public var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Indented JSON text with keys sorted.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        let newline = indent == nil ? "" : "\n"
        let pad = { (n: Int) in indent.map { String(repeating: $0, count: n) } ?? "" }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += Self.format(d)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad(level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
                out += (i < items.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "]"
        case .object(let fields):
            if fields.isEmpty { out += "{}"; return }
            out += "{" + newline
            let keys = fields.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += pad(level + 1)
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                fields[key]!.write(to: &out, indent: indent, level: level + 1)
                out += (i < keys.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "}"
        }
    }

    /// Shortest round-trip text for finite numbers; integers print without a fraction; NaN/inf as null.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// JSON string literal, with the kernel's escaper (one escaping rule for traces and reports).
    static func quote(_ s: String, into out: inout String) {
        out += JSONText.quoted(s)
    }

    /// The value at a figure path such as `leaks[0].path[1]` or `objects.leaked`; nil if absent.
    public func value(at path: String) -> JSONValue? {
        var current: JSONValue? = self
        var token = ""
        var chars = Array(path)
        chars.append(".")
        var i = 0
        func step(_ key: String) {
            guard !key.isEmpty else { return }
            if case .object(let o) = current { current = o[key] } else { current = nil }
        }
        while i < chars.count {
            let c = chars[i]
            if c == "." {
                step(token); token = ""
            } else if c == "[" {
                step(token)
                token = ""
                var j = i + 1
                var digits = ""
                while j < chars.count && chars[j] != "]" { digits.append(chars[j]); j += 1 }
                if case .array(let items) = current, let n = Int(digits), n >= 0, n < items.count {
                    current = items[n]
                } else {
                    current = nil
                }
                i = j
            } else {
                token.append(c)
            }
            i += 1
        }
        return current
    }
}
