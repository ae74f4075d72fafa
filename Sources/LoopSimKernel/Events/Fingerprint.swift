/// The run's fingerprint: a 64-bit hash folded over the ingredients of every event, in order, as OMNeT++'s
/// fingerprints are folded over chosen ingredients of each event rather than over a text log.
///
/// The ingredients of an event, each one 64-bit word:
/// 1. its kind: the FNV-1a 64 hash of its trace name (`timer.fire`), so adding kinds changes no other's code;
/// 2. its instant in nanoseconds;
/// 3. its sequence number (its position in the run, from 0);
/// 4. its thread, as a string (below);
/// 5. its fields, in the order the trace line writes them: an integer as itself; a boolean as 0 or 1; an
///    instant or duration in nanoseconds (``SimInstant/never``, `null` in the trace, as Int64.max); an optional
///    duration as 0, or 1 then the duration; a list as its count then each element; `rl.sleep`'s wait set as the
///    timer port's deadline, 0 or 1 for the main queue, the timeout; a string as its stream number;
/// 6. for each string this event is the first to name, in the order met: the FNV-1a 64 hash of its UTF-8 bytes.
///
/// A string's stream number is its rank among the distinct strings of the run in the order the fold first meets
/// them (1, 2, 3, …), and its content counts once, where it is first met: so a string is hashed once per run,
/// not once per event, and two runs that differ only in a name still fold apart. All of it depends only on the
/// events, so a trace file read back folds to the same value (`loopsim fingerprint TRACE.jsonl`), and none of it
/// depends on the JSON text: a change of wording or of number formatting in the trace changes no fingerprint, a
/// change of any ingredient does.
///
/// Each word is folded as XXH64 folds the 8-byte words of its input's tail (round, rotate 27, multiply, add),
/// and the value is XXH64's avalanche of the state and the event count (the xxHash specification). Not a
/// cryptographic hash.
public struct Fingerprint: Sendable {
    private var state: UInt64 = 0x27D4_EB2F_1656_67C5  // XXH64's PRIME64_5: the state of no input
    /// Stream numbers by name index; 0: not met yet.
    private var streamNumbers: [UInt32] = []
    /// XXH64's round of each name's stream number (0: not met yet; no round is 0 for a number from 1 up to
    /// 2^32, the multipliers being odd), what folding a name mixes.
    private var streamRounds: [UInt64] = []
    private var nextStreamNumber: UInt32 = 1
    /// The names the event being folded is the first to name, in the order met (their content is folded last).
    private var firstMet: [Name] = []
    /// Events folded.
    public private(set) var count = 0

    public init() {}

    /// Folds one event, whose sequence number is ``count``; `names` holds the strings it names.
    @inline(__always)
    public mutating func fold(_ event: SimEvent, names: NameTable) {
        fold(instant: event.instant, thread: event.thread, body: event.body, names: names)
    }

    /// ``fold(_:names:)`` from the event's parts, without building the event.
    @inline(__always)
    mutating func fold(instant: SimInstant, thread: Name, body: borrowing SimEvent.Body, names: NameTable) {
        let kind = Int(body.kind.rawValue)
        precondition(kind < kindRounds.count)
        mixRound(kindRounds[kind])
        mix(UInt64(bitPattern: instant.nanoseconds))
        mix(UInt64(truncatingIfNeeded: count))
        mixName(thread)
        // The visitor writes through a pointer to this fingerprint: no copy of its state or storage (with the
        // kind rounds held per instance, no lazy global to check: 343 fewer instructions per timer-storm fire,
        // callgrind). The pointer does not outlive this call.
        withUnsafeMutablePointer(to: &self) { p in
            var visitor = Folder(fingerprint: p)
            body.visitFields(&visitor)
        }
        if !firstMet.isEmpty { foldFirstMet(names) }
        count &+= 1
    }

    private mutating func foldFirstMet(_ names: NameTable) {
        for name in firstMet { mix(Self.fnv1a(names[name].utf8)) }
        firstMet.removeAll(keepingCapacity: true)
    }

    /// The fingerprint of every event folded so far.
    public var value: UInt64 {
        var h = state ^ (UInt64(count) &* Self.p1)
        h ^= h >> 33
        h &*= Self.p2
        h ^= h >> 29
        h &*= Self.p3
        h ^= h >> 32
        return h
    }

    /// ``value`` as 16 lower-case hex digits: the `fingerprint` of reports and golden files.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // MARK: Folding

    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63

