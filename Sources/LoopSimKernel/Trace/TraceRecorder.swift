/// Collects the run's kernel events as JSON Lines, hashing every line as it is written (``TraceHasher``).
///
/// Every line has the keys `t` (instant, integer nanoseconds), `seq` (line number from 0), `thread`
/// (name, or `kernel` for events of no thread) and `ev` (event kind), followed by the event's own keys in
/// a fixed order. Lines are built here, byte for byte, so that the hash never depends on a JSON encoder's
/// key order or number formatting.
///
/// A line is written into one reused byte buffer and hashed from there; a `String` is made only when lines
/// are kept. (Building each line as a `String` cost two thirds of a timer storm's time: BENCHMARKS.md.)
public struct TraceRecorder: Sendable {
    /// Whether lines are kept (for `--trace FILE`), or only hashed.
    public let keepsLines: Bool
    /// The kept lines, when ``keepsLines`` is true.
    public private(set) var lines: [String] = []
    /// How many events were recorded.
    public private(set) var count = 0
    private var hasher = TraceHasher()
    private let line = TraceLine()

    public init(keepsLines: Bool) { self.keepsLines = keepsLines }

    /// The hash of every line recorded so far.
    public var hash: String {
        var all = hasher
        all.combine(line.bytes)  // the lines not hashed yet
        return all.hexDigest
    }

    /// Records one event.
    public mutating func record(at instant: SimInstant, thread: String, event: String, _ fields: [(String, TraceValue)]) {
        fields.withUnsafeBufferPointer { record(at: instant, thread: thread, event: event, $0) }
    }

    /// Records one event whose fields are in a buffer.
    public mutating func record(at instant: SimInstant, thread: String, event: String,
                                _ fields: UnsafeBufferPointer<(String, TraceValue)>) {
        line.begin(at: instant, seq: count, thread: thread)
        write(event: event, fields)
    }

    /// Records one event of a thread whose name is quoted already, with its fields in a buffer.
    mutating func record(at instant: SimInstant, thread: QuotedName, event: String,
                         _ fields: UnsafeBufferPointer<(String, TraceValue)>) {
        line.begin(at: instant, seq: count, thread: thread)
        write(event: event, fields)
    }

    private mutating func write(event: String, _ fields: UnsafeBufferPointer<(String, TraceValue)>) {
        line.raw(",\"ev\":")
        line.quoted(event)
        for (key, value) in fields {
            line.raw(",\"")
            line.raw(key)
            line.raw("\":")
            value.append(to: line)
        }
        end()
    }

    /// Records one event whose fields `write` appends to the line (``TraceLine/field(_:_:)-(_,String)``):
    /// the same bytes as the field-array form, without building the array, its values or their strings.
    /// For the events of every run-loop pass.
    @inline(__always)
    mutating func record(at instant: SimInstant, thread: String, event: StaticString, _ write: (TraceLine) -> Void) {
        line.begin(at: instant, seq: count, thread: thread)
        finish(event: event, write)
    }

    /// The same, for a thread whose name is quoted already (the kernel's).
    @inline(__always)
    mutating func record(at instant: SimInstant, thread: QuotedName, event: StaticString, _ write: (TraceLine) -> Void) {
        line.begin(at: instant, seq: count, thread: thread)
        finish(event: event, write)
    }

    @inline(__always)
    private mutating func finish(event: StaticString, _ write: (TraceLine) -> Void) {
        line.event(event)
        write(line)
        end()
    }

