import LoopSimKernel

extension ScenarioCompiler {
    /// Swift's `AsyncStream` and `AsyncThrowingStream` (docs/scenario-format.md §7.13): `asyncStream:` makes one (its
    /// storage, which the stream and its continuation share; `throwing: true` for an `AsyncThrowingStream`),
    /// `streamYield:`, `streamFinish:` (with `error:` for `finish(throwing:)`) and `streamOnTermination:` (from
    /// anywhere), `streamNext:` (one turn of `for await`, in a task; `error:` for `for try await`), run by the
    /// kernel's `Streams`.
    static let streamVerbs: [StepVerb] = [
        StepVerb("asyncStream", keys: ["throwing", "bufferingOldest", "bufferingNewest"]) { c, s in
            guard let (place, type) = c.lvalue(s.arg, scope: s.scope, declare: .anyObject) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "an AsyncStream is an object, not \(type)", at: s.arg.location)
                return []
            }
            let label = s.arg.scalar?.text.split(separator: ".").last.map(String.init) ?? "stream"
            let throwing = s.map["throwing"].flatMap { c.bool($0, what: "throwing") } ?? false
            var limit: Expr?
            let newest = s.map["bufferingNewest"]
            if let node = newest ?? s.map["bufferingOldest"] {
                if newest != nil, s.map["bufferingOldest"] != nil {
                    c.bag.error(.typeMismatch, "a stream has one buffering policy: oldest or newest", at: node.location)
                    return []
                }
                guard let (e, t) = c.expression(node, scope: s.scope) else { return [] }
                if t != .int {
                    c.bag.error(.exprType, "a buffering limit is an int, not \(t)", at: node.location)
                    return []
                }
                limit = e
            }
            return [
                .perform(
                    MakeStreamStep.make(
                        into: place, label: label, throwing: throwing, bufferingLimit: limit, keepsNewest: newest != nil
                    ))
            ]
        },
        StepVerb("streamYield", keys: ["value"]) { c, s in
            guard let stream = c.streamExpression(s) else { return [] }
            guard let node = s.map["value"] else {
                c.bag.error(.typeMismatch, "streamYield: needs the value it yields in `value:`", at: s.at)
                return []
            }
            guard let (value, _) = c.expression(node, scope: s.scope) else { return [] }
            return [.perform(StreamYieldStep.make(stream: stream, value: value))]
        },
        StepVerb("streamFinish", keys: ["error", "cancelled"]) { c, s in
            guard let stream = c.streamExpression(s) else { return [] }
            var error: Expr?
            if let node = s.map["error"] {
                guard let (e, t) = c.expression(node, scope: s.scope) else { return [] }
                if t != .string {
                    c.bag.error(.exprType, "error: is an error, a string, not \(t)", at: node.location)
                    return []
                }
                error = e
            }
            let cancelled = s.map["cancelled"].flatMap { c.bool($0, what: "cancelled") } ?? false
            if cancelled, error != nil {
                c.bag.error(.typeMismatch, "a cancelled stream ends without an error", at: s.at)
                return []
            }
            return [.perform(StreamFinishStep.make(stream: stream, error: error, cancelled: cancelled))]
        },
        StepVerb("streamOnTermination", keys: ["handler"]) { c, s in
            guard let stream = c.streamExpression(s) else { return [] }
            guard let node = s.map["handler"] else {
                c.bag.error(
                    .typeMismatch, "streamOnTermination: needs its handler block (or nil) in `handler:`", at: s.at)
                return []
            }
            guard let (handler, type) = c.expression(node, scope: s.scope) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "handler: is a block (or nil), not \(type)", at: node.location)
                return []
            }
            return [.perform(StreamOnTerminationStep.make(stream: stream, handler: handler))]
        },
        StepVerb("streamNext", keys: ["type", "result", "ended", "error"]) { c, s in
            guard c.requireAsync(s), let stream = c.streamExpression(s) else { return [] }
            guard
                let valueType = c.valueTypeKey(
                    s.map["type"], "type: is the stream's element type: int, bool, string or a class of the scenario")
            else { return [] }
            guard let result = c.typedPlaceKey(s.map["result"], valueType, scope: s.scope),
                let ended = c.typedPlaceKey(s.map["ended"], .bool, scope: s.scope)
            else { return [] }
            var error: LValue?
            if let node = s.map["error"] {
                guard let (place, _) = c.lvalue(node, scope: s.scope, declare: .string) else { return [] }
                error = place
            }
            return [
                .perform(StreamNextStep.make(stream: stream, take: false)),
                .perform(StreamNextStep.make(stream: stream, take: true, result: result, ended: ended, error: error)),
            ]
        },
    ]

    /// The stream (or continuation) a stream verb's argument names: an object expression.
    func streamExpression(_ s: StepSite) -> Expr? {
        guard let (stream, type) = expression(s.arg, scope: s.scope) else { return nil }
        if !type.isObject {
            bag.error(.exprType, "\(s.verb): takes an AsyncStream or its continuation, not \(type)", at: s.arg.location)
            return nil
        }
        return stream
    }
}
