import Foundation
import Testing

/// Issue 37's "one owner per state", held by reading the kernel's sources as text (as ``KernelDocTests`` does): how
/// many kernel functions still take the whole `Kernel` instead of the narrow services they use (docs/kernel.md,
/// "Services" and "What still takes the Kernel").
@Suite struct KernelOwnershipTests {
    /// The most kernel functions that may take the whole `Kernel`: the issue's bound is 120; this keeps a margin
    /// under it, so that a part handed the kernel again fails here before the issue's bound is reached.
    static let maxKernelFunctions = 110

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let kernel = "Sources/LoopSimKernel"

    /// A function (`func` or `init`) of the kernel with a parameter of type `Kernel`.
    struct KernelFunction: CustomStringConvertible {
        let file: String
        let line: Int
        let name: String
        var description: String { "\(file):\(line) \(name)" }
    }

    /// Every `func` and `init` declared under Sources/LoopSimKernel whose parameter list has a parameter of type
    /// `Kernel` (`_ k: Kernel`, `inout`, any label), in file and line order. Comments are skipped; a protocol's
    /// requirement counts as one function, like any other declaration.
    static func kernelFunctions() throws -> [KernelFunction] {
        let base = root.appendingPathComponent(kernel)
        let paths = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var found: [KernelFunction] = []
        for path in paths {
            let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            found += kernelFunctions(in: text, file: path)
        }
        return found
    }

