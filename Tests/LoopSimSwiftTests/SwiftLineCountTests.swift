import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The Swift twins' line rule (issue 35: "each within 1.2× the lines of the code it models";
/// scenarios/swift/README.md): every `.swift` file under `scenarios/swift/` names the code it models in a
/// `// models: PATH` line among its first comment lines (PATH from the repository's root: a cookbook pair's
/// Objective-C in `scenarios/cookbook/objc/`, a seed case's code in `scenarios/swift/modelled/`); that file exists;
/// the twin's APP CODE (its code lines, neither blank nor only a `//` comment, but for its `import`s and its
/// experiment's statements: see `experimentLines`) is at most 1.2 times the modelled file's code lines, for every
/// twin; and the README's table gives the three counts (app code, whole file, modelled), as
/// CookbookLineCountTests keeps the cookbook's. The code a twin models has no experiment (the Objective-C has no
/// `Scenario(…)`, no `scenario.at`, no `scenario.expect`), so the app code is the count comparable with it; the
/// whole file's count stays in the table, unbounded, so that the experiment's size stays visible.
@Suite struct SwiftLineCountTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = root.appendingPathComponent("scenarios/swift")

    /// Every `.swift` file under `scenarios/swift/`, as a path relative to it, sorted; not `modelled/`, which
    /// holds the code the twins model (some of it Swift), not twins.
    static var twins: [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix("modelled/") { continue }
            if path.hasSuffix(".swift") { found.append(path) }
        }
        return found.sorted()
    }

    /// The lines of `text` that are neither blank nor only a `//` comment.
    static func codeLines(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }.count
    }

    /// The lines (1-based) of `text` that hold its `import`s and its experiment's statements: the
    /// `let scenario = Scenario(…)` declaration and every statement, at any depth, whose callee is `scenario.…`
    /// (`scenario.at`, `scenario.expect`, `scenario.sample`, `scenario.scroll`, …), each from its first token to
    /// its last, continuation lines and trailing closures included. Found by swift-syntax's statement ranges, so
    /// that a string or a comment that merely mentions `scenario.` is not mistaken for one.
    static func experimentLines(_ text: String) -> Set<Int> {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "twin.swift", tree: tree)
        let finder = ExperimentFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        var lines = Set<Int>()
        for item in finder.items {
            let first = converter.location(for: item.positionAfterSkippingLeadingTrivia).line
            let last = converter.location(for: item.endPositionBeforeTrailingTrivia).line
            lines.formUnion(first...max(first, last))
        }
        return lines
    }

    /// The app code of `text`: its code lines (`codeLines`) but for those `experimentLines` finds.
    static func appCodeLines(_ text: String) -> Int {
        let experiment = experimentLines(text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { index, line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("//") && !experiment.contains(index + 1)
        }.count
    }

    /// Collects the statements (code-block items) that are imports or the experiment's; it does not descend into
    /// them, so a `scenario.scroll` inside a `scenario.at` closure is counted once, with its parent.
    final class ExperimentFinder: SyntaxVisitor {
        /// The items found, in source order.
        var items: [CodeBlockItemSyntax] = []

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            guard Self.isExperiment(Syntax(node.item)) else { return .visitChildren }
            items.append(node)
            return .skipChildren
        }

        /// Whether `item` is an `import`, the `let scenario = Scenario(…)` declaration, or a call (under `try`
        /// or `await`, if any) whose callee is a member of `scenario`.
        static func isExperiment(_ item: Syntax) -> Bool {
            if item.is(ImportDeclSyntax.self) { return true }
            if let variable = item.as(VariableDeclSyntax.self) {
                return variable.bindings.contains { binding in
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
                    let callee = call?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    return name == "scenario" && callee == "Scenario"
                }
            }
            var expression = item.as(ExprSyntax.self)
            while let wrapped = expression {
                if let tried = wrapped.as(TryExprSyntax.self) {
                    expression = tried.expression
                } else if let awaited = wrapped.as(AwaitExprSyntax.self) {
                    expression = awaited.expression
                } else {
                    break
                }
            }
            guard let call = expression?.as(FunctionCallExprSyntax.self) else { return false }
            return isScenarioMember(call.calledExpression)
        }

        /// Whether `callee` is `scenario.NAME` (or a member chain rooted in `scenario`).
        static func isScenarioMember(_ callee: ExprSyntax) -> Bool {
            guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
            if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "scenario" { return true }
            return isScenarioMember(base)
        }
    }

    /// The PATH of the `// models: PATH` line in the comment lines that open `text`, if any.
    static func modelsPath(_ text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.isEmpty || trimmed.hasPrefix("//") else { return nil }
            let comment = trimmed.dropFirst(2).drop { $0 == " " }
            if trimmed.hasPrefix("//"), comment.hasPrefix("models:") {
                return comment.dropFirst("models:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The README row of `twin`: its cells, by the twin's backticked path in the first cell.
    static func readmeRow(_ twin: String, in readme: String) -> [String]? {
        for line in readme.split(separator: "\n") where line.hasPrefix("| `\(twin)` |") {
            return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// The README's header cells, to find the columns by name.
    static func header(of readme: String) -> [String] {
        guard let line = readme.split(separator: "\n").first(where: { $0.hasPrefix("| twin |") }) else { return [] }
        return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theCounterCountsCodeLinesOnly() {
        #expect(Self.codeLines("// c\n\nimport Foundation\n  // c\nlet x = 1  // c\n") == 2)
        #expect(Self.codeLines("#import <X.h>\n// c\n- (void)f {\n}\n") == 3)
    }

    @Test func theAppCodeLeavesOutImportsAndTheExperimentOnly() {
        let twin = """
            // models: a.m
            import Foundation

            let scenario = Scenario(
                "t", until: .seconds(5))

            class C {
                func f() {
                    scenario.sample("n", 1)  // inside app code: still the experiment's
                    print("scenario.at(")
                }
            }
            let c = C()
            scenario.at(.seconds(1), "go") {
                c.f()
            }
            scenario.expect(.all, [
                "timers.fires": 0,
            ])
            """
        #expect(Self.codeLines(twin) == 16)
        #expect(Self.experimentLines(twin) == [2, 4, 5, 9, 14, 15, 16, 17, 18, 19])
        #expect(Self.appCodeLines(twin) == 6)
        #expect(Self.appCodeLines("let scenario = 1\nscenarios.at(1)\nx.scenario.at(2)\n") == 3)
        #expect(Self.appCodeLines("try await scenario.at(1)\nlet s = Scenario(\"x\")\n") == 1)
    }

    @Test func theModelsLineIsFoundAmongTheOpeningCommentsOnly() {
        #expect(Self.modelsPath("// S6\n// models: a/b.m\nimport Foundation\n") == "a/b.m")
        #expect(Self.modelsPath("// S6\n\n//   models:  a/b.m  \n") == "a/b.m")
        #expect(Self.modelsPath("import Foundation\n// models: a/b.m\n") == nil)
        #expect(Self.modelsPath("// S6\n") == nil)
    }

    @Test func thereAreTwins() {
        #expect(Self.twins.count >= 5)
    }

    @Test(arguments: twins)
    func aTwinNamesWhatItModelsAndIsAtMostOnePointTwoTimesItsLines(twin: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(twin), encoding: .utf8)
        let path = try #require(
            Self.modelsPath(text), "scenarios/swift/\(twin) has no `// models: PATH` line among its first comments")
        let modelledURL = Self.root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: modelledURL.path, isDirectory: &isDirectory)
        #expect(
            exists && !isDirectory.boolValue,
            "scenarios/swift/\(twin): `// models: \(path)` names no file")
        let modelled = try #require(try? String(contentsOf: modelledURL, encoding: .utf8), "cannot read \(path)")
        let appLines = Self.appCodeLines(text)
        let fileLines = Self.codeLines(text)
        let modelledLines = Self.codeLines(modelled)
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let header = Self.header(of: readme)
        let modelsColumn = try #require(header.firstIndex(of: "models"), "the README has no `models` column")
        let appColumn = try #require(
            header.firstIndex(of: "app code lines"), "the README has no `app code lines` column")
        let fileColumn = try #require(header.firstIndex(of: "file lines"), "the README has no `file lines` column")
        let modelledColumn = try #require(
            header.firstIndex(of: "modelled lines"), "the README has no `modelled lines` column")
        let row = try #require(Self.readmeRow(twin, in: readme), "scenarios/swift/README.md has no row for `\(twin)`")
        let last = max(modelsColumn, appColumn, fileColumn, modelledColumn)
        #expect(row.count > last, "the row of `\(twin)` has no counts")
        guard row.count > last else { return }
        #expect(row[modelsColumn] == "`\(path)`", "`\(twin)`: the README's models cell is not `\(path)`")
        #expect(row[appColumn] == String(appLines), "`\(twin)` has \(appLines) app code lines")
        #expect(row[fileColumn] == String(fileLines), "`\(twin)` has \(fileLines) code lines in all")
        #expect(row[modelledColumn] == String(modelledLines), "`\(path)` has \(modelledLines) code lines")
        #expect(
            5 * appLines <= 6 * modelledLines,
            "`\(twin)`: \(appLines) app code lines are more than 1.2 times the \(modelledLines) of \(path)")
    }
}