    /// Ends the line. Lines gather in the buffer and are hashed a few kilobytes at a time: XXH64 over the same
    /// bytes in the same order, without a partial stripe to carry over at every line.
    private mutating func end() {
        line.byte(UInt8(ascii: "}"))
        line.byte(UInt8(ascii: "\n"))  // hashed with its newline, as the trace file has it
        if keepsLines { lines.append(line.string(dropping: 1)) }
        count += 1
        if line.count >= TraceLine.hashChunk {
            hasher.combine(line.bytes)
            line.reset()
        }
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

    func append(to line: TraceLine) {
        switch self {
        case .string(let s): line.quoted(s)
        case .int(let i): line.int(i)
        case .bool(let b): line.raw(b ? "true" : "false")
        case .null: line.raw("null")
        case .strings(let list):
            line.byte(UInt8(ascii: "["))
            for (i, s) in list.enumerated() {
                if i > 0 { line.byte(UInt8(ascii: ",")) }
                line.quoted(s)
            }
            line.byte(UInt8(ascii: "]"))
        }
    }

    /// Appends `s` as a JSON string literal.
    public static func appendQuoted(_ s: String, to text: inout String) {
        if !s.utf8.contains(where: TraceLine.needsEscape) {
            text += "\""
            text += s
            text += "\""
            return
        }
        let line = TraceLine()
        line.quoted(s)
        text += line.string()
    }
}

/// The UTF-8 bytes of the trace lines not yet hashed, the last one perhaps under construction, in a raw
/// buffer that only grows.
///
/// Appends are pointer writes after one capacity check: through `[UInt8]`, every append paid a uniqueness
/// check and a call into the generic `append(contentsOf:)`, about a tenth of a timer fire (BENCHMARKS.md).
/// The buffer holds lines until ``TraceRecorder`` hashes them, so a recorder's copies must not both record
/// (the kernel keeps one and reads it at the end of the run).
final class TraceLine: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Where the line under construction starts.
    private var lineStart = 0
    /// How many bytes of lines gather before they are hashed.
    static let hashChunk = 8192

    /// `{"t":T,"seq":` for the instant `prefixInstant`: consecutive events share an instant (a pass writes about
    /// ten), so the instant is formatted once per instant, not once per line.
    private var prefix: UnsafeMutablePointer<UInt8>
    private var prefixCount = 0
    private var prefixInstant = Int64.min
    /// The decimal digits of `seqValue`, counted up in place after each line instead of formatted anew.
    private var seqDigits: UnsafeMutablePointer<UInt8>
    private var seqCount = 0
    private var seqValue = -1

    /// Where a recurring name given as a `String` is quoted: the last string quoted for each slot is kept with
    /// its quoted bytes. (The kernel's threads, run loops and modes hand their names over quoted already,
    /// ``QuotedName``.)
    enum NameSlot: Int, CaseIterable { case thread, object }
    /// The last string of each slot and its bytes as a JSON literal (at most `cachedNameCapacity` of them):
    /// a line's thread and object names repeat from line to line, so each is escaped once and copied after
    /// that. Starts as the empty string, whose literal is `""`.
    private var cachedNames = [String](repeating: "", count: NameSlot.allCases.count)
    private var cachedNameBytes: UnsafeMutablePointer<UInt8>
    private var cachedNameCounts: UnsafeMutablePointer<Int>
    private static let cachedNameCapacity = 64

    init() {
        capacity = 256
        base = .allocate(capacity: capacity)
        prefix = .allocate(capacity: 48)
        seqDigits = .allocate(capacity: 24)
        let slots = NameSlot.allCases.count
        cachedNameBytes = .allocate(capacity: slots * Self.cachedNameCapacity)
        cachedNameCounts = .allocate(capacity: slots)
        for slot in 0..<slots {
            cachedNameBytes[slot * Self.cachedNameCapacity] = UInt8(ascii: "\"")
            cachedNameBytes[slot * Self.cachedNameCapacity + 1] = UInt8(ascii: "\"")
            cachedNameCounts[slot] = 2
        }
    }

    deinit {
        base.deallocate()
        prefix.deallocate()
        seqDigits.deallocate()
        cachedNameBytes.deallocate()
        cachedNameCounts.deallocate()
    }

