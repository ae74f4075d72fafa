import LoopSimKernel
import LoopSimScenario

/// LoopSim's prediction for a scenario under `linux-corelibs`: the observable events, read back from the
/// kernel's trace of the marked program (``RunMarkers``).
///
/// The trace events that map to observable ones: `log` (markers excluded), `timer.fire` → `fire` with its
/// slot, `timer.fire.manual`, `obj.dealloc.begin` of a scenario-class instance → `deinit`, `user.deliver`
/// → `deliver`; `rl.exit` and `nsrunloop.runmode.empty` give a bracketed step its `return` value, and
/// outside any bracket on the main thread an `rl.exit` is a `loop.exit` of the app's own loop.
public struct Prediction: Sendable {
    /// The variant every conformance scenario is predicted under.
    public static let variant = "linux-corelibs"

    public var events: [ObservedEvent]
    /// Instances alive at the end, as `Class label`, sorted.
    public var alive: [String]
    /// The run's horizon (the scenario's `until:`), virtual nanoseconds.
    public var until: Int64
    /// Kinds of the run steps by ``RunMarkers`` id.
    public var runKinds: [String]
    /// The run's crash or limit message, if it ended that way (the real program cannot follow it there).
    public var abnormalEnd: String?
    /// Kinds of CF diagnostics the run logged (``CFDiagnostic``).
    public var diagnostics: [String] = []

    public init(events: [ObservedEvent], alive: [String], until: Int64, runKinds: [String], abnormalEnd: String?) {
        self.events = events
        self.alive = alive
        self.until = until
        self.runKinds = runKinds
        self.abnormalEnd = abnormalEnd
    }

    /// Runs `scenario` under ``variant`` and extracts what the real program will be compared with.
    ///
    /// `overrides` set flags on top of the scenario's `set:`, as `--set` does: a flag's evidence test predicts a
    /// scenario with the flag flipped to show that the real run can tell the two values apart; `limits` stop a
    /// prediction that runs away (a flipped flag can make a loop spin), which then ends abnormally.
    /// - Throws: ``ConformanceError`` if the variant cannot be built (a bad `set:` override).
    public static func run(
        _ scenario: Scenario, overrides: [(String, String)] = [],
        limits: RunLimits = RunLimits()
    ) throws(ConformanceError) -> Prediction {
        let profile: VariantProfile
        do {
            profile = try scenario.profile(for: variant, overrides: overrides)
        } catch {
            throw ConformanceError(error.message)
        }
        let (marked, kinds) = RunMarkers.mark(scenario.program)
        var configuration = scenario.configuration(profile: profile, keepsTrace: true)
        configuration.limits = limits
        let outcome = Kernel(program: marked, configuration: configuration).run()
        let classNames = Set(scenario.program.classes.map(\.name))
        var extractor = TraceExtractor(classNames: classNames, names: outcome.names)
        for event in outcome.eventLog { extractor.consume(event) }
        var abnormal: String?
        if let crash = outcome.crash { abnormal = "crash at \(crash.at): \(crash.message)" }
        if let limit = outcome.limit { abnormal = "limit \(limit.kind) at \(limit.at): \(limit.message)" }
        var prediction = Prediction(
            events: extractor.events, alive: extractor.aliveInstances,
            until: scenario.until.nanoseconds, runKinds: kinds, abnormalEnd: abnormal)
        prediction.diagnostics = extractor.diagnostics
        return prediction
    }
}

/// Walks a run's events in order, keeping per-thread brackets of marked run steps.
struct TraceExtractor {
    /// One bracketed run step on a thread's stack.
    private struct Bracket {
        var id: Int
        var kind: String
        var lastResult: String?
        var refusedEmpty = false
    }

    let classNames: Set<String>
    /// The strings the events' names index.
    let names: NameTable
    private(set) var events: [ObservedEvent] = []
    private(set) var diagnostics: [String] = []
    private var brackets: [String: [Bracket]] = [:]
    private var instances: [String: Int] = [:]

    init(classNames: Set<String>, names: NameTable) {
        self.classNames = classNames
        self.names = names
    }

    var aliveInstances: [String] {
        instances.keys.sorted().flatMap { name in Array(repeating: name, count: instances[name]!) }
    }

    mutating func consume(_ event: SimEvent) {
        let thread = names[event.thread]
        let at = event.instant.nanoseconds
        let group = ObservedEvent.threadGroup(thread)
        func emit(_ kind: String, _ detail: String, slot: Int64? = nil) {
            events.append(ObservedEvent(at: at, thread: group, kind: kind, detail: detail, slot: slot))
        }
        switch event.body {
        case .log(let text):
            let text = names[text]
            if let marker = RunMarkers.parse(text) {
                if marker.isBegin {
                    brackets[thread, default: []].append(Bracket(id: marker.id, kind: marker.kind))
                } else if let bracket = brackets[thread]?.popLast() {
                    emit("return", "\(bracket.id) \(Self.value(of: bracket))")
                }
            } else {
                emit("log", text)
            }
        case .runLoopExit(_, let result, _):
            if brackets[thread]?.isEmpty == false {
                brackets[thread]![brackets[thread]!.count - 1].lastResult = names[result]
            } else if thread == "main" {
                emit("loop.exit", names[result])
            }
        case .runModeEmpty:
            if brackets[thread]?.isEmpty == false {
                brackets[thread]![brackets[thread]!.count - 1].refusedEmpty = true
            }
        case .timerFire(let timer, let slot, _):
            emit("fire", names[timer], slot: slot.nanoseconds)
        case .timerFireManual(let timer):
            emit("fire.manual", names[timer])
        case .objectAlloc(let object, let className):
            if classNames.contains(names[className]) { instances[names[object], default: 0] += 1 }
        case .deallocBegin(let object):
            let name = names[object]
            if let count = instances[name] {
                instances[name] = count > 1 ? count - 1 : nil
                emit("deinit", name)
            }
        case .sample(let name, let value):
            emit("sample", "\(names[name]) \(value)")
        case .invalidMode:
            if !diagnostics.contains(CFDiagnostic.invalidMode) { diagnostics.append(CFDiagnostic.invalidMode) }
        case .userDeliver(let label):
            emit("deliver", names[label])
        case .sourceHandler(let source, let data):
            emit("dsource", "\(names[source]) \(data)")
        default:
            break
        }
    }

    /// What the step returned, as the generated program prints it.
    private static func value(of bracket: Bracket) -> String {
        switch bracket.kind {
        case "runMode": bracket.refusedEmpty ? "false" : "true"
        case "CFRunLoopRunInMode": bracket.lastResult ?? "?"
        default: "-"
        }
    }
}
