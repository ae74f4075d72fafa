import Foundation

/// What the command may assume about where its output goes: colour only on a terminal and only when the user has
/// not asked for none.
enum Terminal {
    /// Whether text written to `fd` may carry ANSI colour: `fd` is a terminal (`isatty(3)`), `NO_COLOR` is unset or
    /// empty (https://no-color.org: "when present and not an empty string, prevents the addition of ANSI
    /// color"), and `TERM` is not `dumb` (a terminal that shows escapes as text, as Emacs' shell).
    static func allowsColor(_ fd: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        allowsColor(isTerminal: isatty(fd) == 1, environment: environment)
    }

    /// ``allowsColor(_:environment:)`` for an output that is a terminal or not.
    static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
