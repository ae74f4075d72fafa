import Foundation
import LoopSimKernel
import Testing

@testable import LoopSimScenario

/// docs/kernel.md and the code agree: every file, type, member and event kind the doc names exists, and its
/// checked blocks (the parts and their files, the event queue's phases, the pass's phases, the frames, the step
/// files and verb tables) list what the code has. The doc's opening comment describes the markers.
///
/// The code's side is read from the source text (``SwiftDeclarations``), not compiled in: a type renamed or moved
/// while the kernel is restructured makes a test here fail with a message saying which line of the doc to change
/// and to what, instead of this file failing to build. Each message starts with the doc's `path:line`.
@Suite struct KernelDocTests {
    /// Records a failure whose message is built at run time, at the caller's line.
    static func record(_ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    static let docPath = "docs/kernel.md"
    static let kernel = "Sources/LoopSimKernel/"

    /// Every KIND a `<!-- checked: KIND -->` marker may have, each compared by a test below.
    static let kinds = ["kernel-parts", "event-phases", "pass-phases", "frames", "step-files"]

    /// Names the doc uses that are Apple's, the C library's or the standard library's, not the package's: a name
    /// starting with one of these prefixes, or one of `externalNames`, is not looked up.
    static let externalPrefixes = ["CF", "NS", "UI", "__CF", "_", "kCF", "dispatch_", "gsl_", "mk_"]
    static let externalNames: Set<String> = [
        "Int64", "Dictionary", "Set", "Unmanaged", "BASE_REF",
        // UIKit's properties and methods, named where the doc lists UIKit's references (UIKitLinks models them).
        "presentedViewController", "viewControllers", "navigationBar", "navigationItem", "rightBarButtonItem",
        "customView", "coveringBar", "viewDidDisappear", "isMainThread",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The doc's lines, 1-based by their index plus one.
    static let lines: [String] = {
        let text = (try? String(contentsOf: root.appendingPathComponent(docPath), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }()

    /// Every declaration under Sources/ and Tests/, read once.
    static let sources = Result { try SwiftDeclarations(root: root, directories: ["Sources", "Tests"]) }

    // MARK: Reading the doc

    /// A backticked span of the doc outside code blocks and HTML comments, with its line and what follows it.
    struct Span {
        let text: String
        let line: Int
        let before: String
        let after: String
        /// The table cell it is in (its index), when its line is a table row.
        let cell: Int?
    }

    /// Every span of the doc, or of the lines `range` (1-based, inclusive) when given.
    static func spans(in range: ClosedRange<Int>? = nil) -> [Span] {
        var result: [Span] = []
        var inFence = false
        var inComment = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inFence.toggle(); continue }
            if trimmed.hasPrefix("<!--") && !trimmed.contains("-->") { inComment = true; continue }
            if inComment { if trimmed.hasSuffix("-->") { inComment = false }; continue }
            if inFence || trimmed.hasPrefix("<!--") { continue }
            if let range, !range.contains(number) { continue }
            let isRow = trimmed.hasPrefix("|")
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
            var offset = 0
            for (i, piece) in pieces.enumerated() where i % 2 == 1 && i + 1 < pieces.count {
                let before = pieces[0..<i].joined(separator: "`")
                let cell = isRow ? before.filter { $0 == "|" }.count - 1 : nil
                result.append(
                    Span(
                        text: piece, line: number, before: before,
                        after: pieces[(i + 1)...].joined(separator: "`"), cell: cell))
                offset += 1
            }
        }
        return result
    }

    /// A block marked `<!-- checked: KIND -->`: the lines after the marker up to the next blank line.
    struct Block {
        let kind: String
        let marker: Int
        /// Its lines' 1-based numbers.
        let range: ClosedRange<Int>
        var text: [String] { Array(KernelDocTests.lines[(range.lowerBound - 1)..<range.upperBound]) }
    }

    static func blocks() -> [Block] {
        var result: [Block] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("<!-- checked:"), trimmed.hasSuffix("-->") else { continue }
            let kind = trimmed.dropFirst("<!-- checked:".count).dropLast("-->".count)
                .trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end + 1 < lines.count, !lines[end + 1].trimmingCharacters(in: .whitespaces).isEmpty { end += 1 }
            result.append(Block(kind: kind, marker: index + 1, range: (index + 2)...(end + 1)))
        }
        return result
    }

    static func block(_ kind: String) -> Block? { blocks().first { $0.kind == kind } }

    /// The function-like parts of a span: `Type.member(a:b:)` → (["Type", "member"], ["a", "b"]).
    static func reference(_ span: String) -> (path: [String], labels: [String]?)? {
        let pattern = #"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(\(((?:[A-Za-z_]\w*:)*)\))?$"#
        guard let match = span.wholeMatch(of: try! Regex(pattern)) else { return nil }
        let path = String(match.output[1].substring ?? "").split(separator: ".").map(String.init)
        guard match.output[2].substring != nil else { return (path, nil) }
        let labels = String(match.output[3].substring ?? "").split(separator: ":").map(String.init)
        return (path, labels)
    }

    static func isExternal(_ name: String) -> Bool {
        externalNames.contains(name) || externalPrefixes.contains { name.hasPrefix($0) }
    }

    static func site(of member: SwiftDeclarations.Member) -> String { "\(member.file):\(member.line)" }

    // MARK: Tests

    @Test func everyMarkerHasAKnownKindAndEveryKindABlock() {
        let blocks = Self.blocks()
        for block in blocks where !Self.kinds.contains(block.kind) {
            Self.record(
                "\(Self.docPath):\(block.marker): `checked: \(block.kind)` is not a kind KernelDocTests "
                    + "compares; kinds are \(Self.kinds.joined(separator: ", "))")
        }
        for kind in Self.kinds where !blocks.contains(where: { $0.kind == kind }) {
            Self.record(
                "\(Self.docPath) has no `<!-- checked: \(kind) -->` block: put the marker back on the line "
                    + "above it")
        }
    }

    /// Every `Folder/File.swift`, `File.swift` and `Folder/` the doc names is under Sources/. In a table cell a bare
    /// file name is in the folder of the cell's last path with a folder.
    @Test func namedFilesExist() throws {
        let code = try Self.sources.get()
        var folderOfCell: (line: Int, cell: Int, folder: String)?
        for span in Self.spans() {
            let text = span.text
            let isFolder = text.hasSuffix("/") && text.dropLast().allSatisfy { $0.isLetter || $0 == "/" }
            guard (text.hasSuffix(".swift") && !text.hasPrefix("+") && !text.contains(" ")) || isFolder else {
                continue
            }
            var path = text
            if let slash = text.lastIndex(of: "/"), !isFolder {
                if let cell = span.cell { folderOfCell = (span.line, cell, String(text[..<slash])) }
            } else if !isFolder, let context = folderOfCell, context.line == span.line, context.cell == span.cell {
                path = context.folder + "/" + text
            }
            let found = isFolder ? code.files.filter { $0.contains("/" + text) } : code.sourceFiles(endingWith: path)
            guard found.isEmpty else { continue }
            let name = String(text.split(separator: "/").last ?? "")
            let elsewhere = isFolder ? [] : code.files.filter { $0.hasSuffix("/" + name) }
            Self.record(
                "\(Self.docPath):\(span.line): names `\(path)`, which is no "
                    + (isFolder ? "folder" : "file") + " under Sources/"
                    + (elsewhere.isEmpty
                        ? "; write where that code is now, or drop the name"
                        : "; a file of that name is \(elsewhere.joined(separator: ", ")): write that path"))
        }
    }

    /// Every type, `Type.member`, `Type.function(labels:)` and camel-case member name the doc writes in backticks is
    /// declared under Sources/ (Apple's and Swift's own names excepted: ``externalPrefixes``, ``externalNames``).
    @Test func namedTypesAndMembersExist() throws {
        let code = try Self.sources.get()
        let flags = Set(VariantFlag.all.map(\.name))
        for span in Self.spans() {
            guard !span.text.hasSuffix(".swift"), let (path, labels) = Self.reference(span.text),
                let first = path.first,
                !Self.isExternal(first), !Self.isEventKindSpan(span)
            else { continue }
            let written = "`\(span.text)`"
            if first.first!.isUppercase {
                // The longest leading run of components that is a type; the rest is a member of it.
                var typeCount = path.count
                while typeCount > 0, code.types(named: path[0..<typeCount].joined(separator: ".")).isEmpty {
                    typeCount -= 1
                }
                guard typeCount > 0 else {
                    Self.record(
                        "\(Self.docPath):\(span.line): names the type `\(first)` (\(written)), which no file "
                            + "under Sources/ declares: write the type's name now, or drop it")
                    continue
                }
                let typeName = path[0..<typeCount].joined(separator: ".")
                let rest = path[typeCount...]
                guard let member = rest.first else { continue }
                if rest.count > 1 {
                    Self.record(
                        "\(Self.docPath):\(span.line): \(written): `\(typeName)` has no nested type "
                            + "`\(member)`; write `Type.member`")
                    continue
                }
                check(member: member, labels: labels, of: typeName, written: written, line: span.line, code)
            } else if path.count == 1, labels != nil || first.contains(where: \.isUppercase) {
                if flags.contains(first) || Self.externalNames.contains(first) { continue }
                check(member: first, labels: labels, of: nil, written: written, line: span.line, code)
            }
        }
    }

    /// Records a failure unless `owner` (any type when nil) has a member `name`, a function with `labels` if given.
    private func check(
        member name: String, labels: [String]?, of owner: String?, written: String, line: Int,
        _ code: SwiftDeclarations
    ) {
        let candidates = owner.map { code.members(of: $0, named: name) } ?? code.members(named: name)
        let subject = owner.map { "`\($0)`" } ?? "no type under Sources/"
        guard !candidates.isEmpty else {
            Self.record(
                "\(Self.docPath):\(line): names \(written), but \(subject) "
                    + (owner == nil
                        ? "has a member `\(name)`" : "has no member `\(name)` (in its body or an extension)")
                    + ": write the name the code uses now, or drop it")
            return
        }
        guard let labels else { return }
        let functions = candidates.filter { $0.labels != nil }
        if !functions.contains(where: { $0.labels == labels }) {
            let actual = functions.map { "`\(name)(\($0.labels!.map { $0 + ":" }.joined()))` (\(Self.site(of: $0)))" }
            Self.record(
                "\(Self.docPath):\(line): names \(written), but the code has "
                    + (actual.isEmpty ? "no function `\(name)`" : actual.joined(separator: ", "))
                    + ": write its labels as the code has them")
        }
    }

    /// A span the doc calls an event (`` `crash` event ``, `` event `run.end` ``): the name of an ``EventKind``.
    static func isEventKindSpan(_ span: Span) -> Bool {
        span.after.hasPrefix(" event") || span.before.hasSuffix("event ") || span.before.hasSuffix("events ")
    }

    @Test func namedEventKindsExist() {
        let kinds = Set(EventKind.allCases.map { "\($0.name)" })
        for span in Self.spans() where Self.isEventKindSpan(span) && !kinds.contains(span.text) {
            Self.record(
                "\(Self.docPath):\(span.line): calls `\(span.text)` an event, but no EventKind's name is "
                    + "`\(span.text)` (Events/EventKind.swift): write the trace name of the kind meant")
        }
    }

    /// `Kernel`'s stored properties: as many as the doc says, and each part's type in a file the parts table lists.
    @Test func kernelPartsTable() throws {
        let code = try Self.sources.get()
        let stored = code.members.filter {
            $0.owner == "Kernel" && ($0.keyword == "var" || $0.keyword == "let") && $0.isStored && !$0.isStatic
        }
        #expect(stored.count >= 10)
        let claim = try Regex(#"(\d+) stored properties in all\)"#)
        var claimed = false
        for (index, line) in Self.lines.enumerated() {
            guard let match = line.firstMatch(of: claim), let n = Int(match.output[1].substring ?? "") else {
                continue
            }
            claimed = true
            if n != stored.count {
                Self.record(
                    "\(Self.docPath):\(index + 1): says `Kernel` has \(n) stored properties; "
                        + "Sources/LoopSimKernel/Kernel.swift declares \(stored.count) ("
                        + stored.map(\.name).joined(separator: ", ") + "): write \(stored.count), and say what any new "
                        + "one is")
            }
        }
        if !claimed {
            Self.record(
                "\(Self.docPath): no longer says how many stored properties `Kernel` has, "
                    + "\"N stored properties in all)\": KernelDocTests checks that sentence")
        }

        guard let table = Self.block("kernel-parts") else { return }
        let spans = Self.spans(in: table.range)
        let listed = Set(
            spans.compactMap { span -> String? in
                guard span.text.hasSuffix(".swift") else { return nil }
                return span.text.split(separator: "/").last.map(String.init)
            })
        // A row may list a whole folder (`Events/`).
        let folders = spans.map(\.text).filter { $0.hasSuffix("/") }
        let notParts: Set = ["program", "configuration"]
        for property in stored where !notParts.contains(property.name) {
            guard let typeName = Self.typeName(of: property),
                let type = code.types(named: typeName).first(where: { $0.file.hasPrefix(Self.kernel) })
            else { continue }
            let file = String(type.file.dropFirst(Self.kernel.count))
            if !listed.contains(String(file.split(separator: "/").last!)),
                !folders.contains(where: { file.hasPrefix($0) })
            {
                Self.record(
                    "\(Self.docPath):\(table.range.lowerBound): the `checked: kernel-parts` table does not "
                        + "list `\(file)`, where `Kernel.\(property.name)`'s type `\(typeName)` is declared "
                        + "(\(Self.site(of: property))): add the file to its part's row, or a row for the part")
            }
        }
    }

    /// The type a stored property's declaration names: its annotation, or the type its initializer calls.
    static func typeName(of property: SwiftDeclarations.Member) -> String? {
        let text = property.typeText
        let identifier = try! Regex(#"[A-Z]\w*"#)
        if text.hasPrefix(":") { return text.firstMatch(of: identifier).map { String($0.output[0].substring!) } }
        if text.hasPrefix("=") {
            let call = try! Regex(#"^=\s*([A-Z]\w*)\("#)
            return text.firstMatch(of: call).map { String($0.output[1].substring!) }
        }
        return nil
    }

    /// The event queue's phases: each ``EventPhase`` case with its raw value, and in each phase's row the
    /// `KernelEvent` cases the code schedules in that phase.
    @Test func eventPhasesTable() throws {
        let code = try Self.sources.get()
        guard let table = Self.block("event-phases") else { return }
        let rows = table.text.enumerated().dropFirst(2).map { (table.range.lowerBound + $0.offset, $0.element) }
        var documented: [String: (line: Int, events: Set<String>)] = [:]
        for (line, row) in rows {
            let cells = CheckedTables.cells(row)
            let number = Int(cells[0].prefix { $0.isNumber }) ?? -1
            guard let name = CheckedTables.spans(in: cells[0]).first else {
                Self.record("\(Self.docPath):\(line): an `event-phases` row starts with `N \\`name\\``"); continue
            }
            let phase = UInt8(exactly: number).flatMap(EventPhase.init(rawValue:))
            if phase.map({ "\($0)" }) != name {
                Self.record(
                    "\(Self.docPath):\(line): phase \(number) is "
                        + (phase.map { "`\($0)`" } ?? "no EventPhase")
                        + " in Queue/EventQueue.swift, the doc says `\(name)`")
            }
            // Names of the row's second column; `work:`, `dispatch_after` and the like are prose, not cases.
            let events =
                cells.count > 1
                ? Set(CheckedTables.spans(in: cells[1]).filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }) : []
            documented[name] = (line, events)
        }
        var raw: UInt8 = 0
        while let phase = EventPhase(rawValue: raw) {
            if documented["\(phase)"] == nil {
                Self.record(
                    "\(Self.docPath):\(table.range.lowerBound): the `checked: event-phases` table has no row "
                        + "for EventPhase `\(phase)` (\(raw)): add one")
            }
            raw += 1
        }

        let cases = Set(code.members.filter { $0.owner == "KernelEvent" && $0.keyword == "case" }.map(\.name))
        #expect(!cases.isEmpty)
        var scheduled: [String: Set<String>] = [:]
        var site: [String: String] = [:]
        // Each `.schedule(` call up to its `phase: .name` (found with `range(of:)`: a Regex over every kernel file
        // took minutes in a debug build); the KernelEvent cases named in between are scheduled in that phase.
        for file in code.files.filter({ $0.hasPrefix(Self.kernel) }) {
            let text = code.code[file] ?? ""
            var rest = text[...]
            while let call = rest.range(of: ".schedule(") {
                rest = rest[call.upperBound...]
                guard let label = rest.range(of: "phase:") else { break }
                let arguments = rest[..<label.lowerBound]
                let after = rest[label.upperBound...].drop { $0 == " " || $0 == "\n" }
                guard after.first == "." else { continue }
                let phase = String(after.dropFirst().prefix { $0.isLetter || $0.isNumber })
                let names = arguments.split(separator: ".")
                    .map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
                for name in names where cases.contains(name) {
                    scheduled[phase, default: []].insert(name)
                    site[name] = site[name] ?? String(file.dropFirst(Self.kernel.count))
                }
            }
        }
        #expect(!scheduled.isEmpty)
        for (phase, names) in scheduled.sorted(by: { $0.key < $1.key }) {
            guard let row = documented[phase] else { continue }
            for name in names.sorted() where !row.events.contains(name) {
                Self.record(
                    "\(Self.docPath):\(row.line): \(site[name]!) schedules `KernelEvent.\(name)` in phase "
                        + "`\(phase)`; name it, in backticks, in that row's second column")
            }
        }
        for (phase, row) in documented.sorted(by: { $0.key < $1.key }) {
            for name in row.events.sorted() where !(scheduled[phase] ?? []).contains(name) {
                let actual = scheduled.filter { $0.value.contains(name) }.map(\.key).sorted()
                Self.record(
                    "\(Self.docPath):\(row.line): the `\(phase)` row names `\(name)`, which the kernel "
                        + (actual.isEmpty
                            ? "does not schedule (no KernelEvent case of that name is scheduled)"
                            : "schedules in phase " + actual.map { "`\($0)`" }.joined(separator: ", "))
                        + ": move or drop it")
            }
        }
    }

    /// The pass's numbered list names, in bold, every case of `ActivationFrame.Phase`, and no other.
    @Test func passPhases() throws {
        let code = try Self.sources.get()
        guard let list = Self.block("pass-phases") else { return }
        let phases = code.members.filter { $0.owner.hasSuffix("ActivationFrame.Phase") && $0.keyword == "case" }
        #expect(phases.count >= 5)
        var bold: [(String, Int)] = []
        for (offset, line) in list.text.enumerated() {
            for match in line.matches(of: try Regex(#"\*\*(\w+)\*\*"#)) {
                bold.append((String(match.output[1].substring!), list.range.lowerBound + offset))
            }
        }
        for (name, line) in bold where !phases.contains(where: { $0.name == name }) {
            Self.record(
                "\(Self.docPath):\(line): **\(name)** is no case of ActivationFrame.Phase "
                    + "(RunLoop/ActivationFrame.swift): write the phase's name now, or drop it")
        }
        for phase in phases where !bold.contains(where: { $0.0 == phase.name }) {
            Self.record(
                "\(Self.docPath):\(list.range.lowerBound): the `checked: pass-phases` list does not name "
                    + "ActivationFrame.Phase `\(phase.name)` (\(Self.site(of: phase))) in bold: add **\(phase.name)** "
                    + "where the list describes it")
        }
    }

    /// The frames paragraph names every class conforming to `Frame` in the kernel, and no other.
    @Test func frames() throws {
        let code = try Self.sources.get()
        guard let paragraph = Self.block("frames") else { return }
        let frames = code.types.filter {
            $0.file.hasPrefix(Self.kernel) && $0.keyword == "class" && $0.inherited.contains("Frame")
        }
        #expect(frames.count >= 5)
        let named = Self.spans(in: paragraph.range).filter { $0.text.hasSuffix("Frame") }
        for span in named where !frames.contains(where: { $0.name == span.text }) {
            Self.record(
                "\(Self.docPath):\(span.line): `\(span.text)` is no class conforming to `Frame` under "
                    + "Sources/LoopSimKernel: write the frame's name now, or drop it")
        }
        for frame in frames where !named.contains(where: { $0.text == frame.name }) {
            Self.record(
                "\(Self.docPath):\(paragraph.range.lowerBound): the `checked: frames` paragraph does not name "
                    + "`\(frame.name)` (\(frame.file):\(frame.line)), a `Frame`: add it, saying what it runs")
        }
    }

    /// The steps paragraph names every `…Steps.swift` file of the kernel and every verb table the compiler's
    /// `stepVerbs` joins, and no others.
    @Test func stepFilesAndVerbTables() throws {
        let code = try Self.sources.get()
        guard let paragraph = Self.block("step-files") else { return }
        let spans = Self.spans(in: paragraph.range)
        let files = code.files.filter { $0.hasPrefix(Self.kernel) && $0.hasSuffix("Steps.swift") }
            .map { String($0.dropFirst(Self.kernel.count)) }
        #expect(files.count >= 5)
        let namedFiles = spans.filter { $0.text.hasSuffix("Steps.swift") && $0.text.contains("/") }
        for span in namedFiles where !files.contains(span.text) {
            Self.record(
                "\(Self.docPath):\(span.line): `\(span.text)` is no file under Sources/LoopSimKernel: "
                    + "write where that part's steps are now, or drop it")
        }
        for file in files where !namedFiles.contains(where: { $0.text == file }) {
            Self.record(
                "\(Self.docPath):\(paragraph.range.lowerBound): the `checked: step-files` paragraph does not "
                    + "name `\(file)`: add it to the list of step files")
        }

        let stepsFile = "Sources/LoopSimScenario/Compiler/ScenarioCompiler+Steps.swift"
        let text = code.code[stepsFile] ?? ""
        let join = try Regex(#"static let stepVerbs: \[StepVerb\] =([\w\s+]*)"#)
        guard let match = text.firstMatch(of: join) else {
            Self.record(
                "\(stepsFile) no longer declares `static let stepVerbs: [StepVerb] = a + b + …`; "
                    + "update KernelDocTests.stepFilesAndVerbTables to read the verb tables where they are joined now")
            return
        }
        // `a + b\n + c`: the first word of each operand (the declaration ends where a word follows a word).
        let tables = String(match.output[1].substring!).split(separator: "+")
            .compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(tables.count >= 5)
        let namedTables = spans.filter { $0.text.hasSuffix("Verbs") }
        for span in namedTables where !tables.contains(span.text) {
            Self.record(
                "\(Self.docPath):\(span.line): `\(span.text)` is not one of the verb tables "
                    + "ScenarioCompiler.stepVerbs joins (\(tables.joined(separator: ", "))): write its name now, "
                    + "or drop it")
        }
        for table in tables where !namedTables.contains(where: { $0.text == table }) {
            Self.record(
                "\(Self.docPath):\(paragraph.range.lowerBound): the `checked: step-files` paragraph does not "
                    + "name `\(table)`, a verb table ScenarioCompiler.stepVerbs joins: add it")
        }
    }

    /// Each line of a Swift code block is a line of the file named last before the block.
    @Test func codeSamplesAreTheCodes() throws {
        let code = try Self.sources.get()
        var lastFile: String?
        var index = 0
        var samples = 0
        while index < Self.lines.count {
            let line = Self.lines[index]
            for piece in line.split(separator: "`").map(String.init) where piece.hasSuffix(".swift") {
                lastFile = code.sourceFiles(endingWith: piece).first
            }
            guard line.trimmingCharacters(in: .whitespaces) == "```swift" else { index += 1; continue }
            samples += 1
            let fileText = lastFile.flatMap {
                try? String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8)
            }
            let codeLines = Set((fileText ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            index += 1
            while index < Self.lines.count, Self.lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                let sample = Self.lines[index].trimmingCharacters(in: .whitespaces)
                if !sample.isEmpty, !codeLines.contains(sample) {
                    Self.record(
                        "\(Self.docPath):\(index + 1): `\(sample)` is not a line of "
                            + (lastFile ?? "the file named before the code block") + ": copy the code as it is now")
                }
                index += 1
            }
            index += 1
        }
        #expect(samples >= 1)
    }
}