    @inline(__always)
    fileprivate mutating func mix(_ word: UInt64) { mixRound(Self.round(word)) }

    /// XXH64's round of one input word (multiply, rotate 31, multiply).
    @inline(__always)
    fileprivate static func round(_ word: UInt64) -> UInt64 {
        let x = word &* p2
        return (x << 31 | x >> 33) &* p1
    }

    /// Folds a word's round into the state (xor, rotate 27, multiply, add).
    @inline(__always)
    fileprivate mutating func mixRound(_ round: UInt64) {
        let x = state ^ round
        state = (x << 27 | x >> 37) &* Self.p1 &+ Self.p4
    }

    /// The stream number of `name`, given on first use.
    @inline(__always)
    fileprivate mutating func string(_ name: Name) -> UInt64 {
        let i = Int(name.index)
        if i < streamNumbers.count {
            let n = streamNumbers.withUnsafeBufferPointer { $0[i] }
            if n != 0 { return UInt64(n) }
        }
        return firstMeeting(i)
    }

    /// Folds `name`'s stream number (``string(_:)``), its round read from the table once it is met.
    @inline(__always)
    fileprivate mutating func mixName(_ name: Name) {
        let i = Int(name.index)
        if i < streamRounds.count {
            let r = streamRounds.withUnsafeBufferPointer { $0[i] }
            if r != 0 { return mixRound(r) }
        }
        mix(firstMeeting(i))
    }

    private mutating func firstMeeting(_ i: Int) -> UInt64 {
        if i >= streamNumbers.count {
            streamNumbers.append(contentsOf: repeatElement(0, count: Swift.max(i + 1 - streamNumbers.count, 64)))
        }
        streamNumbers[i] = nextStreamNumber
        if i >= streamRounds.count {
            streamRounds.append(contentsOf: repeatElement(0, count: streamNumbers.count - streamRounds.count))
        }
        streamRounds[i] = Self.round(UInt64(nextStreamNumber))
        nextStreamNumber += 1
        firstMet.append(Name(index: UInt32(i)))
        return UInt64(streamNumbers[i])
    }

    /// FNV-1a 64 of each kind's trace name, by ``EventKind`` raw value.
    private static let kindCodes: [UInt64] = EventKind.allCases.map { kind in
        fnv1a(UnsafeBufferPointer(start: kind.name.utf8Start, count: kind.name.utf8CodeUnitCount))
    }
    /// XXH64's round of each kind's code, held by every fingerprint (no lazy global to check per event).
    private let kindRounds: [UInt64] = Fingerprint.kindCodes.map { Fingerprint.round($0) }

    /// FNV-1a 64 of `bytes`: a kind's code, a string's content where it is first met.
    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }

    /// Folds the fields of one event into the fingerprint it points to.
    private struct Folder: EventFieldVisitor {
        let fingerprint: UnsafeMutablePointer<Fingerprint>

        @inline(__always)
        mutating func name(_ key: StaticString, _ value: Name) {
            fingerprint.pointee.mixName(value)
        }
        @inline(__always)
        mutating func int(_ key: StaticString, _ value: Int64) { fingerprint.pointee.mix(UInt64(bitPattern: value)) }
        @inline(__always)
        mutating func bool(_ key: StaticString, _ value: Bool) { fingerprint.pointee.mix(value ? 1 : 0) }
        @inline(__always)
        mutating func instant(_ key: StaticString, _ value: SimInstant) {
            fingerprint.pointee.mix(UInt64(bitPattern: value.nanoseconds))
        }
        @inline(__always)
        mutating func duration(_ key: StaticString, _ value: SimDuration) {
            fingerprint.pointee.mix(UInt64(bitPattern: value.nanoseconds))
        }
        @inline(__always)
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            guard let value else { return fingerprint.pointee.mix(0) }
            fingerprint.pointee.mix(1)
            fingerprint.pointee.mix(UInt64(bitPattern: value.nanoseconds))
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            fingerprint.pointee.mix(UInt64(value.count))
            for name in value { fingerprint.pointee.mixName(name) }
        }
        @inline(__always)
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            fingerprint.pointee.mix(UInt64(bitPattern: value.timerPort.nanoseconds))
            fingerprint.pointee.mix(value.mainQueue ? 1 : 0)
            fingerprint.pointee.mix(UInt64(bitPattern: value.timeout.nanoseconds))
        }
        @inline(__always)
        mutating func entered(_ key: StaticString, _ value: Bool) { fingerprint.pointee.mix(value ? 1 : 0) }
    }
}
