import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Hostile Swift input must never trap (issue 35; docs/swift-scenarios.md, "Mutation fuzzing"): every Swift
/// scenario and Swift conformance file, mutated by a fixed, deterministic list of edits (truncated at several
/// points, lines deleted and duplicated, tokens inserted), goes through the Swift loader and the compiler; a mutant
/// either compiles, and then runs under tight limits, or gives at least one error, and every diagnostic it gives is
/// located inside the mutant (its file, a line of the mutant, a column within that line). A trap kills the test
/// process, which fails the run. No randomness: the mutants are the same on every run (see `mutants(of:)`).
@Suite struct SwiftMutationFuzzTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The tokens inserted, each at several places.
    static let tokens = ["!", "?", "{", "}", "(", "await ", "try ", ".self", "0", "\"\""]

    /// Limits for a mutant's run: small, so that a runaway mutant costs milliseconds (as the YAML fuzzer's).
    static let limits = RunLimits(
        maxEvents: 2_000, maxTime: .never, maxObjects: 500, maxDepth: 128, maxSteps: 20_000)

    /// The corpus: every `.swift` file under `scenarios/swift/` (not `modelled/`, which holds app code, not
    /// scenarios) and `conformance/swift/`, as paths from the root, sorted.
    static var corpus: [String] {
        var found: [String] = []
        for folder in ["scenarios/swift", "conformance/swift"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasPrefix("modelled/") || !path.hasSuffix(".swift") { continue }
                found.append("\(folder)/\(path)")
            }
        }
        return found.sorted()
    }

    /// A mutant: its text and what was done, for the failure message.
    struct Mutant {
        /// The mutated text.
        var text: String
        /// The edit, e.g. `inserted "!" at 312`.
        var edit: String
    }

    /// The mutants of `text`, a fixed list: the text cut at a quarter, a half and three quarters of its characters
    /// (mid-token, mid-string); four lines deleted and three duplicated, spread over the file by strides; and each
    /// of `tokens` inserted at two places (a character offset chosen by a stride over the text, and the start of a
    /// line's code, after its indentation). Offsets are in `Character`s, so a mutant is always valid UTF-8.
    static func mutants(of text: String) -> [Mutant] {
        let characters = Array(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard characters.count > 8, lines.count > 4 else { return [] }
        var result: [Mutant] = []
        for quarter in 1...3 {
            let cut = characters.count * quarter / 4
            result.append(Mutant(text: String(characters[..<cut]), edit: "cut at \(cut)"))
        }
        for k in 0..<4 {
            let index = (k * 7 + 5) * lines.count / 31 % lines.count
            var mutated = lines
            mutated.remove(at: index)
            result.append(Mutant(text: mutated.joined(separator: "\n"), edit: "deleted line \(index + 1)"))
        }
        for k in 0..<3 {
            let index = (k * 11 + 3) * lines.count / 37 % lines.count
            var mutated = lines
            mutated.insert(lines[index], at: index)
            result.append(Mutant(text: mutated.joined(separator: "\n"), edit: "duplicated line \(index + 1)"))
        }
        for (k, token) in tokens.enumerated() {
            let offset = (k * 7_919 + 104_729) % characters.count
            var mutated = characters
            mutated.insert(contentsOf: token, at: offset)
            result.append(Mutant(text: String(mutated), edit: "inserted \(token.debugDescription) at \(offset)"))
            let index = (k * 13 + 2) % lines.count
            var withLine = lines
            let line = withLine[index]
            let indent = line.prefix { $0 == " " }
            withLine[index] = String(indent) + token + String(line.dropFirst(indent.count))
            result.append(
                Mutant(
                    text: withLine.joined(separator: "\n"),
                    edit: "inserted \(token.debugDescription) at line \(index + 1)"))
        }
        return result
    }

    /// What is wrong with how `mutant` (loaded as `file`) was handled, if anything. `problems`: a mutant that does
    /// not compile and gives no error, a diagnostic outside the mutant's file or lines or at a column below 1, or a
    /// run that throws. `columns`: a diagnostic on a line of the mutant at a column past that line's end.
    static func check(_ mutant: Mutant, file: String) -> (problems: [String], columns: [String]) {
        let loaded = SwiftScenarioLoader.load(text: mutant.text, file: file)
        var problems: [String] = []
        var columns: [String] = []
        let lines = mutant.text.split(separator: "\n", omittingEmptySubsequences: false)
        for diagnostic in loaded.diagnostics {
            let location = diagnostic.location
            let what = "\(mutant.edit): \(diagnostic.id.rawValue) at \(location)"
            guard location.file == file, location.line >= 1, location.line <= lines.count, location.column >= 1 else {
                problems.append("\(what) is not inside \(file)")
                continue
            }
            if location.column > lines[location.line - 1].unicodeScalars.count + 1 {
                columns.append("\(what) is past the end of its line")
            }
        }
        guard let scenario = loaded.scenario else {
            if !loaded.diagnostics.contains(where: { $0.severity == .error }) {
                problems.append("\(mutant.edit): no scenario and no error")
            }
            return (problems, columns)
        }
        do {
            _ = try ScenarioRunner.run(scenario, variants: Array(scenario.variants.prefix(1)), limits: limits)
        } catch {
            problems.append("\(mutant.edit): the run threw \(error)")
        }
        return (problems, columns)
    }

    @Test func theMutantsAreFixedAndEachChangesTheText() {
        let text = (1...12).map { "let x\($0) = \($0)  // line \($0)" }.joined(separator: "\n")
        let first = Self.mutants(of: text)
        let second = Self.mutants(of: text)
        #expect(first.count == 3 + 4 + 3 + 2 * Self.tokens.count)
        #expect(first.map(\.text) == second.map(\.text))
        #expect(first.allSatisfy { $0.text != text })
        #expect(first.contains { $0.edit == "deleted line 2" && !$0.text.contains("let x2 ") })
        #expect(first.contains { $0.edit == "inserted \"{\" at line 5" && $0.text.contains("\n{let x5 = 5") })
    }

    @Test func theCorpusHoldsTheTwinsAndTheConformanceFiles() {
        #expect(Self.corpus.filter { $0.hasPrefix("scenarios/swift/") }.count >= 40)
        #expect(Self.corpus.filter { $0.hasPrefix("conformance/swift/") }.count >= 14)
    }

    @Test func aBrokenFileGivesALocatedErrorAndNoProblem() {
        // A mutant that does not compile gives a located error, which is no problem.
        let broken = Mutant(text: "import Foundation\nlet scenario = Scenario(\n", edit: "test")
        let checked = Self.check(broken, file: "t.swift")
        #expect(checked.problems.isEmpty && checked.columns.isEmpty)
        let loaded = SwiftScenarioLoader.load(text: broken.text, file: "t.swift")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.location.file == "t.swift" })
    }

    @Test(arguments: corpus)
    func everyMutantCompilesOrGivesLocatedErrors(_ path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let mutants = Self.mutants(of: text)
        #expect(mutants.count == 3 + 4 + 3 + 2 * Self.tokens.count)
        var columns: [String] = []
        for mutant in mutants {
            let checked = Self.check(mutant, file: path)
            #expect(checked.problems.isEmpty, "\(path): \(checked.problems)")
            columns += checked.columns
        }
        // Known (2026-11-28), on its line but at a wrong column: an `expect.figure` column inside a lowered
        // dictionary key can fall past the line's end. (Columns after non-ASCII text, swift-syntax's UTF-8 bytes,
        // are Unicode scalars since 2026-11-28: SwiftPastedGapTests.)
        withKnownIssue("a diagnostic's column past its line's end", isIntermittent: true) {
            #expect(columns.isEmpty, "\(path): \(columns)")
        }
    }
}
