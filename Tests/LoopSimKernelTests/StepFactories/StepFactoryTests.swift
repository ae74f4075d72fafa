import Foundation
import Testing

/// The step structs' generated factories against their declarations.
@Suite struct StepFactoryTests {
    /// The package root: this file is Tests/LoopSimKernelTests/StepFactories/StepFactoryTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The steps files, from the package root, in path order.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let kernel = root.appendingPathComponent("Sources/LoopSimKernel")
        let folders = try FileManager.default.contentsOfDirectory(atPath: kernel.path)
        var files: [(path: String, text: String)] = []
        for folder in folders {
            let folderPath = kernel.appendingPathComponent(folder).path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? [] {
                let path = "Sources/LoopSimKernel/\(folder)/\(name)"
                guard StepFactoryGenerator.isSourceFile(path) else { continue }
                files.append((path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Each folder's generated file is what its declarations make, and no other generated file is left;
    /// `LOOPSIM_GENERATE_STEPS=1` writes them (and deletes stale ones) first.
    @Test func generatedFactoriesAreTheDeclarations() throws {
        let expected = StepFactoryGenerator.files(try Self.sourceFiles())
        let fm = FileManager.default
        let kernel = Self.root.appendingPathComponent("Sources/LoopSimKernel")
        var present: [String] = []
        for folder in try fm.contentsOfDirectory(atPath: kernel.path).sorted() {
            for name in (try? fm.contentsOfDirectory(atPath: kernel.appendingPathComponent(folder).path)) ?? [] {
                let path = "Sources/LoopSimKernel/\(folder)/\(name)"
                if StepFactoryGenerator.isOutput(path) { present.append(path) }
            }
        }
        if ProcessInfo.processInfo.environment["LOOPSIM_GENERATE_STEPS"] != nil {
            for path in present where !expected.contains(where: { $0.path == path }) {
                try fm.removeItem(at: Self.root.appendingPathComponent(path))
            }
            for file in expected {
                try file.text.write(to: Self.root.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
            }
            present = expected.map(\.path)
        }
        let stale = present.filter { path in !expected.contains { $0.path == path } }
        #expect(stale.isEmpty, "generated step factories no step declares: \(stale); regenerate")
        for file in expected {
            let url = Self.root.appendingPathComponent(file.path)
            #expect(
                (try? String(contentsOf: url, encoding: .utf8)) == file.text,
                """
                \(file.path) differs from the step declarations: run \
                `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests` and commit it
                """)
            for (n, line) in file.text.split(separator: "\n").enumerated() where line.count > 120 {
                Issue.record("\(file.path):\(n + 1) is longer than 120 columns")
            }
        }
    }

    /// The reading of a declaration: stored properties in order, with their initial values; computed ones,
    /// nested types' members and a struct with its own initialiser left out.
    @Test func declarationsAreReadAsSwiftReadsThemForMemberwiseInitialisers() {
        let text = """
            /// A step.
            public struct AStep: ExecutableStep {
                public var verb: String { "a" }
                public var target: Expr
                /// Doc.
                public var into: LValue? = nil
                public let fixed = 3
                public let label: String

                public struct Inner {
                    public var hidden: Int
                }
            }

            public struct Own {
                public var rawValue: UInt32
                public init(rawValue: UInt32) { self.rawValue = rawValue }
            }
            """
        let declarations = StepFactoryGenerator.declarations(in: text)
        #expect(declarations.map(\.name) == ["AStep"])
        #expect(declarations.first?.properties.map(\.name) == ["target", "into", "label"])
        #expect(declarations.first?.properties.map(\.initial) == [nil, "nil", nil])
    }
}
