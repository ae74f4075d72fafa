import Foundation
import Testing

@testable import LoopSimCLI

/// What a directory given to `loopsim test DIR` (and the other commands) holds as scenarios.
@Suite struct ScenarioFilesTests {
    /// A folder's YAML and Swift scenarios are found in order; a hidden folder's are not (`loopsim conform` writes
    /// the programs it builds into `.build-conformance/`, each a `main.swift` holding the scenario's text).
    @Test func aHiddenFolderHoldsNoScenarios() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-files-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scenario = "import Foundation\nlet scenario = Scenario(\"s\", until: .seconds(1), variants: [.ios13])\n"
        for (path, text) in [
            ("b.swift", scenario), ("a.yaml", "name: a\n"), (".build-conformance/0a1b/main.swift", scenario),
            ("sub/c.yaml", "name: c\n"), (".hidden.yaml", "name: h\n"),
        ] {
            let file = (root as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let found = ScenarioFiles.expand([root]).map { String($0.dropFirst(root.count + 1)) }
        #expect(found == ["a.yaml", "b.swift", "sub/c.yaml"])
    }
}
