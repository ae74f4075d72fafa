#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C during a run: the first SIGINT sets a flag that the kernel polls (``KernelConfiguration/isInterrupted``),
/// so the run stops like a limit (kind `interrupted`) and its report and trace so far are written; the command
/// then exits with 130. A second SIGINT kills the process at once (the default action is restored).
enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    /// Whether SIGINT arrived since ``install()``.
    static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// Installs the SIGINT handler. Idempotent.
    static func install() {
        flag.store(false, ordering: .relaxed)
        // A child started by a process that blocks SIGINT (a test runner, some IDEs) inherits the mask: unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGINT) { _ in
            Interrupt.flag.store(true, ordering: .relaxed)
            signal(SIGINT, SIG_DFL)  // a second Ctrl-C ends the process at once
        }
    }

    /// The closure handed to the kernel.
    static let check: @Sendable () -> Bool = { Interrupt.isRequested }

    /// Exit status after an interrupted run: 128 + SIGINT, as shells report it.
    static let exitCode: Int32 = 130
}
