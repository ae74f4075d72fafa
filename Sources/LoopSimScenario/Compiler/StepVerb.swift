/// One verb a step may start with: the extra keys the step accepts beside it, and the part of the compiler
/// that turns it into kernel steps.
///
/// ``ScenarioCompiler/stepVerbs`` lists every verb. The compiler knows a step only by finding its first key
/// there: an absent verb is `step.unknown`, the step's other keys are checked against ``keys``, and the step
/// goes to its ``family``'s compile method, which has one case per verb of the family. Adding a verb is one
/// entry here, one case in its family's method (and the kernel step it makes), and its row in
/// docs/scenario-format.md §7, which `DocsAgreeWithCompilerTests` compares with this table.
struct StepVerb: Sendable, Hashable {
    /// Which compile method reads the verb; each case names the method and the file it lives in.
    enum Family: Sendable, Hashable {
        /// Locals, fields, control flow, markers, `work:` and method calls: `compileValueStep`
        /// (ScenarioCompiler+Steps.swift).
        case values
        /// Creating, scheduling, invalidating and firing `NSTimer`s: `compileTimerStep` (ScenarioCompiler+Timers.swift).
        case timers
        /// Running a run loop, observers, sources, performed blocks, `dispatch_async` and `thread:`:
        /// `compileRunLoopOrDispatchStep` (ScenarioCompiler+RunLoopSteps.swift).
        case runLoop
        /// `dispatch_after`, dispatch timer sources, semaphores, `scroll` and `displayLink`: `compileGCDOrUIKitStep`
        /// (ScenarioCompiler+GCDSteps.swift).
        case gcd
        /// The default notification center: `compileNotificationStep` (ScenarioCompiler+Notifications.swift).
        case notifications
        /// View controllers, navigation, presentation and operation queues: `compileUIKitStep`
        /// (ScenarioCompiler+UIKit.swift).
        case uikit
        /// Background tasks and samples: `compileAppStep` (ScenarioCompiler+AppSteps.swift).
        case app
    }

    /// The verb as written, the step's first key (`scheduledTimer`).
    let name: String
    /// The keys the step accepts beside the verb, in the order `key.unknown` lists them.
    let keys: [String]
    /// The compile method that reads the verb.
    let family: Family

    init(_ name: String, _ family: Family, keys: [String] = []) {
        self.name = name
        self.keys = keys
        self.family = family
    }
}
