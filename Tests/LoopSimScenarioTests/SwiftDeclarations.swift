import Foundation

/// The declarations of Swift source files, read from their text: types (with what they inherit) and the members
/// declared directly in a type's or an extension's body (functions with their argument labels, properties and
/// whether they are stored, enum cases). What KernelDocTests checks docs/kernel.md against.
///
/// A reader of text, not a compiler: comments and string literals are blanked first, and braces are counted to
/// know which body a declaration is in. It is exact for the code of this package (one declaration header before
/// each body, no `#if` splitting a brace pair) and needs no build of the code it reads, so a doc test still runs,
/// and names what to fix, while the code it describes is being moved.
struct SwiftDeclarations: Sendable {
    /// A `class`, `struct`, `enum`, `protocol` or `actor`, by its qualified name (`ActivationFrame.Phase`).
    struct TypeDeclaration: Sendable {
        let name: String
        let keyword: String
        /// The names after the `:` of its header (superclass, protocols, raw type), without generic arguments.
        let inherited: [String]
        let file: String
        let line: Int
    }

    /// A declaration directly inside a type's or an extension's body.
    struct Member: Sendable {
        /// The type's qualified name, or the name an extension extends as written.
        let owner: String
        /// `func`, `var`, `let`, `case`, `init`, `subscript`, `typealias`.
        let keyword: String
        let name: String
        /// A function's argument labels (`_` for none); nil for other members.
        let labels: [String]?
        /// For `var` and `let`: no body, or a body of only `willSet`/`didSet`; the initializer or type annotation.
        let isStored: Bool
        /// `static` or `class` (a type member, not an instance's).
        let isStatic: Bool
        let typeText: String
        let file: String
        let line: Int
    }

    /// Paths relative to the package root, sorted.
    let files: [String]
    private(set) var types: [TypeDeclaration] = []
    private(set) var members: [Member] = []
    /// ``members`` by name.
    private var membersByName: [String: [Member]] = [:]
    /// Each file's text with comments and the contents of string literals replaced by spaces (lines kept).
    private(set) var code: [String: String] = [:]

