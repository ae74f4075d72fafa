/// Aligns two traces event by event: the longest common subsequence of their events (Myers' O((N+M)·D)
/// difference algorithm), so that after the variants part, events they share again (a main thread that goes
/// on drawing the same countdown) are matched and only the events one variant has and the other has not are
/// left over. ``TraceDivergence`` aligns events as two runs can share them (`NormalizedEvent`: instant,
/// thread, kind and field values, strings as strings, `run.start`'s variant aside).
///
/// The common prefix is matched first, cheaply; the rest is aligned within a window of
/// ``windowLimit`` events per side and ``differenceLimit`` edits. Past either, the remaining events are
/// counted as unmatched and ``truncated`` says so.
///
/// - Complexity: O(N + M) for the prefix, then O((n + m)·D) for the aligned window, D ≤ ``differenceLimit``.
public struct TraceAlignment: Sendable {
    /// The index into `a` matched with each index into `b`, or nil; and the converse.
    public private(set) var matchInA: [Int?]
    public private(set) var matchInB: [Int?]
    /// How many leading events the two share.
    public let commonPrefix: Int
    /// The window or edit limit was reached: events after it are all unmatched.
    public private(set) var truncated = false

    public static let windowLimit = 20_000
    public static let differenceLimit = 4_000

    /// Aligns two sequences; elements match when they are equal.
    public init<Element: Hashable>(_ a: [Element], _ b: [Element]) {
        matchInA = Array(repeating: nil, count: a.count)
        matchInB = Array(repeating: nil, count: b.count)
        var p = 0
        while p < a.count && p < b.count && a[p] == b[p] {
            matchInA[p] = p
            matchInB[p] = p
            p += 1
        }
        commonPrefix = p
        guard p < a.count && p < b.count else { return }
        // Intern the elements of the window (dictionary lookups only: nothing iterates it).
        var ids: [Element: Int] = [:]
        func intern(_ s: Element) -> Int {
            if let id = ids[s] { return id }
            ids[s] = ids.count
            return ids.count - 1
        }
        let endA = min(a.count, p + Self.windowLimit), endB = min(b.count, p + Self.windowLimit)
        if endA < a.count || endB < b.count { truncated = true }
        let x = a[p..<endA].map(intern), y = b[p..<endB].map(intern)
        guard let pairs = Self.myers(x, y) else {
            truncated = true
            return
        }
        for (i, j) in pairs {
            matchInA[p + i] = p + j
            matchInB[p + j] = p + i
        }
    }

    /// The matched index pairs of an LCS of `x` and `y`, in order; nil past ``differenceLimit`` edits.
    static func myers(_ x: [Int], _ y: [Int]) -> [(Int, Int)]? {
        let n = x.count, m = y.count
        let maxD = min(n + m, differenceLimit)
        let offset = maxD + 1
        var v = Array(repeating: 0, count: 2 * offset + 1)
        var history: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            history.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var i: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    i = v[offset + k + 1]
                } else {
                    i = v[offset + k - 1] + 1
                }
                var j = i - k
                while i < n && j < m && x[i] == y[j] { i += 1; j += 1 }
                v[offset + k] = i
                if i >= n && j >= m { found = true; break outer }
            }
        }
        guard found else { return nil }
        // Walk back through the saved frontiers (history[d] is the frontier before round d) to recover the snakes.
        var pairs: [(Int, Int)] = []
        var i = n, j = m
        for d in stride(from: history.count - 1, through: 0, by: -1) {
            let vd = history[d]
            let k = i - j
            let prevK = (k == -d || (k != d && vd[offset + k - 1] < vd[offset + k + 1])) ? k + 1 : k - 1
            let prevI = vd[offset + prevK]
            let prevJ = prevI - prevK
            while i > prevI && j > prevJ {
                i -= 1
                j -= 1
                pairs.append((i, j))
            }
            if d > 0 {
                i = prevI
                j = prevJ
            }
        }
        return pairs.reversed()
    }
}
