import LoopSimKernel
import LoopSimScenario

/// The committed fingerprint of every scenario under each of its variants: `scenarios/golden-hashes.txt`.
///
/// One line per run, `FILE VARIANT HASH`, sorted by file then variant (byte order), `FILE` relative to the
/// directory that holds the golden file; `#` starts a comment. Each hash is the run's `fingerprint` with the
/// scenario's own seed, no flag overrides and the command line's default limits, so it changes exactly
/// when an event's ingredients change (``Fingerprint``): a kernel change, a compiler change, or an edited scenario;
/// a change of the trace's wording alone changes none.
///
/// ```text
/// s02-timerbutton-worker-loop.yaml ios10 931aced3358f7c38
/// ```
public struct GoldenHashes: Sendable, Equatable {
    /// One scenario run.
    public struct Entry: Sendable, Hashable, Comparable {
        public var file: String
        public var variant: String
        public var hash: String

        public init(file: String, variant: String, hash: String) {
            self.file = file
            self.variant = variant
            self.hash = hash
        }

        /// Orders by file, then variant (byte order, so the file sorts the same everywhere).
        public static func < (a: Entry, b: Entry) -> Bool {
            if a.file != b.file { return Array(a.file.utf8).lexicographicallyPrecedes(Array(b.file.utf8)) }
            return Array(a.variant.utf8).lexicographicallyPrecedes(Array(b.variant.utf8))
        }
    }

    /// What differs between the committed hashes and the computed ones.
    public struct Difference: Sendable, Equatable {
        /// Same file and variant, another hash: (committed, computed).
        public var changed: [(Entry, Entry)] = []
        /// Computed, but not in the golden file (a new scenario or variant).
        public var added: [Entry] = []
        /// In the golden file, but no longer computed (a scenario or variant removed).
        public var removed: [Entry] = []

        public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

        public static func == (a: Difference, b: Difference) -> Bool {
            a.changed.map(\.0) == b.changed.map(\.0) && a.changed.map(\.1) == b.changed.map(\.1) && a.added == b.added
                && a.removed == b.removed
        }
    }

    /// A line of the golden file that is not `FILE VARIANT HASH`.
    public struct ParseError: Error, Sendable, Equatable {
        public var line: Int
        public var text: String

        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }

        public var message: String { "line \(line) is not `FILE VARIANT HASH`: \(text)" }
    }

    /// The golden file's name in a scenario directory.
    public static let fileName = "golden-hashes.txt"

    /// The entries, sorted.
    public private(set) var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// Reads a golden file's text.
    /// - Throws: ``ParseError`` for a line that is neither a comment, blank, nor three words with a 16-digit hash.
    public init(parsing text: String) throws(ParseError) {
        var entries: [Entry] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty { continue }
            guard words.count == 3, words[2].count == 16, words[2].allSatisfy(\.isHexDigit) else {
                throw ParseError(line: i + 1, text: String(raw))
            }
            entries.append(Entry(file: String(words[0]), variant: String(words[1]), hash: String(words[2])))
        }
        self.init(entries)
    }

    /// The file's text: a header saying how to check and update, then one line per entry.
    public var text: String {
        var out = "# Fingerprint of every scenario under each of its variants (its own seed, default limits).\n"
        out += "# Checked by `loopsim golden scenarios` (scripts/test.sh). After an intended change to a trace, run\n"
        out += "# `loopsim golden --update scenarios` and commit this file with the change.\n"
        for e in entries { out += "\(e.file) \(e.variant) \(e.hash)\n" }
        return out
    }

    /// What `computed` changes relative to these (committed) hashes.
    public func difference(to computed: GoldenHashes) -> Difference {
        var difference = Difference()
        var committed: [String: Entry] = [:]
        for e in entries { committed[e.file + " " + e.variant] = e }
        var seen: Set<String> = []
        for e in computed.entries {
            let key = e.file + " " + e.variant
            seen.insert(key)
            if let old = committed[key] {
                if old.hash != e.hash { difference.changed.append((old, e)) }
            } else {
                difference.added.append(e)
            }
        }
        difference.removed = entries.filter { !seen.contains($0.file + " " + $0.variant) }
        return difference
    }

    /// Runs `scenario` under each of its variants, as the golden file records it.
    /// - Parameters:
    ///   - scenario: A compiled scenario.
    ///   - file: Its path relative to the golden file's directory.
    ///   - limits: The limits of the run (the command line's defaults).
    public static func entries(of scenario: Scenario, file: String, limits: RunLimits) throws(VariantError) -> [Entry] {
        try ScenarioRunner.run(scenario, limits: limits).map {
            Entry(file: file, variant: $0.variant, hash: $0.outcome.fingerprint)
        }
    }
}
