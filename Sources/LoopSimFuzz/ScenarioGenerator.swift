/// Writes random scenarios that are valid by construction: classes with timer, run-loop, peer and source
/// fields, methods and deallocs; a `main:` that allocates objects, schedules timers in several modes,
/// dispatches blocks, starts threads that run their loops; and user actions that release objects,
/// invalidate timers, stop and wake loops at random instants.
///
/// Every name is declared before it is used, blocks capture what they use, types match, and nothing can
/// recurse without bound (a method calls only methods ranked below it; timer, observer, source and
/// dealloc bodies never create timers or dispatch work). Runaway growth is still possible (a repeating
/// timer on a pool thread that keeps dispatching), which is what the run limits are for.
///
/// ```swift
/// let yaml = ScenarioGenerator(random: FuzzRandom(seed: 7)).generate(name: "case 7")
/// ```
public final class ScenarioGenerator {
    let random: FuzzRandom
    private var classes: [ClassPlan] = []
    private var counter = 0
    /// This case also draws the extremes of issue 25 (FUZZING.md, "Extremes"): integers at the ends of Int64,
    /// zero and huge gaps and intervals, a horizon of up to 100 years, actions after the horizon, and nesting
    /// deeper than the depth limit.
    private var extreme = false

    /// The longest duration a scenario may write (100 years: `duration.overflow` beyond it).
    static let longest = "876000h"

    struct ClassPlan {
        var name: String
        /// `peer: <strength> C<peerClass>`, if the class has one.
        var peer: (strength: String, classIndex: Int)?
        var timerStrength: String
        var leafMethods: [String]
        var actionMethods: [String]
    }

    /// What a body may do.
    enum BodyKind {
        /// `main:` and user actions: the main thread, the app's locals.
        case main
        /// A method or a dispatched block: may create timers and objects, dispatch, start threads.
        case action
        /// A timer, observer, source or performed block, a dealloc, a leaf method: no new timers, no dispatch.
        case leaf
    }

    /// The names a body sees and what it may do.
    struct Scope {
        var kind: BodyKind
        /// Expressions naming scenario objects, with their class; `isLocal` ones may be released.
        var objects: [(expr: String, classIndex: Int, isLocal: Bool)]
        /// Whether the body runs on a thread whose run loop it may run (an NSThread, a pool block).
        var mayRunLoop: Bool
        var depth: Int
        /// Action methods this body may call: those ranked below (class, index); nil: any.
        var actionLimit: (Int, Int)? = nil
        /// Leaf methods this body may call: those ranked below (class, index); nil: any.
        var leafLimit: (Int, Int)? = nil
    }

    /// Creates a generator drawing every choice from `random`.
    public init(random: FuzzRandom) {
        self.random = random
    }

