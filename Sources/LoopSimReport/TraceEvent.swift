/// One kernel trace line, read back: the instant, the thread, the event kind and its fields.
///
/// ```swift
/// let e = try TraceEvent(line: #"{"t":0,"seq":3,"thread":"main","ev":"rl.run","mode":"default"}"#)
/// e.kind           // "rl.run"
/// e.string("mode") // "default"
/// ```
public struct TraceEvent: Sendable, Hashable {
    /// The instant, in nanoseconds from the start of the run.
    public var t: Int64
    /// The line number in its trace, from 0.
    public var seq: Int
    /// The thread's name, or `kernel`.
    public var thread: String
    /// The event kind (`ev`), such as `rl.sleep`.
    public var kind: String
    /// The event's own keys (looked up, never iterated into output).
    public var fields: [String: JSONValue]
    /// The line as recorded.
    public var line: String

    /// Reads one trace line.
    /// - Throws: ``JSONParser/Failure`` when the line is not a JSON object with `t`, `seq`, `thread` and `ev`.
    public init(line: String) throws(JSONParser.Failure) {
        guard case .object(let o) = try JSONParser.parse(line), case .int(let t)? = o["t"], case .int(let seq)? = o["seq"],
              case .string(let thread)? = o["thread"], case .string(let kind)? = o["ev"]
        else { throw JSONParser.Failure(message: "not a trace event", offset: 0) }
        self.t = t
        self.seq = Int(seq)
        self.thread = thread
        self.kind = kind
        self.line = line
        var fields = o
        for key in ["t", "seq", "thread", "ev"] { fields[key] = nil }
        self.fields = fields
    }

    /// Reads every line of a trace (empty lines are skipped).
    /// - Throws: ``JSONParser/Failure`` for the first malformed line.
    public static func parse(_ lines: [String]) throws(JSONParser.Failure) -> [TraceEvent] {
        var events: [TraceEvent] = []
        events.reserveCapacity(lines.count)
        for line in lines where !line.isEmpty { events.append(try TraceEvent(line: line)) }
        return events
    }

    /// A string field, or nil.
    public func string(_ key: String) -> String? {
        if case .string(let s)? = fields[key] { return s }
        return nil
    }

    /// An integer field, or nil (also for `null`).
    public func int(_ key: String) -> Int64? {
        if case .int(let v)? = fields[key] { return v }
        return nil
    }

    /// A boolean field, or nil.
    public func bool(_ key: String) -> Bool? {
        if case .bool(let v)? = fields[key] { return v }
        return nil
    }

    /// A list-of-strings field; empty when absent.
    public func strings(_ key: String) -> [String] {
        guard case .array(let items)? = fields[key] else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// The event as a JSON object: `at_ms`, `t_ns`, `thread`, `ev` and its fields.
    public var json: JSONValue {
        var o = fields
        o["t_ns"] = .int(t)
        o["at_ms"] = .double(Double(t) / 1_000_000)
        o["thread"] = .string(thread)
        o["ev"] = .string(kind)
        return .object(o)
    }
}
