import ArgumentParser
import LoopSimScenario

/// `loopsim`: replay iOS run-loop, timer and object-lifetime scenarios on a virtual clock.
public struct LoopSimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "loopsim",
        abstract: "Replay run loops, timers, GCD and object lifetimes on a virtual clock, under several OS variants.",
        discussion:
            "Exit codes: 0 success, 1 failed expectations or tests, 2 invalid scenario or arguments, 3 a run hit a limit.",
        version: LoopSimCommand.version,
        subcommands: [
            RunCommand.self, TestCommand.self, ValidateCommand.self, VariantsCommand.self,
            SweepCommand.self, MergeCommand.self, WhyCommand.self, GraphCommand.self,
            CompareCommand.self, TimelineCommand.self, ReportCommand.self, PlayCommand.self,
            ConformCommand.self, FuzzCommand.self,
            GoldenCommand.self, FingerprintCommand.self, SchemaCommand.self,
        ],
        defaultSubcommand: nil
    )
    public init() {}

    /// What `loopsim --version` prints.
    public static let version = "0.1.0"

    /// Runs the command line as ``ParsableCommand/main()`` does, except that a usage error (an unknown or
    /// missing option, a value a `validate()` refuses), which ArgumentParser ends with `EX_USAGE` (64), exits
    /// with 2, the code the exit codes above give invalid arguments; its message and usage are printed as before.
    public static func mainWithLoopSimExitCodes() -> Never {
        Interrupt.ignoreFileSizeSignal()  // a write past `ulimit -f` fails with EFBIG, reported, instead of killing
        // ArgumentParser takes a mistyped command for stray arguments ("2 unexpected arguments: 'rn', 'x.yaml'"):
        // name it as a command, with the closest one, as git does.
        if let message = unknownCommandMessage(Array(CommandLine.arguments.dropFirst())) {
            StandardError.write(message)
            Self.exit(withError: Exit.invalid)
        }
        do {
            var command = try parseAsRoot()
            if let command = command as? InterruptibleCommand, command.pollsForInterrupts { Interrupt.install() }
            try command.run()
            Self.exit()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let message = fullMessage(for: error)
                if !message.isEmpty { StandardError.write(message + "\n") }
                Self.exit(withError: Exit.invalid)
            }
            Self.exit(withError: error)
        }
    }
}

extension LoopSimCommand {
    /// The names of the subcommands, in the order `--help` lists them.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The error for a command line whose first word is not a command (`loopsim rn`), with the closest command
    /// (``KeyChecker/suggestion(for:among:)``: edit distance ≤ 2, or a shared prefix of 3), or nil when the first
    /// word is an option, a command or `help`.
    static func unknownCommandMessage(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !commandNames.contains(first)
        else { return nil }
        let hint =
            KeyChecker.suggestion(for: first, among: commandNames).map { "; did you mean '\($0)'?" }
            ?? "; the commands are " + commandNames.joined(separator: ", ")
        return "error: unknown command '\(first)'\(hint)\nUsage: loopsim <subcommand>\n"
            + "  See 'loopsim --help' for more information.\n"
    }
}

/// Exit codes shared by the commands.
enum Exit {
    static let failed = ExitCode(1)
    static let invalid = ExitCode(2)
    static let limit = ExitCode(3)
}
