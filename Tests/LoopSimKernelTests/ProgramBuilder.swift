import Foundation
import LoopSimKernel

/// Builds kernel programs in tests without going through YAML.
struct ProgramBuilder {
    var program = Program()

    mutating func addClass(
        _ name: String, fields: [FieldInfo], methods: [(name: String, body: Body)] = [],
        dealloc: [Step]? = nil
    ) -> Int {
        program.classes.append(
            ClassInfo(
                name: name, fields: fields, methods: methods,
                dealloc: dealloc.map { Body(steps: $0, localNames: []) }))
        return program.classes.count - 1
    }

    mutating func addBlock(captures: [BlockTemplate.Capture] = [], locals: [String] = [], _ steps: [Step]) -> Expr {
        program.blocks.append(BlockTemplate(captures: captures, body: Body(steps: steps, localNames: locals)))
        return .block(templateIndex: program.blocks.count - 1)
    }

    mutating func main(locals: [String], _ steps: [Step]) {
        program.appBindings = locals
        program.main = Body(steps: steps, localNames: locals)
    }

    mutating func user(at: SimDuration, _ label: String, _ steps: [Step]) {
        program.userActions.append(
            UserAction(
                at: .zero + at, label: label,
                body: Body(steps: steps, localNames: program.main.localNames)))
    }

    func run(_ variant: String, until: SimDuration = .seconds(30)) -> RunOutcome {
        let config = KernelConfiguration(
            profile: VariantProfile.builtIn(variant)!, until: .zero + until, keepsTrace: true)
        return Kernel(program: program, configuration: config).run()
    }
}

/// One trace line, decoded.
struct TraceLine {
    var t: Int64
    var thread: String
    var ev: String
    var fields: [String: Any]

    /// `"<ms> <thread> <ev>"` plus the named fields, for whole-trace comparisons.
    func summary(_ keys: [String] = []) -> String {
        var s = "\(Double(t) / 1_000_000)ms \(thread) \(ev)"
        for k in keys { if let v = fields[k] { s += " \(k)=\(v)" } }
        return s
    }
}

extension RunOutcome {
    var decodedTrace: [TraceLine] {
        traceLines.map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return TraceLine(
                t: (object["t"] as! NSNumber).int64Value, thread: object["thread"] as! String,
                ev: object["ev"] as! String, fields: object)
        }
    }

    /// Trace lines of these event kinds on this thread, summarised.
    func lines(on thread: String? = nil, _ events: Set<String>, keys: [String] = []) -> [String] {
        decodedTrace.filter { (thread == nil || $0.thread == thread) && events.contains($0.ev) }.map {
            $0.summary(keys)
        }
    }
}

extension Expr {
    static func local(_ i: Int, _ fields: Int...) -> Expr { .path(.local(i), fields) }
    static func capture(_ i: Int, _ fields: Int...) -> Expr { .path(.capture(i), fields) }
    static func this(_ fields: Int...) -> Expr { .path(.selfObject, fields) }
    static func int(_ i: Int) -> Expr { .literal(.int(i)) }
}

/// The API steps the kernel tests build, spelled as calls: each is the ``ExecutableStep`` its verb compiles to.
extension Step {
    static func makeTimer(_ spec: TimerSpec, into: LValue?) -> Step {
        .perform(MakeTimerStep.make(spec: spec, into: into))
    }
    static func invalidate(_ timer: Expr) -> Step { .perform(InvalidateOrFireStep.make(timer: timer, fires: false)) }
    static func fire(_ timer: Expr) -> Step { .perform(InvalidateOrFireStep.make(timer: timer, fires: true)) }
    static func run(_ call: RunCall) -> Step { .perform(RunStep.make(call: call)) }
    static func stop(_ runLoop: Expr) -> Step { .perform(StopOrWakeUpStep.make(runLoop: runLoop, stops: true)) }
    static func wakeUp(_ runLoop: Expr) -> Step { .perform(StopOrWakeUpStep.make(runLoop: runLoop, stops: false)) }
    static func addObserver(
        runLoop: Expr, mode: String, activities: RunLoopActivity, repeats: Bool, order: Int,
        block: Expr
    ) -> Step {
        .perform(
            AddObserverStep.make(
                runLoop: runLoop, mode: mode, activities: activities, repeats: repeats,
                order: order, block: block))
    }
    static func dispatchAsync(_ queue: QueueRef, block: Expr) -> Step {
        .perform(DispatchAsyncStep.make(queue: queue, block: block))
    }
    static func detachThread(name: String, block: Expr) -> Step {
        .perform(DetachThreadStep.make(name: name, block: block))
    }
}
