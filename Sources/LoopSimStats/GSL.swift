import CGSL

/// Internal gateway to GSL.
///
/// GSL's default error handler calls `abort()`. `ready` is a lazily
/// initialised static (Swift runs its initialiser exactly once, thread-safely)
/// that switches the handler off, so failures come back as status codes that
/// `check` turns into `GSLError`. Every public entry point of LoopSimStats
/// calls `ensureReady()` before touching GSL.
enum GSL {
    /// Evaluated once; turns GSL's abort-on-error handler off.
    private static let ready: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Makes sure the GSL error handler is off. Cheap after the first call.
    @inline(__always)
    static func ensureReady() {
        _ = ready
    }

    /// Throws `GSLError(code: status)` for a non-zero GSL status.
    static func check(_ status: Int32) throws(GSLError) {
        if status != Int32(GSL_SUCCESS) {
            throw GSLError(code: status)
        }
    }

    /// Ensures the handler is off, runs `body` (a GSL call returning a
    /// status) and converts a non-zero status into a thrown `GSLError`.
    static func call(_ body: () -> Int32) throws(GSLError) {
        ensureReady()
        try check(body())
    }
}
