#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One output of a command on its way to its target: the temporary file `.NAME.tmp-PID` beside the target,
/// written through a 1 MiB buffer, then flushed to disk and closed (``finish()``).
/// ``OutputTarget/writeTogether(_:streamed:)`` renames it over the target once every output of the command is
/// complete; ``discard()`` removes it.
///
/// A write that fails (a full disk) is remembered and the writes after it are dropped: ``finish()`` throws it and
/// removes the file. A trace written while its run goes on thus lets the run end as it would, and the command
/// then reports the disk, leaving every target as it was.
final class StagedFile {
    let target: OutputTarget
    /// The temporary file's path.
    let temporary: String
    /// The buffer and the descriptor; a sink encodes straight into `writer.buffer`, then calls ``flushIfFull()``.
    var writer: BufferedWriter
    /// The first write that failed, as its reason alone.
    private(set) var failure: OutputTarget.WriteError?
    private var isOpen = true

    /// Creates the temporary file (truncating one of this process's), after removing those of this target left by
    /// LoopSim processes that no longer run (``OutputTarget/removeStaleTemporaries()``).
    /// - Throws: ``OutputTarget/WriteError`` when the file cannot be created.
    init(_ target: OutputTarget) throws(OutputTarget.WriteError) {
        target.removeStaleTemporaries()
        self.target = target
        temporary = target.temporaryPath
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw OutputTarget.WriteError(
                message: "cannot write \(target.what) to '\(target.path)': "
                    + OutputTarget.reason(errno))
        }
        writer = BufferedWriter(fd: fd)
    }

    /// Appends `text` (dropped after a failure).
    func write(_ text: String) {
        guard failure == nil else { return }
        writer.buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    /// Writes the buffer out once it holds a block (1 MiB), remembering a failure.
    @inline(__always)
    func flushIfFull() {
        guard writer.buffer.count >= BufferedWriter.blockSize else { return }
        do throws(OutputTarget.WriteError) { try writer.flush() } catch { fail(error) }
    }

    private func fail(_ error: OutputTarget.WriteError) {
        if failure == nil { failure = error }
        writer.buffer = []  // what follows a failed block is never written: no need to hold it
    }

    /// Writes what is buffered, flushes the file to disk and closes it.
    /// - Throws: ``OutputTarget/WriteError`` naming the target; the temporary file is then removed.
    func finish() throws(OutputTarget.WriteError) {
        guard isOpen else { return }
        if failure == nil {
            do throws(OutputTarget.WriteError) {
                try writer.flush()
                guard fsync(writer.fd) == 0 else { throw OutputTarget.WriteError(message: OutputTarget.reason(errno)) }
            } catch {
                fail(error)
            }
        }
        isOpen = false
        if close(writer.fd) != 0 && failure == nil {
            failure = OutputTarget.WriteError(message: OutputTarget.reason(errno))
        }
        if let failure {
            unlink(temporary)
            throw OutputTarget.WriteError(
                message: "cannot write \(target.what) to '\(target.path)': "
                    + "\(failure.message); the file was not changed")
        }
    }

    /// Closes the file if it is open and removes it: the target stays as it was.
    func discard() {
        if isOpen {
            isOpen = false
            close(writer.fd)
        }
        unlink(temporary)
    }
}

/// Bytes on their way to a file descriptor: a buffer written out in blocks of 1 MiB, retrying short writes and
/// EINTR.
struct BufferedWriter {
    static let blockSize = 1 << 20
    let fd: Int32
    var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.blockSize + (Self.blockSize >> 4))
    }

    /// Writes the buffer out once it holds a block.
    /// - Throws: ``OutputTarget/WriteError`` whose message is the reason alone (`no space left on device`).
    @inline(__always)
    mutating func flushIfFull() throws(OutputTarget.WriteError) {
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes every byte of the buffer and empties it.
    /// - Throws: ``OutputTarget/WriteError`` whose message is the reason alone.
    mutating func flush() throws(OutputTarget.WriteError) {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                OutputTarget.systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputTarget.WriteError(message: OutputTarget.reason(errno))
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
