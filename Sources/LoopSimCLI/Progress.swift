import Foundation

/// A one-line progress bar with an estimate of the time left, on standard error, only when standard error is a
/// terminal (`isatty(2)`) and the work is long enough to need one: never in a pipe, a file or a test, so output
/// stays byte-identical. The estimate uses the wall clock, which only this line ever sees.
final class ProgressBar: @unchecked Sendable {
    let title: String
    let total: Int
    private let lock = NSLock()
    private var shownPercent = -1
    private var shownAt = Date.distantPast
    private let start = Date()
    private var written = false

    /// Nil when standard error is not a terminal or `total` is below `minimum`.
    init?(title: String, total: Int, minimum: Int = 20) {
        guard isatty(STDERR_FILENO) == 1, total >= minimum else { return nil }
        self.title = title
        self.total = total
    }

    /// Redraws the line for `done` of ``total`` items, at most once per percent or every half second.
    func update(_ done: Int) {
        lock.lock()
        defer { lock.unlock() }
        let percent = done * 100 / max(1, total)
        let now = Date()
        guard percent != shownPercent || now.timeIntervalSince(shownAt) >= 0.5 else { return }
        shownPercent = percent
        shownAt = now
        written = true
        let width = 30
        let filled = width * min(done, total) / max(1, total)
        StandardError.write(
            "\r\(title) [\(String(repeating: "#", count: filled))"
                + "\(String(repeating: " ", count: width - filled))] \(done)/\(total)"
                + Self.eta(elapsed: now.timeIntervalSince(start), done: done, total: total) + "\u{1B}[K")
    }

    /// Erases the line, before the command prints to a terminal that shows it (the next update draws it again).
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if written { StandardError.write("\r\u{1B}[K") }
        shownPercent = -1
    }

    /// Ends the line (when one was drawn).
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if written { StandardError.write("\n") }
        written = false
    }

    /// `  ETA 1:05` from the mean time per item so far; empty before the first item.
    static func eta(elapsed: TimeInterval, done: Int, total: Int) -> String {
        guard done > 0, done < total else { return done >= total ? "  done" : "" }
        let left = Int((elapsed / Double(done) * Double(total - done)).rounded())
        let h = left / 3600, m = left / 60 % 60, s = left % 60
        return "  ETA " + (h > 0 ? "\(h):" + String(format: "%02d:%02d", m, s) : "\(m):" + String(format: "%02d", s))
    }
}

/// The default of `--jobs`: the machine's active processor count (results are identical for any value).
enum Jobs {
    static var defaultCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
