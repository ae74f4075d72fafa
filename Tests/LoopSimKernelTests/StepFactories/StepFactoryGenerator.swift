import Foundation

/// Makes the public constructors of the kernel's step structs (and of the specs the compiler builds them from):
/// `AddTimerStep.make(timer:runLoop:mode:)`, the memberwise initialiser's twin.
///
/// Swift synthesises a struct's memberwise initialiser for its own module only (at most `internal`, even when
/// the struct and its properties are `package` or `public`), and a public initialiser of the same signature in an
/// extension is an "invalid redeclaration of synthesized memberwise initializer": so the scenario compiler, in
/// another module, constructs steps through these factories, which call the synthesised initialiser.
///
/// A struct qualifies when it is a top-level `public struct` of a steps file (``isSourceFile(_:)``) that declares
/// no initialiser of its own; its factory takes each stored `public var` (and each `public let` without a value)
/// in declaration order, labelled with the property's name, defaulted to the property's initial value when it has
/// one, as the memberwise initialiser does.
enum StepFactoryGenerator {
    /// The file the factories of the steps of kernel folder `folder` are written to, in that folder (the names
    /// differ: a module may not hold two files of one name).
    static func output(for folder: String) -> String {
        "Sources/LoopSimKernel/\(folder)/StepFactories+\(folder)+Generated.swift"
    }

    /// Whether `path` is a generated factories file (whichever folder it names).
    static func isOutput(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix("StepFactories+") && name.hasSuffix("+Generated.swift")
    }

    /// The generated files for `files` (path from the package root and text, in path order): one per kernel folder
    /// with steps, keyed by its path.
    static func files(_ files: [(path: String, text: String)]) -> [(path: String, text: String)] {
        var folders: [String] = []
        var byFolder: [String: [(path: String, text: String)]] = [:]
        for file in files {
            let folder = String(file.path.dropFirst("Sources/LoopSimKernel/".count).prefix { $0 != "/" })
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(file)
        }
        return folders.compactMap { folder in
            let text = file(byFolder[folder] ?? [])
            return text.contains("extension ") ? (output(for: folder), text) : nil
        }
    }

    /// Whether `path` (from the package root) is a steps file.
    static func isSourceFile(_ path: String) -> Bool {
        path.hasPrefix("Sources/LoopSimKernel/") && (path.hasSuffix("Steps.swift") || path.hasSuffix("/Step.swift"))
    }

    /// A struct that gets a factory: its name and its stored properties.
    struct Declaration: Equatable {
        var name: String
        var properties: [(name: String, type: String, initial: String?)]

        static func == (a: Declaration, b: Declaration) -> Bool {
            a.name == b.name && a.properties.map(\.name) == b.properties.map(\.name)
                && a.properties.map(\.type) == b.properties.map(\.type)
                && a.properties.map(\.initial) == b.properties.map(\.initial)
        }
    }

    /// The structs of one steps file that get a factory, in the file's order.
    static func declarations(in text: String) -> [Declaration] {
        var result: [Declaration] = []
        var current: Declaration?
        var ownInitializer = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("public struct ") {
                let name = line.dropFirst("public struct ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                current = Declaration(name: String(name), properties: [])
                ownInitializer = false
            } else if line == "}" {
                if let c = current, !ownInitializer, !c.properties.isEmpty { result.append(c) }
                current = nil
            } else if current != nil {
                if line.hasPrefix("    init(") || line.hasPrefix("    public init(") { ownInitializer = true }
                if let property = storedProperty(line) { current!.properties.append(property) }
            }
        }
        return result
    }

    /// `    public var name: Type` or `    public var name: Type = value` (a member of the struct, not of a nested
    /// type), and `public let` without a value; nil for anything else (a computed property has a `{`).
    private static func storedProperty(_ line: String) -> (name: String, type: String, initial: String?)? {
        let isVar = line.hasPrefix("    public var ")
        guard isVar || line.hasPrefix("    public let "), !line.contains("{") else { return nil }
        let declaration = line.dropFirst("    public var ".count)
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = String(declaration[..<colon])
        let rest = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let equals = rest.range(of: " = ") {
            guard isVar else { return nil }  // a `let` with a value is not the initialiser's
            return (name, String(rest[..<equals.lowerBound]), String(rest[equals.upperBound...]))
        }
        return (name, rest, nil)
    }

    /// The generated file for `files` (path from the package root and text, in path order) of one folder.
    static func file(_ files: [(path: String, text: String)]) -> String {
        var out = """
            // swift-format-ignore-file
            // Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
            // each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
            // only). After adding a step or changing its stored properties, run
            // `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
            // fails while one differs from what the declarations make). Do not edit by hand.

            """
        for file in files {
            let declarations = declarations(in: file.text)
            guard !declarations.isEmpty else { continue }
            out += "\n// MARK: \(file.path.dropFirst("Sources/LoopSimKernel/".count))\n"
            for d in declarations {
                let parameters = d.properties.map { p in "\(p.name): \(p.type)" + (p.initial.map { " = \($0)" } ?? "") }
                let arguments = d.properties.map { "\($0.name): \($0.name)" }
                out += "\nextension \(d.name) {\n"
                out += wrapped("    public static func make(", parameters, ") -> Self {") + "\n"
                out += wrapped("        Self(", arguments, ")") + "\n"
                out += "    }\n}\n"
            }
        }
        return out
    }

    /// `head` then `items` separated by commas, then `tail`, wrapped under the first item at 120 columns.
    private static func wrapped(_ head: String, _ items: [String], _ tail: String) -> String {
        var lines = [head]
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : tail)
            let last = lines[lines.count - 1]
            if last != head && last.count + 1 + piece.count > 120 {
                lines.append(String(repeating: " ", count: head.count) + piece)
            } else {
                lines[lines.count - 1] += (last == head ? "" : " ") + piece
            }
        }
        if items.isEmpty { lines[0] += tail }
        return lines.joined(separator: "\n")
    }
}
