/// Turns events into the trace format's JSON lines, byte for byte: `{"t":…,"seq":…,"thread":"…","ev":"…", …}`
/// with the event's own keys after these four, in ``SimEvent/Body/visitFields(_:)``'s order, integers in
/// decimal, instants `null` for ``SimInstant/never``, strings escaped as JSON requires (`"`, `\` and control
/// characters; everything else as UTF-8).
///
/// The kernel never formats text: this runs only when a trace file is written or a view wants a line. The encoder
/// keeps each name's JSON literal once made, but not the table: each line borrows the run's table for its own
/// call, so a trace written while the run goes on (``TraceSink``) holds no copy of a table the kernel still grows.
///
/// ```swift
/// var encoder = TraceEncoder()
/// for (seq, event) in outcome.eventLog.enumerated() { print(encoder.line(event, seq: seq, names: outcome.names)) }
/// ```
public struct TraceEncoder {
    private let quoted = QuotedNames()
    private var bytes: [UInt8] = []

    public init() {
        bytes.reserveCapacity(256)
    }

    /// The line of `event`, the `seq`-th of its run, without a newline; `names` holds every string it names.
    public mutating func line(_ event: SimEvent, seq: Int, names: borrowing NameTable) -> String {
        bytes.removeAll(keepingCapacity: true)
        append(event, seq: seq, names: names, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line of `event` (without a newline) to `out`; `names` holds every string it names.
    public func append(_ event: SimEvent, seq: Int, names: borrowing NameTable, to out: inout [UInt8]) {
        // The writer holds the table for this line only: one retain, never a copy of its storage.
        var writer = Writer(quoted: quoted, table: copy names, out: [])
        swap(&writer.out, &out)
        writer.begin(event, seq: seq)
        event.body.visitFields(&writer)
        writer.out.append(UInt8(ascii: "}"))
        swap(&writer.out, &out)
    }

    /// Each name's JSON literal (quotes included), made on first use. A name's string never changes once
    /// interned, so a literal stays right for the rest of the run.
    private final class QuotedNames {
        var start: [Int] = []
        var end: [Int] = []
        var bytes: [UInt8] = []

        func append(_ name: Name, from table: NameTable, to out: inout [UInt8]) {
            let i = Int(name.index)
            if i >= start.count {
                start.append(contentsOf: repeatElement(-1, count: i + 1 - start.count))
                end.append(contentsOf: repeatElement(-1, count: i + 1 - end.count))
            }
            if start[i] < 0 {
                start[i] = bytes.count
                JSONText.appendQuoted(table[name], to: &bytes)
                end[i] = bytes.count
            }
            out.append(contentsOf: bytes[start[i]..<end[i]])
        }
    }

    private struct Writer: EventFieldVisitor {
        let quoted: QuotedNames
        let table: NameTable
        var out: [UInt8]

        mutating func begin(_ event: SimEvent, seq: Int) {
            raw("{\"t\":")
            JSONText.appendInteger(event.instant.nanoseconds, to: &out)
            raw(",\"seq\":")
            JSONText.appendInteger(Int64(seq), to: &out)
            raw(",\"thread\":")
            quoted.append(event.thread, from: table, to: &out)
            raw(",\"ev\":\"")
            raw(event.kind.name)
            out.append(UInt8(ascii: "\""))
        }

        private mutating func raw(_ s: StaticString) {
            s.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        private mutating func key(_ key: StaticString) {
            raw(",\"")
            raw(key)
            raw("\":")
        }

        private mutating func instantValue(_ value: SimInstant) {
            if value.isNever { raw("null") } else { JSONText.appendInteger(value.nanoseconds, to: &out) }
        }

        mutating func name(_ key: StaticString, _ value: Name) {
            self.key(key)
            quoted.append(value, from: table, to: &out)
        }
        mutating func int(_ key: StaticString, _ value: Int64) {
            self.key(key)
            JSONText.appendInteger(value, to: &out)
        }
        mutating func bool(_ key: StaticString, _ value: Bool) {
            self.key(key)
            raw(value ? "true" : "false")
        }
        mutating func instant(_ key: StaticString, _ value: SimInstant) {
            self.key(key)
            instantValue(value)
        }
        mutating func duration(_ key: StaticString, _ value: SimDuration) {
            self.key(key)
            JSONText.appendInteger(value.nanoseconds, to: &out)
        }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            self.key(key)
            if let value { JSONText.appendInteger(value.nanoseconds, to: &out) } else { raw("null") }
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            self.key(key)
            out.append(UInt8(ascii: "["))
            for (i, name) in value.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                quoted.append(name, from: table, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        /// ``WaitSet/traceStrings``, as a list of strings.
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            self.key(key)
            out.append(UInt8(ascii: "["))
            for (i, port) in value.traceStrings.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(port, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        mutating func entered(_ key: StaticString, _ value: Bool) {
            guard !value else { return }  // written only when false
            self.key(key)
            raw("false")
        }
    }
}

/// The JSON text of the trace format's values.
public enum JSONText {
    /// Appends `s` as a JSON string literal: `"` `\` and control characters escaped (`\n` `\r` `\t` by name, the
    /// others as `\u00XX`), everything else as UTF-8.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigit(b >> 4))
                out.append(hexDigit(b & 0xF))
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a signed decimal integer.
    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = out.count
        repeat {  // the digits from the last, then turned round
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
}