    /// `s` as a JSON string literal (``quoted(_:)``), copied from the slot's cache when `s` is the slot's last
    /// string.
    @inline(__always)
    func quoted(_ s: String, cachedIn slot: NameSlot) {
        let i = slot.rawValue
        if s == cachedNames[i] {
            append(cachedNameBytes + i * Self.cachedNameCapacity, cachedNameCounts[i])
        } else {
            quoteAndCache(s, i)
        }
    }

    private func quoteAndCache(_ s: String, _ slot: Int) {
        let start = count
        quoted(s)
        let n = count - start
        guard n <= Self.cachedNameCapacity else { return }  // a long name is quoted each time
        (cachedNameBytes + slot * Self.cachedNameCapacity).update(from: base + start, count: n)
        cachedNameCounts[slot] = n
        cachedNames[slot] = s
    }

    // MARK: Line structure

    /// Starts a line: `{"t":<instant>,"seq":<seq>,"thread":"<thread>"`.
    @inline(__always)
    func begin(at instant: SimInstant, seq: Int, thread: String) {
        beginPrefix(at: instant, seq: seq)
        quoted(thread, cachedIn: .thread)
    }

    /// Starts a line of a thread whose name is quoted already.
    @inline(__always)
    func begin(at instant: SimInstant, seq: Int, thread: QuotedName) {
        beginPrefix(at: instant, seq: seq)
        name(thread)
    }

    /// `{"t":<instant>,"seq":<seq>,"thread":`.
    @inline(__always)
    private func beginPrefix(at instant: SimInstant, seq: Int) {
        lineStart = count
        if instant.nanoseconds != prefixInstant { cachePrefix(instant.nanoseconds) }
        if seq != seqValue { cacheSeq(seq) }
        reserve(prefixCount + seqCount)
        (base + count).update(from: prefix, count: prefixCount)
        count &+= prefixCount
        (base + count).update(from: seqDigits, count: seqCount)
        count &+= seqCount
        countSeqUp()
        raw(",\"thread\":" as StaticString)
    }

    /// Formats the prefix past the end of the buffer and keeps a copy (the buffer's count is left as it was).
    private func cachePrefix(_ nanoseconds: Int64) {
        let saved = count
        raw("{\"t\":" as StaticString)
        int(nanoseconds)
        raw(",\"seq\":" as StaticString)
        prefixCount = count - saved
        prefix.update(from: base + saved, count: prefixCount)
        prefixInstant = nanoseconds
        count = saved
    }

    private func cacheSeq(_ seq: Int) {
        let saved = count
        int(Int64(seq))
        seqCount = count - saved
        (seqDigits).update(from: base + saved, count: seqCount)
        seqValue = seq
        count = saved
    }

    /// `seqDigits` += 1, carrying through nines (999 -> 1000).
    @inline(__always)
    private func countSeqUp() {
        seqValue += 1
        var i = seqCount - 1
        while i >= 0 {
            if seqDigits[i] != UInt8(ascii: "9") {
                seqDigits[i] &+= 1
                return
            }
            seqDigits[i] = UInt8(ascii: "0")
            i -= 1
        }
        (seqDigits + 1).update(from: seqDigits, count: seqCount)  // all nines: one more digit
        seqDigits[0] = UInt8(ascii: "1")
        seqCount += 1
    }

