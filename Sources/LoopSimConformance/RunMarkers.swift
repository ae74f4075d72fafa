import LoopSimKernel

/// Brackets every run-loop entry step of a program with two zero-time marker logs, so that a step's
/// return — and the value it returns — can be read back from the kernel's trace.
///
/// The kernel traces activations (`rl.exit`) and Foundation's empty-mode refusals
/// (`nsrunloop.runmode.empty`), not the scenario steps around them: `run` may run many activations, and a
/// callout inside one may run a nested loop. The markers give each step an id, in program order, that both
/// the prediction and the generated program use: `"\u{1}>7 runMode"` before the step, `"\u{1}<7 runMode"`
/// after it. A marker takes no virtual time and changes nothing but the `logs` of the marked run.
public enum RunMarkers {
    /// The prefix of a marker log's text; scenario logs cannot contain it (YAML has no way to write U+0001
    /// in a plain scalar, and the prediction drops markers from the logs it compares).
    public static let prefix = "\u{1}"

    /// A parsed marker.
    public struct Marker: Sendable, Hashable {
        public var isBegin: Bool
        public var id: Int
        public var kind: String

        public init(isBegin: Bool, id: Int, kind: String) {
            self.isBegin = isBegin
            self.id = id
            self.kind = kind
        }
    }

    /// The program with every `run` step bracketed, and the kind of each run step by id.
    public static func mark(_ program: Program) -> (program: Program, kinds: [String]) {
        var marker = Walker()
        var p = program
        p.main = marker.body(p.main)
        p.userActions = p.userActions.map { action in
            var a = action
            a.body = marker.body(action.body)
            return a
        }
        p.classes = p.classes.map { info in
            var c = info
            c.methods = info.methods.map { (name: $0.name, body: marker.body($0.body)) }
            c.initializer = info.initializer.map { marker.body($0) }
            c.dealloc = info.dealloc.map { marker.body($0) }
            return c
        }
        p.blocks = p.blocks.map { template in
            var t = template
            t.body = marker.body(template.body)
            return t
        }
        return (p, marker.kinds)
    }

    /// The marker a log text holds, if it is one.
    public static func parse(_ text: String) -> Marker? {
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let sign = rest.first, sign == ">" || sign == "<" else { return nil }
        let parts = rest.dropFirst().split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let id = Int(parts[0]) else { return nil }
        return Marker(isBegin: sign == ">", id: id, kind: String(parts[1]))
    }

    private struct Walker {
        var kinds: [String] = []

        /// A step that runs the current loop (a run step, or `limitDateForMode:`'s poll); one whose mode is a
        /// string variable (`runMode: mode`) is checked with the step it makes.
        static func runsTheLoop(_ step: any ExecutableStep) -> Bool { step is RunStep || step is LimitDateStep }

        mutating func body(_ body: Body) -> Body {
            Body(steps: steps(body.steps), localNames: body.localNames, parameterCount: body.parameterCount)
        }

        mutating func steps(_ list: [Step]) -> [Step] {
            var out: [Step] = []
            for step in list {
                switch step {
                case .perform(let run)
                where Self.runsTheLoop(run)
                    || (run as? ModeExpressionStep).map { Self.runsTheLoop($0.make(RunLoopModeName.default)) } == true:
                    let id = kinds.count
                    let kind = run.verb
                    kinds.append(kind)
                    out.append(.log("\(prefix)>\(id) \(kind)"))
                    out.append(step)
                    out.append(.log("\(prefix)<\(id) \(kind)"))
                case .ifThen(let condition, let thenSteps, let elseSteps):
                    let t = steps(thenSteps)
                    let e = steps(elseSteps)
                    out.append(.ifThen(condition, then: t, else: e))
                case .loop(var loop):
                    loop.body = steps(loop.body)
                    out.append(.loop(loop))
                default:
                    out.append(step)
                }
            }
            return out
        }
    }
}
