/// The second level of the run report's stable figures, so that `expect:` catches a misspelt figure
/// (`objects.leakd`) when the file is checked rather than as an "absent" value after the run.
///
/// Only roots whose shape is settled are listed; deeper keys of the others are not checked. A test runs a
/// scenario and asserts that every key listed here exists in the report, so the table cannot go stale silently.
public enum FigureSchema {
    /// For each listed root: whether it is a list (`leaks[0].kind`) and the keys of its object (or items).
    public static let children: [String: (isList: Bool, keys: [String])] = [
        "objects": (false, ["allocated", "deallocated", "leaked", "abandoned", "delayed"]),
        "limit": (false, ["kind", "message", "at_ms"]),
        "crash": (false, ["message", "at_ms", "thread"]),
        "runloop_exits": (true, ["thread", "at_ms", "mode", "result"]),
        "logs": (true, ["at_ms", "thread", "text"]),
        "leaks": (true, ["object", "class", "kind", "cause", "path", "edges", "holder", "let_go_at_ms"]),
        "delayed": (true, ["object", "class", "reason", "let_go_at_ms", "freed_at_ms", "late_ms"]),
    ]

    /// Why `path` cannot name a figure of a listed root, or nil (also for roots not listed).
    /// - Parameter path: A figure path such as `objects.leaked` or `leaks[0].class`.
    public static func problem(in path: String) -> String? {
        let root = String(path.prefix { $0 != "." && $0 != "[" })
        guard let (isList, keys) = children[root] else { return nil }
        var rest = path.dropFirst(root.count)
        if rest.isEmpty { return nil }
        if isList {
            guard rest.first == "[" else {
                return "\(root) is a list: write \(root)[0]\(rest) for its first item, or \(root) alone for its count"
            }
            guard let close = rest.firstIndex(of: "]"), Int(rest[rest.index(after: rest.startIndex)..<close]) != nil else {
                return "'\(path)': an index is written [N] with a number N, e.g. \(root)[0]"
            }
            rest = rest[rest.index(after: close)...]
            if rest.isEmpty { return nil }
        } else if rest.first == "[" {
            return "\(root) is not a list; write \(root).\(keys[0])"
        }
        guard rest.first == "." else { return "'\(path)': expected `.` and a key after \(path.dropLast(rest.count))" }
        let key = String(rest.dropFirst().prefix { $0 != "." && $0 != "[" })
        guard keys.contains(key) else {
            let hint = KeyChecker.suggestion(for: key, among: keys).map { "did you mean `\($0)`?" }
                ?? "its keys are " + keys.joined(separator: ", ")
            return "unknown figure '\(path)': \(root)\(isList ? "[N]" : "") has no key '\(key)'; \(hint)"
        }
        return nil
    }
}
