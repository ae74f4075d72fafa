import Foundation
import LoopSimKernel

/// A trace file read back: its lines decoded into ``SimEvent``s with their strings, for `loopsim fingerprint`
/// and for views of a trace on disk. Each line is parsed with Foundation's `JSONDecoder`, then read field by field
/// as its kind declares (``SimEvent/Body/init(kind:reading:)``).
///
/// ```swift
/// let trace = try TraceFile(text: String(decoding: data, as: UTF8.self))
/// trace.fingerprint.hex  // equals the run's `fingerprint`
/// ```
public struct TraceFile: Sendable {
    public private(set) var events: [SimEvent] = []
    public private(set) var names = NameTable()

    /// A line that is not an event of the trace format.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        public var message: String
        /// The reading was stopped by its `isInterrupted` (``init(lines:isInterrupted:)``), not by a bad line.
        public var isInterruption = false
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads every non-empty line of `text`.
    /// - Throws: ``Failure`` for the first line that is not a trace event.
    public init(text: String) throws(Failure) {
        try self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Reads every non-empty line, asking `isInterrupted` every 256 lines (`loopsim fuzz` reads the trace of each
    /// run it checks, and a signal must stop it within a fraction of a second).
    /// - Throws: ``Failure`` for the first line that is not a trace event, or with ``Failure/isInterruption`` when
    ///   `isInterrupted` answered true.
    public init(lines: [String], isInterrupted: () -> Bool = { false }) throws(Failure) {
        let decoder = JSONDecoder()
        for (i, line) in lines.enumerated() where !line.isEmpty {
            if i % 256 == 255, isInterrupted() {
                throw Failure(line: i + 1, message: "interrupted", isInterruption: true)
            }
            do {
                let value = try decoder.decode(JSONAny.self, from: Data(line.utf8))
                guard case .object(let object) = value else { throw EventReadError(message: "not a JSON object") }
                var reader = Reader(object: object, names: NameTable.empty)
                swap(&reader.names, &names)  // the table moves into the reader and back: no copy per line
                defer { swap(&reader.names, &names) }
                let t = try reader.int("t")
                let seq = try reader.int("seq")
                guard seq == Int64(events.count) else {
                    throw EventReadError(message: "seq \(seq) where \(events.count) was due")
                }
                let thread = try reader.name("thread")
                guard case .string(let kind)? = object["ev"] else { throw EventReadError(message: "no \"ev\"") }
                let body = try SimEvent.Body(kind: kind, reading: &reader)
                events.append(SimEvent(instant: SimInstant(nanoseconds: t), thread: thread, body: body))
            } catch let error as EventReadError {
                throw Failure(line: i + 1, message: error.message)
            } catch {
                throw Failure(line: i + 1, message: "not JSON: \(error)")
            }
        }
    }

    /// The fingerprint of the events read: the run's own when the file is its whole trace.
    public var fingerprint: Fingerprint {
        var f = Fingerprint()
        for event in events { f.fold(event, names: names) }
        return f
    }

    /// A parsed JSON value.
    enum JSONAny: Decodable {
        case null, bool(Bool), int(Int64), double(Double), string(String), array([JSONAny]), object([String: JSONAny])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let i = try? c.decode(Int64.self) {
                self = .int(i)
            } else if let d = try? c.decode(Double.self) {
                self = .double(d)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else if let a = try? c.decode([JSONAny].self) {
                self = .array(a)
            } else {
                self = .object(try c.decode([String: JSONAny].self))
            }
        }
    }

    /// Reads the fields of one line as ``TraceEncoder`` writes them.
    struct Reader: EventFieldReader {
        let object: [String: JSONAny]
        var names: NameTable

        func has(_ key: String) -> Bool { object[key] != nil }

        private func value(_ key: String) throws -> JSONAny {
            guard let v = object[key] else { throw EventReadError(message: "no \"\(key)\"") }
            return v
        }

        private func mistyped(_ key: String, _ what: String) -> EventReadError {
            EventReadError(message: "\"\(key)\" is not \(what)")
        }

        mutating func name(_ key: String) throws -> Name {
            guard case .string(let s) = try value(key) else { throw mistyped(key, "a string") }
            return names.intern(s)
        }
        mutating func int(_ key: String) throws -> Int64 {
            guard case .int(let i) = try value(key) else { throw mistyped(key, "an integer") }
            return i
        }
        mutating func bool(_ key: String) throws -> Bool {
            guard case .bool(let b) = try value(key) else { throw mistyped(key, "a boolean") }
            return b
        }
        mutating func instant(_ key: String) throws -> SimInstant {
            switch try value(key) {
            case .null: return .never
            case .int(let i): return SimInstant(nanoseconds: i)
            default: throw mistyped(key, "an instant (integer nanoseconds or null)")
            }
        }
        mutating func duration(_ key: String) throws -> SimDuration {
            SimDuration(nanoseconds: try int(key))
        }
        mutating func optionalDuration(_ key: String) throws -> SimDuration? {
            if case .null = try value(key) { return nil }
            return try duration(key)
        }
        mutating func names(_ key: String) throws -> [Name] {
            guard case .array(let items) = try value(key) else { throw mistyped(key, "a list") }
            return try items.map {
                guard case .string(let s) = $0 else { throw mistyped(key, "a list of strings") }
                return names.intern(s)
            }
        }
        /// ``WaitSet/traceStrings`` read back.
        mutating func waitSet(_ key: String) throws -> WaitSet {
            guard case .array(let items) = try value(key) else { throw mistyped(key, "a list") }
            let ports = try items.map {
                guard case .string(let s) = $0 else { throw mistyped(key, "a list of strings") }
                return s
            }
            guard let set = WaitSet(traceStrings: ports) else { throw mistyped(key, "a wait set") }
            return set
        }
        mutating func entered(_ key: String) throws -> Bool {
            object[key] == nil ? true : try bool(key)
        }
    }
}
