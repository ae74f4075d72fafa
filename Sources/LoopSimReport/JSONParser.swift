/// A small JSON reader for the documents LoopSim itself writes: trace lines and reports.
///
/// It accepts standard JSON (RFC 8259). Objects become ``JSONValue/object(_:)`` (key order is not kept:
/// readers look keys up, they never iterate them into output); integers that fit in 64 bits become
/// ``JSONValue/int(_:)``, every other number ``JSONValue/double(_:)``.
///
/// ```swift
/// let v = try JSONParser.parse(#"{"t":0,"ev":"rl.run"}"#)
/// v.value(at: "ev")  // .string("rl.run")
/// ```
public struct JSONParser {
    /// What went wrong, and the UTF-8 offset where.
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
        public var offset: Int
    }

    private let bytes: [UInt8]
    private var i = 0

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// Parses one JSON document.
    /// - Throws: ``Failure`` for malformed text or trailing characters.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var p = JSONParser(text)
        let value = try p.value()
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.fail("trailing characters") }
        return value
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: i) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func expect(_ literal: String, _ result: JSONValue) throws(Failure) -> JSONValue {
        for b in literal.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("expected \(literal)") }
            i += 1
        }
        return result
    }

    private mutating func value() throws(Failure) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        i += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            fields[key] = try value()
            skipSpace()
            guard i < bytes.count else { throw fail("unclosed object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unclosed array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw fail("bad \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)  // \" \\ \/
            }
        }
        throw fail("unclosed string")
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = i
        var isInteger = true
        while i < bytes.count {
            let b = bytes[i]
            if (0x30...0x39).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
                i += 1
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                isInteger = false
                i += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let v = Int64(text) { return .int(v) }
        guard let d = Double(text) else { throw fail("bad number '\(text)'") }
        return .double(d)
    }
}
