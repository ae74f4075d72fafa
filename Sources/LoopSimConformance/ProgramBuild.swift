import Foundation

/// Compiles a generated program with the toolchain's `swiftc -O`, caching binaries by the hash of their
/// source, and runs it.
///
/// The cache lives in a gitignored folder (`.build-conformance/` by default): `HASH/main.swift` and
/// `HASH/conform`. A source seen before costs nothing; a new one costs one `swiftc -O` run.
public struct ProgramBuild: Sendable {
    /// Where binaries are cached.
    public var cacheDirectory: String
    /// Polled while `swiftc` runs: true stops the compilation (Ctrl-C, SIGTERM).
    public var isInterrupted: @Sendable () -> Bool = { false }

    public init(cacheDirectory: String = ".build-conformance") {
        self.cacheDirectory = cacheDirectory
    }

    /// The path of the binary for `source`, compiling it if it is not cached yet.
    /// - Throws: ``ConformanceError`` with the compiler's output when compilation fails.
    public func binary(for source: String) throws(ConformanceError) -> (path: String, cached: Bool) {
        let directory = (cacheDirectory as NSString).appendingPathComponent(Self.hash(source))
        let binary = (directory as NSString).appendingPathComponent("conform")
        if FileManager.default.isExecutableFile(atPath: binary) { return (binary, true) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(source.utf8).write(
                to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent("main.swift")))
        } catch {
            throw ConformanceError("cannot write the generated program under \(directory): \(error)")
        }
        let partial = binary + ".partial"
        let result = Self.execute(
            "/usr/bin/env",
            [
                "swiftc", "-O", "-swift-version", "5", "-suppress-warnings", "main.swift",
                "-o", "conform.partial",
            ],
            in: directory, timeout: 900, isInterrupted: isInterrupted)
        guard !result.interrupted else {
            try? FileManager.default.removeItem(atPath: partial)
            throw ConformanceError("interrupted while compiling the generated program")
        }
        guard result.status == 0, FileManager.default.fileExists(atPath: partial) else {
            throw ConformanceError("swiftc failed on \(directory)/main.swift:\n" + result.stderr + result.stdout)
        }
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: binary)
        } catch {
            throw ConformanceError("cannot move the compiled program into place: \(error)")
        }
        return (binary, false)
    }

    /// The path to run `binary` by so that the process is called `processName` (a scenario's `process:`): Linux
    /// names a process after the file `execve` ran, cut to 15 bytes (`comm`), and that name is what the main
    /// thread's `Thread.current.name` reads under `threadNames` pthread. A symbolic link named `processName`
    /// beside the binary (`HASH/process/NAME`), made once; `binary` itself when the names agree.
    /// - Throws: ``ConformanceError`` when the link cannot be made.
    public static func path(of binary: String, named processName: String) throws(ConformanceError) -> String {
        guard processName != (binary as NSString).lastPathComponent else { return binary }
        let directory = ((binary as NSString).deletingLastPathComponent as NSString).appendingPathComponent("process")
        let link = (directory as NSString).appendingPathComponent(processName)
        if FileManager.default.isExecutableFile(atPath: link) { return link }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: link)  // a dangling link left by a removed binary
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../conform")
        } catch {
            throw ConformanceError("cannot name the real program \(processName) (a link under \(directory)): \(error)")
        }
        return link
    }

    /// FNV-1a 64 of the text, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What a finished process printed.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var timedOut: Bool
        /// Stopped because `isInterrupted` became true.
        public var interrupted = false
    }

    /// Runs `executable` with `arguments`, draining both pipes while it runs; kills it and every process it
    /// started (``ProcessTree``) after `timeout` seconds, or as soon as `isInterrupted` (polled every 50 ms)
    /// answers true, so that a signal to LoopSim leaves neither its child nor the compiler's jobs running.
    public static func execute(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        timeout: Double, isInterrupted: @escaping @Sendable () -> Bool = { false }
    ) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Output(status: -1, stdout: "", stderr: "cannot start \(executable): \(error)", timedOut: false)
        }
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { if process.isRunning { ProcessTree.terminate(pid) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let poll = DispatchSource.makeTimerSource(queue: .global())
        poll.schedule(deadline: .now() + 0.05, repeating: 0.05)
        poll.setEventHandler { if isInterrupted(), process.isRunning { ProcessTree.terminate(pid) } }
        poll.resume()
        let errData = ErrorDrain(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        poll.cancel()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
        let interrupted = killed && isInterrupted()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self), timedOut: killed && !interrupted,
            interrupted: interrupted)
    }
}

/// Reads a pipe to its end on another thread, so that neither pipe can fill up and block the child.
private final class ErrorDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
