import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process and everything it started, stopped together.
///
/// `swiftc` runs its frontend jobs as children of its own, each in a process group of its own (seen with
/// `ps -o pid,ppid,pgid` while `loopsim conform` compiles), and they inherit the pipes the compiler was given.
/// Terminating `swiftc` alone left its frontend compiling, and reading the compiler's output to its end then
/// waited for that frontend: a SIGTERM to `conform` under load took 9.4 s to take effect instead of a moment.
/// Neither a process group nor a session holds the whole tree, so it is read from Linux's `/proc/PID/stat`.
enum ProcessTree {
    /// Stops `root` and every process descended from it, then sends each SIGTERM.
    ///
    /// Each process is frozen with SIGSTOP before its children are listed, so that none can start another
    /// child unseen between the listing and the signal; SIGCONT after SIGTERM lets each act on it.
    static func terminate(_ root: pid_t) {
        var frozen: [pid_t] = []
        var frontier = [root]
        while let pid = frontier.popLast() {
            guard kill(pid, SIGSTOP) == 0 else { continue }  // gone already
            frozen.append(pid)
            frontier += children(of: pid)
        }
        for pid in frozen {
            kill(pid, SIGTERM)
            kill(pid, SIGCONT)
        }
    }

    /// The processes whose parent is `parent`, from the fourth field of each `/proc/PID/stat` (after the
    /// command name, which is in parentheses and may itself hold spaces or parentheses).
    static func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), pid != parent,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == parent { found.append(pid) }
        }
        return found.sorted()
    }
}
