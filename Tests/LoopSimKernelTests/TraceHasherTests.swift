import Testing
@testable import LoopSimKernel

/// `trace_hash` is XXH64 (seed 0) of the trace file's bytes. The expected digests are the reference
/// implementation's (Python `xxhash` 3.x, `xxhash.xxh64(data).hexdigest()`), over every length class of the
/// algorithm: empty, the 1-, 4- and 8-byte tails, exactly one 32-byte stripe, and several stripes.
@Suite struct TraceHasherTests {
    /// Bytes `(i * 7 + 3) % 251`: no run of equal bytes that would hide a wrong lane or offset.
    static func message(_ n: Int) -> [UInt8] { (0..<n).map { UInt8((($0 * 7) + 3) % 251) } }

    static let reference: [(Int, String)] = [
        (0, "ef46db3751d8e999"), (1, "1f25c8d0bc1f4bb6"), (3, "31d2363f52e564c9"), (4, "9bb64b7d66ee9fda"),
        (7, "9a7b149959ce60d8"), (8, "dab99d95c6f90092"), (31, "a2aa5f33cc4a6119"), (32, "23c3c17ef790fd97"),
        (33, "50a7cfc7ba588784"), (63, "f1438f15b9ed16e9"), (64, "2cd990a1beed6894"), (100, "778e26df8290f456"),
        (257, "db12467136cda502"),
    ]

    @Test(arguments: reference)
    func oneChunkMatchesTheReference(length: Int, digest: String) {
        var hasher = TraceHasher()
        Self.message(length).withUnsafeBytes { hasher.combine($0) }
        #expect(hasher.hexDigest == digest)
    }

    @Test(arguments: [1, 2, 5, 13, 31, 32, 33, 64])
    func anyChunkingGivesTheSameDigest(chunk: Int) {
        let bytes = Self.message(257)
        var hasher = TraceHasher()
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            bytes[start..<end].withUnsafeBytes { hasher.combine($0) }
            start = end
        }
        #expect(hasher.hexDigest == "db12467136cda502")
    }

    @Test func linesHashWithTheirNewlines() {
        var byLine = TraceHasher()
        byLine.combine(line: "abc")
        byLine.combine(line: "")
        var whole = TraceHasher()
        Array("abc\n\n".utf8).withUnsafeBytes { whole.combine($0) }
        #expect(byLine.hexDigest == whole.hexDigest)
        var abc = TraceHasher()
        Array("abc".utf8).withUnsafeBytes { abc.combine($0) }
        #expect(abc.hexDigest == "44bc2cf5ad770999")
    }

    @Test func readingTheDigestDoesNotConsumeTheState() {
        var hasher = TraceHasher()
        hasher.combine(line: "x")
        let first = hasher.hexDigest
        #expect(hasher.hexDigest == first)
        hasher.combine(line: "y")
        #expect(hasher.hexDigest != first)
    }
}
