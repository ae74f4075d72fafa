/// The locals of the user action or app-delegate callback running on the main thread: names its `do:` declares
/// with `let:`, which die when it returns, as an Objective-C local of an `IBAction` or of
/// `applicationDidEnterBackground:` dies with the method (ARC releases a `__strong` object when its lifetime, a
/// local's scope, ends: clang's "Objective-C Automatic Reference Counting", "Ownership qualification ›
/// Semantics"; docs/fidelity.md, "Names of a user action").
///
/// They live in the app's environment after its own names (`main:`'s), so that the handler's steps reach both
/// with one index: a handler's body lists the app's names then its own (``Body/localNames``), and its locals
/// are the slots past ``AppLifecycle/appNameCount``. Before the handler runs, what those slots hold is put
/// aside: the locals of an outer handler, when one is delivered inside another's nested run loop. When it
/// returns, its locals are released and the outer ones put back.
struct HandlerLocals {
    /// The handler's slots in the app's environment (empty when it declares no name).
    private(set) var window: Range<Int> = 0..<0
    /// The handler's names for those slots, for leak paths.
    private var names: ArraySlice<String> = []
    /// What the slots held before: an outer handler's locals, put back at the return.
    private var saved: [Value] = []
    /// This handler's nesting level among open handlers (1 = outermost), 0 when none is open.
    private var level = 0
    /// The app whose environment holds the slots, while a handler is open.
    private weak var app: AppLifecycle?

    /// Whether a handler with locals is running.
    var isOpen: Bool { !window.isEmpty }

    /// A handler whose body names `localNames` starts: its slots are set aside, empty.
    mutating func open(_ localNames: [String], in app: AppLifecycle) {
        guard localNames.count > app.appNameCount else { return }
        self.app = app
        window = app.appNameCount..<localNames.count
        names = localNames[window]
        saved = Array(app.environment.locals[window])
        for i in window { app.environment.locals[i] = .null }
        app.openHandlers += 1
        level = app.openHandlers
    }

    /// The handler returned: its locals are released on `thread` (their deallocs run next) and what survives them
    /// is let go (``Objects/endLifetime(of:on:)``); the outer ones are put back.
    mutating func close(on thread: SimThread) {
        guard isOpen, let app else { return }
        let env = app.environment
        for i in window {
            let old = env.locals[i]
            env.locals[i] = saved[i - window.lowerBound]
            app.objects.endLifetime(of: old, on: thread)
        }
        app.openHandlers -= 1
        window = 0..<0
        names = []
        saved = []
        level = 0
        self.app = nil
    }

    /// The objects the handler's locals hold, with their names (only the innermost open handler's slots hold its
    /// own), and the outer handler's locals set aside.
    func heldObjects() -> [(String, ObjectID)] {
        guard isOpen, let app else { return [] }
        var result: [(String, ObjectID)] = []
        if level == app.openHandlers {
            // An object, or each object element of an array (`timers[2]`).
            for i in window { result += app.environment.locals[i].objectEdges(names[i]) }
        }
        for value in saved {
            result += value.objectEdges("outer handler's local").map { ("outer handler's local", $0.1) }
        }
        return result
    }
}
