/// A `while:` or `for:` loop of the scenario language: a header, a body, and the locals the body declares.
///
/// A loop runs inside the frame that reaches it (``ProgramFrame``): each turn starts the body again in that frame,
/// so a loop that turns a million times holds the stack as deep as one turn does, as a C `while` reuses its
/// function's stack frame. Each turn's end is one interpreter step (`--max-steps` counts it), so a loop that never
/// waits stops at the limit. A local first declared in the body lives for one turn: it is released when the turn
/// ends (by the end of the body, `continue` or `break`), as ARC releases a local of an Objective-C or Swift loop
/// body at the end of its scope (clang's ARC specification, §7.1 "Precise lifetime semantics": a local's lifetime
/// ends at the end of its enclosing compound statement).
public struct Loop: Sendable {
    /// What decides whether the loop turns again.
    public enum Header: Sendable {
        /// `while: CONDITION`: evaluated before each turn, C's `while (condition)`.
        case whileCondition(Expr)
        /// `for: i in FROM..<TO` or `FROM...TO`: Swift's `for i in range`. The bounds are evaluated once, when the
        /// loop is reached; `counter` is the local that reads the current value (an int scoped to the loop).
        case range(counter: Int, from: Expr, to: Expr, isClosed: Bool)
    }

    public var header: Header
    public var body: [Step]
    /// The locals first declared in the body: released at the end of each turn.
    public var bodyLocals: [Int]
    /// Where the loop is written (`loops.yaml:12`), for the message of a limit reached inside it.
    public var site: String

    public init(header: Header, body: [Step], bodyLocals: [Int], site: String) {
        self.header = header
        self.body = body
        self.bodyLocals = bodyLocals
        self.site = site
    }

    /// The verb as written: `while` or `for`.
    public var verb: String {
        if case .whileCondition = header { "while" } else { "for" }
    }
}

/// `break` and `continue`: leave the innermost loop, or end its current turn.
public enum LoopControl: String, Sendable {
    case breakLoop = "break"
    case continueLoop = "continue"
}

/// The state of a loop that a ``ProgramFrame`` is running: the loop, where the frame resumes when it ends, and
/// a `for` loop's current value and last value.
struct ActiveLoop {
    let loop: Loop
    /// The steps and position of the frame around the loop, restored when it ends.
    let outerSteps: [Step]
    let outerPC: Int
    /// A `for` loop's current value, and the last value it takes (inclusive).
    var value = 0
    var last = 0
}
