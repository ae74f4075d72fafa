extension DiagnosticID {
    /// A mode name that is almost a well-known one (`defualt`): custom modes must be spelled alike everywhere,
    /// so a near miss of `default`, `common` or `tracking` is taken for a typo.
    public static let modeUnknown: DiagnosticID = "mode.unknown"
    /// A class whose `init` creates an instance of itself, directly or through other classes' `init`s: every
    /// allocation would start another, without end.
    public static let classCyclicInit: DiagnosticID = "class.cyclic-init"
    /// An expectation names a thread that no step can create (`thread: NAME`, the main thread, pool workers).
    public static let threadUnknown: DiagnosticID = "thread.unknown"
    /// A `thread:` step names its thread as the main thread, a GCD pool thread or the kernel are named (an error),
    /// or as another `thread:` step does (a warning): traces and `expect:` tell threads apart by name.
    public static let threadName: DiagnosticID = "thread.name"
    /// A `user:` action whose `at:` is after `until:`: the run ends before it, so it never runs (a warning).
    public static let userAfterUntil: DiagnosticID = "user.after-until"
}
