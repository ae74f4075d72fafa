import ArgumentParser

/// `loopsim`: replay iOS run-loop, timer and object-lifetime scenarios on a virtual clock.
public struct LoopSimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "loopsim",
        abstract: "Replay run loops, timers, GCD and object lifetimes on a virtual clock, under several OS variants.",
        discussion: "Exit codes: 0 success, 1 failed expectations or tests, 2 invalid scenario or arguments, 3 a run hit a limit.",
        version: LoopSimCommand.version,
        subcommands: [RunCommand.self, TestCommand.self, ValidateCommand.self, VariantsCommand.self,
                      SweepCommand.self, MergeCommand.self, WhyCommand.self, GraphCommand.self,
                      CompareCommand.self, TimelineCommand.self, ReportCommand.self,
                      ConformCommand.self, FuzzCommand.self,
                      GoldenCommand.self, FingerprintCommand.self, SchemaCommand.self],
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

/// Exit codes shared by the commands.
enum Exit {
    static let failed = ExitCode(1)
    static let invalid = ExitCode(2)
    static let limit = ExitCode(3)
}
