import LoopSimScenario
import Testing

@testable import LoopSimKernel

/// The scenario language's loops (`while:`, `for:`, `break`, `continue`), its logical operators (`&&`, `||`, `!`,
/// parentheses) and string comparisons, and the diagnostics that tell a C, Objective-C or Swift engineer how to
/// write a construct of their language here (docs/scenario-format.md §6, §7.1).
@Suite struct LoopAndLogicTests {
    /// Runs `yaml` on ios10 with `limits`; the kernel too, to look at its threads' stacks after the run.
    static func run(_ yaml: String, limits: RunLimits = RunLimits()) throws -> (RunOutcome, Kernel) {
        let loaded = ScenarioLoader.load(text: yaml, file: "loops.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        var config = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: false)
        config.limits = limits
        let kernel = Kernel(program: scenario.program, configuration: config)
        return (kernel.run(), kernel)
    }

    /// The logs' texts of a run of `main:` steps.
    static func logs(_ steps: String, classes: String = "") throws -> [String] {
        let (o, _) = try run("name: logic\nuntil: 1s\n\(classes)main:\n\(steps)")
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        return o.logs.map(\.text)
    }

    /// The diagnostics of `yaml`, as `id line:column`.
    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "bad.yaml").diagnostics
            .map { "\($0.id) \($0.location.line):\($0.location.column)" }
    }

    // MARK: Loops

    /// A lag monitor's watchdog, `while (YES) { dispatch_semaphore_wait(sema, 50 ms); … }`, turns 1,200 times in
    /// 60 s of virtual time in one frame: under `--max-depth 8` (a frame per turn would pass it at the 8th turn)
    /// and with its thread's stack one frame deep whenever it waits.
    @Test func aWatchdogLoopRunsAMinuteWithoutNestingAFrame() throws {
        var limits = RunLimits()
        limits.maxDepth = 8
        let (o, kernel) = try Self.run(
            """
            name: watchdog
            until: 61s
            main:
              - let: sema = dispatch_semaphore_create 0
              - thread: watchdog
                captures: [strong sema]
                do:
                  - let: turns = 0
                  - let: timedOut = 0
                  - while: true
                    do:
                      - dispatch_semaphore_wait: sema
                        timeout: 50ms
                        result: timedOut
                      - if: timedOut == 1
                        then: [increment: turns]
                      - if: turns == 1 || turns == 600 || turns == 1200
                        then:
                          - sample: turns
                            value: turns
            """, limits: limits)
        #expect(o.limit == nil, "\(o.limit?.message ?? "")")
        #expect(o.samples.map(\.value) == [1, 600, 1200])
        let expected: [SimInstant] = [
            SimInstant.zero + SimDuration.milliseconds(50),
            SimInstant.zero + SimDuration.seconds(30),
            SimInstant.zero + SimDuration.seconds(60),
        ]
        let times: [SimInstant] = o.samples.map(\.at)
        #expect(times == expected)
        let watchdog = try #require(kernel.threads.all.first { $0.name == "watchdog" })
        #expect(watchdog.frames.count == 1, "the block's frame, the loop inside it")
    }

    /// A loop whose body runs a run loop (`runMode:before:`, the 'sync' wrapper's spin) resumes after each
    /// activation returns, and `break` ends it when the flag is set.
    @Test func aSpinOnRunModeResumesAfterEachActivation() throws {
        let (o, _) = try Self.run(
            """
            name: spin
            until: 5s
            classes:
              Flag:
                fields:
                  done: bool = false
                methods:
                  finish:
                    - set: self.done = true
            main:
              - let: flag = new Flag
              - scheduledTimer: t
                every: 1s
                repeats: false
                target: flag
                selector: finish
              - let: spins = 0
              - while: '!flag.done'
                do:
                  - runMode: default
                    before: 100ms
                  - increment: spins
              - sample: spins
                value: spins
              - log: after
            """)
        #expect(o.crash == nil)
        #expect(o.limit == nil)
        #expect(o.logs.map(\.text) == ["after"])
        let sample = try #require(o.samples.first)
        let second: SimInstant = SimInstant.zero + SimDuration.seconds(1)
        #expect(sample.at == second)
        #expect(sample.value >= 10, "a spin per 100 ms until the flag")
    }

    /// `work:` inside a loop yields the thread; the loop goes on where it was when the work is done.
    @Test func workInALoopBodyResumesTheLoop() throws {
        let (o, _) = try Self.run(
            """
            name: work
            until: 10s
            main:
              - for: i in 1...3
                do:
                  - work: 1s
                  - sample: i
                    value: i
            """)
        #expect(o.samples.map(\.value) == [1, 2, 3])
        let times: [SimInstant] = o.samples.map(\.at)
        let expected: [SimInstant] = [1, 2, 3].map { (s: Int64) -> SimInstant in
            SimInstant.zero + SimDuration.seconds(s)
        }
        #expect(times == expected)
    }

    /// A loop that never waits stops at `--max-steps` (each turn is a step), naming the loop's line.
    @Test func aLoopThatNeverWaitsStopsAtTheStepLimitNamingItsLine() throws {
        var limits = RunLimits()
        limits.maxSteps = 10_000
        let (o, _) = try Self.run(
            """
            name: forever
            until: 1s
            main:
              - log: before
              - while: true
                do: []
            """, limits: limits)
        let limit = try #require(o.limit)
        #expect(limit.kind == "max-steps")
        // Spinning at one instant, it stops at a tenth of the budget: nothing later in the run could end it.
        #expect(
            limit.message.hasPrefix(
                "more than 1000 interpreter steps at one instant (a tenth of --max-steps) "
                    + "in the while at loops.yaml:5, with virtual time standing at 0s for its last"))
        #expect(limit.message.contains("spins at one instant"))
    }

    /// A loop that waits in each turn but never ends is not called a spin: time moves on.
    @Test func aLoopThatWaitsIsNotCalledASpin() throws {
        var limits = RunLimits()
        limits.maxSteps = 50_000
        let (o, _) = try Self.run(
            """
            name: waits
            until: 100000s
            main:
              - let: s = dispatch_semaphore_create 0
              - while: true
                do:
                  - dispatch_semaphore_wait: s
                    timeout: 1ms
            """, limits: limits)
        let limit = try #require(o.limit)
        #expect(limit.kind == "max-steps")
        // The limit may fall between turns, while the thread waits: then no loop is running to name.
        #expect(limit.message.hasPrefix("more than 50000 interpreter steps"))
        #expect(!limit.message.contains("spins"))
    }

    /// `break` and `continue` from `if` branches nested two deep end the loop or the turn; the branches' frames
    /// are unwound, and the frame goes on after the loop.
    @Test func breakAndContinueFromNestedIfs() throws {
        let logs = try Self.logs(
            """
              - for: i in 0..<10
                do:
                  - if: i == 1 || i == 3
                    then:
                      - if: true
                        then:
                          - log: skip
                          - continue
                          - log: never
                  - if: i >= 5
                    then:
                      - if: i == 5
                        then: [break]
                  - log: turn
              - log: after
            """)
        #expect(logs == ["turn", "skip", "turn", "skip", "turn", "after"])
    }

    /// `break` ends the innermost loop only.
    @Test func breakEndsTheInnermostLoop() throws {
        let logs = try Self.logs(
            """
              - for: i in 0..<3
                do:
                  - while: true
                    do: [break]
                  - log: outer
            """)
        #expect(logs == ["outer", "outer", "outer"])
    }

    /// Ranges as Swift's: half-open and closed, an empty one runs no turn, the bounds are read once, and a
    /// reversed one crashes as Swift's `Range` precondition does.
    @Test func rangesAsSwiftHasThem() throws {
        let (o, _) = try Self.run(
            """
            name: ranges
            until: 1s
            main:
              - let: n = 3
              - for: i in 0..<n
                do:
                  - set: n = n + 1
                  - sample: half
                    value: i
              - for: i in 2...3
                do:
                  - sample: closed
                    value: i
              - for: i in 4..<4
                do: [log: never]
              - for: i in 9223372036854775806...9223372036854775807
                do:
                  - sample: top
                    value: i
              - log: reversed
              - for: i in 1..<0
                do: [log: never]
            """)
        #expect(o.samples.filter { $0.name == "half" }.map(\.value) == [0, 1, 2], "bounds read once")
        #expect(o.samples.filter { $0.name == "closed" }.map(\.value) == [2, 3])
        #expect(o.samples.filter { $0.name == "top" }.map(\.value) == [Int.max - 1, Int.max])
        #expect(o.logs.map(\.text) == ["reversed"])
        #expect(o.crash?.message.hasPrefix("Range requires lowerBound <= upperBound: 1..<0") == true)
    }

    /// A `for` counter is scoped to its loop: it shadows an outer name of the same name, which comes back after.
    @Test func theCounterShadowsAndComesBack() throws {
        let (o, _) = try Self.run(
            """
            name: shadow
            until: 1s
            main:
              - let: i = 42
              - for: i in 0..<2
                do: [{sample: inner, value: i}]
              - sample: outer
                value: i
            """)
        #expect(o.samples.map(\.value) == [0, 1, 42])
    }

    /// A local first declared in a loop's body is released at the end of each turn (and at `break`), as ARC
    /// releases a loop body's local at the end of its scope: each turn's object is freed before the next is made.
    @Test func aBodyLocalIsReleasedAtTheEndOfEachTurn() throws {
        let logs = try Self.logs(
            """
              - for: i in 0..<3
                do:
                  - let: box = new Box
                  - log: made
                  - if: i == 2
                    then: [break]
              - log: after
            """,
            classes: """
                classes:
                  Box:
                    dealloc: [log: freed]

                """)
        #expect(logs == ["made", "freed", "made", "freed", "made", "freed", "after"])
    }

    /// A body's local is out of scope after the loop, as in Objective-C.
    @Test func aBodyLocalIsNotVisibleAfterTheLoop() {
        let ids = Self.diagnostics(
            """
            name: scope
            main:
              - while: false
                do:
                  - let: inner = 1
              - log: after
              - set: inner = 2
            """)
        #expect(ids == ["name.undefined 7:10"])
    }

    // MARK: Logic

    /// `&&` and `||` do not evaluate their right side when the left decides: a message to a freed object and a
    /// call of a nil block on the right do not crash.
    @Test func logicalOperatorsShortCircuit() throws {
        let logs = try Self.logs(
            """
              - let: holder = new Holder
              - let: victim = new Box
              - set: holder.ref = victim
              - release: victim
              - if: false && holder.ref.n == 1
                then: [log: no]
                else: [log: and skipped]
              - if: true || holder.ref.n == 1
                then: [log: or skipped]
            """,
            classes: """
                classes:
                  Box:
                    fields:
                      n: int = 1
                  Holder:
                    fields:
                      ref: unretained Box

                """)
        #expect(logs == ["and skipped", "or skipped"])
    }

    /// The right side that is evaluated does fault: the test above proves only a skip.
    @Test func theRightSideRunsWhenTheLeftDoesNotDecide() throws {
        let (o, _) = try Self.run(
            """
            name: fault
            until: 1s
            classes:
              Box:
                fields:
                  n: int = 1
              Holder:
                fields:
                  ref: unretained Box
            main:
              - let: holder = new Holder
              - let: victim = new Box
              - set: holder.ref = victim
              - release: victim
              - if: true && holder.ref.n == 1
                then: [log: no]
            """)
        #expect(o.crash?.message.hasPrefix("message sent to deallocated instance") == true)
    }

    /// `!` binds tighter than a comparison, a comparison than `&&`, `&&` than `||`; parentheses group.
    @Test(arguments: [
        ("true || false && false", true),
        ("(true || false) && false", false),
        ("!false && false", false),
        ("!(false && false)", true),
        ("1 == 1 && 2 < 1 || 3 >= 3", true),
        ("1 == 1 && (2 < 1 || 3 > 3)", false),
        ("!!true", true),
        ("not false && !(1 + 1 != 2)", true),
        ("(((1 + 2))) == 3", true),
    ])
    func precedence(condition: String, expected: Bool) throws {
        let logs = try Self.logs("  - if: '\(condition)'\n    then: [log: yes]\n    else: [log: no]\n")
        #expect(logs == [expected ? "yes" : "no"])
    }

    /// Strings order as Swift's `String` does (its Unicode scalars, after canonical normalisation); integers keep
    /// their order, and other values still compare only for equality.
    @Test(arguments: [
        ("\"abc\" < \"abd\"", true), ("\"abc\" <= \"abc\"", true), ("\"b\" > \"abc\"", true),
        ("\"B\" < \"a\"", true), ("\"\" < \"a\"", true), ("\"a\" >= \"b\"", false),
        ("\"é\" == \"é\"", true), ("2 < 10", true), ("nil < nil", false),
    ])
    func comparisons(condition: String, expected: Bool) throws {
        let logs = try Self.logs("  - if: '\(condition)'\n    then: [log: yes]\n    else: [log: no]\n")
        #expect(logs == [expected ? "yes" : "no"])
    }

    /// A string's `count` is its characters as Swift counts them (grapheme clusters: `é` and a flag are one each).
    @Test func aStringCountsItsCharacters() throws {
        let logs = try Self.logs(
            "  - let: code = \"héllo🇫🇷\"\n  - let: empty = \"\"\n  - log: 'n \\(code.count) \\(empty.count)'\n")
        #expect(logs == ["n 6 0"])
    }

    /// Parentheses, `!`, `&&` and `||` count toward the expression's nesting bound.
    @Test(arguments: ["(", "!", "true && "])
    func theNewOperatorsAreBounded(_ piece: String) {
        let text =
            piece == "("
            ? String(repeating: "(", count: 150) + "true" + String(repeating: ")", count: 150)
            : String(repeating: piece, count: 120) + "true"
        let ids = Self.diagnostics("name: deep\nmain:\n  - if: '\(text)'\n    then: []\n")
        #expect(ids.count == 1 && ids[0].hasPrefix("expr.syntax"))
    }

    // MARK: Diagnostics

    /// A misspelt ownership is one error suggesting the word meant; the field's uses raise nothing more.
    @Test func aMisspeltOwnershipSuggestsTheWordAndStopsThere() {
        let loaded = ScenarioLoader.load(
            text: """
                name: waek
                classes:
                  Button:
                    fields:
                      timer: waek NSTimer
                    methods:
                      stop:
                        - invalidate: self.timer
                        - set: self.timer = nil
                main:
                  - let: b = new Button
                  - call: b.stop
                """, file: "bad.yaml")
        #expect(loaded.diagnostics.count == 1)
        guard let d = loaded.diagnostics.first else { return }
        #expect(d.id == DiagnosticID.fieldDecl)
        #expect(d.location.line == 5)
        #expect(d.location.column == 14)
        #expect(d.message.contains("unknown ownership 'waek' for field `timer`; did you mean `weak`?"))
    }

    /// What an Objective-C, C or Swift engineer types gets a hint of how to write it here.
    @Test(arguments: [
        ("- while (x):\n      - log: a", "step.foreign", "`while: CONDITION`"),
        ("- for: (int i = 0; i < 3; i++)\n    do: []", "step.foreign", "`for: i in 0..<n`"),
        ("- else if: x", "step.foreign", "`else if`"),
        ("- guard: x", "step.foreign", "no `guard`"),
        ("- repeat: x", "step.foreign", "no `repeat"),
        ("- i++", "step.foreign", "`increment: i`"),
        ("- set: i += 1", "step.foreign", "`increment: i`"),
        ("- set: i += 2", "step.foreign", "`set: i = i + 2`"),
        ("- if: i & 1\n    then: []", "expr.foreign", "`&&`"),
        ("- if: i %= 2\n    then: []", "expr.foreign", "`set: NAME = NAME % VALUE`"),
        ("- if: i ^ 1\n    then: []", "expr.foreign", "`^`"),
        ("- if: self->x\n    then: []", "expr.foreign", "`self.x`"),
        ("- if: '[obj isValid]'\n    then: []", "expr.foreign", "`call:`"),
        ("- if: '@selector(tick) == nil'\n    then: []", "expr.foreign", "method's name"),
        ("- if: i != NULL\n    then: []", "expr.foreign", "write `nil`"),
        ("- if: i == 1 and i == 2\n    then: []", "expr.foreign", "`&&`"),
        ("- if: i === 1\n    then: []", "expr.foreign", "`==`"),
        ("- break", "loop.control", "inside the `do:`"),
        ("- for: i in 0..3\n    do: []", "loop.header", "range of integers"),
        ("- for: i in 0..<true\n    do: []", "expr.type", "integers"),
        ("- for: k in 0..<3\n    do: [increment: k]", "expr.type", "the counter of a `for:` loop"),
    ])
    func foreignConstructsSayHowToWriteThem(step: String, id: String, hint: String) {
        let loaded = ScenarioLoader.load(text: "name: foreign\nmain:\n  - let: i = 0\n  \(step)\n", file: "bad.yaml")
        #expect(loaded.diagnostics.count == 1, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.diagnostics.first?.id.rawValue == id)
        #expect(loaded.diagnostics.first?.message.contains(hint) == true, "\(loaded.diagnostics.first?.message ?? "")")
    }

    /// `break` in a block literal inside a loop is outside any loop of the block's own body.
    @Test func breakInABlockInsideALoopIsAnError() {
        let ids = Self.diagnostics(
            """
            name: block
            main:
              - while: true
                do:
                  - dispatch_async: main
                    do: [break]
            """)
        #expect(ids == ["loop.control 6:14"])
    }
}
