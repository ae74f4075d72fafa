import LoopSimKernel

/// One verb a step may start with: the extra keys the step accepts beside it, and how the compiler turns it into
/// kernel steps.
///
/// ``ScenarioCompiler/stepVerbs`` lists every verb. The compiler knows a step only by finding its first key
/// there: an absent verb is `step.unknown`, the step's other keys are checked against ``keys``, and the step
/// goes to the entry's ``compile``. Adding a verb takes three places: its entry in the table of its part (the
/// notification verbs are `ScenarioCompiler.notificationVerbs`), whose closure compiles it into an
/// ``ExecutableStep`` value (`.perform(...)`); that step's type beside the kernel part that runs it
/// (`Notifications/NotificationCenter+Steps.swift` has four); and its row in docs/scenario-format.md §7, which
/// `DocsAgreeWithCompilerTests` compares with the table. docs/kernel.md ("Adding a step verb") walks through one.
struct StepVerb: Sendable {
    /// Turns one step, with the verb's argument and keys, into kernel steps; reports problems into the
    /// compiler's diagnostics and returns no step for a step it cannot compile.
    typealias Compile = @Sendable (ScenarioCompiler, StepSite) -> [Step]

    /// The verb as written, the step's first key (`scheduledTimer`).
    let name: String
    /// The keys the step accepts beside the verb, in the order `key.unknown` lists them.
    let keys: [String]
    /// What the step compiles to.
    let compile: Compile

    init(_ name: String, keys: [String] = [], compile: @escaping Compile) {
        self.name = name
        self.keys = keys
        self.compile = compile
    }
}

/// One step as the compiler reads it: the verb, its argument (the verb key's value), the whole step's keys, where
/// the verb is written, and the names in scope.
struct StepSite {
    let verb: String
    let arg: LocatedNode
    let map: LocatedNode.Mapping
    let at: SourceLocation
    let scope: Scope
}
