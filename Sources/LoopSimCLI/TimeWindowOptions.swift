import ArgumentParser
import Foundation
import LoopSimScenario

/// `--from` and `--to`: a window of virtual time, as durations from the start of the run (`3.5s`, `250ms`).
struct TimeWindowOptions: ParsableArguments {
    @Option(help: "Start of the window, a duration from the start of the run (e.g. 3.5s).")
    var from: String?

    @Option(help: "End of the window, a duration from the start of the run (e.g. 4s).")
    var to: String?

    /// The window in nanoseconds.
    func nanoseconds() throws -> (from: Int64?, to: Int64?) {
        func parse(_ text: String?, _ name: String) throws -> Int64? {
            guard let text else { return nil }
            switch DurationParser.nanoseconds(text) {
            case .success(let ns): return ns
            case .failure(let error): throw ValidationError("--\(name): \(error.message)")
            }
        }
        let window = (from: try parse(from, "from"), to: try parse(to, "to"))
        if let f = window.from, let t = window.to, t < f { throw ValidationError("--to must not be before --from") }
        return window
    }

    func validate() throws { _ = try nanoseconds() }
}

/// The width of the terminal standard output is on.
enum TerminalWidth {
    /// `COLUMNS` when set, else the terminal's width, else 100 (a pipe or a file).
    static var current: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 100
    }
}
