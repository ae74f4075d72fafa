import ArgumentParser

/// `loopsim`: replay iOS run-loop, timer and object-lifetime scenarios on a virtual clock.
public struct LoopSimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "loopsim",
        abstract: "Replay run loops, timers, GCD and object lifetimes on a virtual clock, under several OS variants.",
        discussion: "Exit codes: 0 success, 1 failed expectations or tests, 2 invalid scenario or arguments, 3 a run hit a limit.",
        subcommands: [RunCommand.self, TestCommand.self, ValidateCommand.self, VariantsCommand.self,
                      SweepCommand.self, MergeCommand.self, WhyCommand.self, GraphCommand.self,
                      CompareCommand.self, TimelineCommand.self, ReportCommand.self,
                      ConformCommand.self, FuzzCommand.self,
                      GoldenCommand.self, FingerprintCommand.self],
        defaultSubcommand: nil
    )
    public init() {}
}

/// Exit codes shared by the commands.
enum Exit {
    static let failed = ExitCode(1)
    static let invalid = ExitCode(2)
    static let limit = ExitCode(3)
}
