/// Collects the run's kernel events as JSON Lines, hashing every line as it is written.
///
/// Every line has the keys `t` (instant, integer nanoseconds), `seq` (line number from 0), `thread`
/// (name, or `kernel` for events of no thread) and `ev` (event kind), followed by the event's own keys in
/// a fixed order. Lines are built here, byte for byte, so that the hash never depends on a JSON encoder's
/// key order or number formatting.
public struct TraceRecorder: Sendable {
    /// Whether lines are kept (for `--trace FILE`), or only hashed.
    public let keepsLines: Bool
    /// The kept lines, when ``keepsLines`` is true.
    public private(set) var lines: [String] = []
    /// How many events were recorded.
    public private(set) var count = 0
    private var hasher = TraceHasher()

    public init(keepsLines: Bool) { self.keepsLines = keepsLines }

    /// The hash of every line recorded so far.
    public var hash: String { hasher.hexDigest }

    /// Records one event.
    public mutating func record(at instant: SimInstant, thread: String, event: String, _ fields: [(String, TraceValue)]) {
        var line = "{\"t\":\(instant.nanoseconds),\"seq\":\(count),\"thread\":"
        TraceValue.appendQuoted(thread, to: &line)
        line += ",\"ev\":"
        TraceValue.appendQuoted(event, to: &line)
        for (key, value) in fields {
            line += ",\""
            line += key
            line += "\":"
            value.append(to: &line)
        }
        line += "}"
        hasher.combine(line: line)
        if keepsLines { lines.append(line) }
        count += 1
    }
}

/// A value in a trace line.
public enum TraceValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null
    case strings([String])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An instant as integer nanoseconds, or null for ``SimInstant/never``.
    public static func instant(_ i: SimInstant) -> TraceValue { i.isNever ? .null : .int(i.nanoseconds) }

    func append(to line: inout String) {
        switch self {
        case .string(let s): Self.appendQuoted(s, to: &line)
        case .int(let i): line += String(i)
        case .bool(let b): line += b ? "true" : "false"
        case .null: line += "null"
        case .strings(let list):
            line += "["
            for (i, s) in list.enumerated() {
                if i > 0 { line += "," }
                Self.appendQuoted(s, to: &line)
            }
            line += "]"
        }
    }

    /// Appends `s` as a JSON string literal.
    public static func appendQuoted(_ s: String, to line: inout String) {
        line += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        line += "\""
    }
}
