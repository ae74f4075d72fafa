import Foundation
import LoopSimScenario

extension SwiftScenarioLoader {
    /// Whether a YAML scenario's text names Swift files for its app code: a top-level `swift:` key (at the start
    /// of a line, as a top-level key of a block mapping is).
    public static func takesAppCodeFromSwift(yaml text: String) -> Bool {
        text.hasPrefix("swift:") || text.contains("\nswift:")
    }

    /// Every scenario of a YAML file whose app code is in Swift files (`swift: App.swift`, or a list; paths
    /// relative to the YAML file): each file's classes and top-level code become the scenario's `classes:` and
    /// `main:` (and its top-level `DispatchQueue(label:)`s `queues:`), lowered as a Swift scenario's are, so that
    /// diagnostics and the trace name the Swift `file:line:column`; the YAML file is the experiment (`user:`,
    /// `expect:`, `params:`, `cases:`). `read` returns a file's text (nil when it cannot be read).
    public static func loadCases(
        yaml text: String, file: String, parameters: [(String, String)] = [], only: String? = nil,
        read: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }
    ) -> [ScenarioLoader.Loaded] {
        let (root, syntax) = LocatedNode.parse(yaml: text, file: file)
        var bag = DiagnosticBag(syntax)
        guard let root, let merged = withSwiftAppCode(root, yamlFile: file, read: read, into: &bag), !bag.hasErrors
        else {
            return [ScenarioLoader.Loaded(scenario: nil, diagnostics: bag.sorted(), source: text)]
        }
        return ScenarioLoader.loadCases(
            tree: merged, syntax: bag.sorted(), text: text, file: file, parameters: parameters, only: only
        ).map { loaded in
            var loaded = loaded
            // Reloading the YAML text alone would lose the Swift files' classes and main:.
            loaded.scenario?.reloadsFromOrigin = false
            return loaded
        }
    }

    /// `root` with its `swift:` entry replaced by the Swift files' `queues:`, `classes:` and `main:`; nil after
    /// reporting why it cannot be.
    static func withSwiftAppCode(
        _ root: LocatedNode, yamlFile: String, read: (String) -> String?, into bag: inout DiagnosticBag
    ) -> LocatedNode? {
        guard var top = root.mapping, let index = top.entries.firstIndex(where: { $0.key.text == "swift" }) else {
            return root
        }
        let entry = top.entries.remove(at: index)
        let items = entry.value.sequence?.items ?? [entry.value]
        let paths = items.compactMap { item -> (String, SourceLocation)? in
            guard let s = item.scalar, !s.isNull, !s.text.isEmpty else { return nil }
            return (s.text, s.location)
        }
        guard paths.count == items.count, !paths.isEmpty else {
            bag.error(
                .typeMismatch, "swift: names the Swift files of the app code: `swift: App.swift` or a list",
                at: entry.value.location)
            return nil
        }
        if let main = top.entry(for: "main") {
            bag.error(
                .swiftScenario,
                "the app code is in the swift: files, whose top-level code is main:; move these steps there, or "
                    + "leave out swift:", at: main.key.location)
            return nil
        }
        var classes: [LocatedNode.Mapping.Entry] = top["classes"]?.mapping?.entries ?? []
        var queues: [LocatedNode] = top["queues"].map { $0.sequence?.items ?? [$0] } ?? []
        var main: [LocatedNode] = []
        let directory = (yamlFile as NSString).deletingLastPathComponent
        for (path, at) in paths {
            let resolved = path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
            guard path.hasSuffix(".swift") else {
                bag.error(.typeMismatch, "'\(path)' is not a .swift file; swift: names Swift files", at: at)
                continue
            }
            guard let text = read(resolved) else {
                bag.error(
                    "file.unreadable", "cannot read '\(resolved)' (swift: paths are relative to the YAML file)",
                    at: at)
                continue
            }
            let (tree, diagnostics) = lower(text: text, file: resolved, isAppCode: true)
            bag.append(contentsOf: diagnostics)
            guard let lowered = tree?.mapping else { continue }
            for c in lowered["classes"]?.mapping?.entries ?? [] {
                if let earlier = classes.first(where: { $0.key.text == c.key.text }) {
                    bag.error(
                        .swiftScenario,
                        "a second class named \(c.key.text) (the first is at \(earlier.key.location))",
                        at: c.key.location)
                    continue
                }
                classes.append(c)
            }
            queues += lowered["queues"]?.sequence?.items ?? []
            main += lowered["main"]?.sequence?.items ?? []
        }
        let at = entry.key.location
        func put(_ key: String, _ value: LocatedNode) {
            let new = LocatedNode.Mapping.Entry(key: .init(text: key, location: at), value: value)
            if let i = top.entries.firstIndex(where: { $0.key.text == key }) {
                top.entries[i] = new
            } else {
                top.entries.insert(new, at: min(index, top.entries.count))
            }
        }
        if !queues.isEmpty { put("queues", .list(queues, at: at)) }
        if !classes.isEmpty { put("classes", .mapping(.init(entries: classes, location: at))) }
        put("main", .list(main, at: at))
        return .mapping(top)
    }
}