    /// Reads every `.swift` file under `directories` (relative to `root`).
    init(root: URL, directories: [String]) throws {
        var found: [String] = []
        for directory in directories {
            let base = root.appendingPathComponent(directory)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".swift") { found.append(directory + "/" + path) }
            }
        }
        files = found.sorted()
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let blanked = Self.blank(text)
            code[file] = blanked
            scan(blanked, file: file)
        }
        membersByName = Dictionary(grouping: members, by: \.name)
    }

    // MARK: Queries

    /// The types whose qualified name is `name` or ends with `.name`.
    func types(named name: String) -> [TypeDeclaration] {
        types.filter { $0.name == name || $0.name.hasSuffix("." + name) }
    }

    /// The members called `name` of the type `owner` (its qualified name or its last components), in its body or
    /// in any extension of it.
    func members(of owner: String, named name: String) -> [Member] {
        (membersByName[name] ?? []).filter { $0.owner == owner || $0.owner.hasSuffix("." + owner) }
    }

    /// Every member called `name`, of any type.
    func members(named name: String) -> [Member] { membersByName[name] ?? [] }

    /// Whether a file with this path relative to `Sources/` exists, or the paths of files with its last component.
    func sourceFiles(endingWith suffix: String) -> [String] {
        files.filter { $0.hasSuffix("/" + suffix) }
    }

    // MARK: Blanking

    /// `text` with comments and string literal contents replaced by spaces; newlines and everything else kept,
    /// so offsets and line numbers stay those of the file. Handles nested block comments, escapes, `\( )`
    /// interpolation, multi-line `"""` and raw `#"…"#` strings.
    static func blank(_ text: String) -> String {
        let chars = Array(text.unicodeScalars)
        var out = chars
        var i = 0
        // Each open interpolation's parenthesis depth, innermost last, and the string it returns to.
        var interpolations: [(depth: Int, multiLine: Bool)] = []
        var parenDepth = 0

        func blankOut(_ k: Int) { if out[k] != "\n" { out[k] = " " } }

        /// Skips a string body starting at `i` (after its opening quotes); returns at its end, or at an
        /// interpolation's `(` (having pushed it).
        func skipString(multiLine: Bool, hashes: Int) {
            while i < chars.count {
                let c = chars[i]
                if c == "\\" {
                    var k = i + 1
                    var n = 0
                    while n < hashes, k < chars.count, chars[k] == "#" { n += 1; k += 1 }
                    if n == hashes, k < chars.count, chars[k] == "(" {
                        for m in i..<k { blankOut(m) }
                        interpolations.append((parenDepth, multiLine))
                        parenDepth += 1
                        i = k + 1
                        return
                    }
                    if n == hashes {
                        for m in i...min(k, chars.count - 1) { blankOut(m) }
                        i = k + 1
                        continue
                    }
                }
                let quotes = multiLine ? 3 : 1
                if c == "\"", i + quotes - 1 < chars.count, (0..<quotes).allSatisfy({ chars[i + $0] == "\"" }) {
                    var k = i + quotes
                    var n = 0
                    while n < hashes, k < chars.count, chars[k] == "#" { n += 1; k += 1 }
                    if n == hashes { i = k; return }
                }
                blankOut(i)
                i += 1
            }
        }

        while i < chars.count {
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "/", next == "/" {
                while i < chars.count, chars[i] != "\n" { blankOut(i); i += 1 }
            } else if c == "/", next == "*" {
                var level = 0
                repeat {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                        level += 1; blankOut(i); blankOut(i + 1); i += 2
                    } else if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" {
                        level -= 1; blankOut(i); blankOut(i + 1); i += 2
                    } else {
                        blankOut(i); i += 1
                    }
                } while level > 0 && i < chars.count
            } else if c == "\"" || (c == "#" && (next == "\"" || next == "#")) {
                var hashes = 0
                while i < chars.count, chars[i] == "#" { hashes += 1; i += 1 }
                guard i < chars.count, chars[i] == "\"" else { continue }
                let multiLine = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
                i += multiLine ? 3 : 1
                skipString(multiLine: multiLine, hashes: hashes)
            } else if c == "(" {
                parenDepth += 1
                i += 1
            } else if c == ")" {
                parenDepth -= 1
                i += 1
                if let last = interpolations.last, last.depth == parenDepth {
                    interpolations.removeLast()
                    out[i - 1] = " "
                    skipString(multiLine: last.multiLine, hashes: 0)
                }
            } else {
                i += 1
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: out)
        return String(result)
    }

    // MARK: Scanning

    private struct Context {
        /// The qualified type name, for a type's or an extension's body; nil for any other braces.
        let typeName: String?
    }

    private static let typeHeader = try! NSRegularExpression(
        pattern: #"(?:^|[^\w.])(class|struct|enum|protocol|actor|extension)\s+([A-Za-z_][\w.]*)([^=]*)$"#)
    private static let declaration = try! NSRegularExpression(
        pattern: #"(?:^|[^\w.@])(func|var|let|case|init|subscript|typealias)\b\s*([A-Za-z_][\w]*|`[^`]+`)?"#)
    private static let keywords: Set<String> = ["func", "var", "let", "init", "subscript", "case", "static", "class"]

    private mutating func scan(_ text: String, file: String) {
        let bytes = Array(text.utf8)
        var stack: [Context] = []
        var segmentStart = 0
        var segmentLine = 1
        var line = 1
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                let segment = String(decoding: bytes[segmentStart..<i], as: UTF8.self)
                let owner = stack.last?.typeName
                let opensBody = byte == UInt8(ascii: "{")
                if let owner {
                    let bodyStart = String(decoding: bytes[(i + 1)..<min(i + 40, bytes.count)], as: UTF8.self)
                    readMembers(
                        segment, owner: owner, file: file, line: segmentLine, lastHasBody: opensBody,
                        bodyStart: bodyStart)
                }
                if opensBody {
                    // Only a segment with a type keyword can open a type's body: the regex runs on those alone.
                    let mayDeclare = ["class", "struct", "enum", "protocol", "actor", "extension"].contains {
                        segment.contains($0)
                    }
                    let name = mayDeclare ? typeName(segment, parent: owner, file: file, line: segmentLine) : nil
                    stack.append(Context(typeName: name))
                } else if !stack.isEmpty {
                    stack.removeLast()
                }
                segmentStart = i + 1
                segmentLine = line
            } else if byte == UInt8(ascii: "\n") {
                line += 1
            }
        }
    }

    /// The qualified name of the type whose body a `{` after `segment` opens (recording the type), or nil.
    private mutating func typeName(_ segment: String, parent: String?, file: String, line: Int) -> String? {
        let range = NSRange(segment.startIndex..., in: segment)
        guard let match = Self.typeHeader.matches(in: segment, range: range).last,
            let keywordRange = Range(match.range(at: 1), in: segment),
            let nameRange = Range(match.range(at: 2), in: segment),
            let restRange = Range(match.range(at: 3), in: segment)
        else { return nil }
        let keyword = String(segment[keywordRange])
        let name = String(segment[nameRange])
        let rest = String(segment[restRange])
        guard !Self.keywords.contains(name),
            !rest.contains("func ") && !rest.contains("var ") && !rest.contains("let ")
        else { return nil }
        if keyword == "extension" { return name }
        let qualified = parent.map { $0 + "." + name } ?? name
        var inherited: [String] = []
        if let colon = rest.firstIndex(of: ":") {
            var clause = String(rest[rest.index(after: colon)...])
            if let whereRange = clause.range(of: " where ") { clause = String(clause[..<whereRange.lowerBound]) }
            inherited = Self.splitTopLevel(clause).map {
                String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != "<" })
            }
        }
        let headerLine = line + segment[..<keywordRange.lowerBound].filter { $0 == "\n" }.count
        types.append(
            TypeDeclaration(
                name: qualified, keyword: keyword, inherited: inherited, file: file,
                line: headerLine))
        return qualified
    }

    /// Records the declarations in `segment`, text directly in the body of `owner`. `lastHasBody`: a `{` follows
    /// the segment, so its last declaration has a body, which starts with `bodyStart`.
    private mutating func readMembers(
        _ segment: String, owner: String, file: String, line: Int, lastHasBody: Bool,
        bodyStart: String
    ) {
        let ns = segment as NSString
        let matches = Self.declaration.matches(in: segment, range: NSRange(location: 0, length: ns.length))
        for (index, match) in matches.enumerated() {
            let keyword = ns.substring(with: match.range(at: 1))
            let name =
                match.range(at: 2).location == NSNotFound
                ? "" : ns.substring(with: match.range(at: 2)).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let end = index + 1 < matches.count ? matches[index + 1].range.location : ns.length
            let rest = ns.substring(
                with: NSRange(
                    location: match.range(at: 1).location,
                    length: end - match.range(at: 1).location))
            let memberLine = line + ns.substring(to: match.range(at: 1).location).filter { $0 == "\n" }.count
            let isLast = index == matches.count - 1
            let lineStart = ns.range(
                of: "\n", options: .backwards,
                range: NSRange(location: 0, length: match.range(at: 1).location)
            ).location
            let lead = ns.substring(
                with: NSRange(
                    location: lineStart == NSNotFound ? 0 : lineStart,
                    length: match.range(at: 1).location
                        - (lineStart == NSNotFound ? 0 : lineStart)))
            let isStatic = lead.contains("static ") || lead.contains("class ")
            switch keyword {
            case "case":
                let list = String(rest.dropFirst(4))
                for item in Self.splitTopLevel(list) {
                    let caseName = String(
                        item.trimmingCharacters(in: .whitespacesAndNewlines)
                            .prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    if !caseName.isEmpty {
                        members.append(
                            Member(
                                owner: owner, keyword: "case", name: caseName, labels: nil,
                                isStored: false, isStatic: isStatic, typeText: "",
                                file: file, line: memberLine))
                    }
                }
            case "func", "init", "subscript":
                let memberName = keyword == "func" ? name : keyword
                members.append(
                    Member(
                        owner: owner, keyword: keyword, name: memberName, labels: Self.labels(rest),
                        isStored: false, isStatic: isStatic, typeText: "",
                        file: file, line: memberLine))
            case "var", "let":
                guard !name.isEmpty else { continue }
                let header = rest.dropFirst(keyword.count).drop { $0 != ":" && $0 != "=" }
                let hasInitializer = header.contains("=")
                let body = bodyStart.trimmingCharacters(in: .whitespacesAndNewlines)
                let stored =
                    !(isLast && lastHasBody) || hasInitializer || body.hasPrefix("didSet")
                    || body.hasPrefix("willSet")
                members.append(
                    Member(
                        owner: owner, keyword: keyword, name: name, labels: nil, isStored: stored,
                        isStatic: isStatic,
                        typeText: header.trimmingCharacters(in: .whitespacesAndNewlines),
                        file: file, line: memberLine))
            default:
                members.append(
                    Member(
                        owner: owner, keyword: keyword, name: name, labels: nil, isStored: false,
                        isStatic: isStatic, typeText: "", file: file, line: memberLine))
            }
        }
    }

    /// The argument labels of the first parameter list in a declaration's text (`_` where there is none).
    static func labels(_ declaration: String) -> [String]? {
        guard let open = declaration.firstIndex(of: "(") else { return nil }
        var depth = 0
        var close = declaration.endIndex
        var previous: Character = " "
        for index in declaration.indices[open...] {
            let c = declaration[index]
            defer { previous = c }
            if "([<".contains(c) { depth += 1 }
            if ")]".contains(c) || (c == ">" && previous != "-") { depth -= 1 }
            if depth == 0 { close = index; break }
        }
        guard close != declaration.endIndex else { return nil }
        let list = declaration[declaration.index(after: open)..<close]
        if list.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return [] }
        return splitTopLevel(String(list)).map { parameter in
            let beforeColon = parameter.prefix { $0 != ":" }
            return beforeColon.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? "_"
        }
    }

    /// `text` split at commas outside brackets, parentheses and angle brackets.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for c in text {
            defer { previous = c }
            if "([<{".contains(c) { depth += 1 }
            if ")]}".contains(c) || (c == ">" && previous != "-") { depth -= 1 }
            if c == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        return parts
    }
}