    /// `,"ev":"<event>"` for an event name with nothing to escape.
    @inline(__always)
    func event(_ name: StaticString) {
        assert(!UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).contains(where: Self.needsEscape))
        raw(",\"ev\":" as StaticString)
        quoted(name)
    }

    /// `,"<key>":` for a key with nothing to escape.
    @inline(__always)
    func key(_ name: StaticString) {
        reserve(name.utf8CodeUnitCount + 4)
        base[count] = UInt8(ascii: ",")
        base[count &+ 1] = UInt8(ascii: "\"")
        count &+= 2
        append(name.utf8Start, name.utf8CodeUnitCount)
        base[count] = UInt8(ascii: "\"")
        base[count &+ 1] = UInt8(ascii: ":")
        count &+= 2
    }

    // MARK: Fields (the bytes ``TraceValue/append(to:)`` writes for the same value)

    /// A string field.
    @inline(__always)
    func field(_ name: StaticString, _ value: String) {
        key(name)
        quoted(value)
    }

    /// A string field whose value recurs from line to line (a mode, run loop or object name).
    @inline(__always)
    func field(_ name: StaticString, _ value: String, cachedIn slot: NameSlot) {
        key(name)
        quoted(value, cachedIn: slot)
    }

    /// A field whose value is a name quoted already (a run loop's or a mode's).
    @inline(__always)
    func field(_ name: StaticString, _ value: QuotedName) {
        key(name)
        self.name(value)
    }

    /// A string field from a fixed set of names with nothing to escape (an activity, a port).
    @inline(__always)
    func field(_ name: StaticString, _ value: StaticString) {
        key(name)
        quoted(value)
    }

    /// An integer field.
    @inline(__always)
    func field(_ name: StaticString, _ value: Int64) {
        key(name)
        int(value)
    }

    /// A boolean field.
    @inline(__always)
    func field(_ name: StaticString, _ value: Bool) {
        key(name)
        value ? raw("true" as StaticString) : raw("false" as StaticString)
    }

    /// An instant field: integer nanoseconds, or null for ``SimInstant/never`` (``TraceValue/instant(_:)``).
    @inline(__always)
    func field(_ name: StaticString, _ value: SimInstant) {
        key(name)
        value.isNever ? raw("null" as StaticString) : int(value.nanoseconds)
    }

    /// Opens a string-array field; ``element(_:)`` adds to it and ``endArray()`` closes it.
    @inline(__always)
    func beginArray(_ name: StaticString) {
        key(name)
        byte(UInt8(ascii: "["))
    }

    /// One string of an open array (`first`: no comma before it).
    @inline(__always)
    func element(_ value: StaticString, first: Bool = false) {
        if !first { byte(UInt8(ascii: ",")) }
        quoted(value)
    }

    /// One string of an open array: `<prefix><integer>`, as `"timer@16668667"`.
    @inline(__always)
    func element(_ prefix: StaticString, _ value: Int64) {
        byte(UInt8(ascii: ","))
        byte(UInt8(ascii: "\""))
        raw(prefix)
        int(value)
        byte(UInt8(ascii: "\""))
    }

    @inline(__always)
    func endArray() { byte(UInt8(ascii: "]")) }

    /// Every byte in the buffer: the lines not hashed yet (valid until the next append or reset).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The line under construction without its last `dropping` bytes, as a `String`.
    func string(dropping: Int = 0) -> String {
        String(decoding: UnsafeBufferPointer(start: base + lineStart, count: count - lineStart - dropping), as: UTF8.self)
    }

    /// Empties the buffer.
    func reset() {
        count = 0
        lineStart = 0
    }

    @inline(__always)
    private func reserve(_ n: Int) {
        if count &+ n > capacity { grow(count &+ n) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count &+= 1
    }

    @inline(__always)
    private func append(_ p: UnsafeRawPointer, _ n: Int) {
        reserve(n)
        (base + count).initialize(from: p.assumingMemoryBound(to: UInt8.self), count: n)
        count &+= n
    }

    private func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        if let p = buffer.baseAddress { append(p, buffer.count) }
    }

    /// A name quoted already, copied as it is.
    @inline(__always)
    func name(_ q: QuotedName) { append(q.bytes, q.count) }

    /// Bytes copied as they are (a literal of the writer's own, which needs no escaping).
    @inline(__always)
    func raw(_ s: StaticString) { append(s.utf8Start, s.utf8CodeUnitCount) }

    /// A literal of the writer's own with nothing to escape (an event, activity or port name), in quotes.
    @inline(__always)
    func quoted(_ s: StaticString) {
        byte(UInt8(ascii: "\""))
        raw(s)
        byte(UInt8(ascii: "\""))
    }

    /// Bytes copied as they are (keys and literals, which need no escaping).
    func raw(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// A signed decimal integer, two digits per division.
    func int(_ value: Int64) {
        reserve(20)  // "-" and 19 digits
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count &+= 1
        }
        var magnitude = value.magnitude
        if magnitude < 10 {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
            count &+= 1
            return
        }
        var i = count &+ Self.digitCount(magnitude)
        count = i
        let pairs = Self.digitPairs.utf8Start
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            i &-= 2
            base[i] = pairs[pair]
            base[i &+ 1] = pairs[pair &+ 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            base[i &- 2] = pairs[pair]
            base[i &- 1] = pairs[pair &+ 1]
        } else {
            base[i &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
    }

    /// "00" through "99": two digits per division by 100.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Decimal digits of `v` (≥ 10): a few comparisons instead of a division per digit. Trace numbers are
    /// mostly nanosecond instants and deadlines, eight to ten digits.
    @inline(__always)
    static func digitCount(_ v: UInt64) -> Int {
        if v < 100_000_000 {
            if v < 10_000 { return v < 100 ? 2 : v < 1_000 ? 3 : 4 }
            return v < 100_000 ? 5 : v < 1_000_000 ? 6 : v < 10_000_000 ? 7 : 8
        }
        if v < 1_000_000_000_000 {
            return v < 1_000_000_000 ? 9 : v < 10_000_000_000 ? 10 : v < 100_000_000_000 ? 11 : 12
        }
        var n = 13
        var limit: UInt64 = 10_000_000_000_000
        while n < 20 && v >= limit { n += 1; limit = limit &* 10 }
        return n
    }

    /// Whether a byte of UTF-8 must be escaped in a JSON string: `"`, `\` and control characters.
    static func needsEscape(_ b: UInt8) -> Bool { b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") }

    /// Whether any byte of `utf8` must be escaped, eight bytes per test: the scan over every name of every
    /// line was a quarter of a timer fire byte by byte (BENCHMARKS.md).
    @inline(__always)
    static func containsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        let p = UnsafeRawPointer(start)
        var i = 0
        while i + 8 <= utf8.count {
            if wordContainsEscape(p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return true }
            i += 8
        }
        while i < utf8.count {
            if needsEscape(utf8[i]) { return true }
            i += 1
        }
        return false
    }

    /// Whether one of the eight bytes of `x` is below 0x20, `"` or `\`. Each test is the exact "has a byte
    /// less than n" / "has a zero byte" bit trick (a byte of 0x80 or more, UTF-8 past ASCII, never matches).
    @inline(__always)
    static func wordContainsEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (x &- ones &* 0x20) & ~x & highs
        let q = x ^ (ones &* 0x22)
        let quote = (q &- ones) & ~q & highs
        let b = x ^ (ones &* 0x5C)
        let backslash = (b &- ones) & ~b & highs
        return (control | quote | backslash) != 0
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }

    /// `s` as a JSON string literal: `"` `\` and control characters escaped, everything else as UTF-8.
    func quoted(_ s: String) {
        var s = s
        byte(UInt8(ascii: "\""))
        s.withUTF8 { utf8 in
            // Most strings (names, labels, modes) have nothing to escape: one scan, one copy.
            if !Self.containsEscape(utf8) { return append(utf8) }
            var start = 0
            for (i, b) in utf8.enumerated() where Self.needsEscape(b) {
                append(UnsafeBufferPointer(rebasing: utf8[start..<i]))
                start = i + 1
                switch b {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                default:
                    raw("\\u00")
                    byte(Self.hexDigit(b >> 4))
                    byte(Self.hexDigit(b & 0xF))
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        byte(UInt8(ascii: "\""))
    }
}
