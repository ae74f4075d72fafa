#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A report or trace file the command will write: checked before the run, replaced atomically after it.
///
/// The text goes to a temporary file in the target's directory (`.NAME.tmp-PID`, a ``StagedFile``: a JSON
/// Lines trace is written there while its run goes on), which is flushed to disk and then renamed over the
/// target, so a reader sees either the old file or the complete new one, never a torn one; on any failure the
/// temporary file is removed and the target is left as it was. An existing target is replaced only with
/// `--force`.
struct OutputTarget {
    /// Why a file cannot be written, in plain words (`cannot write the trace to 'x': ...`).
    struct WriteError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The path as given on the command line.
    let path: String
    /// What the file holds, for messages: `the trace`, `the report`.
    let what: String

    /// Checks, before a run, that the file may be written: the directory exists and is a directory, the path
    /// is not a directory, and an existing file is replaced only when `force` is set.
    /// - Throws: ``WriteError`` saying what is wrong and how to fix it.
    func checkWritable(force: Bool) throws(WriteError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw WriteError(message: "cannot write \(what) to '\(path)': it is a directory; name a file")
            }
            if !force {
                throw WriteError(
                    message: "\(what) file '\(path)' already exists; pass --force to replace it, "
                        + "or choose another path")
            }
        }
        let directory = Self.directory(of: path)
        guard stat(directory, &info) == 0 else {
            throw WriteError(
                message: "cannot write \(what) to '\(path)': directory '\(directory)' "
                    + Self.reason(errno) + "; create it first")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw WriteError(message: "cannot write \(what) to '\(path)': '\(directory)' is not a directory")
        }
        guard access(directory, W_OK) == 0 else {
            throw WriteError(message: "cannot write \(what) to '\(path)': directory '\(directory)' is not writable")
        }
    }

    /// Writes `chunks` (concatenated) atomically: temporary file, flush to disk, rename. Temporary files of
    /// this target left by a LoopSim process that no longer runs (killed during its final write) are removed
    /// first (``removeStaleTemporaries()``).
    /// - Throws: ``WriteError``; the target is then unchanged and no temporary file is left behind.
    func write<S: Sequence>(_ chunks: S) throws(WriteError) where S.Element == String {
        try Self.writeTogether([(self, AnySequence(chunks))])
    }

    /// Writes every output of a command as one: each to its temporary file, flushed to disk, and only when all of
    /// them are complete, each renamed over its target. `streamed` are files already written as the runs went on
    /// (the JSON Lines traces), finished here first; `outputs` are written after them, in order. A failure while
    /// writing any of them (a full disk) removes every temporary file and leaves every target as it was, so a
    /// command's files are never a mix of this run and an older one (one variant's trace new, the others old).
    /// - Throws: ``WriteError`` naming the file that could not be written.
    static func writeTogether(
        _ outputs: [(target: OutputTarget, chunks: AnySequence<String>)],
        streamed: [StagedFile] = []
    ) throws(WriteError) {
        var staged = streamed
        do throws(WriteError) {
            for file in streamed { try file.finish() }
            for (target, chunks) in outputs {
                let file = try StagedFile(target)
                staged.append(file)
                for chunk in chunks { file.write(chunk) }
                try file.finish()
            }
        } catch {
            for file in staged { file.discard() }
            let others = streamed.count + outputs.count > 1 ? " (nor were the other files)" : ""
            throw WriteError(message: error.message + others)
        }
        try commit(staged)
    }

    /// Renames every finished file over its target, in order. A rename in one directory needs no space; it fails
    /// only if the directory changed under the run: the files not yet renamed are then removed.
    private static func commit(_ staged: [StagedFile]) throws(WriteError) {
        for (i, file) in staged.enumerated() where rename(file.temporary, file.target.path) != 0 {
            let reason = reason(errno)
            for rest in staged[i...] { rest.discard() }
            let written = staged[..<i].map { "'\($0.target.path)'" }.joined(separator: ", ")
            throw WriteError(
                message: "cannot write \(file.target.what) to '\(file.target.path)': \(reason); the file "
                    + "was not changed" + (written.isEmpty ? "" : "; \(written) were replaced"))
        }
    }

    /// This target's temporary file: `.NAME.tmp-PID` beside it.
    var temporaryPath: String { Self.directory(of: path) + "/." + Self.fileName(of: path) + ".tmp-\(getpid())" }

    /// Removes `.NAME.tmp-PID` files beside the target whose process is gone (`kill(PID, 0)` fails with ESRCH): a
    /// run killed while it wrote its final file leaves one, as large as the file (a trace of millions of events).
    /// Only LoopSim's own naming is touched, and only for this target.
    func removeStaleTemporaries() {
        let directory = Self.directory(of: path)
        let prefix = "." + Self.fileName(of: path) + ".tmp-"
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            // The name is read up to its NUL in place: copying `d_name` (a 256-byte tuple) reads past a short entry
            // at the end of readdir's buffer, which crashed a run once (SIGSEGV).
            let nameAddress = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
            let name = String(cString: nameAddress.assumingMemoryBound(to: CChar.self))
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(directory + "/" + name) }
        }
        for file in stale { unlink(file) }
    }

    /// Writes every byte of `chunks` to `fd`, retrying short writes and EINTR; buffered in 1 MiB blocks.
    /// - Throws: ``WriteError`` whose message is the reason alone (`no space left on device`).
    static func writeAll<S: Sequence>(_ chunks: S, to fd: Int32) throws(WriteError) where S.Element == String {
        var writer = BufferedWriter(fd: fd)
        for chunk in chunks {
            writer.buffer.append(contentsOf: chunk.utf8)
            try writer.flushIfFull()
        }
        try writer.flush()
    }

    static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, bytes, count)
        #else
            Darwin.write(fd, bytes, count)
        #endif
    }

    /// `strerror`, lower-cased, with a hint for the usual suspects.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        let lowered = text.prefix(1).lowercased() + text.dropFirst()
        switch code {
        case ENOSPC: return lowered + " (the disk is full)"
        case EDQUOT: return lowered + " (over the disk quota)"
        case EROFS: return lowered + " (a read-only file system)"
        case EFBIG: return lowered + " (over the file-size limit: see `ulimit -f`)"
        default: return lowered
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
