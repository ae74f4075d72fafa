import LoopSimReport
import Testing

/// The Myers alignment finds a longest common subsequence: checked against the textbook dynamic programme.
@Suite struct TraceAlignmentTests {
    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var t = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count {
            for j in 0..<b.count {
                t[i + 1][j + 1] = a[i] == b[j] ? t[i][j] + 1 : max(t[i][j + 1], t[i + 1][j])
            }
        }
        return t[a.count][b.count]
    }

    /// Deterministic pseudo-random sequences over a small alphabet (a linear congruential generator).
    static func sequence(seed: UInt64, count: Int) -> [String] {
        var x = seed
        return (0..<count).map { _ in
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return ["a", "b", "c", "d"][Int((x >> 33) % 4)]
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func matchesAreALongestCommonSubsequence(seed: UInt64) {
        let a = Self.sequence(seed: seed, count: 20 + Int(seed) * 3)
        let b = Self.sequence(seed: seed * 31 + 7, count: 25)
        let al = TraceAlignment(a, b)
        let pairs = a.indices.compactMap { i in al.matchInA[i].map { (i, $0) } }
        #expect(pairs.count == Self.lcsLength(a, b))
        for (i, j) in pairs {
            #expect(a[i] == b[j])
            #expect(al.matchInB[j] == i)
        }
        // Strictly increasing on both sides.
        for k in pairs.indices.dropFirst() {
            #expect(pairs[k].0 > pairs[k - 1].0 && pairs[k].1 > pairs[k - 1].1)
        }
    }

    @Test func commonPrefixAndInsertion() {
        let al = TraceAlignment(["x", "y", "z", "w"], ["x", "y", "q", "z", "w"])
        #expect(al.commonPrefix == 2)
        #expect(al.matchInA == [0, 1, 3, 4])
        #expect(al.matchInB == [0, 1, nil, 2, 3])
        #expect(!al.truncated)
    }

    @Test func identicalAndEmpty() {
        #expect(TraceAlignment(["a", "b"], ["a", "b"]).matchInA == [0, 1])
        #expect(TraceAlignment([], ["a"]).matchInB == [nil])
        #expect(TraceAlignment(["a"], []).matchInA == [nil])
    }
}
