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
    private var nextStreamNumber: UInt32 = 1
    /// The names the event being folded is the first to name, in the order met (their content is folded last).
    private var firstMet: [Name] = []
    /// Events folded.
    public private(set) var count = 0

    public init() {}

    /// Folds one event, whose sequence number is ``count``; `names` holds the strings it names.
    @inline(__always)
    public mutating func fold(_ event: SimEvent, names: NameTable) {
        mix(Self.kindCodes[Int(event.kind.rawValue)])
        mix(UInt64(bitPattern: event.instant.nanoseconds))
        mix(UInt64(count))
        mix(string(event.thread))
        var visitor = Folder(fingerprint: self)
        self = Fingerprint()  // hands the storage over, so the visitor's writes do not copy it
        event.body.visitFields(&visitor)
        self = visitor.fingerprint
        if !firstMet.isEmpty { foldFirstMet(names) }
        count += 1
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
    fileprivate mutating func mix(_ word: UInt64) {
        let round = ((word &* Self.p2) << 31 | (word &* Self.p2) >> 33) &* Self.p1
        state ^= round
        state = (state << 27 | state >> 37) &* Self.p1 &+ Self.p4
    }

    /// The stream number of `name`, given on first use.
    @inline(__always)
    fileprivate mutating func string(_ name: Name) -> UInt64 {
        let i = Int(name.index)
        if i < streamNumbers.count, streamNumbers[i] != 0 { return UInt64(streamNumbers[i]) }
        return firstMeeting(i)
    }

    private mutating func firstMeeting(_ i: Int) -> UInt64 {
        if i >= streamNumbers.count {
            streamNumbers.append(contentsOf: repeatElement(0, count: Swift.max(i + 1 - streamNumbers.count, 64)))
        }
        streamNumbers[i] = nextStreamNumber
        nextStreamNumber += 1
        firstMet.append(Name(index: UInt32(i)))
        return UInt64(streamNumbers[i])
    }

    /// FNV-1a 64 of each kind's trace name, by ``EventKind`` raw value.
    private static let kindCodes: [UInt64] = EventKind.allCases.map { kind in
        fnv1a(UnsafeBufferPointer(start: kind.name.utf8Start, count: kind.name.utf8CodeUnitCount))
    }

    /// FNV-1a 64 of `bytes`: a kind's code, a string's content where it is first met.
    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }

    /// Folds the fields of one event.
    private struct Folder: EventFieldVisitor {
        var fingerprint: Fingerprint

        mutating func name(_ key: StaticString, _ value: Name) { fingerprint.mix(fingerprint.string(value)) }
        mutating func int(_ key: StaticString, _ value: Int64) { fingerprint.mix(UInt64(bitPattern: value)) }
        mutating func bool(_ key: StaticString, _ value: Bool) { fingerprint.mix(value ? 1 : 0) }
        mutating func instant(_ key: StaticString, _ value: SimInstant) {
            fingerprint.mix(UInt64(bitPattern: value.nanoseconds))
        }
        mutating func duration(_ key: StaticString, _ value: SimDuration) {
            fingerprint.mix(UInt64(bitPattern: value.nanoseconds))
        }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            guard let value else { return fingerprint.mix(0) }
            fingerprint.mix(1)
            fingerprint.mix(UInt64(bitPattern: value.nanoseconds))
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            fingerprint.mix(UInt64(value.count))
            for name in value { fingerprint.mix(fingerprint.string(name)) }
        }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            fingerprint.mix(UInt64(bitPattern: value.timerPort.nanoseconds))
            fingerprint.mix(value.mainQueue ? 1 : 0)
            fingerprint.mix(UInt64(bitPattern: value.timeout.nanoseconds))
        }
        mutating func entered(_ key: StaticString, _ value: Bool) { fingerprint.mix(value ? 1 : 0) }
    }
}
