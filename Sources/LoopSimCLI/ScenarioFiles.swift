import Foundation
import LoopSimScenario
import LoopSimSwift

/// Reading scenario files and printing their diagnostics.
enum ScenarioFiles {
    /// Loads one scenario: the file, or the case `caseName` of a file with `cases:` (which needs one named when it
    /// has several); `parameters` go over its `params:` defaults. The caller prints the diagnostics.
    static func load(_ path: String, parameters: [(String, String)] = [], case caseName: String? = nil)
        -> ScenarioLoader.Loaded
    {
        let all = loadAll(path, parameters: parameters, case: caseName)
        guard all.count > 1 else { return all[0] }
        let names = all.compactMap { $0.scenario?.caseName }
        return ScenarioLoader.Loaded(
            scenario: nil,
            diagnostics: all.flatMap(\.diagnostics) + [
                .error(
                    "case.unchosen",
                    "'\(path)' has \(all.count) cases (\(names.joined(separator: ", "))): this command runs "
                        + "one; choose it with --case NAME", at: SourceLocation(file: path, line: 1, column: 1))
            ],
            source: all[0].source)
    }

    /// Every scenario of a file: itself, or each of its `cases:` (only `caseName` when given).
    static func loadAll(_ path: String, parameters: [(String, String)] = [], case caseName: String? = nil)
        -> [ScenarioLoader.Loaded]
    {
        // Refused before it is read: reading a file of gigabytes would take as much memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            let tooLarge = LocatedNode.sizeDiagnostic(bytes: size, file: path)
        {
            // Quoted with its first line and a caret, as every other diagnostic is; only that line is read.
            return [ScenarioLoader.Loaded(scenario: nil, diagnostics: [tooLarge], source: firstLine(of: path))]
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return [
                ScenarioLoader.Loaded(
                    scenario: nil,
                    diagnostics: [
                        .error(
                            "file.unreadable", "cannot read '\(path)': check the path and its permissions",
                            at: SourceLocation(file: path, line: 1, column: 1))
                    ],
                    source: "")
            ]
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return [
                ScenarioLoader.Loaded(
                    scenario: nil,
                    diagnostics: [
                        .error(
                            "file.encoding", "'\(path)' is not UTF-8 text",
                            at: SourceLocation(file: path, line: 1, column: 1))
                    ],
                    source: "")
            ]
        }
        return loadCases(text: text, file: path, parameters: parameters, only: caseName)
    }

    /// The scenarios of `text`, the contents of `file`, by its front-end: a Swift scenario, a YAML one whose app
    /// code is in Swift files (`swift:`), or a YAML one (docs/swift-scenarios.md).
    static func loadCases(text: String, file: String, parameters: [(String, String)], only: String?)
        -> [ScenarioLoader.Loaded]
    {
        if SwiftScenarioLoader.isSwiftScenario(file) {
            return SwiftScenarioLoader.loadCases(text: text, file: file, parameters: parameters, only: only)
        }
        if SwiftScenarioLoader.takesAppCodeFromSwift(yaml: text) {
            return SwiftScenarioLoader.loadCases(yaml: text, file: file, parameters: parameters, only: only)
        }
        return ScenarioLoader.loadCases(text: text, file: file, parameters: parameters, only: only)
    }

    /// The first line of the file at `path`, read from at most its first 4 KiB (the printer quotes at most 160
    /// characters of a line); empty when it cannot be read.
    static func firstLine(of path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        // Cut at the first line end (LF or CR); a scalar cut at the 4 KiB boundary decodes as U+FFFD.
        let end = head.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? head.endIndex
        return String(decoding: head[..<end], as: UTF8.self)
    }

    /// Prints diagnostics to stderr, with colour on a terminal unless `NO_COLOR` is set (``Terminal``).
    static func report(_ loaded: ScenarioLoader.Loaded) {
        guard !loaded.diagnostics.isEmpty else { return }
        let printer = DiagnosticPrinter(color: Terminal.allowsColor(STDERR_FILENO))
        // A YAML scenario's diagnostics may point into the Swift files of its app code (`swift:`): quote those.
        let quoted = loaded.diagnostics.map { diagnostic in
            printer.render(diagnostic) { path in
                guard SwiftScenarioLoader.isSwiftScenario(path) else { return loaded.source }
                return (try? String(contentsOfFile: path, encoding: .utf8)) ?? loaded.source
            }
        }
        StandardError.write(quoted.joined(separator: "\n") + "\n")
    }

    /// Every `.yaml`/`.yml` file under the paths (files as given, directories recursively), sorted.
    static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                files.append(path)  // reported as unreadable when loaded
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let item = enumerator?.nextObject() as? String {
                // `modelled/` holds the app code a Swift twin models (`// models:`), not scenarios; a hidden folder
                // (`.build-conformance/`, where `loopsim conform` writes the programs it builds, `.build`, `.git`)
                // holds none either.
                if item.hasPrefix("modelled/") || item.contains("/modelled/") { continue }
                if item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                let file = (path as NSString).appendingPathComponent(item)
                if item.hasSuffix(".yaml") || item.hasSuffix(".yml") {
                    found.append(file)
                } else if SwiftScenarioLoader.isSwiftScenario(item),
                    // A Swift file that declares no `Scenario` is app code a YAML scenario names in `swift:`.
                    (try? String(contentsOfFile: file, encoding: .utf8))?.contains("Scenario(") ?? true
                {
                    found.append(file)
                }
            }
            files += found.sorted()
        }
        return files
    }
}

/// Writes to standard error.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Writes a file atomically: a temporary file beside it, then a rename.
enum AtomicFile {
    /// - Throws: ``OutputTarget/WriteError`` naming the file and the reason (a full disk, `ulimit -f`); the file
    ///   is then as it was and no temporary file is left (``OutputTarget/write(_:)``).
    static func write(_ text: String, to path: String, what: String = "the file") throws {
        try OutputTarget(path: path, what: what).write([text])
    }
}
