/// FNV-1a, 64-bit, over the bytes of the trace's lines: the run's `trace_hash`.
///
/// Not a cryptographic hash: it fingerprints a run so that two runs can be compared byte for byte
/// without storing either trace.
public struct TraceHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    public init() {}

    /// Folds the UTF-8 bytes of `line` and a terminating newline into the hash.
    public mutating func combine(line: String) {
        var line = line
        line.withUTF8 { combine(lineBytes: $0) }
    }

    /// Folds the bytes of one line and a terminating newline into the hash.
    public mutating func combine(lineBytes: UnsafeBufferPointer<UInt8>) {
        var h = state
        for byte in lineBytes {
            h ^= UInt64(byte)
            h = h &* Self.prime
        }
        h ^= 0x0a
        h = h &* Self.prime
        state = h
    }

    /// The hash as 16 lower-case hex digits.
    public var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
