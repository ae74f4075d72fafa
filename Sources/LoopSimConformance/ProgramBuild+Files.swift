import Foundation

extension ProgramBuild {
    /// The path of the binary compiled from `files` (name and text; one of them `main.swift`) with `flags` after
    /// `swiftc -O -swift-version 5`, compiling it if it is not cached yet; cached, as ``binary(for:)`` is, under
    /// the hash of every name, text and flag.
    /// - Throws: ``ConformanceError`` with the compiler's output when compilation fails.
    public func binary(files: [(name: String, text: String)], flags: [String]) throws(ConformanceError) -> (
        path: String, cached: Bool
    ) {
        let key = (flags + files.flatMap { [$0.name, $0.text] }).joined(separator: "\u{0}")
        let directory = (cacheDirectory as NSString).appendingPathComponent(Self.hash(key))
        let binary = (directory as NSString).appendingPathComponent("conform")
        if FileManager.default.isExecutableFile(atPath: binary) { return (binary, true) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(
                    to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(file.name)))
            }
        } catch {
            throw ConformanceError("cannot write the program's files under \(directory): \(error)")
        }
        let partial = binary + ".partial"
        let result = Self.execute(
            "/usr/bin/env",
            ["swiftc", "-O", "-swift-version", "5", "-suppress-warnings"] + flags + files.map(\.name)
                + ["-o", "conform.partial"],
            in: directory, timeout: 900, isInterrupted: isInterrupted)
        guard !result.interrupted else {
            try? FileManager.default.removeItem(atPath: partial)
            throw ConformanceError("interrupted while compiling the program")
        }
        guard result.status == 0, FileManager.default.fileExists(atPath: partial) else {
            throw ConformanceError("swiftc failed in \(directory):\n" + result.stderr + result.stdout)
        }
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: binary)
        } catch {
            throw ConformanceError("cannot move the compiled program into place: \(error)")
        }
        return (binary, false)
    }
}
