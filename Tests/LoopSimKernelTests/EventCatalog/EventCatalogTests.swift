import Foundation
import Testing

@testable import LoopSimKernel

/// The event catalog against the code made from it: the generated files are what it makes now, and the
/// compiled kernel walks and reads every kind's fields as its row declares them.
@Suite struct EventCatalogTests {
    /// The package root: this file is Tests/LoopSimKernelTests/EventCatalog/EventCatalogTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each generated file is what the catalog makes; `LOOPSIM_GENERATE_EVENTS=1` writes them first.
    @Test func generatedFilesAreWhatTheCatalogMakes() throws {
        let write = ProcessInfo.processInfo.environment["LOOPSIM_GENERATE_EVENTS"] != nil
        for file in EventCodeGenerator.files(eventCatalog) {
            let url = Self.root.appendingPathComponent(file.path)
            if write { try file.text.write(to: url, atomically: true, encoding: .utf8) }
            let onDisk = try String(contentsOf: url, encoding: .utf8)
            #expect(
                onDisk == file.text,
                """
                \(file.path) differs from what EventCatalog.swift makes: run \
                `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests` and commit both
                """)
            for (n, line) in file.text.split(separator: "\n").enumerated() where line.count > 120 {
                Issue.record("\(file.path):\(n + 1) is longer than 120 columns")
            }
            let lines = file.text.split(separator: "\n").count
            #expect(lines <= 600, "\(file.path) has \(lines) lines: split it further (house style: ≤ 600)")
        }
    }

    /// No file in `Sources` says it was made from the catalog unless the catalog makes it now: a file the
    /// generator no longer writes (an old name after a split) fails here; `LOOPSIM_GENERATE_EVENTS=1` removes it.
    @Test func noStaleGeneratedFileIsLeft() throws {
        let write = ProcessInfo.processInfo.environment["LOOPSIM_GENERATE_EVENTS"] != nil
        let made = Set(EventCodeGenerator.files(eventCatalog).map(\.path))
        for path in try Self.swiftFiles(under: "Sources") where !made.contains(path) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let head = text.split(separator: "\n", maxSplits: 2).prefix(2)
            guard head.contains(where: { $0.hasPrefix(EventCodeGenerator.marker) }) else { continue }
            if write {
                try FileManager.default.removeItem(at: Self.root.appendingPathComponent(path))
            } else {
                Issue.record(
                    """
                    \(path) says it was made from EventCatalog.swift, which no longer makes it: run \
                    `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests` (it deletes it) and commit
                    """)
            }
        }
    }

    /// The `.swift` files under `directory` (from the package root), as paths from the root, sorted.
    static func swiftFiles(under directory: String) throws -> [String] {
        let base = Self.root.appendingPathComponent(directory)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { directory + "/" + $0 }
            .sorted()
    }

    /// One row a kind, in order, each with a distinct case, distinct keys, and a trace name shared by at most
    /// two kinds.
    @Test func catalogNamesEveryKindOnce() {
        #expect(eventCatalog.map(\.name) == EventKind.allCases.map { "\($0)" })
        #expect(eventCatalog.map(\.trace) == EventKind.allCases.map { $0.name.description })
        #expect(Set(eventCatalog.map(\.name)).count == eventCatalog.count)
        for e in eventCatalog {
            #expect(Set(e.fields.map(\.key)).count == e.fields.count, "\(e.name) repeats a key")
            #expect(Set(e.fields.map(\.label)).count == e.fields.count, "\(e.name) repeats a label")
            #expect(eventCatalog.filter { $0.trace == e.trace }.count <= 2, "\(e.trace) names too many kinds")
        }
    }

    /// Every kind read from a line with a value for each of its keys, then walked: the walk names its row's
    /// keys and shapes in order, and the values read come back.
    @Test(arguments: eventCatalog.map(\.name))
    func readingAndWalkingFollowTheRow(kind: String) throws {
        let row = try #require(eventCatalog.first { $0.name == kind })
        var reader = CannedReader(keys: Set(row.fields.map(\.key)))
        let body = try SimEvent.Body(kind: row.trace, reading: &reader)
        #expect("\(body.kind)" == row.name)
        var recorder = FieldRecorder()
        body.visitFields(&recorder)
        #expect(recorder.fields.map(\.key) == row.fields.map(\.key))
        #expect(recorder.fields.map(\.shape) == row.fields.map(\.shape.rawValue))
        #expect(recorder.fields.map(\.value) == row.fields.map { CannedReader.value(of: $0.key) })
    }

    @Test func readingAnUnknownKindThrows() {
        var reader = CannedReader(keys: [])
        #expect(throws: EventReadError.self) { try SimEvent.Body(kind: "timer.explode", reading: &reader) }
    }

    /// Answers each key with a value made from the key, so that a field read under the wrong key shows.
    struct CannedReader: EventFieldReader {
        var keys: Set<String>
        /// A number that stands for `key` (non-zero, and its instant is never ``SimInstant/never``).
        static func value(of key: String) -> Int64 { Int64(key.utf8.reduce(7) { ($0 &* 31 &+ Int($1)) % 100_003 }) + 1 }

        func has(_ key: String) -> Bool { keys.contains(key) }
        func name(_ key: String) throws -> Name { Name(index: UInt32(Self.value(of: key))) }
        func int(_ key: String) throws -> Int64 { Self.value(of: key) }
        func bool(_ key: String) throws -> Bool { Self.value(of: key) % 2 == 0 }
        func instant(_ key: String) throws -> SimInstant { SimInstant(nanoseconds: Self.value(of: key)) }
        func duration(_ key: String) throws -> SimDuration { SimDuration(nanoseconds: Self.value(of: key)) }
        func optionalDuration(_ key: String) throws -> SimDuration? { SimDuration(nanoseconds: Self.value(of: key)) }
        func names(_ key: String) throws -> [Name] { [Name(index: UInt32(Self.value(of: key)))] }
        func waitSet(_ key: String) throws -> WaitSet {
            WaitSet(timerPort: SimInstant(nanoseconds: Self.value(of: key)), mainQueue: false, timeout: .never)
        }
        func entered(_ key: String) throws -> Bool { Self.value(of: key) % 2 == 0 }
    }

    /// Records each field the walk names: its key, the visitor method (the shape) and a number for its value
    /// (``CannedReader/value(of:)`` when it was read back right).
    struct FieldRecorder: EventFieldVisitor {
        var fields: [(key: String, shape: String, value: Int64)] = []

        mutating func add(_ key: StaticString, _ shape: String, _ value: Int64) {
            fields.append((key.description, shape, value))
        }
        /// What a boolean read from `key` stands for, as ``CannedReader`` makes it.
        func canned(_ key: StaticString, _ value: Bool) -> Int64 {
            let v = CannedReader.value(of: key.description)
            return (v % 2 == 0) == value ? v : -v
        }

        mutating func name(_ key: StaticString, _ value: Name) { add(key, "name", Int64(value.index)) }
        mutating func int(_ key: StaticString, _ value: Int64) { add(key, "int", value) }
        mutating func bool(_ key: StaticString, _ value: Bool) { add(key, "bool", canned(key, value)) }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { add(key, "instant", value.nanoseconds) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { add(key, "duration", value.nanoseconds) }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            add(key, "optionalDuration", value?.nanoseconds ?? -1)
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            add(key, "names", value.count == 1 ? Int64(value[0].index) : -1)
        }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            add(key, "waitSet", value.timerPort.nanoseconds)
        }
        mutating func entered(_ key: StaticString, _ value: Bool) { add(key, "entered", canned(key, value)) }
    }
}
