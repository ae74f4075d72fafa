import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM (what Slurm's time limit, `scancel` and `kill` send) during a run: the first
/// signal records itself in a flag that the kernel polls (``KernelConfiguration/isInterrupted``), so the run
/// stops like a limit (kind `interrupted`) and its report and trace so far are written; the command then exits
/// with 128 + the signal, as shells report it: 130 for SIGINT, 143 for SIGTERM. A second signal of either kind
/// ends the process at once (the default actions are restored).
enum Interrupt {
    /// The signal that arrived since ``install()``, or 0.
    private static let received = Atomic<Int32>(0)

    /// Whether SIGINT or SIGTERM arrived since ``install()``.
    static var isRequested: Bool { received.load(ordering: .relaxed) != 0 }

    /// Whether ``install()`` ran.
    private static let installed = Atomic<Bool>(false)

    /// Installs the SIGINT and SIGTERM handlers. Idempotent: a signal that arrived after the first call is kept
    /// (``LoopSimCommand/mainWithLoopSimExitCodes()`` installs them for an ``InterruptibleCommand`` before it runs,
    /// so a signal during the scenario's loading is not lost, nor does it kill the process without its output).
    static func install() {
        guard !installed.exchange(true, ordering: .relaxed) else { return }
        // A child started by a process that blocks the signals (a test runner, some IDEs) inherits the mask:
        // unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                Interrupt.received.store(number, ordering: .relaxed)
                signal(SIGINT, SIG_DFL)  // a second signal ends the process at once
                signal(SIGTERM, SIG_DFL)
            }
        }
    }

    /// Ignores SIGXFSZ, which a write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) raises and whose default
    /// action kills the process without a word, leaving a temporary file behind. Ignored, the write fails with
    /// EFBIG instead (POSIX `write()`: "If the request would cause the file size to exceed the soft file size limit
    /// for the process and there is no room for any bytes to be written, the request shall fail and the
    /// implementation shall generate the SIGXFSZ signal"; setrlimit(2): "the process is sent SIGXFSZ … if the
    /// process … ignores this signal, the write fails with EFBIG"), which the writers report as any write error:
    /// naming the file, removing the temporary, leaving the previous file as it was (``StagedFile``).
    static func ignoreFileSizeSignal() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The closure handed to the kernel.
    static let check: @Sendable () -> Bool = { Interrupt.isRequested }

    /// Exit status after an interrupted run: 128 + the signal (130 for Ctrl-C, 143 for SIGTERM).
    static var exitCode: Int32 {
        let number = received.load(ordering: .relaxed)
        return 128 + (number == 0 ? SIGINT : number)
    }
}

/// A command that polls ``Interrupt`` while it runs: its handlers are installed as soon as the command line is
/// parsed, before the scenario loads (a signal during the load is then seen at the first poll). A command that
/// never polls keeps the default actions, so Ctrl-C ends it at once.
protocol InterruptibleCommand {
    /// Whether this invocation polls (`compare` and `report` only with `--replications`).
    var pollsForInterrupts: Bool { get }
}

extension RunCommand: InterruptibleCommand { var pollsForInterrupts: Bool { true } }
extension TestCommand: InterruptibleCommand { var pollsForInterrupts: Bool { true } }
extension FuzzCommand: InterruptibleCommand { var pollsForInterrupts: Bool { true } }
extension SweepCommand: InterruptibleCommand { var pollsForInterrupts: Bool { true } }
extension ConformCommand: InterruptibleCommand { var pollsForInterrupts: Bool { emit == nil } }
extension CompareCommand: InterruptibleCommand { var pollsForInterrupts: Bool { replications != nil } }
extension ReportCommand: InterruptibleCommand { var pollsForInterrupts: Bool { replications != nil } }
