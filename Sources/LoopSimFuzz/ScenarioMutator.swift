/// Random edits of a scenario file's text: lines deleted, repeated, swapped, re-indented or spliced from
/// another file; words replaced by keys, verbs and tricky values (bare numbers, negative, overflowing and
/// over-precise durations, unknown modes and variants, aliases, tags); characters inserted; the file cut short.
///
/// Most mutants are invalid and must get diagnostics (never a crash); some stay valid and are run.
public struct ScenarioMutator {
    let random: FuzzRandom

    /// Creates a mutator drawing every choice from `random`.
    public init(random: FuzzRandom) {
        self.random = random
    }

    /// Words a mutation may put in place of another: keys and verbs of the format and values that probe
    /// the parser and the compiler.
    static let dictionary: [String] = [
        // keys and verbs
        "name", "until", "seed", "variants", "set", "classes", "queues", "main", "user", "expect", "covers", "fields",
        "methods", "init", "dealloc", "root", "every", "repeats", "mode", "target", "selector", "block", "userInfo",
        "firstFire", "captures", "do", "then", "else", "at", "before", "seconds", "to", "let", "release", "invalidate",
        "fire", "scheduledTimer", "timer", "addTimer", "run", "runMode", "runUntil", "CFRunLoopRun", "CFRunLoopStop",
        "CFRunLoopWakeUp", "CFRunLoopRunInMode", "dispatch_async", "thread", "work", "call", "log", "check", "if",
        "addObserver", "addSource", "signal", "CFRunLoopPerformBlock", "increment", "decrement",
        // durations
        "0s", "-0s", "-1ms", "250", "010", "1_000", "0.5ns", "1e3ms", "5sec", "9223372036854775807ns",
        "9223372036854775808ns", "2562047h", "99999999h", "36500d", "1.000000001s", "distantFuture", "\"\"",
        // names, modes, variants, values
        "self", "self.self", "nil", "new", "new C0", "current runloop", "main runloop", "default", "common", "tracking",
        "defualt", "NSRunLoopCommonModes", "ios9", "ios11", "all", "linux", "S5", "strong", "weak", "unretained", "int",
        "int = x", "NSTimer", "CFRunLoop", "true", "no", "maybe", "~", "null", "[]", "{}", "[a, b]", "{a: 1}",
        "objects.leaked", "leaks[0].kind", "bogus.figure", "\"<= 3\"", "\"== x\"",
        // YAML edge cases
        "&anchor", "*anchor", "*missing", "<<: *anchor", "!!str", "!!binary", "? complex", "- item", "|", ">",
        "'quoted",
        "\"unterminated", "key: value: more", "@", "`", "%YAML 1.2", "---", "...",
    ]

    /// Characters a mutation may insert.
    static let characters: [String] = [
        ":", "-", " ", "  ", "\t", "{", "}", "[", "]", "\"", "'", "#", "&", "*", "!", "|", ">", "%", "@", "`", ",",
        "\n",
        "é", "\u{FEFF}", "\u{0}", "\u{7}", "\r", "\u{2028}", "😀", "\\",
    ]

    /// `text` after 1 to 4 random edits; `corpus` supplies lines to splice in.
    public func mutate(_ text: String, corpus: [String]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<random.int(in: 1...4) {
            guard !lines.isEmpty else { lines = [""]; continue }
            let i = random.int(below: lines.count)
            switch random.int(below: 9) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[i], at: i)
            case 2:
                let j = random.int(below: lines.count)
                lines.swapAt(i, j)
            case 3, 4: lines[i] = replaceWord(in: lines[i])
            case 5: lines[i] = insertCharacter(into: lines[i])
            case 6: lines[i] = reindent(lines[i])
            case 7:
                let donor = random.pick(corpus).split(separator: "\n", omittingEmptySubsequences: false)
                if !donor.isEmpty { lines.insert(String(random.pick(donor)), at: i) }
            default:
                lines = Array(lines.prefix(i))
                if random.chance(0.5), let last = lines.last, !last.isEmpty {
                    lines[lines.count - 1] = String(last.prefix(random.int(below: last.count)))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func replaceWord(in line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var words: [Range<Int>] = []
        var start: Int?
        for (i, scalar) in scalars.enumerated() {
            let isWord =
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-".unicodeScalars.contains(scalar)
            if isWord, start == nil { start = i }
            if !isWord, let s = start { words.append(s..<i); start = nil }
        }
        if let s = start { words.append(s..<scalars.count) }
        let replacement = random.pick(Self.dictionary)
        guard !words.isEmpty else { return line + " " + replacement }
        let range = random.pick(words)
        var result = String.UnicodeScalarView(scalars[..<range.lowerBound])
        result.append(contentsOf: replacement.unicodeScalars)
        result.append(contentsOf: scalars[range.upperBound...])
        return String(result)
    }

    private func insertCharacter(into line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        let at = random.int(below: scalars.count + 1)
        scalars.insert(contentsOf: random.pick(Self.characters).unicodeScalars, at: at)
        return String(String.UnicodeScalarView(scalars))
    }

    private func reindent(_ line: String) -> String {
        if random.chance(0.5) { return String(repeating: " ", count: random.int(in: 1...3)) + line }
        var trimmed = Substring(line)
        for _ in 0..<random.int(in: 1...3) where trimmed.first == " " { trimmed.removeFirst() }
        return String(trimmed)
    }
}
