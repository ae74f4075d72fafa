import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// Every seed case's and cookbook entry's fix is a set of lines in a scenario file, each ending with a comment that
/// starts `# FIX`; the file's `expect:` holds with them and fails without them. A line the fix changed rather than
/// added says what it was: `captures: [weak self]   # FIX was: captures: [strong self]`. A fix file is a
/// `*-fix.yaml` under `scenarios/` (subdirectories included), a scenario whose `name:` calls itself a fix, or any
/// scenario with a `# FIX` line. For each one the test deletes the added lines and restores the changed ones,
/// loads what is left (it must load: the fix leaves nothing dangling), runs every variant and requires at least one
/// expectation to fail; the file as committed passes every expectation.
@Suite struct FixLineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    static func text(_ file: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// A line that is (part of) a fix: a trailing YAML comment that starts `# FIX`.
    static func isFixLine(_ line: Substring) -> Bool {
        guard let range = line.range(of: " # FIX") ?? line.range(of: "\t# FIX") else { return false }
        let after = line[range.upperBound...]
        return after.isEmpty || after.first == ":" || after.first == " "
    }

    static func namesItselfAFix(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasPrefix("name:") && $0.lowercased().contains("fix") }
    }

    static var fixFiles: [String] {
        let all = ((FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? [])
            .filter { $0.hasSuffix(".yaml") }
        return all.filter { file in
            let t = text(file)
            return file.hasSuffix("-fix.yaml") || namesItselfAFix(t)
                || t.split(separator: "\n").contains(where: isFixLine)
        }.sorted()
    }

    /// The file without its fix lines.
    static func withoutFix(_ text: String) -> (text: String, removed: Int) {
        var lines: [Substring] = []
        var changed = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard isFixLine(line) else {
                lines.append(line)
                continue
            }
            changed += 1
            // `CODE   # FIX was: OLD` gives back `OLD` at CODE's indentation; a plain `# FIX` line goes.
            if let was = line.range(of: "# FIX was: ") {
                let indent = line.prefix { $0 == " " }
                lines.append(indent + line[was.upperBound...])
            }
        }
        return (lines.joined(separator: "\n"), changed)
    }

    /// Every expectation of every variant, evaluated; a run stopped at a limit counts as a failure.
    static func failures(_ scenario: Scenario) throws -> [String] {
        var failed: [String] = []
        for run in try ScenarioRunner.run(scenario) {
            if let limit = run.outcome.limit { failed.append("[\(run.variant)] limit \(limit.kind)") }
            failed += run.failedExpectations.map { "[\(run.variant)] \($0.explanation)" }
        }
        return failed
    }

    /// Pairs whose fix cannot fail yet without its fix lines, each with why (a strict known issue: the test fails
    /// once the pair fails as it should, so an entry cannot outlive its reason). None: S3's entry went when the
    /// navigation bar's item stack replaced the dismissal rule.
    static let knownNotYetFailing: [String: String] = [:]

    @Test func thereAreFixFilesForTheSeedPairs() {
        #expect(Self.fixFiles.count >= 10, "\(Self.fixFiles)")
    }

    @Test(arguments: fixFiles)
    func theFixPassesAndItsRemovalFails(file: String) throws {
        let original = Self.text(file)
        let loaded = ScenarioLoader.load(text: original, file: file)
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        #expect(!scenario.expectations.isEmpty, "\(file) has no expect:")
        #expect(try Self.failures(scenario) == [], "\(file) as committed")

        let (broken, removed) = Self.withoutFix(original)
        #expect(removed > 0, "\(file) names no fix line: end each line of the fix with `# FIX: why`")
        guard removed > 0 else { return }
        let without = ScenarioLoader.load(text: broken, file: file)
        let bare = try #require(
            without.scenario, "\(file) without its # FIX lines does not load: \(without.diagnostics)")
        let failures = try Self.failures(bare)
        if let why = Self.knownNotYetFailing[file] {
            // strict: once the pair fails as it should, the known issue is not recorded and the test fails,
            // so the entry cannot outlive its reason
            withKnownIssue(Comment(rawValue: why)) {
                #expect(!failures.isEmpty, "\(file) still passes without its # FIX lines")
            }
        } else {
            #expect(!failures.isEmpty, "\(file) still passes every expectation without its \(removed) # FIX line(s)")
        }
    }

    @Test func removingAFixLineKeepsEverythingElse() {
        let text = "a: 1\n  - cancel: src   # FIX: stop the kind\nb: 2 # FIXME is not a marker\nc: 3 # FIX\n"
        let (kept, removed) = Self.withoutFix(text)
        #expect(removed == 2)
        #expect(kept == "a: 1\nb: 2 # FIXME is not a marker\n")
    }
}