    /// A complete scenario file.
    /// - Parameter name: Its `name:`.
    /// - Returns: YAML text that `ScenarioLoader` compiles without errors.
    public func generate(name: String) -> String {
        extreme = random.chance(0.3)
        planClasses()
        let horizons = ["500ms", "1s", "2s", "3s", "5s"] + (extreme ? [Self.longest, "1000000s", "0s"] : [])
        var lines = ["name: \(name)", "seed: \(random.int(below: 1000))", "until: \(random.pick(horizons))"]
        let variants = ["ios9", "ios10", "linux-corelibs"].filter { _ in random.chance(0.6) }
        lines.append("variants: [\(variants.isEmpty ? "ios10" : variants.joined(separator: ", "))]")
        if random.chance(0.2) {
            let flag = random.pick([
                "staleTimerPortWakeAfterLastTimerRemoved", "removeOrInvalidateWakesLoop",
                "timerReleasesTargetOnInvalidate", "uikitMainRunLoop", "blockBasedTimerAPI",
            ])
            lines.append("set: {\(flag): \(random.chance(0.5))}")
        }
        lines.append("queues: [q0]")
        lines.append("classes:")
        for c in classes.indices { lines += classLines(c) }
        var mainScope = Scope(kind: .main, objects: [], mayRunLoop: false, depth: 0)
        var main = steps(&mainScope, count: random.int(in: 2...8))
        if extreme && random.chance(0.4) { main.append(deepNest()) }
        lines += YAMLStep.lines(key: "main", .steps(main), indent: 0)
        if extreme && random.chance(0.4) {
            // Scrolls with no gap, or gaps and drags of up to 100 years (a drag beyond CF's timeout limit).
            lines.append("gestures:")
            lines.append("  every: \(random.pick(["0s", "1ns", "1ms", Self.longest, "{exponential: 1ns}"]))")
            lines.append(
                "  drag: \(random.pick(["0s", "1ns", "300ms", Self.longest, "{lognormal: {median: 1000h, sigma: 3}}"]))"
            )
        }
        let actions = random.int(in: 0...3)
        if actions > 0 {
            lines.append("user:")
            for _ in 0..<actions {
                var scope = mainScope
                // An action after the horizon is dropped with a warning (`user.after-until`).
                let at =
                    extreme && random.chance(0.3) ? random.pick(["0s", Self.longest]) : "\(random.int(in: 0...3000))ms"
                lines.append("  - at: \(at)")
                lines += YAMLStep.lines(key: "do", .steps(userSteps(&scope)), indent: 4)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Classes

    private func planClasses() {
        let count = random.int(in: 1...3)
        classes = (0..<count).map { c in
            ClassPlan(
                name: "C\(c)", peer: nil, timerStrength: random.chance(0.7) ? "weak" : "strong",
                leafMethods: (0..<random.int(in: 0...2)).map { "leaf\($0)" },
                actionMethods: (0..<random.int(in: 0...2)).map { "act\($0)" })
        }
        for c in classes.indices where random.chance(0.6) {
            classes[c].peer = (random.pick(["strong", "weak", "unretained"]), random.int(below: count))
        }
    }

    private func classLines(_ c: Int) -> [String] {
        let plan = classes[c]
        var lines = [
            "  \(plan.name):", "    fields:",
            "      t: \(plan.timerStrength) NSTimer",
            "      rl: unretained CFRunLoop",
            "      src: CFRunLoopSource",
            "      n: int = \(extreme ? random.pick(Self.extremeInts) : "\(random.int(in: 0...3))")",
        ]
        if let peer = plan.peer { lines.append("      peer: \(peer.strength) \(classes[peer.classIndex].name)") }
        if random.chance(0.5) {
            // A leaf body like any other: it may retain `self` (a block capturing it, `self` stored into a peer),
            // which leaves a dangling reference whose release crashes the app (FUZZING.md, finding 1).
            var scope = Scope(kind: .leaf, objects: [("self", c, false)], mayRunLoop: false, depth: 1)
            lines += YAMLStep.lines(key: "dealloc", .steps(steps(&scope, count: random.int(in: 1...3))), indent: 4)
        }
        if !plan.leafMethods.isEmpty || !plan.actionMethods.isEmpty {
            lines.append("    methods:")
            for (i, name) in plan.leafMethods.enumerated() {
                var scope = Scope(
                    kind: .leaf, objects: [("self", c, false)], mayRunLoop: false, depth: 1,
                    leafLimit: (c, i))
                lines += YAMLStep.lines(key: name, .steps(steps(&scope, count: random.int(in: 1...3))), indent: 6)
            }
            for (i, name) in plan.actionMethods.enumerated() {
                var scope = Scope(
                    kind: .action, objects: [("self", c, false)], mayRunLoop: false, depth: 1,
                    actionLimit: (c, i))
                lines += YAMLStep.lines(key: name, .steps(steps(&scope, count: random.int(in: 1...4))), indent: 6)
            }
        }
        return lines
    }

    // MARK: Bodies

    /// `count` steps for `scope`; a body that may run its loop usually ends by running it.
    private func steps(_ scope: inout Scope, count: Int) -> [YAMLStep] {
        var result: [YAMLStep] = []
        for _ in 0..<count {
            if let step = step(&scope) { result.append(step) }
        }
        if scope.mayRunLoop && random.chance(0.85) {
            if let (expr, _, _) = scope.objects.randomElement(using: random) {
                result.append(YAMLStep("set", "\(expr).rl = current runloop"))
            }
            result.append(runLoopStep())
        }
        return result
    }

    private func userSteps(_ scope: inout Scope) -> [YAMLStep] {
        var result: [YAMLStep] = []
        for _ in 0..<random.int(in: 1...3) {
            guard let (expr, _, isLocal) = scope.objects.randomElement(using: random) else {
                result.append(YAMLStep("log", "user action"))
                continue
            }
            switch random.int(below: 6) {
            case 0 where isLocal: result.append(YAMLStep("release", expr))
            case 1: result.append(YAMLStep("invalidate", "\(expr).t"))
            case 2: result.append(YAMLStep("CFRunLoopStop", "\(expr).rl"))
            case 3: result.append(YAMLStep("CFRunLoopWakeUp", "\(expr).rl"))
            default: if let step = step(&scope) { result.append(step) }
            }
        }
        return result
    }

    private func step(_ scope: inout Scope) -> YAMLStep? {
        let object = scope.objects.randomElement(using: random)
        let canCreate = scope.kind != .leaf
        let nested = scope.depth < 3
        var choices: [(weight: Int, value: String)] = [(3, "log"), (1, "work"), (1, "check")]
        if canCreate { choices += [(4, "new"), (4, "scheduledTimer"), (1, "timer")] }
        if canCreate && nested { choices += [(2, "dispatch"), (1, "thread")] }
        if object != nil {
            choices += [
                (2, "peer"), (2, "release"), (2, "count"), (3, "invalidate"), (2, "stop"), (2, "wake"),
                (2, "setRunLoop"), (1, "call"),
            ]
            if scope.kind != .leaf { choices.append((1, "fire")) }
            if nested { choices += [(1, "if"), (1, "observer"), (1, "source"), (1, "perform")] }
        }
        switch random.weighted(choices) {
        case "log": return YAMLStep("log", random.pick(["tick", "hello", "n\(counter)", "naïve — ütf8"]))
        case "work":
            return YAMLStep(
                "work",
                random.pick(
                    [
                        "1ms", "3ms", "0s", "20ms", "{uniform: [1ms, 3ms]}",
                        "{exponential: 2ms}",
                    ] + (extreme ? [Self.longest] : [])))
        case "check": return YAMLStep("check", "c\(counter)")
        case "new": return newObject(&scope)
        case "scheduledTimer", "timer": return timer(&scope, scheduled: random.chance(0.8))
        case "dispatch": return dispatch(&scope)
        case "thread": return thread(&scope)
        default: break
        }
        guard let (expr, c, isLocal) = object else { return nil }
        switch random.weighted(
            choices.filter {
                ![
                    "log", "work", "check", "new", "scheduledTimer", "timer",
                    "dispatch", "thread",
                ].contains($0.value)
            })
        {
        case "peer":
            guard let peer = classes[c].peer else { return YAMLStep("set", "\(expr).n = \(random.int(in: -1...3))") }
            if canCreate && random.chance(0.5) {
                return YAMLStep("set", "\(expr).peer = new \(classes[peer.classIndex].name)")
            }
            let candidates = scope.objects.filter { $0.classIndex == peer.classIndex }.map(\.expr) + ["nil"]
            return YAMLStep("set", "\(expr).peer = \(random.pick(candidates))")
        case "release":
            if isLocal && random.chance(0.6) { return YAMLStep("release", expr) }
            return YAMLStep("release", classes[c].peer != nil && random.chance(0.5) ? "\(expr).peer" : "\(expr).t")
        case "count":
            if extreme && random.chance(0.5) {
                // Past the ends of Int64: a modelled crash (`arithmetic overflow`), never a trap.
                let op = random.pick(["+", "-"])
                return YAMLStep("set", "\(expr).n = \(expr).n \(op) \(random.pick(Self.extremeInts))")
            }
            return YAMLStep(random.chance(0.5) ? "decrement" : "increment", "\(expr).n")
        case "invalidate": return YAMLStep("invalidate", "\(expr).t")
        case "fire": return YAMLStep("fire", "\(expr).t")
        case "stop": return YAMLStep("CFRunLoopStop", "\(expr).rl")
        case "wake": return YAMLStep("CFRunLoopWakeUp", "\(expr).rl")
        case "setRunLoop":
            return YAMLStep("set", "\(expr).rl = \(random.pick(["current runloop", "main runloop", "nil"]))")
        case "call": return call(expr, c, scope)
        case "if":
            var inner = scope
            inner.depth += 1
            let condition = random.pick(["\(expr).n == 0", "\(expr).n > 1", "\(expr).t == nil", "not \(expr).n"])
            var extras: [(key: String, value: YAMLStep.Extra)] = [
                ("then", .steps(steps(&inner, count: random.int(in: 1...2))))
            ]
            if random.chance(0.5) { extras.append(("else", .steps(steps(&inner, count: 1)))) }
            return YAMLStep("if", condition, extras)
        case "observer":
            let (captures, body) = block(from: scope, kind: .leaf)
            let activities = random.pick(["[entry, exit]", "[beforeWaiting]", "all", "[afterWaiting, beforeTimers]"])
            return YAMLStep(
                "addObserver", "",
                [
                    ("mode", .scalar(mode())), ("activities", .scalar(activities)),
                    ("repeats", .scalar(random.chance(0.5) ? "true" : "false")),
                    ("captures", .list(captures)), ("do", .steps(body)),
                ])
        case "source":
            let (captures, body) = block(from: scope, kind: .leaf)
            return YAMLStep(
                "addSource", "\(expr).src",
                [
                    ("mode", .scalar(mode())), ("order", .scalar("\(random.int(in: -1...2))")),
                    ("captures", .list(captures)), ("do", .steps(body)),
                ])
        case "perform":
            let (captures, body) = block(from: scope, kind: .leaf)
            return YAMLStep(
                "CFRunLoopPerformBlock", random.chance(0.5) ? "" : "\(expr).rl",
                [("mode", .scalar(mode())), ("captures", .list(captures)), ("do", .steps(body))])
        default:
            return YAMLStep("signal", "\(expr).src")
        }
    }

    private func newObject(_ scope: inout Scope) -> YAMLStep {
        counter += 1
        let c = random.int(below: classes.count)
        let name = "o\(counter)"
        scope.objects.append((name, c, true))
        return YAMLStep("let", "\(name) = new \(classes[c].name)")
    }

    private func call(_ expr: String, _ c: Int, _ scope: Scope) -> YAMLStep? {
        func below(_ limit: (Int, Int)?, _ i: Int) -> Bool {
            guard let (lc, li) = limit else { return true }
            return c < lc || (c == lc && i < li)
        }
        let plan = classes[c]
        var names = plan.leafMethods.enumerated().filter { below(scope.leafLimit, $0.offset) }.map(\.element)
        if scope.kind != .leaf {
            names += plan.actionMethods.enumerated().filter { below(scope.actionLimit, $0.offset) }.map(\.element)
        }
        guard !names.isEmpty else { return YAMLStep("log", "no method to call") }
        return YAMLStep("call", "\(expr).\(random.pick(names))")
    }

    // MARK: Timers, blocks, threads

    private func timer(_ scope: inout Scope, scheduled: Bool) -> YAMLStep {
        let place = scope.objects.randomElement(using: random).map { "\($0.expr).t" } ?? ""
        let repeats = random.chance(0.6)
        var extras: [(key: String, value: YAMLStep.Extra)] = [
            (
                "every",
                .scalar(
                    random.weighted([
                        (6, random.pick(["1ms", "5ms", "16ms", "100ms", "250ms", "1s"])),
                        (3, "\(random.int(in: 1...900))ms"), (1, "0s"),
                        (extreme ? 3 : 0, random.pick(["1ns", Self.longest])),
                    ]))
            ),
            ("repeats", .scalar(repeats ? "true" : "false")),
        ]
        if random.chance(0.2) {
            extras.append(
                ("firstFire", .scalar(random.pick(["0s", "-5ms", "2ms", "1.5s"] + (extreme ? [Self.longest] : [])))))
        }
        if scheduled && random.chance(0.5) { extras.append(("mode", .scalar(mode()))) }
        let targets = scope.objects.filter { !classes[$0.classIndex].leafMethods.isEmpty }
        switch random.int(below: 4) {
        case 0 where !targets.isEmpty:
            let target = random.pick(targets)
            extras.append(("target", .scalar(target.expr)))
            let method = random.pick(classes[target.classIndex].leafMethods)
            extras.append(("selector", .scalar(random.chance(0.5) ? method : "'\(method):'")))
        case 1:
            let (captures, body) = block(from: scope, kind: .leaf)
            extras.append(("block", .block(captures: captures, steps: body)))
        default:
            let (captures, body) = block(from: scope, kind: .leaf)
            extras.append(("userInfo", .block(captures: captures, steps: body)))
        }
        let step = YAMLStep(scheduled ? "scheduledTimer" : "timer", place, extras)
        guard !scheduled, !place.isEmpty else { return step }
        // An unscheduled timer is added at once; the step pair is wrapped in an always-true `if`.
        let add = YAMLStep(
            "addTimer", place,
            [
                ("to", .scalar(random.pick(["current runloop", "main runloop"]))),
                ("mode", .scalar(mode())),
            ])
        return YAMLStep("if", "true", [("then", .steps([step, add]))])
    }

    /// Captures of a new block (names from `scope`) and its body.
    private func block(from scope: Scope, kind: BodyKind, mayRunLoop: Bool = false) -> ([String], [YAMLStep]) {
        var captures: [String] = []
        var objects: [(expr: String, classIndex: Int, isLocal: Bool)] = []
        for (expr, c, _) in scope.objects where random.chance(0.5) {
            let strength = random.weighted([(5, "strong"), (3, "weak"), (1, "unretained")])
            if expr.contains(".") {
                counter += 1
                let alias = "p\(counter)"
                captures.append("\(strength) \(expr) as \(alias)")
                objects.append((alias, c, false))
            } else if !objects.contains(where: { $0.expr == expr }) {
                captures.append("\(strength) \(expr)")
                objects.append((expr, c, false))
            }
        }
        var inner = Scope(
            kind: kind, objects: objects, mayRunLoop: mayRunLoop, depth: scope.depth + 1,
            actionLimit: scope.actionLimit, leafLimit: scope.leafLimit)
        return (captures, steps(&inner, count: random.int(in: 1...3)))
    }

    private func dispatch(_ scope: inout Scope) -> YAMLStep {
        let queue = random.pick(["main", "global", "global", "q0"])
        let (captures, body) = block(from: scope, kind: .action, mayRunLoop: queue != "main")
        return YAMLStep("dispatch_async", queue, [("captures", .list(captures)), ("do", .steps(body))])
    }

    private func thread(_ scope: inout Scope) -> YAMLStep {
        counter += 1
        let (captures, body) = block(from: scope, kind: .action, mayRunLoop: true)
        return YAMLStep("thread", "T\(counter)", [("captures", .list(captures)), ("do", .steps(body))])
    }

    /// Integers at and near the ends of Int64, for fields and arithmetic.
    static let extremeInts = ["9223372036854775807", "-9223372036854775808", "9223372036854775806", "-1", "0"]

    /// `if: true` nested deeper than the fuzz runs' depth limit (256) may allow, sometimes a dispatch chain
    /// inside: the run stops at the limit, or runs, but neither the compiler nor the kernel may recurse out of
    /// stack.
    private func deepNest() -> YAMLStep {
        var inner = YAMLStep("log", "deep")
        let depth = random.pick([20, 100, 300])
        for level in 0..<depth {
            if level % 25 == 24 && random.chance(0.5) {
                inner = YAMLStep("dispatch_async", "global", [("do", .steps([inner]))])
            } else {
                inner = YAMLStep("if", "true", [("then", .steps([inner]))])
            }
        }
        return inner
    }

    private func runLoopStep() -> YAMLStep {
        let limit = random.pick(["0s", "5ms", "100ms", "1s", "distantFuture", "-1ms"])
        switch random.int(below: 6) {
        case 0: return YAMLStep("run")
        case 1: return YAMLStep("CFRunLoopRun")
        case 2: return YAMLStep("runUntil", random.pick(["10ms", "500ms", "2s"]))
        case 3:
            return YAMLStep(
                "CFRunLoopRunInMode", mode(allowCommon: true),
                [
                    ("seconds", .scalar(limit)),
                    ("returnAfterSourceHandled", .scalar(random.chance(0.5) ? "true" : "false")),
                ])
        default: return YAMLStep("runMode", mode(), [("before", .scalar(limit))])
        }
    }

    private func mode(allowCommon: Bool = true) -> String {
        random.weighted([(6, "default"), (allowCommon ? 2 : 0, "common"), (1, "tracking"), (1, "custom")])
    }
}

extension Array {
    /// A random element drawn from `random`, or nil when empty.
    func randomElement(using random: FuzzRandom) -> Element? {
        isEmpty ? nil : self[random.int(below: count)]
    }
}