    /// The functions of one file's `text` with a `Kernel` parameter.
    static func kernelFunctions(in text: String, file: String) -> [KernelFunction] {
        let chars = Array(stripComments(text))
        var found: [KernelFunction] = []
        var i = 0
        var line = 1
        while i < chars.count {
            if chars[i] == "\n" { line += 1 }
            guard let (name, open) = declaration(at: i, in: chars) else {
                i += 1
                continue
            }
            // The parameter list: from `open` to its balanced closing parenthesis.
            var depth = 0
            var j = open
            var parameters = ""
            repeat {
                if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1 }
                parameters.append(chars[j])
                j += 1
            } while depth > 0 && j < chars.count
            if parameters.range(of: #":\s*(inout\s+)?Kernel\s*[,)]"#, options: .regularExpression) != nil {
                found.append(KernelFunction(file: file, line: line, name: name))
            }
            for c in chars[i..<j] where c == "\n" { line += 1 }
            i = j
        }
        return found
    }

    /// The name and the index of the opening parenthesis of a `func name(`, `func name<…>(` or `init(` starting at
    /// `i` (at a word boundary), or nil.
    static func declaration(at i: Int, in chars: [Character]) -> (String, Int)? {
        if i > 0, chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_" || chars[i - 1] == "." {
            return nil
        }
        func matches(_ word: String) -> Bool {
            let w = Array(word)
            return i + w.count <= chars.count && Array(chars[i..<i + w.count]) == w
        }
        if matches("init(") || matches("init?(") {
            return ("init", i + (chars[i + 4] == "?" ? 5 : 4))
        }
        guard matches("func ") else { return nil }
        var j = i + 5
        var name = ""
        while j < chars.count, chars[j] != "(" && chars[j] != "<" && !chars[j].isWhitespace {
            name.append(chars[j])
            j += 1
        }
        // Skip generic parameters (`<R>`), which hold no parenthesis.
        if j < chars.count, chars[j] == "<" {
            while j < chars.count, chars[j] != ">" { j += 1 }
            j += 1
        }
        guard j < chars.count, chars[j] == "(" else { return nil }
        return (name, j)
    }

    /// `text` with its `//` comments blanked (line breaks kept, so line numbers stay), and string literals kept.
    static func stripComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let r = line.range(of: "//") else { return String(line) }
            // A `//` inside a string literal (a URL in a message) is not a comment: an odd count of quotes before it.
            if line[..<r.lowerBound].filter({ $0 == "\"" }).count % 2 == 1 { return String(line) }
            return String(line[..<r.lowerBound])
        }.joined(separator: "\n")
    }

    @Test func noMoreKernelFunctionsTakeTheWholeKernelThanTheBound() throws {
        let functions = try Self.kernelFunctions()
        // The count the commits of issue 37 report; each folder's share says where to look when it grows.
        var byFolder: [String: Int] = [:]
        for f in functions { byFolder[f.file.split(separator: "/").dropLast().joined(separator: "/"), default: 0] += 1 }
        let folders = byFolder.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key.isEmpty ? "." : $0.key) \($0.value)" }.joined(separator: ", ")
        #expect(
            functions.count <= Self.maxKernelFunctions,
            """
            \(functions.count) kernel functions take the whole Kernel (at most \(Self.maxKernelFunctions)): \
            \(folders). Hand the part the narrow service it uses (Recorder, Objects, Threads, Halt, RunRecords; \
            docs/kernel.md, "Services") instead of the Kernel.
            """)
    }

    /// The stored fields of the run loop's classes that stay writable across the module, each listed with its reason
    /// in docs/kernel.md ("What stays writable across the module"): every other field changes through a named
    /// transition in its class's file (`private(set)`).
    static let writableRunLoopFields: [(type: String, file: String, fields: [String])] = [
        ("SimRunLoop", "RunLoop/SimRunLoop.swift", []),
        ("RunLoopMode", "RunLoop/RunLoopMode.swift", ["timers", "port"]),
        (
            "ActivationFrame", "RunLoop/ActivationFrame.swift",
            [
                "phase", "ignoreWakeUps", "isSleeping", "sourceHandledThisLoop", "didDispatchPortLastTime", "poll",
                "result", "message", "callouts", "calloutIndex", "inFlight", "phaseAfterCallouts",
            ]
        ),
    ]

    /// The stored `var`s declared directly in `type`'s class body in `text` that the module can write: no
    /// `private`, `fileprivate`, `private(set)` or `fileprivate(set)`, and no accessor block (a computed property).
    static func writableFields(of type: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declaration = "class \(type)\\b"
        guard let start = lines.firstIndex(where: { $0.range(of: declaration, options: .regularExpression) != nil })
        else { return [] }
        var fields: [String] = []
        for line in lines[(start + 1)...] {
            if line == "}" { break }
            // Members only (four spaces in), not a nested type's or a function's locals.
            guard line.hasPrefix("    "), !line.hasPrefix("     "), !line.hasPrefix("    ///") else { continue }
            guard let r = line.range(of: #"\bvar (\w+)"#, options: .regularExpression) else { continue }
            let head = line[..<r.lowerBound]
            if head.contains("private") || head.contains("static") || head.contains("func ") { continue }
            let name = line[r].dropFirst(4)
            let rest = line[r.upperBound...]
            if rest.contains("{") && !rest.contains("= ") { continue }  // computed
            fields.append(String(name))
        }
        return fields
    }

    @Test func runLoopFieldsChangeOnlyThroughTheirTransitionsButThoseTheDocLists() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/kernel.md"), encoding: .utf8)
        for (type, file, allowed) in Self.writableRunLoopFields {
            let text = try String(
                contentsOf: Self.root.appendingPathComponent("\(Self.kernel)/\(file)"), encoding: .utf8)
            let writable = Self.writableFields(of: type, in: text)
            #expect(
                writable == allowed,
                """
                \(file): \(type)'s fields writable across the module are \(writable), the list is \(allowed): give a \
                new field `private(set)` and a transition named after what it models in \(file), or list it here \
                and in docs/kernel.md with why it stays writable.
                """)
            for field in allowed {
                let named = doc.contains("`\(type).\(field)`") || doc.contains("`\(field)`")
                #expect(named, "docs/kernel.md does not say why \(type).\(field) stays writable")
            }
        }
    }

    /// The field reader itself, on a class with each kind of declaration.
    @Test func theFieldReaderFindsOnlyWritableStoredFields() {
        let text = """
            struct Before { var notThis = 0 }
            final class T {
                @exclusivity(unchecked) var a = 0
                @exclusivity(unchecked) private(set) var b = 0
                public internal(set) var c: [Int] = []
                fileprivate(set) var d = 0
                var e: Int { a }
                private var f = 0
                var g: Int = 0 { didSet {} }
                static var h = 0
                func m() { var local = 0 }
                /// var doc = 0
            }
            """
        #expect(Self.writableFields(of: "T", in: text) == ["a", "c", "g"])
    }

    /// The counter itself: it finds a `Kernel` parameter in each form the kernel writes, and nothing else.
    @Test func theCounterFindsEachFormOfAKernelParameter() {
        let text = """
            func a(_ k: Kernel) {}
            private func b(_ x: Int, on thread: SimThread,
                _ k: Kernel
            ) -> Int { 0 }
            func c<R>(_ kernel: Kernel, _ body: (Kernel) -> R) -> R {}
            init(kernel k: Kernel, quiescent: Bool) {}
            func d(_ k: KernelConfiguration) {}
            let kernel: Kernel
            // func e(_ k: Kernel) {}
            func f(_ s: String = "// not a comment", _ k: inout Kernel) {}
            func g(recorder: Recorder) {}
            """
        let found = Self.kernelFunctions(in: text, file: "T.swift")
        #expect(found.map(\.name) == ["a", "b", "c", "init", "f"])
        #expect(found.map(\.line) == [1, 2, 5, 6, 10])
    }
}
