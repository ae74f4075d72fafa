/// XXH64 (seed 0) over the bytes of the trace's lines, each followed by a newline: the run's `trace_hash`.
///
/// The hash of a trace file is therefore `xxhsum -H64 trace.jsonl` (or Python's `xxhash.xxh64`), and two runs
/// compare byte for byte without storing either trace. XXH64 reads eight bytes per multiply in four
/// independent lanes; the byte-at-a-time FNV-1a used before it was about a tenth of a timer fire
/// (BENCHMARKS.md). Not a cryptographic hash. Algorithm: the xxHash specification, XXH64
/// (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md).
public struct TraceHasher: Sendable {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var v1 = p1 &+ p2
    private var v2 = p2
    private var v3: UInt64 = 0
    private var v4 = 0 &- p1
    private var totalLength: UInt64 = 0
    /// Bytes not yet folded into a 32-byte stripe.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0

    public init() {}

    /// Folds the UTF-8 bytes of `line` and a terminating newline into the hash.
    public mutating func combine(line: String) {
        var line = line
        line.withUTF8 { combine(lineBytes: $0) }
    }

    /// Folds the bytes of one line and a terminating newline into the hash.
    public mutating func combine(lineBytes: UnsafeBufferPointer<UInt8>) {
        combine(UnsafeRawBufferPointer(lineBytes))
        var newline = UInt8(ascii: "\n")
        withUnsafeBytes(of: &newline) { combine($0) }
    }

    /// Folds raw bytes into the hash.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, !bytes.isEmpty else { return }
        var count = bytes.count
        totalLength &+= UInt64(count)
        if pendingCount + count < 32 {
            withUnsafeMutableBytes(of: &pending) { ($0.baseAddress! + pendingCount).copyMemory(from: input, byteCount: count) }
            pendingCount += count
            return
        }
        if pendingCount > 0 {
            let fill = 32 - pendingCount
            var full = pending
            withUnsafeMutableBytes(of: &full) { ($0.baseAddress! + pendingCount).copyMemory(from: input, byteCount: fill) }
            withUnsafeBytes(of: &full) { stripe($0.baseAddress!) }
            input += fill
            count -= fill
            pendingCount = 0
        }
        while count >= 32 {
            stripe(input)
            input += 32
            count -= 32
        }
        if count > 0 {
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: input, byteCount: count) }
            pendingCount = count
        }
    }

    @inline(__always)
    private mutating func stripe(_ p: UnsafeRawPointer) {
        v1 = Self.round(v1, Self.word(p, 0))
        v2 = Self.round(v2, Self.word(p, 8))
        v3 = Self.round(v3, Self.word(p, 16))
        v4 = Self.round(v4, Self.word(p, 24))
    }

    @inline(__always)
    private static func word(_ p: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always)
    private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 { rotl(acc &+ input &* p2, 31) &* p1 }

    private static func merge(_ acc: UInt64, _ v: UInt64) -> UInt64 { (acc ^ round(0, v)) &* p1 &+ p4 }

    /// The hash of everything combined so far (the state is not consumed).
    public var value: UInt64 {
        var h: UInt64
        if totalLength >= 32 {
            h = Self.rotl(v1, 1) &+ Self.rotl(v2, 7) &+ Self.rotl(v3, 12) &+ Self.rotl(v4, 18)
            h = Self.merge(h, v1)
            h = Self.merge(h, v2)
            h = Self.merge(h, v3)
            h = Self.merge(h, v4)
        } else {
            h = Self.p5
        }
        h &+= totalLength
        var tail = pending
        withUnsafeBytes(of: &tail) { buffer in
            let p = buffer.baseAddress!
            var i = 0
            while i + 8 <= pendingCount {
                h ^= Self.round(0, Self.word(p, i))
                h = Self.rotl(h, 27) &* Self.p1 &+ Self.p4
                i += 8
            }
            if i + 4 <= pendingCount {
                h ^= UInt64(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt32.self))) &* Self.p1
                h = Self.rotl(h, 23) &* Self.p2 &+ Self.p3
                i += 4
            }
            while i < pendingCount {
                h ^= UInt64(buffer[i]) &* Self.p5
                h = Self.rotl(h, 11) &* Self.p1
                i += 1
            }
        }
        h ^= h >> 33
        h &*= Self.p2
        h ^= h >> 29
        h &*= Self.p3
        h ^= h >> 32
        return h
    }

    /// The hash as 16 lower-case hex digits.
    public var hexDigest: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
