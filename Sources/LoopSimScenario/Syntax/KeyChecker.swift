/// Checks the keys of a mapping against the keys a construct accepts.
///
/// Reports every key not in `allowed` as `key.unknown` at the key, suggesting
/// the closest allowed key ("did you mean `until`?") when one is within edit
/// distance 2 or shares a prefix of at least 3 characters, and listing the
/// allowed keys otherwise. Reports every key of `required` that is absent as
/// `key.missing` at the mapping's location. Duplicate keys are not reported
/// here (the parser does that).
///
/// - Parameters:
///   - mapping: The mapping to check.
///   - allowed: Every key the mapping may contain (required keys included
///     automatically), in the order to list them in messages.
///   - required: The keys the mapping must contain.
///   - context: What the mapping is, for messages, e.g. "timer `t1`".
///   - bag: Where to add diagnostics.
public func checkKeys(
    _ mapping: LocatedNode.Mapping,
    allowed: [String],
    required: [String] = [],
    context: String,
    into bag: inout DiagnosticBag
) {
    var permitted = allowed
    for key in required where !permitted.contains(key) {
        permitted.append(key)
    }
    for entry in mapping.entries where !permitted.contains(entry.key.text) {
        let key = entry.key.text
        let advice: String
        if let suggestion = KeyChecker.suggestion(for: key, among: permitted) {
            advice = "did you mean `\(suggestion)`?"
        } else if permitted.isEmpty {
            advice = "\(context) takes no keys"
        } else {
            advice = "allowed keys are " + permitted.map { "`\($0)`" }.joined(separator: ", ")
        }
        bag.error(.keyUnknown, "unknown key `\(key)` in \(context); \(advice)", at: entry.key.location)
    }
    for key in required where !mapping.contains(key) {
        bag.error(
            .keyMissing, "\(context) is missing the required key `\(key)`; add `\(key): ...`",
            at: mapping.location)
    }
}

/// Helpers behind ``checkKeys(_:allowed:required:context:into:)``: key
/// suggestions and edit distance.
public enum KeyChecker {
    /// The allowed key most likely meant by an unknown `key`, or `nil`.
    ///
    /// First the closest key by edit distance, if the distance is at most 2 and
    /// smaller than the key's length; otherwise the key sharing the longest common
    /// prefix, if it is at least 3 characters long (or the whole of a key of 2).
    /// Ties go to the key listed first. Comparison ignores case.
    /// - Parameters:
    ///   - key: The unknown key as written.
    ///   - candidates: The allowed keys.
    public static func suggestion(for key: String, among candidates: [String]) -> String? {
        let lowered = key.lowercased()
        var best: (key: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= 2, distance < key.count, distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        if let best { return best.key }
        var bestPrefix: (key: String, length: Int)?
        for candidate in candidates {
            let length = commonPrefixLength(lowered, candidate.lowercased())
            let enough = length >= 3 || (length >= 2 && length == min(key.count, candidate.count))
            if enough, length > bestPrefix?.length ?? 0 {
                bestPrefix = (candidate, length)
            }
        }
        return bestPrefix?.key
    }

    /// The optimal-string-alignment distance between two strings: the fewest single-character
    /// insertions, deletions, substitutions and swaps of adjacent characters turning one into the other
    /// (Levenshtein plus transpositions, so the common typo `lgo` is 1 from `log`, not 2).
    /// Characters are compared as `Character`s (grapheme clusters).
    /// - Parameters:
    ///   - lhs: One string.
    ///   - rhs: The other string.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The number of leading characters two strings share.
    private static func commonPrefixLength(_ lhs: String, _ rhs: String) -> Int {
        zip(lhs, rhs).prefix { $0 == $1 }.count
    }
}
